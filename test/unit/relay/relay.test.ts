// The local relay (dev/relay) against real WebSocket clients.

import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startRelay, type Relay } from '../../../dev/relay/startRelay'
import { settle, TestClient } from './wsClient'

const topic = () => randomBytes(32).toString('hex')

let relay: Relay
let clients: TestClient[]
let clock: number
let logLines: string[]

async function client(opts?: Parameters<typeof TestClient.connect>[1]): Promise<TestClient> {
  const c = await TestClient.connect(relay.url, opts)
  clients.push(c)
  return c
}

beforeEach(async () => {
  clock = 1_700_000_000_000
  logLines = []
  clients = []
  relay = await startRelay({ now: () => clock, log: (l) => logLines.push(l) })
})

afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await relay.stop()
})

describe('relay: subscribe and publish', () => {
  it('listens on 127.0.0.1 and accepts ?auth=…&projectId=… with any project id', async () => {
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const a = await client({ clientId: 'Alice', projectId: 'anything-at-all' })
    const b = await client() // no auth at all is accepted too
    expect((await a.request('irn_subscribe', { topic: topic() })).result).toEqual(expect.any(String))
    expect((await b.request('irn_subscribe', { topic: topic() })).result).toEqual(expect.any(String))
    expect(relay.stats().connections).toBe(2)
  })

  it('delivers a publish from another socket as irn_subscription, which the client acks', async () => {
    const t = topic()
    const sub = await client({ clientId: 'Sub' })
    const pub = await client({ clientId: 'Pub' })
    const subRes = await sub.request('irn_subscribe', { topic: t })
    const subId = subRes.result as string
    expect(subId).toMatch(/^[0-9a-f]{64}$/)

    const pubRes = await pub.request('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1100, prompt: true })
    expect(pubRes).toMatchObject({ jsonrpc: '2.0', result: true })

    const p = await sub.waitFor(() => sub.pushed[0], 2000, 'irn_subscription')
    expect(p).toMatchObject({
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subId, data: { topic: t, message: 'hello', publishedAt: clock } },
    })
    expect(typeof p.id).toBe('number')
    sub.ack(p)
    await settle()
    expect(relay.stats()).toMatchObject({ published: 1, delivered: 1, acked: 1 })
  })

  it('delivers to every subscriber but never echoes to the sender socket', async () => {
    const t = topic()
    const a = await client({ clientId: 'A' })
    const b = await client({ clientId: 'B' })
    const c = await client() // no client id: identified by its socket
    for (const x of [a, b, c]) await x.request('irn_subscribe', { topic: t })

    await a.request('irn_publish', { topic: t, message: 'from-a', ttl: 300 })
    await c.request('irn_publish', { topic: t, message: 'from-c', ttl: 300 })
    await b.waitFor(() => (b.pushed.length === 2 ? true : undefined))
    await settle()
    expect(a.messagesOn(t)).toEqual(['from-c'])
    expect(b.messagesOn(t)).toEqual(['from-a', 'from-c'])
    expect(c.messagesOn(t)).toEqual(['from-a'])
  })

  it('does not hand a client its own messages back after it reconnects with the same client id', async () => {
    const t = topic()
    const first = await client({ clientId: 'Same' })
    await first.request('irn_publish', { topic: t, message: 'mine', ttl: 300 })
    await first.close()
    const again = await client({ clientId: 'Same' })
    await again.request('irn_subscribe', { topic: t })
    await settle()
    expect(again.pushed).toEqual([])
  })

  it('keeps one copy when a client retries the same publish', async () => {
    const t = topic()
    const sub = await client()
    const pub = await client()
    await sub.request('irn_subscribe', { topic: t })
    await pub.request('irn_publish', { topic: t, message: 'once', ttl: 300 })
    await pub.request('irn_publish', { topic: t, message: 'once', ttl: 300 })
    await settle()
    expect(sub.messagesOn(t)).toEqual(['once'])
    expect(relay.stats().mailboxMessages).toBe(1)
  })
})

