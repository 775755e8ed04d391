// Fuzz: arbitrary methods, paths, query strings, headers and bodies against a real gateway on
// port 0 (no chains). Every answer is the gateway's own: no 5xx but its injected faults (and the
// documented 501 of endpoints not built yet), every error a JSON `{ error }`, its memory under its
// caps, and it keeps serving. Raw bytes that are not HTTP get a 400 or a closed socket.

import { request } from 'node:http'
import { connect } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway, type GatewayLimits } from '../../dev/gateway/startGateway'
import { fuzzParams } from './fuzzParams'

// Small caps, so a short campaign reaches them.
const LIMITS: Partial<GatewayLimits> = {
  maxBodyBytes: 8 * 1024,
  maxBufferedBodyBytes: 64 * 1024,
  maxAnalyticsEvents: 20,
  maxAnalyticsBytes: 16 * 1024,
  maxIdentities: 5,
  maxNames: 5,
  maxPriceSymbols: 8,
  maxFeatures: 10,
  maxFeatureConfigBytes: 512,
}

let gateway: Gateway
let port: number
const logs: string[] = []

beforeAll(async () => {
  gateway = await startGateway({ chains: [], tokens: [], limits: LIMITS, log: (l) => logs.push(l) })
  port = Number(new URL(gateway.url).port)
})
afterAll(() => gateway?.stop())

type Answer = { status: number; contentType: string; text: string }
type Req = { method: string; path: string; headers: Record<string, string>; body: Buffer | undefined }

/** One request with node:http (any token as method, any header); resolves even on a reset. */
function send(req: Req): Promise<Answer | 'reset'> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...req.headers, connection: 'close' }
    if (req.body !== undefined) headers['content-length'] = String(req.body.length)
    let r: ReturnType<typeof request>
    try {
      r = request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', () => resolve('reset'))
      })
    } catch (error) {
      // node:http refused to build the request (its own header / path checks): not sent at all.
      throw new Error(`client could not send ${req.method} ${req.path}: ${String(error)}`)
    }
    r.on('error', () => resolve('reset'))
    r.end(req.body)
  })
}

