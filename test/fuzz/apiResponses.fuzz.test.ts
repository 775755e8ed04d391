// Fuzz: a real HTTP server on 127.0.0.1 answering the real API clients in bad ways chosen by
// fast-check (malformed JSON, HTML with 200, 429, 5xx, reset connections, no answer, huge
// bodies, wrong-typed fields, deep nesting). Every call resolves with validated data or
// rejects with a GangwayError carrying a spec message; never a raw TypeError; never a hang.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlockchainApiClient } from '../../src/adapters/api/createBlockchainApiClient'
import { createWalletDirectoryClient } from '../../src/adapters/api/createWalletDirectoryClient'
import type { ApiClientOptions } from '../../src/adapters/api/apiUrl'
import { loadRemoteConfiguration } from '../../src/adapters/api/loadRemoteConfiguration'
import { parseWalletRecord } from '../../src/adapters/api/walletRecord'
import { GangwayError } from '../../src/core/errors/base'
import { startScriptedServer, type Script, type ScriptedServer } from '../unit/api/scriptedServer'
import { fuzzParams } from './fuzzParams'

const TIMEOUT_MS = 60
const RETRIES = 1
const MAX_BODY = 64 * 1024
/** The longest a call may take: every attempt timing out, plus the (instant) backoff and slack. */
const DEADLINE_MS = TIMEOUT_MS * (RETRIES + 1) + 1_500

// Spec §8 messages an API call may reject with.
const SPEC_MESSAGES = new Set([
  'Invalid App Configuration',
  'Rate Limited',
  'Server Error',
  'Something went wrong',
  'An error occurred',
  'Request was aborted',
  'Error signing message',
  'Network not supported for Swaps',
  'Network not supported for Gas Price',
])

const CHAIN = 'eip155:31337'
const ADDRESS = '0x00000000000000000000000000000000000000A1'

type Mode =
  | { kind: 'malformed'; text: string }
  | { kind: 'html' }
  | { kind: 'status'; status: number; body: string }
  | { kind: 'reset' }
  | { kind: 'never' }
  | { kind: 'huge'; bytes: number }
  | { kind: 'json'; body: unknown }
  | { kind: 'deep'; depth: number; open: '[' | '{"a":' }
  | { kind: 'partial'; text: string }

const json = fc.jsonValue({ maxDepth: 3 })
/** Bodies close to the right shapes, with fields of any type. */
const nearBody = fc.oneof(
  fc.record({ data: fc.oneof(fc.array(fc.oneof(fc.record({ id: fc.oneof(fc.string(), json), name: fc.oneof(fc.string(), json), mobile_link: fc.oneof(fc.constantFrom('javascript:alert(1)', 'data:x', 'metamask://'), json), chains: json }, { requiredKeys: [] }), json), { maxLength: 4 }), json), count: fc.oneof(fc.nat(), json) }, { requiredKeys: [] }),
  fc.record({ features: fc.oneof(fc.array(fc.record({ id: fc.oneof(fc.constantFrom('activity', 'onramp', 'social_login', 'swaps'), json), isEnabled: fc.oneof(fc.boolean(), json), config: json }, { requiredKeys: [] }), { maxLength: 4 }), json) }, { requiredKeys: [] }),
  fc.record({ allowedOrigins: fc.oneof(fc.array(fc.oneof(fc.constantFrom('http://127.0.0.1:*', '*', 'https://*.example.com'), json), { maxLength: 4 }), json) }, { requiredKeys: [] }),
  fc.record({ isAnalyticsEnabled: json }, { requiredKeys: [] }),
  fc.record({ http: fc.oneof(fc.constant([CHAIN]), json), ws: json }, { requiredKeys: [] }),
  fc.record({ balances: fc.oneof(fc.array(fc.oneof(fc.record({ symbol: fc.oneof(fc.constant('ETH'), json), chainId: fc.oneof(fc.constant(CHAIN), json), price: json, quantity: fc.oneof(fc.record({ decimals: fc.oneof(fc.constant('18'), json), numeric: fc.oneof(fc.constant('1'), json) }), json) }, { requiredKeys: [] }), json), { maxLength: 3 }), json) }, { requiredKeys: [] }),
  fc.record({ data: json, next: json }, { requiredKeys: [] }),
  fc.record({ name: json, avatar: json }, { requiredKeys: [] }),
  // Swaps and on-ramp.
  fc.record({ tokens: fc.oneof(fc.array(json, { maxLength: 3 }), json), quotes: fc.oneof(fc.array(fc.record({ toAmount: fc.oneof(fc.constant('5'), json) }, { requiredKeys: [] }), { maxLength: 2 }), json) }, { requiredKeys: [] }),
  fc.record({ allowance: json, standard: json, fast: json, instant: json }, { requiredKeys: [] }),
  fc.record({ tx: fc.oneof(fc.record({ to: json, data: fc.oneof(fc.constant('0x'), json), value: json }, { requiredKeys: [] }), json) }, { requiredKeys: [] }),
  fc.record(
    {
      paymentCurrencies: fc.oneof(fc.array(json, { maxLength: 2 }), json),
      purchaseCurrencies: fc.oneof(fc.array(json, { maxLength: 2 }), json),
      providers: fc.oneof(fc.array(fc.record({ name: json, url: fc.oneof(fc.constantFrom('https://ramp.example/', 'javascript:alert(1)'), json), label: json }, { requiredKeys: [] }), { maxLength: 3 }), json),
    },
    { requiredKeys: [] },
  ),
  fc.record({ purchaseAmount: fc.oneof(fc.record({ amount: json }, { requiredKeys: [] }), json), url: json }, { requiredKeys: [] }),
  json,
)