describe('relay: mailbox', () => {
  it('delivers messages published before a subscriber arrived (late subscriber)', async () => {
    const t = topic()
    const pub = await client({ clientId: 'Pub' })
    await pub.request('irn_publish', { topic: t, message: 'm1', ttl: 300 })
    await pub.request('irn_publish', { topic: t, message: 'm2', ttl: 300 })
    clock += 5_000

    const late = await client({ clientId: 'Late' })
    const res = await late.request('irn_subscribe', { topic: t })
    await late.waitFor(() => (late.pushed.length === 2 ? true : undefined))
    expect(late.messagesOn(t)).toEqual(['m1', 'm2'])
    expect(late.pushed[0]!.params.id).toBe(res.result)
    expect(late.pushed[0]!.params.data.publishedAt).toBe(clock - 5_000)
  })

  it('does not redeliver a message the client acked, but redelivers an unacked one after a reconnect', async () => {
    const t = topic()
    const pub = await client({ clientId: 'Pub' })
    await pub.request('irn_publish', { topic: t, message: 'acked', ttl: 300 })
    await pub.request('irn_publish', { topic: t, message: 'unacked', ttl: 300 })

    const w1 = await client({ clientId: 'Wallet' })
    await w1.request('irn_subscribe', { topic: t })
    await w1.waitFor(() => (w1.pushed.length === 2 ? true : undefined))
    w1.ack(w1.pushed.find((p) => p.params.data.message === 'acked')!)
    await settle()
    await w1.close()

    const w2 = await client({ clientId: 'Wallet' })
    await w2.request('irn_subscribe', { topic: t })
    await w2.waitFor(() => w2.pushed[0])
    await settle()
    expect(w2.messagesOn(t)).toEqual(['unacked'])

    // Subscribing again on the same socket pushes nothing twice.
    await w2.request('irn_subscribe', { topic: t })
    await settle()
    expect(w2.messagesOn(t)).toEqual(['unacked'])
  })

  it('drops messages when their TTL runs out (injected clock)', async () => {
    const t = topic()
    const pub = await client()
    await pub.request('irn_publish', { topic: t, message: 'short', ttl: 30 })
    await pub.request('irn_publish', { topic: t, message: 'long', ttl: 300 })
    expect(relay.stats().mailboxMessages).toBe(2)

    clock += 29_999
    const before = await client()
    await before.request('irn_subscribe', { topic: t })
    await before.waitFor(() => (before.pushed.length === 2 ? true : undefined))

    clock += 1 // exactly 30 s: expired
    const after = await client()
    await after.request('irn_subscribe', { topic: t })
    await after.waitFor(() => after.pushed[0])
    await settle()
    expect(after.messagesOn(t)).toEqual(['long'])
    expect(relay.stats().mailboxMessages).toBe(1)

    clock += 300_000
    expect(relay.stats()).toMatchObject({ mailboxMessages: 0, mailboxTopics: 0 })
    const last = await client()
    await last.request('irn_subscribe', { topic: t })
    await settle()
    expect(last.pushed).toEqual([])
  })

  it('stops delivering after irn_unsubscribe (by topic, whatever id the client computed)', async () => {
    const t = topic()
    const sub = await client()
    const pub = await client()
    await sub.request('irn_subscribe', { topic: t })
    await pub.request('irn_publish', { topic: t, message: 'before', ttl: 300 })
    await sub.waitFor(() => sub.pushed[0])
    // @walletconnect/core sends its own locally derived id, not the one the relay returned.
    const res = await sub.request('irn_unsubscribe', { topic: t, id: 'f'.repeat(64) })
    expect(res.result).toBe(true)
    await pub.request('irn_publish', { topic: t, message: 'after', ttl: 300 })
    await settle()
    expect(sub.messagesOn(t)).toEqual(['before'])
    expect(relay.stats().subscriptions).toBe(0)
  })

  it('unsubscribes a closed socket', async () => {
    const sub = await client()
    await sub.request('irn_subscribe', { topic: topic() })
    expect(relay.stats().subscriptions).toBe(1)
    await sub.close()
    await settle()
    expect(relay.stats()).toMatchObject({ subscriptions: 0, connections: 0 })
  })
})

