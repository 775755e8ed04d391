// A local WalletConnect relay: JSON-RPC over WebSocket on 127.0.0.1, enough of the relay API for
// @walletconnect/core 2.25 (sign-client, universal-provider, walletkit) to pair, approve, request
// and disconnect without the internet.
//
// Behaviour (see ../../../shared/OFFLINE-NOTES.md, "WalletConnect without the internet"):
// - irn_subscribe / irn_batchSubscribe / irn_unsubscribe / irn_batchUnsubscribe on topics;
// - irn_publish / irn_batchPublish store the message in the topic's mailbox until its TTL and push
//   it as irn_subscription to every subscriber but the sender; a late subscriber gets what the
//   mailbox still holds; irn_batchFetchMessages reads the mailbox;
// - wc_proposeSession publishes the proposal on the pairing topic and subscribes the sender to it;
//   wc_approveSession publishes the proposal response (pairing topic) and the settle request
//   (session topic) and subscribes the sender to the session topic (sign-client 2.25 sends no
//   irn_subscribe for these; without this connect() stalls ~35 s);
// - a pushed irn_subscription is acked by the client (a JSON-RPC result with the same id); an
//   acked message is not delivered to that client again;
// - every socket is pinged every pingIntervalMs (10 s) and dropped after a missed pong;
// - every frame is validated; bad ones get JSON-RPC errors (-32700 / -32600 / -32601 / -32602)
//   and the relay keeps serving.
//
// "The sender" is the publishing socket, and also any socket presenting the same client id
// (the `iss` of the `?auth=` JWT): a client that reconnects does not get its own messages back.

import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import {
  clientIdFromAuth,
  decodeFrame,
  errorResponse,
  JSONRPC_INTERNAL_ERROR,
  LIMITS,
  resultResponse,
  type JsonRpcId,
  type PublishParams,
  type RelayCall,
} from './protocol'

export interface RelayOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number
  /** Receives one line per notable event (connect, close, publish, bad input). */
  log?: (line: string) => void
  /** How often sockets are pinged, ms (default 10 000). A socket that missed a pong is dropped. */
  pingIntervalMs?: number
  /** The clock used for publishedAt and TTL expiry, ms since the epoch (default Date.now). */
  now?: () => number
}

export interface RelayStats {
  /** Open sockets. */
  connections: number
  /** Socket-topic subscriptions. */
  subscriptions: number
  /** Messages held in mailboxes (not yet expired). */
  mailboxMessages: number
  /** Topics with a non-empty mailbox. */
  mailboxTopics: number
  /** Accepted publishes (irn_publish, batch items, and the wc_* messages). */
  published: number
  /** irn_subscription pushes sent. */
  delivered: number
  /** irn_subscription pushes acked by clients. */
  acked: number
  /** Frames answered with a JSON-RPC error. */
  errors: number
  /** Calls per method. */
  methods: Record<string, number>
}

export interface Relay {
  /** ws://127.0.0.1:PORT */
  url: string
  port: number
  stop(): Promise<void>
  stats(): RelayStats
}

interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag: number | undefined
  attestation: string | undefined
  senderSocket: number
  senderClient: string | null
  /** Client keys that acked (or fetched) this message. */
  ackedBy: Set<string>
}

interface Conn {
  n: number
  ws: WebSocket
  clientId: string | null
  /** clientId, or a per-socket key when the client presented none. */
  key: string
  /** topic → the subscription id we handed out. */
  topics: Map<string, string>
  /** Messages already pushed on this socket. */
  sent: WeakSet<StoredMessage>
  /** Our irn_subscription request id → the message, until acked. */
  pending: Map<number, StoredMessage>
  alive: boolean
}

const DEFAULT_PING_MS = 10_000

function short(topic: string): string {
  return topic.slice(0, 8)
}

