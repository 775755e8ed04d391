// ERC-7715 execution permissions in the embedded wallet's frame, against the wallet service and a
// node in memory (test/support/frameHarness): what is checked, what the prompt says, what is
// answered and kept. The on-chain half (redeeming, revoking with a user operation) is
// test/unit/bundler/sessionPermissions.test.ts.
import type { SmartAccountsEnvironment } from '@metamask/smart-accounts-kit'
import { decodeCaveat, decodeDelegations, SIGNABLE_DELEGATION_TYPED_DATA, toDelegationStruct } from '@metamask/smart-accounts-kit/utils'
import { getAddress, numberToHex, pad, parseEther, parseUnits, toHex, verifyTypedData, type Address, type Hex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { permissionsKey } from '../../../dev/frame/frameWallet'
import { formatPeriod, formatTime, parsePermissionRequests, PERMISSION_ENFORCERS, type GrantedPermissionResponse, type StoredPermission } from '../../../dev/frame/permissionRequests'
import type { SmartAccountNetwork } from '../../../dev/frame/smartAccount'
import { appData, fakeNode, frameHarness, type MemoryStorage } from '../../support/frameHarness'

beforeAll(() => {
  // The kit reports its calls to MetaMask unless told not to.
  process.env.DO_NOT_TRACK ??= '1'
})

const CHAIN_ID = 31337
const NOW = 1_750_000_000
const DAY = 86_400
const address = (n: number) => getAddress(pad(toHex(n), { size: 20 }))
const NETWORKS = [
  { caipNetworkId: 'eip155:31337', name: 'Local', rpcUrl: 'http://127.0.0.1:8545/' },
  { caipNetworkId: 'eip155:31338', name: 'Local 2', rpcUrl: 'http://127.0.0.1:8546/' },
]
const ENFORCERS = [...new Set(Object.values(PERMISSION_ENFORCERS).flat())]
/** The framework's addresses, made up: nothing here runs on a chain. */
const ENVIRONMENT: SmartAccountsEnvironment = {
  DelegationManager: address(0xd1),
  EntryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  SimpleFactory: address(0xfa),
  implementations: { HybridDeleGatorImpl: address(0x1b) },
  caveatEnforcers: Object.fromEntries(ENFORCERS.map((name, i) => [name, address(0xe0 + i)])),
}
const GUSD = address(0x60d)
/** The session account the app asks permissions for (an address is all the frame sees of it). */
const SESSION = address(0x5e5510)
/** A fixed owner where a test's expected text names the smart account. */
const OWNER_KEY: Hex = `0x${'11'.repeat(32)}`

function setup(options: { storage?: MemoryStorage; privateKey?: Hex; smartAccounts?: SmartAccountNetwork[] } = {}) {
  const node = fakeNode({ chainId: CHAIN_ID, time: NOW, tokens: { [GUSD]: { symbol: 'GUSD', decimals: 6 } }, delegationManager: ENVIRONMENT.DelegationManager })
  const t = frameHarness({
    networks: NETWORKS,
    // Its bundler is the fake node too: a user operation gets no further than its first call.
    smartAccounts: options.smartAccounts ?? [{ chainId: CHAIN_ID, bundlerUrl: 'http://127.0.0.1:8545/', environment: ENVIRONMENT }],
    nodeFetch: node.fetch,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.privateKey ? { privateKey: options.privateKey } : {}),
  })
  return { ...t, node }
}

const nativePeriodic = (extra: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  chainId: '0x7a69',
  to: SESSION,
  permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: toHex(parseEther('0.01')), periodDuration: DAY, justification: 'Pays your subscription', ...data } },
  rules: [{ type: 'expiry', data: { timestamp: NOW + 30 * DAY } }],
  ...extra,
})
const erc20Allowance = { chainId: '0x7a69', to: SESSION, permission: { type: 'erc20-token-allowance', isAdjustmentAllowed: true, data: { allowanceAmount: toHex(parseUnits('5', 6)), tokenAddress: GUSD } } }

const stored = (storage: MemoryStorage, owner: Address, account: Address) => JSON.parse(storage.get(permissionsKey(owner, account)) ?? '[]') as StoredPermission[]

