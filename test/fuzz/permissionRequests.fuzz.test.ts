// Fuzz: ERC-7715 permission requests an app sends the embedded wallet's smart account
// (`wallet_requestExecutionPermissions`). Well-formed requests with fields of every shape, and
// anything JSON-ish, either are refused with -32602 (4100 only for a `from` address that is not
// the smart account) before any prompt and with nothing kept, or are answered after one prompt
// with one well-formed PermissionResponse per request, each kept as an active permission.
import type { SmartAccountsEnvironment } from '@metamask/smart-accounts-kit'
import { decodeDelegations } from '@metamask/smart-accounts-kit/utils'
import fc from 'fast-check'
import { getAddress, pad, toHex, type Address, type Hex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { permissionsKey } from '../../dev/frame/frameWallet'
import { ANY_BENEFICIARY, MAX_PERMISSION_REQUESTS, PERMISSION_ENFORCERS, SUPPORTED_PERMISSION_TYPES, type GrantedPermissionResponse, type StoredPermission } from '../../dev/frame/permissionRequests'
import { fakeNode, frameHarness, type FrameHarness } from '../support/frameHarness'
import { fuzzParams } from './fuzzParams'

const NOW = 1_750_000_000
const address = (n: number) => getAddress(pad(toHex(n), { size: 20 }))
const ENVIRONMENT: SmartAccountsEnvironment = {
  DelegationManager: address(0xd1),
  EntryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  SimpleFactory: address(0xfa),
  implementations: { HybridDeleGatorImpl: address(0x1b) },
  caveatEnforcers: Object.fromEntries([...new Set(Object.values(PERMISSION_ENFORCERS).flat())].map((name, i) => [name, address(0xe0 + i)])),
}
const GUSD = address(0x60d)
const SESSION = address(0x5e5510)
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

let t: FrameHarness
let account: Address

beforeAll(async () => {
  process.env.DO_NOT_TRACK ??= '1'
  const node = fakeNode({ chainId: 31337, time: NOW, tokens: { [GUSD]: { symbol: 'GUSD', decimals: 6 } }, delegationManager: ENVIRONMENT.DelegationManager })
  t = frameHarness({
    networks: [{ caipNetworkId: 'eip155:31337', name: 'Local', rpcUrl: 'http://127.0.0.1:8545/' }],
    smartAccounts: [{ chainId: 31337, bundlerUrl: 'http://127.0.0.1:8545/', environment: ENVIRONMENT }],
    nodeFetch: node.fetch,
  })
  account = await t.signIn({ smartAccount: true })
}, 60_000)

const junk = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.anything({ maxDepth: 1 }))
const someAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => toHex(b))
const DAY = 86_400

/** A request the wallet should grant (unless its random start and expiry disagree). */
const validRequest = fc.constantFrom(...SUPPORTED_PERMISSION_TYPES).chain((type) => {
  const data: Record<string, fc.Arbitrary<unknown>> = { startTime: fc.integer({ min: 1, max: NOW + 10_000_000 }), justification: fc.string({ maxLength: 100 }) }
  const required = type.endsWith('periodic') ? ['periodAmount', 'periodDuration'] : ['allowanceAmount']
  data[required[0]!] = fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }).map((n) => toHex(n))
  if (type.endsWith('periodic')) data.periodDuration = fc.integer({ min: 1, max: 3_650 * DAY })
  if (type.startsWith('erc20')) {
    data.tokenAddress = fc.constant(GUSD)
    required.push('tokenAddress')
  }
  return fc.record(
    {
      chainId: fc.constant('0x7a69'),
      from: fc.oneof({ arbitrary: fc.constantFrom('account', 'account-lower'), weight: 8 }, { arbitrary: someAddress, weight: 1 }),
      // Now and then an account no permission may go to.
      to: fc.oneof({ arbitrary: fc.constant(SESSION), weight: 6 }, { arbitrary: someAddress, weight: 3 }, { arbitrary: fc.constantFrom(ZERO_ADDRESS, ANY_BENEFICIARY, 'account'), weight: 1 }),
      permission: fc.record({ type: fc.constant(type), isAdjustmentAllowed: fc.boolean(), data: fc.record(data, { requiredKeys: required }) }),
      rules: fc.array(fc.record({ type: fc.constant('expiry'), data: fc.record({ timestamp: fc.integer({ min: NOW + 1, max: NOW + 100_000_000 }) }) }), { maxLength: 1 }),
    },
    { requiredKeys: ['chainId', 'to', 'permission'] },
  )
})

/** Where a field of a request may be spoiled, and what with. */
const PATHS = [
  'chainId',
  'from',
  'to',
  'permission',
  'permission.type',
  'permission.isAdjustmentAllowed',
  'permission.data',
  'permission.data.periodAmount',
  'permission.data.allowanceAmount',
  'permission.data.periodDuration',
  'permission.data.startTime',
  'permission.data.tokenAddress',
  'permission.data.justification',
  'rules',
  'rules.0',
  'rules.0.type',
  'rules.0.data',
  'rules.0.data.timestamp',
] as const
const badValue = fc.oneof(
  junk,
  fc.bigInt({ min: 2n ** 256n, max: 2n ** 260n }).map((n) => toHex(n)),
  fc.constantFrom('0x', '0x0', '1000', '', '0x7a6a', 'native-token-stream', 'erc20-token-revocation', 'redeemer', 'account', -1, 0, 1.5, NOW, 2 ** 53, 'x'.repeat(501)),
  fc.constantFrom('0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000a11'),
  someAddress,
)

