// The relay's memory bounds: whatever clients send, what it keeps stays under its caps, the
// caps answer with the WalletConnect relay's own errors, and a closed socket leaves nothing behind.

import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_RELAY_LIMITS, startRelay, type Relay, type RelayOptions } from '../../../dev/relay/startRelay'
import { settle, TestClient } from './wsClient'

const topic = () => randomBytes(32).toString('hex')
const KiB = 1024

let relay: Relay | undefined
let clients: TestClient[] = []
let clock = 1_700_000_000_000

async function start(options: RelayOptions = {}): Promise<Relay> {
  clock = 1_700_000_000_000
  relay = await startRelay({ now: () => clock, ...options })
  return relay
}

async function client(opts?: Parameters<typeof TestClient.connect>[1]): Promise<TestClient> {
  const c = await TestClient.connect(relay!.url, opts)
  clients.push(c)
  return c
}

afterEach(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  clients = []
  await relay?.stop()
  relay = undefined
})

/** A message of `bytes` ASCII bytes, distinct per `i`. */
const body = (i: number, bytes: number) => `${i}:`.padEnd(bytes, 'm')

describe('relay limits: mailboxes', () => {
  it('keeps the bytes of every mailbox under maxMailboxBytes, dropping the oldest messages first, and keeps serving', async () => {
    const r = await start({ limits: { maxMailboxBytes: 2 * 1024 * KiB, maxMessageBytes: 200 * KiB } })
    const pub = await client()
    const topics: string[] = []
    for (let i = 0; i < 60; i++) {
      const t = topic()
      topics.push(t)
      expect((await pub.request('irn_publish', { topic: t, message: body(i, 150 * KiB), ttl: 300 })).result).toBe(true)
      expect(r.stats().mailboxBytes).toBeLessThanOrEqual(2 * 1024 * KiB)
    }
    const stats = r.stats()
    // 60 × 150 KiB were sent; only what fits in 2 MiB is kept.
    expect(stats.mailboxMessages).toBe(Math.floor((2 * 1024) / 150))
    expect(stats.mailboxBytes).toBe(stats.mailboxMessages * 150 * KiB)
    expect(stats.evicted).toBe(60 - stats.mailboxMessages)
    expect(stats.published).toBe(60)

    // The newest are still there, the oldest are gone.
    const reader = await client()
    const newest = await reader.request('irn_batchFetchMessages', { topics: [topics[59]] })
    expect((newest.result as { messages: { message: string }[] }).messages.map((m) => m.message.slice(0, 3))).toEqual(['59:'])
    const oldest = await reader.request('irn_batchFetchMessages', { topics: [topics[0]] })
    expect((oldest.result as { messages: unknown[] }).messages).toEqual([])
  })

  it('keeps at most maxMailboxMessages per topic, the newest', async () => {
    const r = await start({ limits: { maxMailboxMessages: 5 } })
    const pub = await client()
    const t = topic()
    for (let i = 0; i < 20; i++) await pub.request('irn_publish', { topic: t, message: `m${i}`, ttl: 300 })
    expect(r.stats()).toMatchObject({ mailboxMessages: 5, mailboxTopics: 1, evicted: 15, mailboxBytes: 3 * 5 })
    const reader = await client()
    await reader.request('irn_subscribe', { topic: t })
    await reader.waitFor(() => (reader.pushed.length === 5 ? true : undefined))
    expect(reader.messagesOn(t)).toEqual(['m15', 'm16', 'm17', 'm18', 'm19'])
  })

  it('keeps at most maxTopics mailboxes, dropping the one published to least recently', async () => {
    const r = await start({ limits: { maxTopics: 3 } })
    const pub = await client()
    const ts = [topic(), topic(), topic(), topic()]
    for (const t of ts.slice(0, 3)) await pub.request('irn_publish', { topic: t, message: `on ${t.slice(0, 4)}`, ttl: 300 })
    // Touch the first topic again: the second is now the least recently published.
    await pub.request('irn_publish', { topic: ts[0], message: 'again', ttl: 300 })
    await pub.request('irn_publish', { topic: ts[3], message: 'new topic', ttl: 300 })
    expect(r.stats()).toMatchObject({ mailboxTopics: 3, mailboxMessages: 4, evicted: 1 })
    const reader = await client()
    const got = await reader.request('irn_batchFetchMessages', { topics: ts })
    const topicsLeft = new Set((got.result as { messages: { topic: string }[] }).messages.map((m) => m.topic))
    expect(topicsLeft).toEqual(new Set([ts[0], ts[2], ts[3]]))
  })

  it('frees expired messages and their bytes', async () => {
    const r = await start({ sweepIntervalMs: 10 })
    const pub = await client()
    await pub.request('irn_publish', { topic: topic(), message: 'short-lived', ttl: 1 })
    await pub.request('irn_publish', { topic: topic(), message: 'long-lived', ttl: 300 })
    expect(r.stats()).toMatchObject({ mailboxMessages: 2, mailboxBytes: 11 + 10 })
    clock += 2000
    await settle(40)
    expect(r.stats()).toMatchObject({ mailboxMessages: 1, mailboxTopics: 1, mailboxBytes: 10, expired: 1 })
  })

  it('refuses a message over maxMessageBytes with the relay error PayloadSizeExceeded, a batch as a whole', async () => {
    const r = await start({ limits: { maxMessageBytes: 1000 } })
    const c = await client()
    const t = topic()
    const big = await c.request('irn_publish', { topic: t, message: 'x'.repeat(1001), ttl: 300 })
    expect(big.error).toEqual({ code: -32600, message: 'Invalid payload: Payload size exceeded', data: 'PayloadSizeExceeded' })
    // UTF-8 bytes count, not characters: 400 × 'é' is 800 bytes, 334 × '€' is 1002.
    expect((await c.request('irn_publish', { topic: t, message: 'é'.repeat(400), ttl: 300 })).result).toBe(true)
    expect((await c.request('irn_publish', { topic: t, message: '€'.repeat(334), ttl: 300 })).error).toMatchObject({ data: 'PayloadSizeExceeded' })
    const batch = await c.request('irn_batchPublish', {
      messages: [
        { topic: topic(), message: 'fine', ttl: 300 },
        { topic: topic(), message: 'y'.repeat(2000), ttl: 300 },
      ],
    })
    expect(batch.error).toMatchObject({ code: -32600, data: 'PayloadSizeExceeded' })
    const proposal = await c.request('wc_proposeSession', { pairingTopic: topic(), sessionProposal: 'p'.repeat(1001), ttl: 300 })
    expect(proposal.error).toMatchObject({ code: -32600, data: 'PayloadSizeExceeded' })
    expect(r.stats()).toMatchObject({ mailboxMessages: 1, published: 1, refused: 4, subscriptions: 0 })
  })
})