describe('ERC-7715 permissions in the frame: supported types', () => {
  it('lists the four types on the smart-account networks, each with the expiry rule, signed in or not', async () => {
    const t = setup()
    await t.ok('SyncDappData', appData(NETWORKS))
    const all = { chainIds: ['0x7a69'], ruleTypes: ['expiry'] }
    expect(await t.rpc('wallet_getSupportedExecutionPermissions', [])).toEqual({
      'native-token-periodic': all,
      'erc20-token-periodic': all,
      'native-token-allowance': all,
      'erc20-token-allowance': all,
    })
  })

  it("leaves out a type whose caveat enforcer the network's framework lacks", async () => {
    const { ERC20PeriodTransferEnforcer: _, ...enforcers } = ENVIRONMENT.caveatEnforcers
    const t = setup({
      smartAccounts: [
        { chainId: 31337, bundlerUrl: 'http://127.0.0.1:8545/', environment: { ...ENVIRONMENT, caveatEnforcers: enforcers } },
        { chainId: 31338, bundlerUrl: 'http://127.0.0.1:8546/', environment: ENVIRONMENT },
      ],
    })
    await t.ok('SyncDappData', appData(NETWORKS))
    const supported = (await t.rpc('wallet_getSupportedExecutionPermissions')) as Record<string, { chainIds: Hex[] }>
    expect(Object.fromEntries(Object.entries(supported).map(([type, s]) => [type, s.chainIds]))).toEqual({
      'native-token-periodic': ['0x7a69', '0x7a6a'],
      'erc20-token-periodic': ['0x7a6a'],
      'native-token-allowance': ['0x7a69', '0x7a6a'],
      'erc20-token-allowance': ['0x7a69', '0x7a6a'],
    })
  })
})