function spoil(request: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(request)
  const keys = path.split('.')
  let at: unknown = copy
  for (const key of keys.slice(0, -1)) {
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined
    if (typeof at !== 'object' || at === null) return copy
  }
  ;(at as Record<string, unknown>)[keys.at(-1)!] = value
  return copy
}

const spoiledRequest = fc.tuple(validRequest, fc.constantFrom(...PATHS), badValue).map(([r, path, value]) => spoil(r as Record<string, unknown>, path, value))
const request = fc.oneof({ arbitrary: validRequest, weight: 4 }, { arbitrary: spoiledRequest, weight: 4 }, { arbitrary: junk, weight: 1 })
const params = fc.oneof(
  { arbitrary: fc.array(request, { minLength: 1, maxLength: 3 }), weight: 12 },
  { arbitrary: fc.array(validRequest, { minLength: MAX_PERMISSION_REQUESTS + 1, maxLength: MAX_PERMISSION_REQUESTS + 1 }), weight: 1 },
  { arbitrary: fc.constant([]), weight: 1 },
  { arbitrary: junk, weight: 1 },
)

/** The placeholders 'account' and 'account-lower' stand for the smart account (unknown until sign-in). */
function withAccount(value: unknown): unknown {
  if (value === 'account') return account
  if (value === 'account-lower') return account.toLowerCase()
  if (Array.isArray(value)) return value.map(withAccount)
  if (typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'from' || k === 'to' ? withAccount(v) : v]))
  }
  return value
}

const isHexAddress = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)

function expectWellFormed(response: GrantedPermissionResponse, sent: Record<string, unknown>) {
  expect(response.chainId).toBe('0x7a69')
  expect(response.from).toBe(account)
  expect(response.to).toBe(getAddress(sent.to as string))
  // One account may redeem it: not nobody, not anybody (the open-delegation address), not the account itself.
  expect([ZERO_ADDRESS, ANY_BENEFICIARY, account.toLowerCase()]).not.toContain(response.to.toLowerCase())
  expect(SUPPORTED_PERMISSION_TYPES).toContain(response.permission.type)
  expect(typeof response.permission.isAdjustmentAllowed).toBe('boolean')
  const d = response.permission.data as Record<string, unknown>
  const amount = (d.periodAmount ?? d.allowanceAmount) as string
  expect(amount).toMatch(/^0x[0-9a-fA-F]{1,64}$/)
  expect(BigInt(amount) > 0n).toBe(true)
  if ('periodAmount' in d) expect(Number.isSafeInteger(d.periodDuration) && (d.periodDuration as number) > 0).toBe(true)
  expect(Number.isSafeInteger(d.startTime) && (d.startTime as number) > 0).toBe(true)
  if (response.permission.type.startsWith('erc20')) expect(d.tokenAddress).toBe(GUSD)
  if (typeof d.justification === 'string') expect(d.justification.length).toBeLessThanOrEqual(500)
  for (const rule of response.rules ?? []) {
    expect(rule.type).toBe('expiry')
    expect(rule.data.timestamp as number).toBeGreaterThan(Math.max(NOW, d.startTime as number))
  }
  expect(response.delegationManager).toBe(ENVIRONMENT.DelegationManager)
  expect(response.dependencies).toEqual([{ factory: ENVIRONMENT.SimpleFactory, factoryData: expect.stringMatching(/^0x[0-9a-f]+$/) }])
  const delegations = decodeDelegations(response.context as Hex)
  expect(delegations).toHaveLength(1)
  expect(getAddress(delegations[0]!.delegator)).toBe(account)
  expect(getAddress(delegations[0]!.delegate)).toBe(response.to)
  expect(delegations[0]!.caveats.length).toBeGreaterThanOrEqual(2)
}

describe('permission requests: what apps send the smart account', () => {
  it('refused with -32602 (4100: a `from` that is not the smart account) before any prompt and nothing kept, or granted with one well-formed response each', async () => {
    await fc.assert(
      fc.asyncProperty(params, async (raw) => {
        const sent = withAccount(raw)
        const key = permissionsKey(t.owner.address, account)
        t.storage.del(key)
        const prompts = t.prompts.length
        const reply = await t.send('Rpc', { method: 'wallet_requestExecutionPermissions', params: sent })

        if (reply.type === '@gangway/frame/error') {
          const { code, message } = reply.payload as { code?: number; message: string }
          expect(message.length).toBeGreaterThan(10)
          if (code === 4100) {
            expect((sent as Record<string, unknown>[]).some((r) => isHexAddress(r?.from) && r.from.toLowerCase() !== account.toLowerCase())).toBe(true)
          } else expect(code).toBe(-32602)
          expect(t.prompts).toHaveLength(prompts)
          expect(t.storage.get(key)).toBeNull()
          return
        }
        const responses = (reply.payload as { result: GrantedPermissionResponse[] }).result
        const requests = sent as Record<string, unknown>[]
        expect(t.prompts).toHaveLength(prompts + 1)
        expect(responses).toHaveLength(requests.length)
        responses.forEach((response, i) => expectWellFormed(response, requests[i]!))
        const kept = JSON.parse(t.storage.get(key)!) as StoredPermission[]
        expect(kept.map((p) => [p.status, p.response])).toEqual(responses.map((r) => ['active', r]))
      }),
      fuzzParams('permissionRequests.grant', 200),
    )
  }, 120_000)
})