export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const log = options.log ?? (() => {})
  const now = options.now ?? Date.now
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_MS

  const conns = new Set<Conn>()
  const subscribers = new Map<string, Set<Conn>>()
  const mailboxes = new Map<string, StoredMessage[]>()
  const counters = { published: 0, delivered: 0, acked: 0, errors: 0 }
  const methods: Record<string, number> = {}
  let nextConn = 1
  // Ids for the requests we push; distinct from the clients' payloadId() range.
  let nextPushId = 1

  // ---- mailbox -------------------------------------------------------------------------------

  function liveMessages(topic: string): StoredMessage[] {
    const box = mailboxes.get(topic)
    if (!box) return []
    const t = now()
    const live = box.filter((m) => m.expiresAt > t)
    if (live.length === 0) mailboxes.delete(topic)
    else if (live.length !== box.length) mailboxes.set(topic, live)
    return live
  }

  function sweep(): void {
    for (const topic of [...mailboxes.keys()]) liveMessages(topic)
  }

  function isSender(m: StoredMessage, c: Conn): boolean {
    return m.senderSocket === c.n || (m.senderClient !== null && m.senderClient === c.clientId)
  }

  function send(c: Conn, payload: unknown): void {
    if (c.ws.readyState !== c.ws.OPEN) return
    try {
      c.ws.send(JSON.stringify(payload))
    } catch (e) {
      log(`relay: send to #${c.n} failed: ${String(e)}`)
    }
  }

  function deliver(c: Conn, m: StoredMessage): void {
    if (isSender(m, c) || c.sent.has(m) || m.ackedBy.has(c.key)) return
    const subId = c.topics.get(m.topic)
    if (subId === undefined) return
    const id = nextPushId++
    c.sent.add(m)
    c.pending.set(id, m)
    const data: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt }
    if (m.attestation !== undefined) data.attestation = m.attestation
    send(c, { id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subId, data } })
    counters.delivered++
  }

  function publish(c: Conn, p: PublishParams): void {
    const existing = liveMessages(p.topic)
    // A client retrying a publish (its ack timed out) must not create a second copy.
    if (existing.some((m) => m.message === p.message)) return
    const publishedAt = now()
    const m: StoredMessage = {
      topic: p.topic,
      message: p.message,
      publishedAt,
      expiresAt: publishedAt + p.ttl * 1000,
      tag: p.tag,
      attestation: p.attestation,
      senderSocket: c.n,
      senderClient: c.clientId,
      ackedBy: new Set(),
    }
    mailboxes.set(p.topic, [...existing, m].slice(-LIMITS.maxMailbox))
    counters.published++
    const subs = subscribers.get(p.topic)
    let n = 0
    for (const s of subs ?? []) {
      if (isSender(m, s)) continue
      deliver(s, m)
      n++
    }
    log(`relay: #${c.n} publish ${short(p.topic)} tag=${p.tag ?? '-'} ttl=${p.ttl}s → ${n} subscriber(s)`)
  }

  // ---- subscriptions -------------------------------------------------------------------------

  function subscribe(c: Conn, topic: string): { id: string; backlog: StoredMessage[] } {
    let id = c.topics.get(topic)
    if (id === undefined) {
      id = randomBytes(32).toString('hex')
      c.topics.set(topic, id)
      let set = subscribers.get(topic)
      if (!set) subscribers.set(topic, (set = new Set()))
      set.add(c)
    }
    return { id, backlog: liveMessages(topic) }
  }

  function unsubscribe(c: Conn, topic: string): void {
    // Clients pass their own locally computed subscription id; the topic is what counts.
    c.topics.delete(topic)
    const set = subscribers.get(topic)
    if (set) {
      set.delete(c)
      if (set.size === 0) subscribers.delete(topic)
    }
    for (const [id, m] of c.pending) if (m.topic === topic) c.pending.delete(id)
  }

  function flush(c: Conn, backlog: StoredMessage[]): void {
    for (const m of backlog) deliver(c, m)
  }

  // ---- requests ------------------------------------------------------------------------------

  function handle(c: Conn, id: JsonRpcId, call: RelayCall): void {
    methods[call.method] = (methods[call.method] ?? 0) + 1
    switch (call.method) {
      case 'irn_publish':
        send(c, resultResponse(id, true))
        publish(c, call.params)
        return
      case 'irn_batchPublish':
        send(c, resultResponse(id, true))
        for (const p of call.params.messages) publish(c, p)
        return
      case 'irn_subscribe': {
        const { id: subId, backlog } = subscribe(c, call.params.topic)
        send(c, resultResponse(id, subId))
        flush(c, backlog)
        return
      }
      case 'irn_batchSubscribe': {
        const subs = call.params.topics.map((t) => subscribe(c, t))
        send(c, resultResponse(id, subs.map((s) => s.id)))
        for (const s of subs) flush(c, s.backlog)
        return
      }
      case 'irn_unsubscribe':
        unsubscribe(c, call.params.topic)
        send(c, resultResponse(id, true))
        return
      case 'irn_batchUnsubscribe':
        for (const s of call.params.subscriptions) unsubscribe(c, s.topic)
        send(c, resultResponse(id, true))
        return
      case 'irn_batchFetchMessages': {
        const messages: Record<string, unknown>[] = []
        for (const topic of call.params.topics) {
          for (const m of liveMessages(topic)) {
            if (isSender(m, c) || m.ackedBy.has(c.key)) continue
            m.ackedBy.add(c.key)
            const out: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt }
            if (m.attestation !== undefined) out.attestation = m.attestation
            messages.push(out)
          }
        }
        send(c, resultResponse(id, { messages, hasMore: false }))
        return
      }
      case 'wc_proposeSession': {
        const p = call.params
        subscribe(c, p.pairingTopic)
        send(c, resultResponse(id, true))
        publish(c, { topic: p.pairingTopic, message: p.sessionProposal, ttl: p.ttl, tag: p.tag ?? 1100, attestation: p.attestation })
        return
      }
      case 'wc_approveSession': {
        const p = call.params
        subscribe(c, p.sessionTopic)
        send(c, resultResponse(id, true))
        publish(c, { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl: p.ttl, tag: 1101 })
        publish(c, { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl: p.ttl, tag: 1102 })
        return
      }
    }
  }

  function onFrame(c: Conn, data: RawData): void {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
    const frame = decodeFrame(buf.toString('utf8'))
    switch (frame.kind) {
      case 'error':
        counters.errors++
        log(`relay: #${c.n} bad frame → ${frame.response.error.code} ${frame.response.error.message}`)
        send(c, frame.response)
        return
      case 'response': {
        const m = typeof frame.id === 'number' ? c.pending.get(frame.id) : undefined
        if (m && typeof frame.id === 'number') {
          c.pending.delete(frame.id)
          if (frame.ok) {
            m.ackedBy.add(c.key)
            counters.acked++
          }
        }
        return
      }
      case 'request':
        try {
          handle(c, frame.id, frame.call)
        } catch (e) {
          counters.errors++
          log(`relay: #${c.n} internal error in ${frame.call.method}: ${String(e)}`)
          send(c, errorResponse(frame.id, JSONRPC_INTERNAL_ERROR, 'Internal error'))
        }
        return
    }
  }

  // ---- server --------------------------------------------------------------------------------

  const http: Server = createServer((req, res) => {
    // A plain GET answers a health check; the relay itself is the WebSocket upgrade.
    res.writeHead(req.url?.startsWith('/health') ? 200 : 426, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ ok: true, relay: 'gangway-dev-relay', websocket: true }))
  })
  const wss = new WebSocketServer({ server: http, maxPayload: LIMITS.maxFrameBytes, perMessageDeflate: false })

  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    let query: URLSearchParams
    try {
      query = new URL(req.url ?? '/', 'ws://127.0.0.1').searchParams
    } catch {
      query = new URLSearchParams()
    }
    const clientId = clientIdFromAuth(query.get('auth'))
    const n = nextConn++
    const c: Conn = {
      n,
      ws,
      clientId,
      key: clientId ?? `socket:${n}`,
      topics: new Map(),
      sent: new WeakSet(),
      pending: new Map(),
      alive: true,
    }
    conns.add(c)
    log(`relay: #${n} connected project=${query.get('projectId') ?? '-'} client=${clientId ? clientId.slice(-10) : '-'}`)
    ws.on('pong', () => {
      c.alive = true
    })
    ws.on('message', (data) => {
      c.alive = true
      try {
        onFrame(c, data)
      } catch (e) {
        counters.errors++
        log(`relay: #${n} frame handling failed: ${String(e)}`)
      }
    })
    ws.on('error', (e) => log(`relay: #${n} socket error: ${e.message}`))
    ws.on('close', (code) => {
      conns.delete(c)
      for (const topic of [...c.topics.keys()]) unsubscribe(c, topic)
      log(`relay: #${n} closed (${code})`)
    })
  })
  wss.on('error', (e) => log(`relay: server error: ${e.message}`))

  const pinger = setInterval(() => {
    sweep()
    for (const c of conns) {
      if (!c.alive) {
        log(`relay: #${c.n} missed a pong, terminating`)
        c.ws.terminate()
        continue
      }
      c.alive = false
      try {
        c.ws.ping()
      } catch {
        // the close handler cleans up
      }
    }
  }, pingIntervalMs)
  pinger.unref()

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, '127.0.0.1', () => {
      http.off('error', reject)
      resolve()
    })
  })
  http.on('error', (e) => log(`relay: http error: ${e.message}`))
  const port = (http.address() as AddressInfo).port
  const url = `ws://127.0.0.1:${port}`
  log(`relay: listening on ${url}`)

  let stopping: Promise<void> | undefined
  return {
    url,
    port,
    stats(): RelayStats {
      sweep()
      let subscriptions = 0
      for (const set of subscribers.values()) subscriptions += set.size
      let mailboxMessages = 0
      for (const box of mailboxes.values()) mailboxMessages += box.length
      return {
        connections: conns.size,
        subscriptions,
        mailboxMessages,
        mailboxTopics: mailboxes.size,
        ...counters,
        methods: { ...methods },
      }
    },
    stop(): Promise<void> {
      stopping ??= (async () => {
        clearInterval(pinger)
        for (const c of conns) c.ws.terminate()
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await new Promise<void>((resolve) => {
          http.close(() => resolve())
          http.closeAllConnections()
        })
        log('relay: stopped')
      })()
      return stopping
    },
  }
}