const mode: fc.Arbitrary<Mode> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }).map((text) => ({ kind: 'malformed' as const, text: `{${text}` })), weight: 2 },
  { arbitrary: fc.constant({ kind: 'html' as const }), weight: 1 },
  { arbitrary: fc.tuple(fc.constantFrom(400, 401, 403, 404, 408, 429, 500, 501, 502, 503, 504, 599), fc.oneof(fc.constant(''), fc.constant('<html>no</html>'), json.map((j) => JSON.stringify(j)), fc.constant('{"reasons":[{"description":"Name taken"}]}'))).map(([status, body]) => ({ kind: 'status' as const, status, body })), weight: 3 },
  { arbitrary: fc.constant({ kind: 'reset' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'never' as const }), weight: 1 },
  { arbitrary: fc.integer({ min: MAX_BODY / 2, max: MAX_BODY * 4 }).map((bytes) => ({ kind: 'huge' as const, bytes })), weight: 1 },
  { arbitrary: nearBody.map((body) => ({ kind: 'json' as const, body })), weight: 6 },
  { arbitrary: fc.tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.constantFrom('[' as const, '{"a":' as const)).map(([depth, open]) => ({ kind: 'deep' as const, depth, open })), weight: 1 },
  { arbitrary: fc.string({ maxLength: 20 }).map((text) => ({ kind: 'partial' as const, text: `{"data":[${text}` })), weight: 1 },
)

function script(m: Mode): Script {
  return (request, response) => {
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type })
      response.end(body)
    }
    switch (m.kind) {
      case 'malformed':
        return send(200, m.text)
      case 'html':
        return send(200, '<!doctype html><html><body>Welcome</body></html>', 'text/html')
      case 'status':
        return send(m.status, m.body)
      case 'reset':
        return request.socket.destroy()
      case 'never':
        return
      case 'huge': {
        const padding = 'x'.repeat(Math.max(0, m.bytes - 30))
        // Half the time without a length, so the limit must hold while reading.
        response.writeHead(200, m.bytes % 2 ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(`{"data":[],"count":0,"p":"${padding}"}`)) })
        return response.end(`{"data":[],"count":0,"p":"${padding}"}`)
      }
      case 'json':
        return send(200, JSON.stringify(m.body))
      case 'deep': {
        const close = m.open === '[' ? ']' : '}'
        return send(200, m.open.repeat(m.depth) + '1' + close.repeat(m.depth))
      }
      case 'partial':
        response.writeHead(200, { 'content-type': 'application/json' })
        response.write(m.text)
        return request.socket.destroy()
    }
  }
}

let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer()
})
afterAll(() => server.stop())

const options = (): ApiClientOptions => ({
  baseUrl: server.url,
  projectId: 'fuzz',
  sdkType: 'gangway',
  sdkVersion: '0',
  retries: RETRIES,
  timeoutMs: TIMEOUT_MS,
  maxBodyBytes: MAX_BODY,
  sleep: async () => {},
})

/** Runs `call`, failing the property if it outlives the deadline. */
async function settled<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`call still pending after ${DEADLINE_MS} ms`)), DEADLINE_MS)
  })
  try {
    return await Promise.race([call().then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error })), hang])
  } finally {
    clearTimeout(timer)
  }
}