// ---- arbitraries -----------------------------------------------------------------------------

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 })
const segment = fc.oneof(
  fc.constantFrom(ADDRESS, ADDRESS.toLowerCase(), '0x1', 'wallet-1', 'ETH', 'eip155-1', '%E0%A4%A', '%00', '..', '', '__proto__'),
  printable.map((s) => encodeURIComponent(s)),
  fc.string({ maxLength: 30 }).map((s) => encodeURIComponent(s)),
)
const pathArb = fc.oneof(
  fc.constantFrom(
    '/', '/health', '/getWallets', '/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig', '/e',
    '/v1/supported-chains', '/v1/fungible/price', '/v1/convert/quotes', '/v1/onramp/options', '/v1/profile/account/x',
    '/_control/state', '/_control/reset', '/_control/features', '/_control/origins', '/_control/analytics-config',
    '/_control/fault', '/_control/wallets', '/_control/prices', '/_control/analytics',
  ),
  fc.tuple(fc.constantFrom('/getWalletImage/', '/public/getAssetImage/', '/public/getTokenImage/', '/v1/identity/', '/_control/identity/', '/_control/features/'), segment).map(([a, b]) => a + b),
  fc.tuple(fc.constantFrom('/v1/account/'), segment, fc.constantFrom('/history', '/balance', '/nfts', '/', '')).map(([a, b, c]) => a + b + c),
  fc.tuple(fc.constantFrom('/v1/sessions/'), segment, fc.constantFrom('', '/revoke', '/')).map(([a, b, c]) => a + b + c),
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
)
const QUERY_KEYS = ['projectId', 'st', 'sv', 'page', 'entries', 'include', 'exclude', 'chains', 'search', 'badge_type', 'wallets', 'chainId', 'cursor', 'limit', 'currency', 'onramp', 'forceUpdate', 'sender']
const queryValue = fc.oneof(
  fc.constantFrom('1', '0', '-1', '40', '1000', '99999999999999999999', 'eip155:31337', 'eip155:1', 'usd', 'coinbase', 'certified', ADDRESS, '', 'a,b,,c'),
  fc.string({ maxLength: 60 }),
  fc.integer({ min: 0, max: 3000 }).map((n) => 'x'.repeat(n)),
)
const queryArb = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 })), queryValue), { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')) },
  { weight: 1, arbitrary: printable },
)
const methodArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS') },
  { weight: 2, arbitrary: fc.constantFrom('PATCH', 'HEAD', 'PROPFIND', 'M-SEARCH', 'PURGE') },
)
const headersArb = fc.record(
  {
    'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
    origin: fc.oneof(fc.constantFrom('http://localhost:5173', 'null'), printable),
    host: fc.oneof(fc.constantFrom('127.0.0.1', 'example.com:80', '[::1]:1'), printable),
    'access-control-request-headers': fc.oneof(fc.constantFrom('content-type, x-sdk-version'), printable),
    'x-junk': printable,
  },
  { requiredKeys: [] },
)
// Bodies the routes care about, with junk inside; faults only short ones (no long delays).
const faultArb = fc.record(
  {
    status: fc.oneof(fc.integer({ min: 400, max: 599 }), fc.integer()),
    delayMs: fc.integer({ min: 0, max: 20 }),
    malformedJson: fc.boolean(),
    pathPrefix: fc.constantFrom('/', '/getWallets', '/v1', '/e', 'nope'),
    count: fc.integer({ min: 0, max: 3 }),
  },
  { requiredKeys: [] },
)
/** An EIP-4361 message's lines, some fields junk or missing, for the session store. */
const siweText = fc
  .record({
    domain: fc.oneof(fc.constantFrom('app.example', 'localhost:5173', ''), printable),
    address: fc.constantFrom(ADDRESS, ADDRESS.toLowerCase(), '0x1', 'nope'),
    chainId: fc.oneof(fc.constantFrom('31337', '1', '0', '-1', '99999999999999999999'), printable),
    nonce: fc.oneof(fc.constantFrom('abcdefgh12345678', 'short'), printable),
    issuedAt: fc.oneof(fc.constantFrom('2026-01-01T00:00:00.000Z', 'not a date', '9999-99-99T99:99:99Z'), printable),
    expirationTime: fc.option(fc.constantFrom('2020-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z', 'never'), { nil: undefined }),
    extra: fc.string({ maxLength: 40 }),
  })
  .map(
    (m) =>
      `${m.domain} wants you to sign in with your Ethereum account:\n${m.address}\n\nURI: https://${m.domain}\nVersion: 1\nChain ID: ${m.chainId}\nNonce: ${m.nonce}\nIssued At: ${m.issuedAt}` +
      (m.expirationTime ? `\nExpiration Time: ${m.expirationTime}` : '') +
      m.extra,
  )
const signatureArb = fc.oneof(fc.constantFrom('0x', '0x00', `0x${'11'.repeat(65)}`, 'nothex'), fc.anything())
const sessionBody = fc.oneof(
  fc.record({ message: fc.oneof({ weight: 4, arbitrary: siweText }, { weight: 1, arbitrary: fc.anything() }), signature: signatureArb }, { requiredKeys: [] }),
  fc.record({ pci: fc.oneof(fc.uuid(), fc.string(), fc.anything()), signature: signatureArb }, { requiredKeys: [] }),
)
const jsonBody = fc.oneof(
  sessionBody,
  fc.record({ eventId: fc.oneof(fc.string(), fc.anything()), props: fc.oneof(fc.object(), fc.anything()), pad: fc.integer({ min: 0, max: 9000 }).map((n) => 'p'.repeat(n)) }, { requiredKeys: [] }),
  fc.record({ currency: fc.constantFrom('usd', 'btc'), addresses: fc.oneof(fc.array(fc.constantFrom('eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'eip155:1:0x0', 'a:b:c', ''), { maxLength: 5 }), fc.anything()), projectId: fc.oneof(fc.constant('p'), fc.anything()) }, { requiredKeys: [] }),
  fc.record({ features: fc.oneof(fc.array(fc.record({ id: fc.oneof(fc.constantFrom('swaps', 'f1', 'f2'), fc.string()), isEnabled: fc.oneof(fc.boolean(), fc.anything()), config: fc.anything() }), { maxLength: 12 }), fc.anything()) }),
  fc.record({ isEnabled: fc.oneof(fc.boolean(), fc.anything()), config: fc.oneof(fc.anything(), fc.integer({ min: 0, max: 1000 }).map((n) => 'c'.repeat(n))) }, { requiredKeys: [] }),
  fc.record({ allowedOrigins: fc.oneof(fc.array(fc.string(), { maxLength: 4 }), fc.anything()) }),
  fc.record({ prices: fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.anything()), { maxKeys: 10 }), fc.anything()) }),
  fc.record({ count: fc.oneof(fc.integer({ min: -1, max: 25_000 }), fc.constant(null), fc.anything()) }),
  fc.record({ isAnalyticsEnabled: fc.anything() }),
  fc.record({ name: fc.oneof(fc.string(), fc.constant(null), fc.anything()), avatar: fc.oneof(fc.string(), fc.constant(null)) }, { requiredKeys: [] }),
  faultArb,
  fc.anything(),
)
/** `n` bytes of 'x', printed short in a counterexample. */
const filler = (n: number): Buffer => Object.assign(Buffer.alloc(n, 'x'), { [fc.toStringMethod]: () => `Buffer.alloc(${n}, 'x')` })
const bodyArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: jsonBody.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
  { weight: 1, arbitrary: fc.json().map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 500 }).map((b) => Buffer.from(b)) },
  { weight: 1, arbitrary: fc.integer({ min: 8 * 1024 - 20, max: 40 * 1024 }).map(filler) },
)
const anyReq = fc
  .record({ method: methodArb, path: pathArb, query: fc.option(queryArb, { nil: undefined }), headers: headersArb, body: bodyArb })
  .map(({ method, path, query, headers, body }) => ({ method, path: query === undefined ? path : `${path}?${query}`, headers, body }))