describe('relay: batch methods', () => {
  it('irn_batchSubscribe, irn_batchPublish, irn_batchFetchMessages, irn_batchUnsubscribe', async () => {
    const [t1, t2, t3] = [topic(), topic(), topic()]
    const sub = await client({ clientId: 'Sub' })
    const pub = await client({ clientId: 'Pub' })

    const subRes = await sub.request('irn_batchSubscribe', { topics: [t1, t2] })
    expect(subRes.result).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)])

    const pubRes = await pub.request('irn_batchPublish', {
      messages: [
        { topic: t1, message: 'one', ttl: 300, tag: 1 },
        { topic: t2, message: 'two', ttl: 300 },
        { topic: t3, message: 'three', ttl: 300 },
      ],
    })
    expect(pubRes.result).toBe(true)
    await sub.waitFor(() => (sub.pushed.length === 2 ? true : undefined))
    expect(sub.messagesOn(t1)).toEqual(['one'])
    expect(sub.messagesOn(t2)).toEqual(['two'])

    // Fetch reads the mailbox (t3 was never subscribed): once, and never the caller's own messages.
    const fetcher = await client({ clientId: 'Fetch' })
    const fetched = await fetcher.request('irn_batchFetchMessages', { topics: [t3, t1] })
    expect(fetched.result).toEqual({
      messages: [
        { topic: t3, message: 'three', publishedAt: clock },
        { topic: t1, message: 'one', publishedAt: clock },
      ],
      hasMore: false,
    })
    const again = await fetcher.request('irn_batchFetchMessages', { topics: [t3, t1] })
    expect(again.result).toEqual({ messages: [], hasMore: false })
    const own = await pub.request('irn_batchFetchMessages', { topics: [t1, t2, t3] })
    expect(own.result).toEqual({ messages: [], hasMore: false })

    const unsub = await sub.request('irn_batchUnsubscribe', {
      subscriptions: [
        { topic: t1, id: 'a' },
        { topic: t2, id: 'b' },
      ],
    })
    expect(unsub.result).toBe(true)
    await pub.request('irn_publish', { topic: t1, message: 'late', ttl: 300 })
    await settle()
    expect(sub.pushed).toHaveLength(2)
    expect(relay.stats().methods).toMatchObject({
      irn_batchSubscribe: 1,
      irn_batchPublish: 1,
      irn_batchFetchMessages: 3,
      irn_batchUnsubscribe: 1,
    })
  })
})