function expectSpecError(error: unknown): void {
  expect(error).toBeInstanceOf(GangwayError)
  expect(error).not.toBeInstanceOf(TypeError)
  const message = (error as GangwayError).shortMessage
  expect(SPEC_MESSAGES.has(message) || /^(Error (resolving name|fetching names for address|fetching name suggestions|registering name .+)|Name taken)$/.test(message), message).toBe(true)
}

const isStringArray = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string')

type Call = { name: string; run: () => Promise<unknown>; check: (value: unknown) => void }

function calls(): Call[] {
  const directory = createWalletDirectoryClient(options())
  const blockchain = createBlockchainApiClient(options())
  return [
    {
      name: 'getWallets',
      run: () => directory.getWallets({ page: 1, entries: 40 }),
      check: (v) => {
        const page = v as { data: unknown[]; count: number }
        expect(Number.isSafeInteger(page.count) && page.count >= 0).toBe(true)
        for (const record of page.data) expect(parseWalletRecord(record)).toEqual(record)
      },
    },
    { name: 'getProjectConfig', run: () => directory.getProjectConfig(), check: (v) => expect(typeof (v as { features: unknown }).features).toBe('object') },
    { name: 'getAllowedOrigins', run: () => directory.getAllowedOrigins(), check: (v) => expect(isStringArray(v)).toBe(true) },
    { name: 'getAnalyticsConfig', run: () => directory.getAnalyticsConfig(), check: (v) => expect(typeof (v as { isAnalyticsEnabled: unknown }).isAnalyticsEnabled).toBe('boolean') },
    {
      name: 'getSupportedChains',
      run: () => blockchain.getSupportedChains(),
      check: (v) => {
        expect(isStringArray((v as { http: unknown }).http)).toBe(true)
        expect(isStringArray((v as { ws: unknown }).ws)).toBe(true)
      },
    },
    {
      name: 'getBalance',
      // Never rejects on an API failure (spec §8: failed balance lookups return null).
      run: () => blockchain.getBalance({ address: ADDRESS, chainId: CHAIN }),
      check: (v) => {
        if (v === null) return
        for (const b of v as Record<string, unknown>[]) {
          expect(typeof b.symbol).toBe('string')
          expect(typeof b.name).toBe('string')
          expect(Number.isFinite(b.price)).toBe(true)
          const q = b.quantity as Record<string, unknown>
          expect(typeof q.decimals === 'string' && typeof q.numeric === 'string').toBe(true)
        }
      },
    },
    {
      name: 'getIdentity',
      run: () => blockchain.getIdentity({ address: ADDRESS }),
      check: (v) => {
        const id = v as { name: unknown; avatar: unknown }
        expect(id.name === null || typeof id.name === 'string').toBe(true)
        expect(id.avatar === null || typeof id.avatar === 'string').toBe(true)
      },
    },
    { name: 'getHistory', run: () => blockchain.getHistory({ address: ADDRESS }), check: (v) => expect(Array.isArray((v as { data: unknown }).data)).toBe(true) },
    { name: 'getNfts', run: () => blockchain.getNfts({ address: ADDRESS }), check: (v) => expect((v as { name: unknown }[]).every((n) => typeof n.name === 'string')).toBe(true) },
    { name: 'lookupName', run: () => blockchain.lookupName({ name: 'amber' }), check: (v) => expect(typeof (v as { name: unknown }).name).toBe('string') },
    {
      name: 'reverseLookupNames',
      run: () => blockchain.reverseLookupNames({ address: ADDRESS }),
      check: (v) => expect((v as { name: unknown }[]).every((n) => typeof n.name === 'string')).toBe(true),
    },
    {
      name: 'getNameSuggestions',
      run: () => blockchain.getNameSuggestions({ name: 'amber', zone: 'gangway' }),
      check: (v) => expect((v as { name: unknown }[]).every((n) => typeof n.name === 'string')).toBe(true),
    },
    {
      name: 'registerName',
      run: () => blockchain.registerName({ name: 'amber.gangway', coinType: 60, address: ADDRESS, message: '{}', signature: '0x00' }),
      check: (v) => expect(typeof v).toBe('boolean'),
    },
    {
      name: 'getSessions',
      run: () => blockchain.getSessions({ address: ADDRESS }),
      check: (v) => {
        for (const s of v as Record<string, unknown>[]) {
          expect([s.id, s.chainId, s.domain, s.uri, s.issuedAt].every((f) => typeof f === 'string' && f !== '')).toBe(true)
          expect(s.expirationTime === null || typeof s.expirationTime === 'string').toBe(true)
        }
      },
    },
    {
      name: 'createSession',
      run: () => blockchain.createSession({ address: ADDRESS, message: 'm', signature: '0x00' }),
      check: (v) => expect(typeof (v as { id: unknown }).id).toBe('string'),
    },
    { name: 'getSwapTokens', run: () => blockchain.getSwapTokens({ chainId: CHAIN }), check: (v) => expect(Array.isArray(v)).toBe(true) },
    {
      name: 'getSwapQuotes',
      run: () => blockchain.getSwapQuotes({ amount: '1', userAddress: `${CHAIN}:${ADDRESS}`, from: `${CHAIN}:${ADDRESS}`, to: `${CHAIN}:${ADDRESS}`, gasPrice: '1' }),
      check: (v) => expect(Array.isArray(v)).toBe(true),
    },
    { name: 'getSwapAllowance', run: () => blockchain.getSwapAllowance({ tokenAddress: `${CHAIN}:${ADDRESS}`, userAddress: `${CHAIN}:${ADDRESS}` }), check: (v) => expect(typeof v).toBe('string') },
    {
      name: 'getGasPrice',
      run: () => blockchain.getGasPrice({ chainId: CHAIN }),
      check: (v) => expect(Object.values(v as object).every((p) => typeof p === 'string')).toBe(true),
    },
    {
      name: 'buildSwapTransaction',
      run: () => blockchain.buildSwapTransaction({ amount: '1', userAddress: `${CHAIN}:${ADDRESS}`, from: `${CHAIN}:${ADDRESS}`, to: `${CHAIN}:${ADDRESS}` }),
      check: (v) => expect(typeof (v as { data: unknown }).data).toBe('string'),
    },
    {
      name: 'buildApproveTransaction',
      run: () => blockchain.buildApproveTransaction({ userAddress: `${CHAIN}:${ADDRESS}`, from: `${CHAIN}:${ADDRESS}`, to: `${CHAIN}:${ADDRESS}` }),
      check: (v) => expect(typeof (v as { data: unknown }).data).toBe('string'),
    },
    {
      name: 'getOnrampOptions',
      // Never rejects on an API failure: the built-in defaults (spec §7).
      run: () => blockchain.getOnrampOptions(),
      check: (v) => {
        const o = v as { paymentCurrencies: unknown; purchaseCurrencies: unknown; providers: { name: unknown; url: string }[] }
        expect(Array.isArray(o.paymentCurrencies) && Array.isArray(o.purchaseCurrencies)).toBe(true)
        for (const p of o.providers) {
          expect(typeof p.name).toBe('string')
          expect(p.url).toMatch(/^https?:\/\//)
        }
      },
    },
    {
      name: 'getOnrampQuote',
      run: () =>
        blockchain.getOnrampQuote({ purchaseCurrency: { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [] }, paymentCurrency: { id: 'USD', payment_method_limits: [] }, amount: '100', network: CHAIN }),
      check: (v) => expect(typeof (v as { purchaseAmount: { amount: unknown } }).purchaseAmount.amount).toBe('string'),
    },
    { name: 'generateOnrampUrl', run: () => blockchain.generateOnrampUrl({ destinationWallets: [{ address: ADDRESS }], partnerUserId: ADDRESS }), check: (v) => expect(typeof v).toBe('string') },
    { name: 'revokeSession', run: () => blockchain.revokeSession({ address: ADDRESS, pci: 'p', signature: '0x00' }), check: (v) => expect(v).toBeUndefined() },
    {
      name: 'loadRemoteConfiguration',
      run: () => loadRemoteConfiguration(directory, 'http://127.0.0.1:5173'),
      check: (v) => {
        const remote = v as Awaited<ReturnType<typeof loadRemoteConfiguration>>
        expect(remote.features === null || typeof remote.features === 'object').toBe(true)
        if (remote.configError) expectSpecError(remote.configError)
        if (remote.originError) expectSpecError(remote.originError)
        expect(typeof remote.originAllowed).toBe('boolean')
      },
    },
  ]
}

describe('API responses fuzz', () => {
  it('every call resolves with validated data or rejects with a spec error, within its deadline', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(mode, fc.nat(), async (m, pick) => {
        server.answer(script(m))
        const all = calls()
        const call = all[pick % all.length]!
        const outcome = await settled(call.run)
        if (outcome.ok) call.check(outcome.value)
        else {
          expect((outcome.error as Error).message).not.toMatch(/still pending/)
          expectSpecError(outcome.error)
        }
      }),
      fuzzParams('api responses: bad servers', 200),
    )
  })
})