const json = (arb: fc.Arbitrary<unknown>) => arb.map((v) => Buffer.from(JSON.stringify(v) ?? 'null'))
const oversized = fc.integer({ min: 8 * 1024 + 1, max: 40 * 1024 }).map(filler)
const analyticsEvent = fc.record({ eventId: mostlyValid(fc.string({ minLength: 1, maxLength: 20 })), props: mostlyValid(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 3000 }), { maxKeys: 3 })) })
function mostlyValid<T>(arb: fc.Arbitrary<T>) {
  return fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.anything() })
}
/** [method, path (without query), body] of the routes, with junk where it can go. */
const routed: fc.Arbitrary<[string, string, fc.Arbitrary<Buffer | undefined>]> = fc.oneof(
  fc.constantFrom('/getWallets', '/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig', '/v1/supported-chains', '/_control/state', '/_control/features', '/_control/origins', '/_control/fault', '/_control/wallets', '/_control/prices', '/_control/analytics', '/_control/analytics-config', '/v1/convert/quotes').map((p) => ['GET', p, fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  segment.map((id) => ['GET', `/getWalletImage/${id}`, fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  fc.tuple(segment, fc.constantFrom('/history', '/balance', '/nfts')).map(([a, what]) => ['GET', `/v1/account/${a}${what}`, fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  segment.map((a) => ['GET', `/v1/identity/${a}`, fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  segment.map((a) => ['GET', `/v1/sessions/${a}`, fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  fc.constant([
    'POST',
    '/v1/profile/account',
    json(
      fc.record(
        {
          coin_type: fc.oneof(fc.constantFrom(60, 0x80000000 + 31337, -1, 2 ** 53), fc.anything()),
          address: fc.oneof(fc.constant(ADDRESS), fc.anything()),
          message: fc.oneof(
            fc.record({ name: fc.oneof(fc.constantFrom('alice.gangway', 'abc.gangway', 'alice.other'), fc.anything()), attributes: fc.anything(), timestamp: fc.oneof(fc.integer(), fc.anything()) }).map((m) => JSON.stringify(m)),
            fc.string(),
            fc.anything(),
          ),
          signature: signatureArb,
        },
        { requiredKeys: [] },
      ),
    ),
  ] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  fc.tuple(fc.constantFrom('/v1/profile/suggestions/'), fc.oneof(fc.constantFrom('alice', 'ab', 'alice.gangway'), segment)).map(
    ([a, b]) => ['GET', a + b, fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>],
  ),
  fc.tuple(fc.constantFrom('/v1/profile/account/', '/v1/profile/reverse/', '/_control/names/'), fc.oneof(fc.constantFrom('alice.gangway', 'ALICE.gangway', 'abc.x', 'a.b.c'), segment)).map(
    ([a, b]) => ['GET', a + b, fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>],
  ),
  fc.tuple(fc.constantFrom('PUT', 'DELETE'), fc.oneof(fc.constantFrom('alice.gangway', 'zed.gangway'), segment)).map(
    ([method, name]) => [method, `/_control/names/${name}`, json(fc.record({ address: fc.oneof(fc.constant(ADDRESS), fc.anything()) }, { requiredKeys: [] }))] as [string, string, fc.Arbitrary<Buffer | undefined>],
  ),
  fc.tuple(fc.oneof(fc.constant(ADDRESS), segment), fc.constantFrom('', '/revoke')).map(
    ([a, what]) => ['POST', `/v1/sessions/${a}${what}`, fc.oneof({ weight: 5, arbitrary: json(sessionBody) }, { weight: 1, arbitrary: bodyArb })] as [string, string, fc.Arbitrary<Buffer | undefined>],
  ),
  fc.constant(['POST', '/e', fc.oneof({ weight: 4, arbitrary: json(analyticsEvent) }, { weight: 1, arbitrary: oversized }, { weight: 1, arbitrary: bodyArb })] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  fc.constant(['POST', '/v1/fungible/price', fc.oneof(json(jsonBody), oversized)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  fc.constantFrom('/_control/features', '/_control/origins', '/_control/analytics-config', '/_control/wallets', '/_control/prices', '/_control/features/swaps', '/_control/features/f9', `/_control/identity/${ADDRESS}`, '/_control/identity/0x0000000000000000000000000000000000000001').map((p) => ['PUT', p, fc.oneof({ weight: 5, arbitrary: json(jsonBody) }, { weight: 1, arbitrary: oversized })] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  fc.constant(['PUT', '/_control/fault', json(faultArb)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  fc.constantFrom('/_control/fault', '/_control/analytics', `/_control/identity/${ADDRESS}`).map((p) => ['DELETE', p, fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
  fc.constant(['POST', '/_control/reset', fc.constant(undefined)] as [string, string, fc.Arbitrary<Buffer | undefined>]),
)
const routedReq: fc.Arbitrary<Req> = routed.chain(([method, path, body]) =>
  fc.record({ query: fc.option(queryArb, { nil: undefined, freq: 3 }), headers: headersArb, body }).map(({ query, headers, body: b }) => ({
    method,
    path: `${path}?projectId=p${query ? `&${query}` : ''}`,
    headers: { 'content-type': 'application/json', ...headers },
    body: b,
  })),
)
const reqArb: fc.Arbitrary<Req> = fc.oneof({ weight: 3, arbitrary: routedReq }, { weight: 2, arbitrary: anyReq })

// ---- checks ----------------------------------------------------------------------------------

const MALFORMED_FAULT_BODY = '{"data": [ this is not json'

/** `faultSet`: an earlier request of the run set a fault, so a 5xx without a body may be it. */
function checkAnswer(req: Req, answer: Answer, faultSet: boolean): void {
  const what = `${req.method} ${req.path.slice(0, 80)} → ${answer.status} ${answer.text.slice(0, 120)}`
  if (req.method === 'HEAD' || answer.status === 204) {
    // No body to tell an injected fault by.
    expect(answer.text, what).toBe('')
    if (!faultSet) expect(answer.status, what).toBeLessThan(500)
    return
  }
  if (answer.text === MALFORMED_FAULT_BODY) return // an injected fault the fuzzer set up
  if (answer.contentType === 'image/svg+xml') {
    expect(answer.status, what).toBe(200)
    expect(answer.text, what).toMatch(/^<svg /)
    return
  }
  expect(answer.contentType, what).toBe('application/json; charset=utf-8')
  const body: unknown = JSON.parse(answer.text)
  // The path as the gateway routes it, resolved as it resolves it ('/v1/sessions/..' is '/v1/').
  const pathname = URL.canParse(`http://gateway${req.path}`) ? new URL(`http://gateway${req.path}`).pathname : req.path
  if (req.method === 'POST' && /^\/v1\/?$/.test(pathname) && !/^Injected fault/.test((body as { error?: unknown }).error as string)) {
    // The JSON-RPC endpoint answers in JSON-RPC (its own campaign is gatewayJsonRpc.fuzz.test.ts).
    expect(answer.status, what).toBeLessThan(500)
    expect((body as { jsonrpc?: unknown }).jsonrpc, what).toBe('2.0')
    return
  }
  if (answer.status >= 400) {
    expect(typeof (body as { error?: unknown }).error, what).toBe('string')
  }
  if (answer.status >= 500) {
    const error = (body as { error: string }).error
    const allowed = /^Injected fault: HTTP \d{3}$/.test(error) || (answer.status === 501 && error.startsWith('Not implemented by the local gateway yet'))
    expect(allowed, what).toBe(true)
  }
}

async function stillServing(): Promise<void> {
  const answer = await send({ method: 'GET', path: '/_control/state', headers: {}, body: undefined })
  expect(answer).not.toBe('reset')
  expect((answer as Answer).status).toBe(200)
}

function checkMemory(): void {
  const stats = gateway.stats()
  const limits = stats.limits
  expect(stats.analyticsEvents).toBeLessThanOrEqual(limits.maxAnalyticsEvents)
  expect(stats.analyticsBytes).toBeLessThanOrEqual(limits.maxAnalyticsBytes)
  expect(stats.largestBodyBuffered).toBeLessThanOrEqual(limits.maxBodyBytes)
  expect(stats.bodyBytesBuffered).toBeLessThanOrEqual(limits.maxBufferedBodyBytes)
  expect(stats.identities).toBeLessThanOrEqual(limits.maxIdentities)
  expect(stats.names).toBeLessThanOrEqual(limits.maxNames)
  expect(stats.sessions).toBeLessThanOrEqual(limits.maxSessions)
  expect(stats.priceSymbols).toBeLessThanOrEqual(limits.maxPriceSymbols)
  expect(stats.features).toBeLessThanOrEqual(limits.maxFeatures)
}

describe('fuzz: gateway requests', () => {
  it('answers every request itself: no 5xx but injected faults, JSON errors, memory under the caps', async () => {
    let analyticsAccepted = 0
    await fc.assert(
      fc.asyncProperty(fc.array(reqArb, { minLength: 1, maxLength: 6 }), async (requests) => {
        // State carries over between runs (so the caps fill up); only faults are cleared.
        gateway.control.setFault(null)
        let faultSet = false
        for (const req of requests) {
          const answer = await send(req)
          // A reset is allowed only for a body the gateway refused to read to its end.
          if (answer === 'reset') expect((req.body?.length ?? 0) > LIMITS.maxBodyBytes!, `${req.method} ${req.path}`).toBe(true)
          else {
            checkAnswer(req, answer, faultSet)
            if (req.method === 'PUT' && req.path.startsWith('/_control/fault') && answer.status === 200) faultSet = true
            if (req.method === 'POST' && req.path.startsWith('/e?') && answer.status === 200) analyticsAccepted++
          }
        }
        gateway.control.setFault(null)
        await stillServing()
        checkMemory()
      }),
      fuzzParams('gatewayRequests', 150, { interruptAfterTimeLimit: 60_000 }),
    )
    expect(logs.filter((l) => /internal error|unhandled error/.test(l))).toEqual([])
    const stats = gateway.stats()
    // The campaign reached the caps it is about.
    expect({ refused: stats.bodiesRefused > 0, analytics: analyticsAccepted > 0 }).toEqual({ refused: true, analytics: true })
  }, 120_000)

  it('keeps the analytics ring under its caps through a stream of accepted events', async () => {
    gateway.control.reset()
    const events = fc.sample(
      fc.record({ eventId: fc.string({ minLength: 1, maxLength: 20 }), props: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 2000 }), { maxKeys: 4 }) }),
      { numRuns: fuzzParams('gatewayAnalyticsStream', 60).numRuns ?? 60, seed: 7 },
    )
    for (const event of events) {
      const answer = await send({ method: 'POST', path: '/e?projectId=p', headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(event)) })
      expect(answer).not.toBe('reset')
      expect((answer as Answer).status).toBe(200)
      checkMemory()
    }
    const kept = (await gateway.control.analytics()).map((r) => r.body.eventId)
    // The newest are kept, in order.
    expect(kept).toEqual(events.slice(events.length - kept.length).map((e) => e.eventId))
    expect(gateway.stats().analyticsDropped).toBeGreaterThan(0)
  })

  it('answers raw bytes that are not HTTP with 400 or a closed socket, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 400 }), fc.string({ maxLength: 200 }).map((s) => new TextEncoder().encode(`${s}\r\n\r\n`))), async (bytes) => {
        const reply = await new Promise<string>((resolve) => {
          let data = ''
          const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from(bytes)))
          socket.on('data', (c) => (data += c.toString('latin1')))
          socket.on('close', () => resolve(data))
          socket.on('error', () => resolve(data))
          socket.setTimeout(2000, () => socket.destroy())
        })
        if (reply !== '') expect(reply).toMatch(/^HTTP\/1\.1 \d{3} /)
        expect(reply).not.toMatch(/^HTTP\/1\.1 5/)
        await stillServing()
      }),
      fuzzParams('gatewayRawBytes', 40, { interruptAfterTimeLimit: 30_000 }),
    )
  }, 60_000)
})
