// Fuzz: arbitrary frames against a real relay on port 0. Junk text and binary, JSON of every
// shape, and irn_* / wc_* calls that look right but carry junk params, odd ids, oversized
// messages. The relay answers each request at most once with a well-formed JSON-RPC reply (or
// ignores what is not a request), never closes the fuzzing socket, keeps its memory under its
// caps, and other clients still get their messages afterwards.

import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRelay, type Relay, type RelayLimits } from '../../dev/relay/startRelay'
import { RELAY_METHODS } from '../../dev/relay/protocol'
import { TestClient } from '../unit/relay/wsClient'
import { fuzzParams } from './fuzzParams'

// Small caps, so a short campaign reaches every one of them.
const LIMITS: Partial<RelayLimits> = {
  maxMessageBytes: 2048,
  maxMailboxMessages: 3,
  maxMailboxBytes: 8 * 1024,
  maxTopics: 10,
  maxSubscriptionsPerSocket: 12,
  maxPendingPerSocket: 50,
}

const hexTopic = () => randomBytes(32).toString('hex')
const POOL = Array.from({ length: 24 }, hexTopic)

let relay: Relay
let fuzzer: TestClient
let alice: TestClient
let bob: TestClient
let logLines: string[] = []

beforeAll(async () => {
  relay = await startRelay({ limits: LIMITS, log: (l) => logLines.push(l) })
  fuzzer = await TestClient.connect(relay.url, { clientId: 'Fuzzer' })
  alice = await TestClient.connect(relay.url, { clientId: 'Alice' })
  bob = await TestClient.connect(relay.url, { clientId: 'Bob' })
})

afterAll(async () => {
  await Promise.all([fuzzer, alice, bob].map((c) => c?.close()))
  await relay?.stop()
})

// ---- arbitraries -----------------------------------------------------------------------------

const topicArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...POOL) },
  { weight: 1, arbitrary: fc.constantFrom(...POOL).map((t) => t.toUpperCase()) },
  { weight: 2, arbitrary: fc.string({ maxLength: 70 }) },
  { weight: 1, arbitrary: fc.anything() },
)
const messageArb = fc.oneof(
  { weight: 5, arbitrary: fc.string({ minLength: 1, maxLength: 64 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 4096 }).map((n) => 'm'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1200 }).map((n) => '€'.repeat(n)) },
  { weight: 1, arbitrary: fc.anything() },
)
/** Mostly `valid`, sometimes anything at all. */
const mostly = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: fc.anything() })
const ttlArb = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 3600 }) }, fc.integer(), fc.double(), fc.anything())
const publishArb = fc.record(
  { topic: topicArb, message: messageArb, ttl: ttlArb, tag: mostly(fc.nat()), prompt: mostly(fc.boolean()), attestation: mostly(fc.string()) },
  { requiredKeys: ['topic', 'message', 'ttl'] },
)
const listOf = <T>(arb: fc.Arbitrary<T>) => fc.oneof(fc.array(arb, { maxLength: 20 }), fc.array(arb, { minLength: 499, maxLength: 502 }), fc.anything())
/** Params shaped for each method (with junk inside), so calls get past decoding often. */
const paramsFor: Record<(typeof RELAY_METHODS)[number], fc.Arbitrary<unknown>> = {
  irn_publish: publishArb,
  irn_batchPublish: fc.record({ messages: listOf(publishArb) }),
  irn_subscribe: fc.record({ topic: topicArb }),
  irn_batchSubscribe: fc.record({ topics: listOf(topicArb) }),
  irn_unsubscribe: fc.record({ topic: topicArb, id: mostly(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 })) }),
  irn_batchUnsubscribe: fc.record({ subscriptions: listOf(fc.record({ topic: topicArb, id: fc.string({ minLength: 1 }) })) }),
  irn_batchFetchMessages: fc.record({ topics: listOf(topicArb) }),
  wc_proposeSession: fc.record({ pairingTopic: topicArb, sessionProposal: messageArb, ttl: ttlArb }),
  wc_approveSession: fc.record({
    sessionTopic: topicArb,
    pairingTopic: topicArb,
    sessionProposalResponse: messageArb,
    sessionSettlementRequest: messageArb,
    ttl: ttlArb,
  }),
}
const paramsArb = fc.oneof(...Object.values(paramsFor), fc.anything())
const idArb = fc.oneof(
  fc.integer({ min: 1, max: 2 ** 31 }),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(null, true, Number.MAX_SAFE_INTEGER + 2, -0, ''),
  fc.anything(),
)
const methodArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...RELAY_METHODS) },
  { weight: 1, arbitrary: fc.constantFrom('irn_subscription', 'irn_fetchMessages', '__proto__', 'constructor', 'toString') },
  { weight: 1, arbitrary: fc.anything() },
)