describe('ERC-7715 permissions in the frame: granting', () => {
  it('one "Grant permission" prompt; a delegation from the smart account to `to` signed by the owner; the ERC-7715 response', async () => {
    const t = setup()
    const account = await t.signIn({ smartAccount: true })
    const [response] = (await t.rpc('wallet_requestExecutionPermissions', [nativePeriodic()])) as GrantedPermissionResponse[]

    expect(t.prompts).toHaveLength(1)
    const prompt = t.prompts[0]!
    expect({ method: prompt.method, title: prompt.title, requestedBy: prompt.requestedBy }).toEqual({ method: 'wallet_requestExecutionPermissions', title: 'Grant permission', requestedBy: 'Test App' })
    expect(prompt.details).toEqual([
      { label: 'Permission', value: 'Spend up to 0.01 ETH every 1 day' },
      { label: 'To', value: SESSION },
      { label: 'Starts', value: 'Now' },
      { label: 'Until', value: formatTime(NOW + 30 * DAY) },
      { label: 'Justification', value: 'Pays your subscription' },
      { label: 'Account', value: `Smart account ${account} (not deployed yet: deployed on first use)` },
      { label: 'Network', value: 'Local' },
    ])

    expect(response).toEqual({
      chainId: '0x7a69',
      from: account,
      to: SESSION,
      permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: toHex(parseEther('0.01')), periodDuration: DAY, startTime: NOW, justification: 'Pays your subscription' } },
      rules: [{ type: 'expiry', data: { timestamp: NOW + 30 * DAY } }],
      context: expect.stringMatching(/^0x[0-9a-f]+$/),
      // Counterfactual: whoever redeems first deploys the account with the framework's factory.
      dependencies: [{ factory: ENVIRONMENT.SimpleFactory, factoryData: expect.stringMatching(/^0x[0-9a-f]+$/) }],
      delegationManager: ENVIRONMENT.DelegationManager,
    })

    const [delegation, ...more] = decodeDelegations(response!.context)
    expect(more).toEqual([])
    expect([getAddress(delegation!.delegator), getAddress(delegation!.delegate)]).toEqual([account, SESSION])
    expect(delegation!.caveats.map((caveat) => decodeCaveat({ caveat, environment: ENVIRONMENT }))).toEqual([
      { type: 'exactCalldata', calldata: '0x' },
      { type: 'nativeTokenPeriodTransfer', periodAmount: parseEther('0.01'), periodDuration: DAY, startDate: NOW },
      { type: 'timestamp', afterThreshold: 0, beforeThreshold: NOW + 30 * DAY },
    ])
    const { signature, ...unsigned } = toDelegationStruct(delegation!)
    expect(
      await verifyTypedData({
        address: t.owner.address,
        domain: { name: 'DelegationManager', version: '1', chainId: CHAIN_ID, verifyingContract: ENVIRONMENT.DelegationManager },
        types: SIGNABLE_DELEGATION_TYPED_DATA,
        primaryType: 'Delegation',
        message: unsigned,
        signature,
      }),
    ).toBe(true)

    expect(await t.rpc('wallet_getGrantedExecutionPermissions', [])).toEqual([response])
    expect(stored(t.storage, t.owner.address, account)).toEqual([
      { id: expect.stringMatching(/^0x[0-9a-f]{64}$/), chainId: CHAIN_ID, status: 'active', grantedAt: expect.any(Number), summary: 'Spend up to 0.01 ETH every 1 day', response },
    ])
  })

  it('lists several requests in one prompt (ERC-20 symbol and decimals read from the chain); wallet_grantPermissions is the same method', async () => {
    const t = setup()
    const account = await t.signIn({ smartAccount: true })
    const starts = NOW + DAY
    const periodic = {
      chainId: '0x7a69',
      from: account.toLowerCase(),
      to: SESSION.toLowerCase(),
      permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: toHex(parseUnits('2.5', 6)), periodDuration: 7 * DAY, tokenAddress: GUSD, startTime: starts } },
    }
    const responses = (await t.rpc('wallet_grantPermissions', [erc20Allowance, periodic])) as GrantedPermissionResponse[]
    expect(t.prompts.map((p) => [p.method, p.title])).toEqual([['wallet_grantPermissions', 'Grant permission']])
    expect(t.prompts[0]!.details).toEqual([
      { label: 'Permission 1', value: 'Spend up to 5 GUSD in total' },
      { label: 'Token 1', value: `GUSD ${GUSD}` },
      { label: 'To 1', value: SESSION },
      { label: 'Starts 1', value: 'Now' },
      { label: 'Until 1', value: 'No end date' },
      { label: 'Justification 1', value: 'None given' },
      { label: 'Permission 2', value: 'Spend up to 2.5 GUSD every 1 week' },
      { label: 'Token 2', value: `GUSD ${GUSD}` },
      { label: 'To 2', value: SESSION },
      { label: 'Starts 2', value: formatTime(starts) },
      { label: 'Until 2', value: 'No end date' },
      { label: 'Justification 2', value: 'None given' },
      { label: 'Account', value: `Smart account ${account} (not deployed yet: deployed on first use)` },
      { label: 'Network', value: 'Local' },
    ])
    expect(responses.map((r) => [r.from, r.to, r.permission, r.rules])).toEqual([
      [account, SESSION, { type: 'erc20-token-allowance', isAdjustmentAllowed: true, data: { allowanceAmount: toHex(parseUnits('5', 6)), tokenAddress: GUSD, startTime: NOW } }, []],
      [account, SESSION, { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: toHex(parseUnits('2.5', 6)), periodDuration: 7 * DAY, tokenAddress: GUSD, startTime: starts } }, []],
    ])
    const caveats = responses.map((r) => decodeDelegations(r.context)[0]!.caveats.map((caveat) => decodeCaveat({ caveat, environment: ENVIRONMENT })))
    expect(caveats).toEqual([
      [
        { type: 'valueLte', maxValue: 0n },
        { type: 'erc20TransferAmount', tokenAddress: GUSD, maxAmount: parseUnits('5', 6) },
      ],
      [
        { type: 'valueLte', maxValue: 0n },
        { type: 'erc20PeriodTransfer', tokenAddress: GUSD, periodAmount: parseUnits('2.5', 6), periodDuration: 7 * DAY, startDate: starts },
      ],
    ])
    // Two delegations, each its own (a random salt): one can be revoked without the other.
    expect(new Set(responses.map((r) => r.context)).size).toBe(2)
    expect(await t.rpc('wallet_getGrantedExecutionPermissions')).toEqual(responses)
  })

  it('a total amount starting later is bounded by a timestamp caveat from its start to its expiry', async () => {
    const t = setup()
    await t.signIn({ smartAccount: true })
    const request = {
      chainId: '0x7a69',
      to: SESSION,
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x0DE0B6B3A7640000', startTime: NOW + 100 } },
      rules: [{ type: 'expiry', data: { timestamp: NOW + 200 } }],
    }
    const [response] = (await t.rpc('wallet_requestExecutionPermissions', [request])) as GrantedPermissionResponse[]
    expect(t.prompts[0]!.details[0]).toEqual({ label: 'Permission', value: 'Spend up to 1 ETH in total' })
    // The amount is echoed as the app wrote it.
    expect(response!.permission.data).toEqual({ allowanceAmount: '0x0DE0B6B3A7640000', startTime: NOW + 100 })
    expect(decodeDelegations(response!.context)[0]!.caveats.map((caveat) => decodeCaveat({ caveat, environment: ENVIRONMENT }))).toEqual([
      { type: 'exactCalldata', calldata: '0x' },
      { type: 'nativeTokenTransferAmount', maxAmount: parseEther('1') },
      { type: 'timestamp', afterThreshold: NOW + 99, beforeThreshold: NOW + 200 },
    ])
  })

  it('rejected: 4001, nothing kept; from the EOA: 4200 for every granting and revoking method, and no granted permissions', async () => {
    const t = setup()
    const account = await t.signIn({ smartAccount: true })
    t.setConfirm('reject')
    expect(await t.rpcFail('wallet_requestExecutionPermissions', [nativePeriodic()])).toEqual({ message: 'User rejected the request.', code: 4001 })
    expect(t.storage.get(permissionsKey(t.owner.address, account))).toBeNull()
    expect(await t.rpc('wallet_getGrantedExecutionPermissions')).toEqual([])

    await t.ok('SetPreferredAccount', { type: 'eoa' })
    const prompts = t.prompts.length
    for (const method of ['wallet_requestExecutionPermissions', 'wallet_grantPermissions']) {
      expect(await t.rpcFail(method, [nativePeriodic()])).toEqual({ message: `${method} needs the smart account: switch to it first`, code: 4200 })
    }
    for (const [method, params] of [
      ['wallet_revokeExecutionPermission', { permissionContext: '0x00' }],
      ['wallet_revokePermissions', [{ permissionContext: '0x00' }]],
    ] as const) {
      expect(await t.rpcFail(method, params)).toEqual({ message: `${method} needs the smart account: switch to it first`, code: 4200 })
    }
    expect(await t.rpc('wallet_getGrantedExecutionPermissions')).toEqual([])
    expect(t.prompts).toHaveLength(prompts)

    const signedOut = setup()
    await signedOut.ok('SyncDappData', appData(NETWORKS))
    expect(await signedOut.rpcFail('wallet_requestExecutionPermissions', [nativePeriodic()])).toEqual({ message: 'Not connected', code: 4100 })
  })

  it('refuses malformed requests with -32602 naming the request and field, before any prompt', async () => {
    const t = setup({ privateKey: OWNER_KEY })
    const account = await t.signIn({ smartAccount: true })
    const refusals: Record<string, unknown> = {}
    const cases: [string, unknown][] = [
      ['not an array', { chainId: '0x7a69' }],
      ['empty', []],
      ['eleven', Array.from({ length: 11 }, () => nativePeriodic())],
      ['not an object', ['x']],
      ['chainId number', [nativePeriodic({ chainId: 31337 })]],
      ['other chain', [nativePeriodic({ chainId: '0x7a6a' })]],
      ['from not an address', [nativePeriodic({ from: 'me' })]],
      ['from another account', [nativePeriodic({ from: SESSION })]],
      ['to missing', [nativePeriodic({ to: undefined })]],
      ['to zero', [nativePeriodic({ to: '0x0000000000000000000000000000000000000000' })]],
      ['to anyone', [nativePeriodic({ to: '0x0000000000000000000000000000000000000a11' })]],
      ['to itself', [nativePeriodic({ to: account })]],
      ['permission missing', [nativePeriodic({ permission: null })]],
      ['type missing', [nativePeriodic({ permission: { data: {} } })]],
      ['stream type', [nativePeriodic({ permission: { type: 'native-token-stream', isAdjustmentAllowed: false, data: {} } })]],
      ['made-up type', [nativePeriodic({ permission: { type: 'everything', isAdjustmentAllowed: false, data: {} } })]],
      ['adjustment flag', [nativePeriodic({ permission: { ...nativePeriodic().permission, isAdjustmentAllowed: 'yes' } })]],
      ['data missing', [nativePeriodic({ permission: { type: 'native-token-periodic', isAdjustmentAllowed: false } })]],
      ['amount decimal', [nativePeriodic({}, { periodAmount: '1000' })]],
      ['amount zero', [nativePeriodic({}, { periodAmount: '0x0' })]],
      ['amount too wide', [nativePeriodic({}, { periodAmount: `0x1${'0'.repeat(64)}` })]],
      ['period zero', [nativePeriodic({}, { periodDuration: 0 })]],
      ['period fraction', [nativePeriodic({}, { periodDuration: 1.5 })]],
      ['period text', [nativePeriodic({}, { periodDuration: '86400' })]],
      ['start negative', [nativePeriodic({}, { startTime: -1 })]],
      ['start in ms', [nativePeriodic({}, { startTime: Date.UTC(2030, 0) })]],
      ['justification number', [nativePeriodic({}, { justification: 7 })]],
      ['justification long', [nativePeriodic({}, { justification: 'x'.repeat(501) })]],
      ['token missing', [{ ...erc20Allowance, permission: { ...erc20Allowance.permission, data: { allowanceAmount: '0x1' } } }]],
      ['token not a token', [{ ...erc20Allowance, permission: { ...erc20Allowance.permission, data: { allowanceAmount: '0x1', tokenAddress: SESSION } } }]],
      ['rules object', [nativePeriodic({ rules: { type: 'expiry' } })]],
      ['rule type', [nativePeriodic({ rules: [{ type: 'redeemer', data: { addresses: [SESSION] } }] })]],
      ['expiry missing', [nativePeriodic({ rules: [{ type: 'expiry', data: {} }] })]],
      ['two expiries', [nativePeriodic({ rules: [{ type: 'expiry', data: { timestamp: NOW + 10 } }, { type: 'expiry', data: { timestamp: NOW + 20 } }] })]],
      ['expiry passed', [nativePeriodic({ rules: [{ type: 'expiry', data: { timestamp: NOW } }] })]],
      ['expiry before start', [nativePeriodic({ rules: [{ type: 'expiry', data: { timestamp: NOW + 10 } }] }, { startTime: NOW + 10 })]],
      ['second request bad', [nativePeriodic(), nativePeriodic({}, { periodAmount: 'lots' })]],
    ]
    for (const [name, params] of cases) {
      const { message, code } = await t.rpcFail('wallet_requestExecutionPermissions', params)
      refusals[name] = `${code} ${message}`
    }
    expect(refusals).toMatchInlineSnapshot(`
      {
        "adjustment flag": "-32602 Invalid permission request 1: "permission.isAdjustmentAllowed" must be true or false",
        "amount decimal": "-32602 Invalid permission request 1: "permission.data.periodAmount" must be a hex amount (at most 32 bytes)",
        "amount too wide": "-32602 Invalid permission request 1: "permission.data.periodAmount" must be a hex amount (at most 32 bytes)",
        "amount zero": "-32602 Invalid permission request 1: "permission.data.periodAmount" must be more than 0",
        "chainId number": "-32602 Invalid permission request 1: "chainId" must be a hex chain id",
        "data missing": "-32602 Invalid permission request 1: "permission.data" must be an object",
        "eleven": "-32602 Too many permission requests: at most 10 at once",
        "empty": "-32602 Expected at least one permission request",
        "expiry before start": "-32602 Invalid permission request 1: "rules" expiry must be after permission.data.startTime",
        "expiry missing": "-32602 Invalid permission request 1: "rules[0].data.timestamp" must be a Unix time in seconds (1 to 253402300799)",
        "expiry passed": "-32602 Invalid permission request 1: "rules" expiry 2025-06-15 15:06:40 UTC has passed",
        "from another account": "4100 Unknown account 0x00000000000000000000000000000000005E5510: permissions are granted by the smart account 0x74e5E20962384c4A0BAAB1c92a535e98614e0293",
        "from not an address": "-32602 Invalid permission request 1: "from" must be an address",
        "justification long": "-32602 Invalid permission request 1: "permission.data.justification" is longer than 500 characters",
        "justification number": "-32602 Invalid permission request 1: "permission.data.justification" must be text",
        "made-up type": "-32602 Unsupported permission type: everything",
        "not an array": "-32602 Expected an array of permission requests",
        "not an object": "-32602 Invalid permission request 1: expected an object",
        "other chain": "-32602 Invalid permission request 1: "chainId" is 0x7a6a: the wallet is on chain 0x7a69, switch to it first",
        "period fraction": "-32602 Invalid permission request 1: "permission.data.periodDuration" must be a whole number of seconds above 0",
        "period text": "-32602 Invalid permission request 1: "permission.data.periodDuration" must be a whole number of seconds above 0",
        "period zero": "-32602 Invalid permission request 1: "permission.data.periodDuration" must be a whole number of seconds above 0",
        "permission missing": "-32602 Invalid permission request 1: "permission" must be an object",
        "rule type": "-32602 Unsupported rule type: redeemer",
        "rules object": "-32602 Invalid permission request 1: "rules" must be an array",
        "second request bad": "-32602 Invalid permission request 2: "permission.data.periodAmount" must be a hex amount (at most 32 bytes)",
        "start in ms": "-32602 Invalid permission request 1: "permission.data.startTime" must be a Unix time in seconds (1 to 253402300799)",
        "start negative": "-32602 Invalid permission request 1: "permission.data.startTime" must be a Unix time in seconds (1 to 253402300799)",
        "stream type": "-32602 Unsupported permission type: native-token-stream",
        "to anyone": "-32602 Invalid permission request 1: "to" is the open-delegation address: a permission is granted to one account",
        "to itself": "-32602 Invalid permission request 1: "to" is the smart account itself",
        "to missing": "-32602 Invalid permission request 1: "to" must be an address",
        "to zero": "-32602 Invalid permission request 1: "to" must not be the zero address",
        "token missing": "-32602 Invalid permission request 1: "permission.data.tokenAddress" must be an address",
        "token not a token": "-32602 Invalid permission request 1: "permission.data.tokenAddress" 0x00000000000000000000000000000000005E5510 is not an ERC-20 token on Local",
        "two expiries": "-32602 Invalid permission request 1: "rules[1]" is a second expiry rule",
        "type missing": "-32602 Invalid permission request 1: "permission.type" must be a permission type",
      }
    `)
    expect(t.prompts).toHaveLength(0)
    expect(t.storage.get(permissionsKey(t.owner.address, account))).toBeNull()
  })

  it('keeps granted permissions per user and account: a reloaded frame lists them; another user sees none; unreadable entries stay', async () => {
    const t = setup()
    const account = await t.signIn({ smartAccount: true })
    const key = permissionsKey(t.owner.address, account)
    t.storage.set(key, JSON.stringify([{ kept: 'from a newer wallet' }]))
    const granted = await t.rpc('wallet_requestExecutionPermissions', [nativePeriodic(), erc20Allowance])

    const reloaded = setup({ storage: t.storage, privateKey: t.privateKey })
    await reloaded.signIn({ smartAccount: true })
    expect(await reloaded.rpc('wallet_getGrantedExecutionPermissions')).toEqual(granted)
    expect((JSON.parse(t.storage.get(key)!) as unknown[])[0]).toEqual({ kept: 'from a newer wallet' })

    const other = setup({ storage: t.storage })
    await other.signIn({ smartAccount: true })
    expect(await other.rpc('wallet_getGrantedExecutionPermissions')).toEqual([])
  })
})

