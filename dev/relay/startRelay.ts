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
//   and the relay keeps serving;
// - memory is bounded (RelayLimits, README.md): message size, messages per mailbox, bytes and
//   topics over all mailboxes (oldest dropped first), subscriptions per socket, connections;
//   refusals use the hosted relay's errors (-32600 PayloadSizeExceeded, -32000
//   SubscriberLimitExceeded);
// - a socket's `?auth=` JWT is checked as the hosted relay checks it: EdDSA, signed by the
//   Ed25519 key its `iss` (did:key) names; a malformed or forged one closes the socket with 3000
//   (`JWT validation error: Invalid format` / `Invalid signature`). A socket without one is an
//   anonymous client.
//
// "The sender" is the publishing socket, and also any socket presenting the same client id
// (the verified `iss` of the `?auth=` JWT): a client that reconnects does not get its own
// messages back, and no client can pass for another without its key.

import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import {
  originMatches,
  RELAY_REFUSAL_CLOSE_CODE,
  RELAY_REFUSALS,
  decodeFrame,
  errorResponse,
  JSONRPC_INTERNAL_ERROR,
  LIMITS,
  payloadSizeExceeded,
  resultResponse,
  subscriberLimitExceeded,
  type JsonRpcId,
  type PublishParams,
  type RelayCall,
  verifyClientAuth,
} from './protocol'

/**
 * The relay's memory bounds. Whatever clients send, what the relay keeps stays under these;
 * see dev/relay/README.md for what happens at each cap.
 */
export interface RelayLimits {
  /** Largest WebSocket frame, bytes; a larger one closes that socket with 1009 (default 1 MiB). */
  maxFrameBytes: number
  /** Largest published message (plus attestation), UTF-8 bytes; over it a publish is refused with -32600 `PayloadSizeExceeded` (default 256 KiB). */
  maxMessageBytes: number
  /** Most live messages one topic's mailbox keeps; the oldest go first (default 1000). */
  maxMailboxMessages: number
  /** Most message bytes kept across every mailbox; the oldest messages, of any topic, go first (default 64 MiB). */
  maxMailboxBytes: number
  /** Most topics with a mailbox; a publish to a new topic past it drops the mailbox published to least recently (default 10 000). */
  maxTopics: number
  /** Most topics one socket subscribes to; past it a subscribe is refused with -32000 `SubscriberLimitExceeded` (default 1000). */
  maxSubscriptionsPerSocket: number
  /** Most open sockets; one more is closed at once with 1013 (default 1000). */
  maxConnections: number
  /** Most pushed messages one socket has not acked yet that the relay remembers; the oldest are forgotten (default 1000). */
  maxPendingPerSocket: number
  /** Most bytes waiting to be written to one socket; a socket that reads slower than that is dropped (default 16 MiB). */
  maxSocketBufferBytes: number
}

export const DEFAULT_RELAY_LIMITS: Readonly<RelayLimits> = Object.freeze({
  maxFrameBytes: LIMITS.maxFrameBytes,
  maxMessageBytes: 256 * 1024,
  maxMailboxMessages: 1000,
  maxMailboxBytes: 64 * 1024 * 1024,
  maxTopics: 10_000,
  maxSubscriptionsPerSocket: 1000,
  maxConnections: 1000,
  maxPendingPerSocket: 1000,
  maxSocketBufferBytes: 16 * 1024 * 1024,
})

const DEFAULT_JWT_LEEWAY_MS = 60_000

export interface RelayOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number
  /** Receives one line per notable event (connect, close, publish, bad input). */
  log?: (line: string) => void
  /** How often sockets are pinged, ms (default 10 000). A socket that missed a pong is dropped. */
  pingIntervalMs?: number
  /** How often expired mailbox messages are freed, ms (default 1000; they are also dropped whenever their topic is read). */
  sweepIntervalMs?: number
  /** The clock used for publishedAt and TTL expiry, ms since the epoch (default Date.now). */
  now?: () => number
  /** Memory bounds; each one missing takes its value from DEFAULT_RELAY_LIMITS. */
  limits?: Partial<RelayLimits>
  /**
   * The projects the relay admits, by project id, each with the page origins it admits (`*`
   * any; `*.example.com` a wildcard). Absent: every project from every origin, as before. A
   * socket it refuses is closed at once with 3000 and the hosted relay's reason (see
   * RELAY_REFUSALS): an unknown project id, or a page origin the project does not admit.
   */
  projects?: Record<string, { origins?: readonly string[] }>
  /**
   * How far ahead of the relay's clock (`now`) a client's auth JWT may be issued, ms (default
   * 60 000). A JWT issued later than that is refused, as the hosted relay refuses a client whose
   * clock runs ahead.
   */
  jwtLeewayMs?: number
}