describe('relay limits: sockets', () => {
  it('refuses subscriptions past maxSubscriptionsPerSocket with SubscriberLimitExceeded, per socket', async () => {
    const r = await start({ limits: { maxSubscriptionsPerSocket: 3 } })
    const c = await client()
    const ts = [topic(), topic(), topic(), topic()]
    expect((await c.request('irn_batchSubscribe', { topics: ts.slice(0, 2) })).result).toHaveLength(2)
    // Too many at once: none of them is taken.
    const batch = await c.request('irn_batchSubscribe', { topics: ts.slice(1, 4) })
    expect(batch.error).toEqual({ code: -32000, message: 'Request handler error: Subscriber limit exceeded', data: 'SubscriberLimitExceeded' })
    expect(r.stats().subscriptions).toBe(2)
    expect((await c.request('irn_subscribe', { topic: ts[2] })).result).toEqual(expect.any(String))
    // Subscribing again to a topic it has costs nothing.
    expect((await c.request('irn_subscribe', { topic: ts[0] })).result).toEqual(expect.any(String))
    expect((await c.request('irn_subscribe', { topic: ts[3] })).error).toMatchObject({ code: -32000, data: 'SubscriberLimitExceeded' })
    expect((await c.request('wc_proposeSession', { pairingTopic: ts[3], sessionProposal: 'p', ttl: 300 })).error).toMatchObject({
      data: 'SubscriberLimitExceeded',
    })
    // Unsubscribing frees a place; another socket has its own.
    await c.request('irn_unsubscribe', { topic: ts[0], id: 'x' })
    expect((await c.request('irn_subscribe', { topic: ts[3] })).result).toEqual(expect.any(String))
    const other = await client()
    expect((await other.request('irn_batchSubscribe', { topics: ts.slice(0, 3) })).result).toHaveLength(3)
    expect(r.stats()).toMatchObject({ subscriptions: 6, maxSocketSubscriptions: 3 })
  })

  it('frees the subscriptions and unacked pushes of a socket when it closes', async () => {
    const r = await start()
    const sub = await client()
    const pub = await client()
    const ts = Array.from({ length: 50 }, topic)
    await sub.request('irn_batchSubscribe', { topics: ts })
    for (const t of ts) await pub.request('irn_publish', { topic: t, message: `to ${t.slice(0, 6)}`, ttl: 300 })
    await sub.waitFor(() => (sub.pushed.length === 50 ? true : undefined))
    expect(r.stats()).toMatchObject({ connections: 2, subscriptions: 50, pendingPushes: 50 })
    await sub.close()
    await settle()
    expect(r.stats()).toMatchObject({ connections: 1, subscriptions: 0, pendingPushes: 0, maxSocketSubscriptions: 0 })
    // Terminated (not closed cleanly) frees the same.
    const rude = await client()
    await rude.request('irn_batchSubscribe', { topics: ts.slice(0, 10) })
    expect(r.stats().subscriptions).toBe(10)
    rude.ws.terminate()
    await rude.waitFor(() => rude.closed)
    await settle()
    expect(r.stats()).toMatchObject({ connections: 1, subscriptions: 0, pendingPushes: 0 })
  })

  it('remembers at most maxPendingPerSocket unacked pushes per socket, and a late ack of a dropped message is harmless', async () => {
    const r = await start({ limits: { maxPendingPerSocket: 10, maxMailboxMessages: 2 } })
    const sub = await client()
    const pub = await client()
    const t = topic()
    await sub.request('irn_subscribe', { topic: t })
    for (let i = 0; i < 30; i++) await pub.request('irn_publish', { topic: t, message: `m${i}`, ttl: 300 })
    await sub.waitFor(() => (sub.pushed.length === 30 ? true : undefined))
    expect(r.stats()).toMatchObject({ pendingPushes: 10, mailboxMessages: 2 })
    for (const p of sub.pushed) sub.ack(p)
    await settle()
    expect(r.stats()).toMatchObject({ pendingPushes: 0, acked: 10 })
    expect((await sub.request('irn_subscribe', { topic: topic() })).result).toEqual(expect.any(String))
  })

  it('closes a socket past maxConnections with 1013 and serves the others', async () => {
    const r = await start({ limits: { maxConnections: 2 } })
    const a = await client()
    await client()
    const third = await client()
    await third.waitFor(() => third.closed, 2000, 'the extra socket to be closed')
    expect(third.closed?.code).toBe(1013)
    expect(r.stats()).toMatchObject({ connections: 2, socketsDropped: 1 })
    expect((await a.request('irn_subscribe', { topic: topic() })).result).toEqual(expect.any(String))
  })

  it('drops a socket that does not read what is pushed to it, past maxSocketBufferBytes', async () => {
    const r = await start({ limits: { maxSocketBufferBytes: 64 * KiB } })
    const deaf = await client()
    const pub = await client()
    const t = topic()
    await deaf.request('irn_subscribe', { topic: t })
    // Stop reading: what the relay pushes piles up in the kernel, then in the relay's buffer.
    ;(deaf.ws as unknown as { _socket: { pause(): void } })._socket.pause()
    for (let i = 0; i < 200 && r.stats().socketsDropped === 0; i++) {
      await pub.request('irn_publish', { topic: t, message: body(i, 200 * KiB), ttl: 300 })
    }
    expect(r.stats()).toMatchObject({ socketsDropped: 1, connections: 1, subscriptions: 0 })
    expect((await pub.request('irn_subscribe', { topic: topic() })).result).toEqual(expect.any(String))
  })

  it('rejects limits that are not positive integers, or unknown', async () => {
    await expect(startRelay({ limits: { maxTopics: 0 } })).rejects.toThrow('maxTopics must be a positive integer')
    await expect(startRelay({ limits: { maxMessageBytes: 10, maxMailboxBytes: 5 } })).rejects.toThrow('must not exceed')
    await expect(startRelay({ limits: { maxWhatever: 1 } as never })).rejects.toThrow("Unknown relay limit 'maxWhatever'")
    expect(DEFAULT_RELAY_LIMITS).toMatchObject({ maxMessageBytes: 256 * KiB, maxMailboxBytes: 64 * 1024 * KiB, maxFrameBytes: 1024 * KiB })
  })
})