describe('ERC-7715 permissions in the frame: revoking', () => {
  async function granted() {
    const t = setup()
    const account = await t.signIn({ smartAccount: true })
    const [one, two] = (await t.rpc('wallet_requestExecutionPermissions', [nativePeriodic(), erc20Allowance])) as GrantedPermissionResponse[]
    return { t, account, one: one!, two: two! }
  }

  it('refuses an unknown or malformed permission context with -32602; EIP-2255 revocation keeps its answer', async () => {
    const { t, one } = await granted()
    const prompts = t.prompts.length
    expect(await t.rpcFail('wallet_revokeExecutionPermission', { permissionContext: `${one.context}00` })).toEqual({ message: 'No such permission', code: -32602 })
    expect(await t.rpcFail('wallet_revokeExecutionPermission', [{ permissionContext: 'nope' }])).toEqual({ message: 'Missing or invalid "permissionContext"', code: -32602 })
    expect(await t.rpcFail('wallet_revokeExecutionPermission', [])).toEqual({ message: 'Missing or invalid "permissionContext"', code: -32602 })
    expect(await t.rpcFail('wallet_revokePermissions', [{ eth_accounts: {} }])).toEqual({ message: 'Method not supported by the embedded wallet', code: 4200 })
    expect(t.prompts).toHaveLength(prompts)
  })

  it('shows a "Revoke permission" prompt describing it; rejected: 4001 and it stays granted; a failed user operation: -32003 and it stays granted', async () => {
    const { t, account, one, two } = await granted()
    t.setConfirm('reject')
    expect(await t.rpcFail('wallet_revokeExecutionPermission', { permissionContext: one.context })).toEqual({ message: 'User rejected the request.', code: 4001 })
    const prompt = t.prompts.at(-1)!
    expect({ method: prompt.method, title: prompt.title }).toEqual({ method: 'wallet_revokeExecutionPermission', title: 'Revoke permission' })
    expect(prompt.details).toEqual([
      { label: 'Permission', value: 'Spend up to 0.01 ETH every 1 day' },
      { label: 'To', value: SESSION },
      { label: 'Granted', value: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/) },
      { label: 'Until', value: formatTime(NOW + 30 * DAY) },
      { label: 'From', value: `Smart account ${account} (deployed with this operation)` },
      { label: 'Network', value: 'Local' },
    ])
    expect(await t.rpc('wallet_getGrantedExecutionPermissions')).toEqual([one, two])

    // This node serves no bundler: the user operation cannot even be prepared.
    t.setConfirm('approve')
    // The bundler's refusal comes back as it said it.
    expect(await t.rpcFail('wallet_revokePermissions', [{ permissionContext: one.context }])).toEqual({ code: -32003, message: expect.stringMatching(/ is not served by this node$/) })
    expect(t.prompts.at(-1)!.method).toBe('wallet_revokePermissions')
    expect(await t.rpc('wallet_getGrantedExecutionPermissions')).toEqual([one, two])
  })

  it('a delegation DelegationManager has disabled already is marked revoked without a prompt; it leaves the granted list and stays kept as revoked', async () => {
    const { t, account, one, two } = await granted()
    const [record] = stored(t.storage, t.owner.address, account)
    t.node.disabled.add(record!.id)
    const prompts = t.prompts.length
    expect(await t.rpc('wallet_revokeExecutionPermission', { permissionContext: one.context })).toEqual({})
    expect(t.prompts).toHaveLength(prompts)
    expect(await t.rpc('wallet_getGrantedExecutionPermissions')).toEqual([two])
    expect(stored(t.storage, t.owner.address, account).map((p) => [p.status, p.response.context])).toEqual([
      ['revoked', one.context],
      ['active', two.context],
    ])
    expect(stored(t.storage, t.owner.address, account)[0]!.revokedAt).toEqual(expect.any(Number))
    expect(await t.rpcFail('wallet_revokeExecutionPermission', { permissionContext: one.context })).toEqual({ message: 'The permission is already revoked', code: -32602 })
  })
})