export interface RelayStats {
  /** Open sockets. */
  connections: number
  /** Socket-topic subscriptions. */
  subscriptions: number
  /** The most subscriptions any one open socket holds. */
  maxSocketSubscriptions: number
  /** Pushed messages not acked yet, over every socket. */
  pendingPushes: number
  /** Messages held in mailboxes (not yet expired). */
  mailboxMessages: number
  /** Topics with a non-empty mailbox. */
  mailboxTopics: number
  /** UTF-8 bytes of the messages (and attestations) held in mailboxes. */
  mailboxBytes: number
  /** Accepted publishes (irn_publish, batch items, and the wc_* messages). */
  published: number
  /** irn_subscription pushes sent. */
  delivered: number
  /** irn_subscription pushes acked by clients. */
  acked: number
  /** Frames answered with a JSON-RPC error. */
  errors: number
  /** Messages dropped before their TTL to stay under a cap. */
  evicted: number
  /** Messages freed because their TTL ran out. */
  expired: number
  /** Requests refused because of a cap (message size, subscriptions). */
  refused: number
  /** Sockets dropped for a cap (too many connections, too slow a reader). */
  socketsDropped: number
  /** Calls per method. */
  methods: Record<string, number>
  /** The bounds in force. */
  limits: RelayLimits
}

export interface Relay {
  /** ws://127.0.0.1:PORT */
  url: string
  port: number
  stop(): Promise<void>
  stats(): RelayStats
}

interface StoredMessage {
  /** Publish order, relay-wide. */
  seq: number
  topic: string
  message: string
  /** UTF-8 bytes of message and attestation, as counted against maxMailboxBytes. */
  bytes: number
  publishedAt: number
  expiresAt: number
  tag: number | undefined
  attestation: string | undefined
  senderSocket: number
  senderClient: string | null
  /** Client keys that acked (or fetched) this message; bounded by MAX_ACKED_KEYS. */
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
  /** Messages already pushed on this socket (weak: an evicted message is not kept alive here). */
  sent: WeakSet<StoredMessage>
  /** Our irn_subscription request id → the pushed message's topic and seq, until acked. */
  pending: Map<number, { topic: string; seq: number }>
  alive: boolean
}

const DEFAULT_PING_MS = 10_000
const DEFAULT_SWEEP_MS = 1000
/** Most client keys remembered per message as having acked it (a client reconnecting under new ids cannot grow it). */
const MAX_ACKED_KEYS = 64

function short(topic: string): string {
  return topic.slice(0, 8)
}

function checkLimits(partial: Partial<RelayLimits> | undefined): RelayLimits {
  const limits: RelayLimits = { ...DEFAULT_RELAY_LIMITS }
  for (const [key, value] of Object.entries(partial ?? {})) {
    if (!(key in DEFAULT_RELAY_LIMITS)) throw new TypeError(`Unknown relay limit '${key}'`)
    if (value === undefined) continue
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`Relay limit ${key} must be a positive integer, got ${String(value)}`)
    limits[key as keyof RelayLimits] = value
  }
  if (limits.maxMessageBytes > limits.maxMailboxBytes) {
    throw new TypeError('Relay limit maxMessageBytes must not exceed maxMailboxBytes')
  }
  return limits
}