type Frame = { text: string } | { binary: Uint8Array }

const callFrame = fc
  .record(
    { id: idArb, jsonrpc: fc.oneof({ weight: 9, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: fc.anything() }), method: methodArb, params: paramsArb },
    { requiredKeys: ['jsonrpc', 'method'] },
  )
  .map((v): Frame => ({ text: JSON.stringify(v) ?? 'null' }))
const responseFrame = fc
  .record({ id: idArb, jsonrpc: fc.constant('2.0'), result: fc.anything(), error: fc.anything() }, { requiredKeys: ['id', 'jsonrpc'] })
  .map((v): Frame => ({ text: JSON.stringify(v) ?? 'null' }))
const hugeIdFrame = fc
  .tuple(fc.integer({ min: 20, max: 600 }), fc.constantFrom(...RELAY_METHODS), fc.constantFrom(...POOL))
  .map(([digits, method, topic]): Frame => ({
    text: `{"id":${'9'.repeat(digits)},"jsonrpc":"2.0","method":"${method}","params":{"topic":"${topic}"}}`,
  }))
const nestedFrame = fc.integer({ min: 1, max: 5000 }).map((depth): Frame => ({ text: `${'['.repeat(depth)}${']'.repeat(depth)}` }))
const typedCallFrame = fc
  .constantFrom(...RELAY_METHODS)
  .chain((method) => fc.record({ id: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 2 ** 31 }) }, idArb), params: paramsFor[method] }).map((v) => ({ ...v, method })))
  .map((v): Frame => ({ text: JSON.stringify({ jsonrpc: '2.0', ...v }) ?? 'null' }))
const frameArb: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 12, arbitrary: typedCallFrame },
  { weight: 4, arbitrary: callFrame },
  { weight: 2, arbitrary: responseFrame },
  { weight: 1, arbitrary: hugeIdFrame },
  { weight: 1, arbitrary: nestedFrame },
  { weight: 2, arbitrary: fc.json().map((text): Frame => ({ text })) },
  { weight: 2, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }).map((text): Frame => ({ text })) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((binary): Frame => ({ binary })) },
  {
    weight: 1,
    arbitrary: fc.tuple(callFrame, fc.nat()).map(([f, cut]): Frame => {
      const text = 'text' in f ? f.text : ''
      return { text: text.slice(0, cut % (text.length + 1)) }
    }),
  },
)

// ---- checks ----------------------------------------------------------------------------------

function wellFormed(r: { id: unknown; result?: unknown; error?: { code: unknown; message: unknown } } & Record<string, unknown>): void {
  expect(r.jsonrpc).toBe('2.0')
  expect('result' in r !== 'error' in r).toBe(true)
  expect(r.id === null || typeof r.id === 'number' || typeof r.id === 'string').toBe(true)
  if (r.error) {
    expect(Number.isInteger(r.error.code)).toBe(true)
    expect(typeof r.error.message).toBe('string')
  }
}

/** The id a text frame carries, when it is a JSON object with one. */
function idOf(f: Frame): unknown {
  if (!('text' in f)) return undefined
  try {
    const v: unknown = JSON.parse(f.text)
    return typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : undefined
  } catch {
    return undefined
  }
}

/** Alice publishes on a fresh topic Bob subscribed to; Bob must receive it. */
async function othersStillServed(): Promise<void> {
  const t = hexTopic()
  expect((await bob.request('irn_subscribe', { topic: t })).result).toEqual(expect.any(String))
  const message = `probe-${t.slice(0, 8)}`
  expect((await alice.request('irn_publish', { topic: t, message, ttl: 60 })).result).toBe(true)
  await bob.waitFor(() => (bob.messagesOn(t).includes(message) ? true : undefined), 2000, 'the probe message')
  await bob.request('irn_unsubscribe', { topic: t, id: 'x' })
}