describe('relay: sign-client session methods', () => {
  it('wc_proposeSession stores the proposal on the pairing topic and subscribes the sender to it', async () => {
    const pairing = topic()
    const dapp = await client({ clientId: 'Dapp' })
    const res = await dapp.request('wc_proposeSession', {
      pairingTopic: pairing,
      sessionProposal: 'encrypted-proposal',
      ttl: 300,
      attestation: 'att',
      correlationId: 12345, // tvf fields pass through
    })
    expect(res.result).toBe(true)

    const wallet = await client({ clientId: 'Wallet' })
    await wallet.request('irn_subscribe', { topic: pairing })
    const p = await wallet.waitFor(() => wallet.pushed[0])
    expect(p.params.data).toEqual({ topic: pairing, message: 'encrypted-proposal', publishedAt: clock, attestation: 'att' })

    // The dApp never sent irn_subscribe for the pairing topic but gets the wallet's answer.
    await wallet.request('irn_publish', { topic: pairing, message: 'rejection', ttl: 300 })
    await dapp.waitFor(() => dapp.pushed[0])
    expect(dapp.messagesOn(pairing)).toEqual(['rejection'])
  })

  it('wc_approveSession answers on the pairing topic, leaves the settle request on the session topic, subscribes the sender', async () => {
    const pairing = topic()
    const session = topic()
    const dapp = await client({ clientId: 'Dapp' })
    const wallet = await client({ clientId: 'Wallet' })
    await dapp.request('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'proposal', ttl: 300 })

    const res = await wallet.request('wc_approveSession', {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: 'proposal-response',
      sessionSettlementRequest: 'settle-request',
      ttl: 300,
    })
    expect(res.result).toBe(true)
    await dapp.waitFor(() => dapp.pushed[0])
    expect(dapp.messagesOn(pairing)).toEqual(['proposal-response'])

    // The dApp subscribes to the session topic only after reading the response: mailbox.
    await dapp.request('irn_subscribe', { topic: session })
    await dapp.waitFor(() => dapp.messagesOn(session)[0])
    expect(dapp.messagesOn(session)).toEqual(['settle-request'])

    // The wallet is subscribed to the session topic without asking.
    await dapp.request('irn_publish', { topic: session, message: 'settle-ack', ttl: 300 })
    await wallet.waitFor(() => wallet.messagesOn(session)[0])
    expect(wallet.messagesOn(session)).toEqual(['settle-ack'])
    await settle()
    expect(wallet.messagesOn(pairing)).toEqual([])
  })
})

describe('relay: bad input', () => {
  it('answers bad JSON, non-requests, unknown methods and bad params with JSON-RPC errors, and keeps serving', async () => {
    const c = await client()
    let nulls = 0

    c.sendRaw('{not json')
    expect(await c.nextNullIdResponse(nulls++)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
    c.sendRaw(Buffer.from([0xff, 0xfe, 0x00, 0x01]))
    expect(await c.nextNullIdResponse(nulls++)).toMatchObject({ error: { code: -32700 } })
    c.sendRaw('42')
    expect(await c.nextNullIdResponse(nulls++)).toMatchObject({ error: { code: -32600 } })
    c.sendRaw('[{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{}}]')
    expect(await c.nextNullIdResponse(nulls++)).toMatchObject({ error: { code: -32600 } })
    c.sendRaw('{"jsonrpc":"2.0","method":"irn_subscribe","params":{}}') // no id
    expect(await c.nextNullIdResponse(nulls++)).toMatchObject({ error: { code: -32600 } })
    c.sendRaw('{"id":7,"jsonrpc":"1.0","method":"irn_subscribe"}')
    await c.waitFor(() => c.responses.find((r) => r.id === 7))
    expect(c.responses.find((r) => r.id === 7)).toMatchObject({ error: { code: -32600 } })

    expect((await c.request('irn_nonsense', {})).error).toMatchObject({ code: -32601 })
    expect((await c.request('__proto__', {})).error).toMatchObject({ code: -32601 })
    expect((await c.request('eth_sendTransaction', [])).error).toMatchObject({ code: -32601 })

    const t = topic()
    const bad: [string, unknown][] = [
      ['irn_subscribe', undefined],
      ['irn_subscribe', null],
      ['irn_subscribe', []],
      ['irn_subscribe', {}],
      ['irn_subscribe', { topic: 42 }],
      ['irn_subscribe', { topic: 'not-a-topic' }],
      ['irn_subscribe', { topic: `${t}00` }],
      ['irn_publish', { topic: t, message: 'x' }],
      ['irn_publish', { topic: t, message: 'x', ttl: -1 }],
      ['irn_publish', { topic: t, message: 'x', ttl: 1.5 }],
      ['irn_publish', { topic: t, message: 'x', ttl: '300' }],
      ['irn_publish', { topic: t, message: 'x', ttl: 10 ** 9 }],
      ['irn_publish', { topic: t, message: '', ttl: 300 }],
      ['irn_publish', { topic: t, message: { a: 1 }, ttl: 300 }],
      ['irn_publish', { topic: t, message: 'x', ttl: 300, tag: 'one' }],
      ['irn_publish', { topic: t, message: 'x', ttl: 300, prompt: 'yes' }],
      ['irn_batchPublish', { messages: [] }],
      ['irn_batchPublish', { messages: [{ topic: t, message: 'ok', ttl: 300 }, { topic: t }] }],
      ['irn_batchSubscribe', { topics: 'abc' }],
      ['irn_batchSubscribe', { topics: [t, 'nope'] }],
      ['irn_batchSubscribe', { topics: Array.from({ length: 501 }, () => t) }],
      ['irn_unsubscribe', { topic: t }],
      ['irn_batchUnsubscribe', { subscriptions: [{ topic: t, id: 5 }] }],
      ['irn_batchFetchMessages', {}],
      ['wc_proposeSession', { pairingTopic: t, ttl: 300 }],
      ['wc_approveSession', { sessionTopic: t, pairingTopic: t, sessionProposalResponse: 'r', ttl: 300 }],
    ]
    for (const [method, params] of bad) {
      const res = await c.request(method, params)
      expect(res.error, `${method} ${JSON.stringify(params)?.slice(0, 80)}`).toMatchObject({ code: -32602 })
    }
    // A batch with one bad item publishes nothing.
    expect(relay.stats().mailboxMessages).toBe(0)

    // Still serving, on the same socket and on new ones.
    const other = await client()
    await other.request('irn_subscribe', { topic: t })
    expect((await c.request('irn_publish', { topic: t, message: 'still alive', ttl: 300 })).result).toBe(true)
    await other.waitFor(() => other.pushed[0])
    expect(other.messagesOn(t)).toEqual(['still alive'])
    expect(relay.stats().errors).toBe(6 + 3 + bad.length)
  })

  it('ignores stray responses and closes only the socket that sends an oversized frame', async () => {
    const c = await client()
    c.sendRaw('{"id":999,"jsonrpc":"2.0","result":true}') // ack for nothing
    c.sendRaw('{"id":998,"jsonrpc":"2.0","error":{"code":1,"message":"x"}}')
    const big = await client()
    big.sendRaw('x'.repeat(1024 * 1024 + 1))
    await big.waitFor(() => big.closed, 2000, 'close of the oversized sender')
    expect(big.closed?.code).toBe(1009)
    expect((await c.request('irn_subscribe', { topic: topic() })).result).toEqual(expect.any(String))
  })

  it('survives a random fuzz of frames', async () => {
    const c = await client()
    const t = topic()
    const junk = [
      '', ' ', 'null', 'true', '"str"', '{}', '{"jsonrpc":"2.0"}', '{"id":{},"jsonrpc":"2.0","method":"irn_publish"}',
      '{"id":1,"jsonrpc":"2.0","method":null}', '{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":"x"}',
      JSON.stringify({ id: 2, jsonrpc: '2.0', method: 'irn_publish', params: { topic: t, message: 'x', ttl: 300, __proto__: { a: 1 } } }),
      '{"id":3,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"' + t + '","constructor":1}}',
      '\u0000\u0001',
    ]
    for (let i = 0; i < 200; i++) {
      const s = junk[i % junk.length]!
      const cut = i >= junk.length ? s.slice(0, (i * 7) % (s.length + 1)) : s
      c.sendRaw(cut)
    }
    expect((await c.request('irn_subscribe', { topic: topic() })).result).toEqual(expect.any(String))
    expect(c.closed).toBeUndefined()
  })
})

describe('relay: liveness', () => {
  it('pings sockets and drops one that stops answering pongs', async () => {
    const fast = await startRelay({ pingIntervalMs: 40 })
    try {
      const pinged = await TestClient.connect(fast.url)
      let pings = 0
      pinged.ws.on('ping', () => pings++)
      const deaf = await TestClient.connect(fast.url, { ws: { autoPong: false } })
      await deaf.waitFor(() => deaf.closed, 2000, 'the deaf socket to be dropped')
      expect(pings).toBeGreaterThanOrEqual(2)
      expect(pinged.closed).toBeUndefined()
      await pinged.close()
    } finally {
      await fast.stop()
    }
  })

  it('stop() closes every socket and frees the port', async () => {
    const r = await startRelay()
    const c = await TestClient.connect(r.url)
    await r.stop()
    await c.waitFor(() => c.closed)
    await expect(TestClient.connect(r.url)).rejects.toThrow()
    await r.stop() // idempotent
  })
})