export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const log = options.log ?? (() => {})
  const now = options.now ?? Date.now
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_MS
  const sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_MS
  const limits = checkLimits(options.limits)

  const conns = new Set<Conn>()
  const subscribers = new Map<string, Set<Conn>>()
  /** topic → its live messages, oldest first; map order is least recently published first. */
  const mailboxes = new Map<string, StoredMessage[]>()
  /** Every stored message by seq; map order is publish order, so the first is the oldest. */
  const stored = new Map<number, StoredMessage>()
  let mailboxBytes = 0
  const counters = { published: 0, delivered: 0, acked: 0, errors: 0, evicted: 0, expired: 0, refused: 0, socketsDropped: 0 }
  const methods: Record<string, number> = {}
  let nextConn = 1
  let nextSeq = 1
  // Ids for the requests we push; distinct from the clients' payloadId() range.
  let nextPushId = 1

  // ---- mailbox -------------------------------------------------------------------------------

  /** Forgets a stored message (its mailbox entry and accounting); the caller fixes the box array. */
  function forget(m: StoredMessage, why: 'evicted' | 'expired'): void {
    if (!stored.delete(m.seq)) return
    mailboxBytes -= m.bytes
    counters[why]++
  }

  function removeFromBox(m: StoredMessage): void {
    const box = mailboxes.get(m.topic)
    if (!box) return
    const at = box.indexOf(m)
    if (at >= 0) box.splice(at, 1)
    if (box.length === 0) mailboxes.delete(m.topic)
  }

  function dropTopic(topic: string): void {
    for (const m of mailboxes.get(topic) ?? []) forget(m, 'evicted')
    mailboxes.delete(topic)
  }

  function liveMessages(topic: string): StoredMessage[] {
    const box = mailboxes.get(topic)
    if (!box) return []
    const t = now()
    if (box.some((m) => m.expiresAt <= t)) {
      const live = box.filter((m) => {
        if (m.expiresAt > t) return true
        forget(m, 'expired')
        return false
      })
      if (live.length === 0) {
        mailboxes.delete(topic)
        return []
      }
      // Keep the topic's place in the least-recently-published order.
      box.splice(0, box.length, ...live)
    }
    return box
  }

  function sweep(): void {
    for (const topic of [...mailboxes.keys()]) liveMessages(topic)
  }

  /** Drops the oldest messages (of any topic) until `incoming` more bytes fit under the byte cap. */
  function makeRoom(incoming: number): void {
    while (mailboxBytes + incoming > limits.maxMailboxBytes && stored.size > 0) {
      const oldest = stored.values().next().value as StoredMessage
      forget(oldest, 'evicted')
      removeFromBox(oldest)
    }
  }

  function isSender(m: StoredMessage, c: Conn): boolean {
    return m.senderSocket === c.n || (m.senderClient !== null && m.senderClient === c.clientId)
  }

  function send(c: Conn, payload: unknown): void {
    if (c.ws.readyState !== c.ws.OPEN) return
    if (c.ws.bufferedAmount > limits.maxSocketBufferBytes) {
      // A client that does not read its socket would have the relay buffer for it forever.
      counters.socketsDropped++
      log(`relay: #${c.n} reads too slowly (${c.ws.bufferedAmount} bytes unsent), dropping it`)
      c.ws.terminate()
      return
    }
    try {
      c.ws.send(JSON.stringify(payload))
    } catch (e) {
      log(`relay: send to #${c.n} failed: ${String(e)}`)
    }
  }

  function markAcked(m: StoredMessage, key: string): void {
    if (m.ackedBy.has(key)) return
    if (m.ackedBy.size >= MAX_ACKED_KEYS) m.ackedBy.delete(m.ackedBy.values().next().value as string)
    m.ackedBy.add(key)
  }

  function deliver(c: Conn, m: StoredMessage): void {
    if (isSender(m, c) || c.sent.has(m) || m.ackedBy.has(c.key)) return
    const subId = c.topics.get(m.topic)
    if (subId === undefined) return
    const id = nextPushId++
    c.sent.add(m)
    c.pending.set(id, { topic: m.topic, seq: m.seq })
    if (c.pending.size > limits.maxPendingPerSocket) c.pending.delete(c.pending.keys().next().value as number)
    const data: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt }
    if (m.attestation !== undefined) data.attestation = m.attestation
    send(c, { id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subId, data } })
    counters.delivered++
  }

  function messageBytes(message: string, attestation: string | undefined): number {
    return Buffer.byteLength(message, 'utf8') + (attestation === undefined ? 0 : Buffer.byteLength(attestation, 'utf8'))
  }

  function fits(message: string, attestation?: string): boolean {
    // Cheap first: a string has at least as many UTF-8 bytes as UTF-16 code units.
    if (message.length + (attestation?.length ?? 0) > limits.maxMessageBytes) return false
    return messageBytes(message, attestation) <= limits.maxMessageBytes
  }

  function publish(c: Conn, p: PublishParams): void {
    const existing = liveMessages(p.topic)
    // A client retrying a publish (its ack timed out) must not create a second copy.
    if (existing.some((m) => m.message === p.message)) return
    const publishedAt = now()
    const m: StoredMessage = {
      seq: nextSeq++,
      topic: p.topic,
      message: p.message,
      bytes: messageBytes(p.message, p.attestation),
      publishedAt,
      expiresAt: publishedAt + p.ttl * 1000,
      tag: p.tag,
      attestation: p.attestation,
      senderSocket: c.n,
      senderClient: c.clientId,
      ackedBy: new Set(),
    }
    makeRoom(m.bytes)
    let box = mailboxes.get(p.topic)
    if (box) {
      // Move the topic to the most recently published end.
      mailboxes.delete(p.topic)
    } else {
      box = []
      while (mailboxes.size >= limits.maxTopics) dropTopic(mailboxes.keys().next().value as string)
    }
    mailboxes.set(p.topic, box)
    box.push(m)
    stored.set(m.seq, m)
    mailboxBytes += m.bytes
    while (box.length > limits.maxMailboxMessages) forget(box.shift()!, 'evicted')
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

  /** Whether subscribing `c` to `topics` keeps it within its subscription cap. */
  function canSubscribe(c: Conn, topics: readonly string[]): boolean {
    let added = 0
    for (const t of new Set(topics)) if (!c.topics.has(t)) added++
    return c.topics.size + added <= limits.maxSubscriptionsPerSocket
  }

  function subscribe(c: Conn, topic: string): { id: string; backlog: StoredMessage[] } {
    let id = c.topics.get(topic)
    if (id === undefined) {
      id = randomBytes(32).toString('hex')
      c.topics.set(topic, id)
      let set = subscribers.get(topic)
      if (!set) subscribers.set(topic, (set = new Set()))
      set.add(c)
    }
    return { id, backlog: [...liveMessages(topic)] }
  }

  function unsubscribe(c: Conn, topic: string): void {
    // Clients pass their own locally computed subscription id; the topic is what counts.
    c.topics.delete(topic)
    const set = subscribers.get(topic)
    if (set) {
      set.delete(c)
      if (set.size === 0) subscribers.delete(topic)
    }
    for (const [id, p] of c.pending) if (p.topic === topic) c.pending.delete(id)
  }

  function flush(c: Conn, backlog: StoredMessage[]): void {
    for (const m of backlog) deliver(c, m)
  }

  /** Answers a cap refusal. */
  function refuse(c: Conn, response: ReturnType<typeof errorResponse>, what: string): void {
    counters.refused++
    counters.errors++
    log(`relay: #${c.n} refused ${what}: ${response.error.message}`)
    send(c, response)
  }

  // ---- requests ------------------------------------------------------------------------------

  function handle(c: Conn, id: JsonRpcId, call: RelayCall): void {
    methods[call.method] = (methods[call.method] ?? 0) + 1
    switch (call.method) {
      case 'irn_publish':
        if (!fits(call.params.message, call.params.attestation)) return refuse(c, payloadSizeExceeded(id), 'irn_publish')
        send(c, resultResponse(id, true))
        publish(c, call.params)
        return
      case 'irn_batchPublish':
        // All or nothing, as with a bad item.
        if (!call.params.messages.every((p) => fits(p.message, p.attestation))) return refuse(c, payloadSizeExceeded(id), 'irn_batchPublish')
        send(c, resultResponse(id, true))
        for (const p of call.params.messages) publish(c, p)
        return
      case 'irn_subscribe': {
        if (!canSubscribe(c, [call.params.topic])) return refuse(c, subscriberLimitExceeded(id), 'irn_subscribe')
        const { id: subId, backlog } = subscribe(c, call.params.topic)
        send(c, resultResponse(id, subId))
        flush(c, backlog)
        return
      }
      case 'irn_batchSubscribe': {
        if (!canSubscribe(c, call.params.topics)) return refuse(c, subscriberLimitExceeded(id), 'irn_batchSubscribe')
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
        let bytes = 0
        let hasMore = false
        for (const topic of call.params.topics) {
          for (const m of liveMessages(topic)) {
            if (isSender(m, c) || m.ackedBy.has(c.key)) continue
            // One answer stays under the socket's buffer cap; the client fetches again for the rest.
            if (messages.length > 0 && bytes + m.bytes > limits.maxSocketBufferBytes / 2) {
              hasMore = true
              break
            }
            bytes += m.bytes
            markAcked(m, c.key)
            const out: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt }
            if (m.attestation !== undefined) out.attestation = m.attestation
            messages.push(out)
          }
          if (hasMore) break
        }
        send(c, resultResponse(id, { messages, hasMore }))
        return
      }
      case 'wc_proposeSession': {
        const p = call.params
        if (!fits(p.sessionProposal, p.attestation)) return refuse(c, payloadSizeExceeded(id), 'wc_proposeSession')
        if (!canSubscribe(c, [p.pairingTopic])) return refuse(c, subscriberLimitExceeded(id), 'wc_proposeSession')
        subscribe(c, p.pairingTopic)
        send(c, resultResponse(id, true))
        publish(c, { topic: p.pairingTopic, message: p.sessionProposal, ttl: p.ttl, tag: p.tag ?? 1100, attestation: p.attestation })
        return
      }
      case 'wc_approveSession': {
        const p = call.params
        if (!fits(p.sessionProposalResponse) || !fits(p.sessionSettlementRequest)) return refuse(c, payloadSizeExceeded(id), 'wc_approveSession')
        if (!canSubscribe(c, [p.sessionTopic])) return refuse(c, subscriberLimitExceeded(id), 'wc_approveSession')
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
    const frame = decodeFrame(buf.toString('utf8'), limits.maxFrameBytes)
    switch (frame.kind) {
      case 'error':
        counters.errors++
        log(`relay: #${c.n} bad frame → ${frame.response.error.code} ${frame.response.error.message}`)
        send(c, frame.response)
        return
      case 'response': {
        const p = typeof frame.id === 'number' ? c.pending.get(frame.id) : undefined
        if (p && typeof frame.id === 'number') {
          c.pending.delete(frame.id)
          const m = stored.get(p.seq)
          if (frame.ok) {
            if (m) markAcked(m, c.key)
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

  /**
   * Who the socket's client is, or why the relay refuses it (the hosted relay's reason): the
   * project id must be one it admits, the page's origin one that project admits, an auth JWT
   * (when there is one) signed by the key its `iss` names and not issued ahead of the relay's
   * clock (beyond the leeway). A socket without one is an anonymous client.
   */
  function admission(query: URLSearchParams, origin: string | undefined): { clientId: string | null } | { refusal: string } {
    if (options.projects) {
      const project = Object.hasOwn(options.projects, query.get('projectId') ?? '') ? options.projects[query.get('projectId')!] : undefined
      if (!project) return { refusal: RELAY_REFUSALS.invalidKey }
      if (project.origins && !project.origins.some((allowed) => originMatches(allowed, origin))) return { refusal: RELAY_REFUSALS.originNotAllowed }
    }
    const auth = verifyClientAuth(query.get('auth'))
    if (!auth.ok) return { refusal: auth.refusal }
    if (auth.issuedAt !== null && auth.issuedAt * 1000 > now() + (options.jwtLeewayMs ?? DEFAULT_JWT_LEEWAY_MS)) return { refusal: RELAY_REFUSALS.jwtNotYetValid }
    return { clientId: auth.clientId }
  }

  const http: Server = createServer((req, res) => {
    // A plain GET answers a health check; the relay itself is the WebSocket upgrade.
    res.writeHead(req.url?.startsWith('/health') ? 200 : 426, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ ok: true, relay: 'gangway-dev-relay', websocket: true }))
  })
  const wss = new WebSocketServer({ server: http, maxPayload: limits.maxFrameBytes, perMessageDeflate: false })

  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    let query: URLSearchParams
    try {
      query = new URL(req.url ?? '/', 'ws://127.0.0.1').searchParams
    } catch {
      query = new URLSearchParams()
    }
    const n = nextConn++
    if (conns.size >= limits.maxConnections) {
      counters.socketsDropped++
      log(`relay: #${n} refused: already ${conns.size} connections`)
      ws.on('error', () => {})
      ws.close(1013, 'Too many connections')
      return
    }
    const admitted = admission(query, req.headers.origin)
    if ('refusal' in admitted) {
      counters.socketsDropped++
      log(`relay: #${n} refused: ${admitted.refusal}`)
      ws.on('error', () => {})
      ws.close(RELAY_REFUSAL_CLOSE_CODE, admitted.refusal)
      return
    }
    const { clientId } = admitted
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
      c.pending.clear()
      log(`relay: #${n} closed (${code})`)
    })
  })
  wss.on('error', (e) => log(`relay: server error: ${e.message}`))

  const sweeper = setInterval(sweep, sweepIntervalMs)
  sweeper.unref()
  const pinger = setInterval(() => {
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
      let maxSocketSubscriptions = 0
      let pendingPushes = 0
      for (const c of conns) {
        maxSocketSubscriptions = Math.max(maxSocketSubscriptions, c.topics.size)
        pendingPushes += c.pending.size
      }
      return {
        connections: conns.size,
        subscriptions,
        maxSocketSubscriptions,
        pendingPushes,
        mailboxMessages: stored.size,
        mailboxTopics: mailboxes.size,
        mailboxBytes,
        ...counters,
        methods: { ...methods },
        limits: { ...limits },
      }
    },
    stop(): Promise<void> {
      stopping ??= (async () => {
        clearInterval(pinger)
        clearInterval(sweeper)
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