describe('fuzz: relay frames', () => {
  it('answers every request at most once, well-formed, never drops the socket, stays under its caps', async () => {
    let sentinel = 0
    await fc.assert(
      fc.asyncProperty(fc.array(frameArb, { minLength: 1, maxLength: 12 }), async (frames) => {
        const before = fuzzer.responses.length
        for (const f of frames) fuzzer.sendRaw('text' in f ? f.text : Buffer.from(f.binary))
        // The relay answers in order: once the sentinel is answered, every frame before it has been.
        const id = `sentinel-${sentinel++}`
        fuzzer.ws.send(JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_batchFetchMessages', params: { topics: [POOL[0]] } }))
        await fuzzer.waitFor(() => fuzzer.responses.find((r) => r.id === id), 3000, 'the sentinel answer')
        const replies = fuzzer.responses.slice(before)
        expect(fuzzer.closed).toBeUndefined()
        expect(replies.length).toBeLessThanOrEqual(frames.length + 1)
        for (const r of replies) wellFormed(r as never)
        // Never more answers under an id than frames that carried it.
        const sentIds = new Map<unknown, number>([[id, 1]])
        for (const f of frames) {
          const sentId = idOf(f)
          if (sentId !== undefined) sentIds.set(sentId, (sentIds.get(sentId) ?? 0) + 1)
        }
        const answered = new Map<unknown, number>()
        for (const r of replies) if (r.id !== null) answered.set(r.id, (answered.get(r.id) ?? 0) + 1)
        for (const [replyId, n] of answered) expect(n, `answers under id ${String(replyId)}`).toBeLessThanOrEqual(sentIds.get(replyId) ?? 0)

        const stats = relay.stats()
        const limits = stats.limits
        expect(stats.mailboxBytes).toBeLessThanOrEqual(limits.maxMailboxBytes)
        expect(stats.mailboxTopics).toBeLessThanOrEqual(limits.maxTopics)
        expect(stats.mailboxMessages).toBeLessThanOrEqual(limits.maxTopics * limits.maxMailboxMessages)
        expect(stats.maxSocketSubscriptions).toBeLessThanOrEqual(limits.maxSubscriptionsPerSocket)
        expect(stats.pendingPushes).toBeLessThanOrEqual(stats.connections * limits.maxPendingPerSocket)
        expect(stats.connections).toBe(3)
      }),
      fuzzParams('relayFrames', 150, { interruptAfterTimeLimit: 60_000 }),
    )
    expect(logLines.some((l) => l.includes('internal error') || l.includes('frame handling failed'))).toBe(false)
    await othersStillServed()
    // The campaign reached the caps it is about.
    const { refused, evicted, published } = relay.stats()
    expect({ refused: refused > 0, evicted: evicted > 0, published: published > 0 }).toEqual({ refused: true, evicted: true, published: true })
  }, 120_000)

  it('other clients keep working while one socket floods junk, and closing it frees its state', async () => {
    const flood = await TestClient.connect(relay.url)
    const frames = fc.sample(frameArb, { numRuns: fuzzParams('relayFloodFrames', 300).numRuns ?? 300, seed: 42 })
    await flood.request('irn_batchSubscribe', { topics: POOL.slice(0, 10) })
    for (const f of frames) flood.sendRaw('text' in f ? f.text : Buffer.from(f.binary))
    await othersStillServed()
    // Let the relay work through the flood (long with FUZZ_HEAVY) before closing.
    flood.ws.send(JSON.stringify({ id: 'flood-end', jsonrpc: '2.0', method: 'irn_batchFetchMessages', params: { topics: [POOL[0]] } }))
    await flood.waitFor(() => flood.responses.find((r) => r.id === 'flood-end'), 60_000, 'the end of the flood')
    expect(flood.closed).toBeUndefined()
    await flood.close()
    await expect.poll(() => relay.stats().connections, { timeout: 2000 }).toBe(3)
    // Only the three long-lived sockets' subscriptions remain.
    expect(relay.stats().maxSocketSubscriptions).toBeLessThanOrEqual(LIMITS.maxSubscriptionsPerSocket!)
  }, 120_000)
})