describe('permission request helpers', () => {
  it('names periods in the largest unit that divides them', () => {
    expect([1, 59, 60, 3600, 5400, DAY, 2 * DAY, 7 * DAY, 30 * DAY].map(formatPeriod)).toEqual([
      'every 1 second',
      'every 59 seconds',
      'every 1 minute',
      'every 1 hour',
      'every 90 minutes',
      'every 1 day',
      'every 2 days',
      'every 1 week',
      'every 30 days',
    ])
  })

  it('parses a request into amounts, times and checksummed addresses', () => {
    const account = address(0xacc)
    expect(
      parsePermissionRequests([nativePeriodic({ from: account.toLowerCase(), to: SESSION.toLowerCase() }, { startTime: NOW })], {
        chainId: CHAIN_ID,
        account,
        supportedTypes: ['native-token-periodic'],
      }),
    ).toEqual([
      {
        chainId: CHAIN_ID,
        to: SESSION,
        type: 'native-token-periodic',
        isAdjustmentAllowed: false,
        amount: parseEther('0.01'),
        amountHex: toHex(parseEther('0.01')),
        periodDuration: DAY,
        startTime: NOW,
        expiry: NOW + 30 * DAY,
        tokenAddress: null,
        justification: 'Pays your subscription',
      },
    ])
    expect(numberToHex(CHAIN_ID)).toBe('0x7a69')
  })
})