describe('relay limits: the finding it fixes', () => {
  it('takes 100 publishes of ~1 MiB and 300 of 250 KiB with a 30-day TTL, keeps under 64 MiB, and still answers', async () => {
    const r = await start()
    const pub = await client()
    const sub = await client()
    const t0 = topic()
    await sub.request('irn_subscribe', { topic: t0 })
    const frame = 'z'.repeat(1000 * KiB)
    for (let i = 0; i < 100; i++) {
      const res = await pub.request('irn_publish', { topic: topic(), message: `${i}${frame}`, ttl: 30 * 24 * 3600 })
      expect(res.error).toMatchObject({ data: 'PayloadSizeExceeded' })
    }
    for (let i = 0; i < 300; i++) {
      await pub.request('irn_publish', { topic: topic(), message: body(i, 250 * KiB), ttl: 30 * 24 * 3600 })
    }
    const stats = r.stats()
    expect(stats.mailboxBytes).toBeLessThanOrEqual(DEFAULT_RELAY_LIMITS.maxMailboxBytes)
    expect(stats.mailboxMessages).toBe(Math.floor(DEFAULT_RELAY_LIMITS.maxMailboxBytes / (250 * KiB)))
    await pub.request('irn_publish', { topic: t0, message: 'still here', ttl: 300 })
    await sub.waitFor(() => sub.pushed[0])
    expect(sub.messagesOn(t0)).toEqual(['still here'])
  }, 30_000)
})
