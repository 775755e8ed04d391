// Solana PubSub over WebSocket for the local validator: signatureSubscribe, accountSubscribe and
// slotSubscribe with their unsubscribes, as @solana/kit's createSolanaRpcSubscriptions and
// sendAndConfirmTransactionFactory use them. Notifications follow each landed transaction.
import { isAddress, isSignature, type Address, type EncodedAccount } from '@solana/kit'
import type { WebSocket, WebSocketServer } from 'ws'
import { encodeAccount, type AccountEncoding } from './accountEncoding'
import { errorAnswer, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, RpcError, requestId, toJson, type JsonRpcId } from './jsonRpc'
import type { LedgerCommit, SolanaLedger } from './ledger'

export type SubscriptionLimits = {
  /** Open WebSocket connections at once; more are closed with 1013 (try again later). */
  maxConnections: number
  maxSubscriptionsPerConnection: number
  /** Largest incoming WebSocket message. */
  maxMessageBytes: number
}

/** How long after subscribing a signature that already landed its notification is sent (kit listens once it has the id). */
const KNOWN_SIGNATURE_DELAY_MS = 20

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; address: Address; encoding: AccountEncoding; last: string }
  | { kind: 'slot' }

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address

/**
 * Serves PubSub on `wss` over `ledger`.
 *
 * @example
 * const subscriptions = attachSubscriptions(wss, ledger, limits)
 * subscriptions.close() // on stop
 */
export function attachSubscriptions(wss: WebSocketServer, ledger: SolanaLedger, limits: SubscriptionLimits, log?: (line: string) => void) {
  let nextId = 0
  const connections = new Map<WebSocket, Map<number, Subscription>>()
  const timers = new Set<NodeJS.Timeout>()

  const accountText = (address: Address, encoding: AccountEncoding): { json: unknown; text: string } => {
    // A closed account is announced as an empty system account, as a validator does.
    const account: EncodedAccount = ledger.account(address) ?? { address, data: new Uint8Array(), executable: false, lamports: 0n as EncodedAccount['lamports'], programAddress: SYSTEM_PROGRAM, space: 0n }
    const json = encodeAccount(account, encoding, undefined, (mint) => ledger.account(mint))
    return { json, text: toJson(json) }
  }

  const send = (socket: WebSocket, message: unknown): void => {
    if (socket.readyState === socket.OPEN) socket.send(toJson(message))
  }
  const notify = (socket: WebSocket, method: string, id: number, result: unknown): void => {
    send(socket, { jsonrpc: '2.0', method, params: { result, subscription: id } })
  }

  const onCommit = (commit: LedgerCommit): void => {
    for (const [socket, subscriptions] of connections) {
      for (const [id, subscription] of subscriptions) {
        if (subscription.kind === 'slot') {
          notify(socket, 'slotNotification', id, { parent: commit.parent, root: commit.parent, slot: commit.slot })
        } else if (subscription.kind === 'signature') {
          if (subscription.signature !== commit.signature) continue
          subscriptions.delete(id)
          notify(socket, 'signatureNotification', id, { context: { slot: commit.slot }, value: { err: commit.err } })
        } else {
          let current: { json: unknown; text: string }
          try {
            current = accountText(subscription.address, subscription.encoding)
          } catch {
            continue // base58 of an account grown past 128 bytes: nothing to send in that encoding
          }
          const { json, text } = current
          if (text === subscription.last) continue
          subscription.last = text
          notify(socket, 'accountNotification', id, { context: { slot: commit.slot }, value: json })
        }
      }
    }
  }
  const offCommit = ledger.onCommit(onCommit)

  const subscribe = (socket: WebSocket, subscriptions: Map<number, Subscription>, method: string, params: unknown[]): unknown => {
    const unsubscribe = /^(signature|account|slot)Unsubscribe$/.exec(method)
    if (unsubscribe !== null) {
      const id = params[0]
      const subscription = typeof id === 'number' ? subscriptions.get(id) : undefined
      if (subscription === undefined || subscription.kind !== unsubscribe[1]) throw new RpcError(INVALID_PARAMS, 'Invalid subscription id.')
      subscriptions.delete(id as number)
      return true
    }
    if (method !== 'signatureSubscribe' && method !== 'accountSubscribe' && method !== 'slotSubscribe') {
      throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 60)} (this validator serves signature, account and slot subscriptions)`)
    }
    if (subscriptions.size >= limits.maxSubscriptionsPerConnection) {
      throw new RpcError(INVALID_REQUEST, `Invalid request: more than ${limits.maxSubscriptionsPerConnection} subscriptions on one connection`)
    }
    const config = params[1]
    if (config !== undefined && config !== null && (typeof config !== 'object' || Array.isArray(config))) {
      throw new RpcError(INVALID_PARAMS, 'Invalid params: parameter 2 must be a configuration object')
    }
    const id = nextId++
    if (method === 'slotSubscribe') {
      subscriptions.set(id, { kind: 'slot' })
      return id
    }
    const target = params[0]
    if (method === 'signatureSubscribe') {
      if (typeof target !== 'string' || !isSignature(target)) throw new RpcError(INVALID_PARAMS, 'Invalid params: the signature is not a valid base58 signature')
      subscriptions.set(id, { kind: 'signature', signature: target })
      const status = ledger.status(target)
      if (status !== null) {
        const timer = setTimeout(() => {
          timers.delete(timer)
          if (subscriptions.delete(id)) notify(socket, 'signatureNotification', id, { context: { slot: status.slot }, value: { err: status.err } })
        }, KNOWN_SIGNATURE_DELAY_MS)
        timers.add(timer)
      }
      return id
    }
    if (typeof target !== 'string' || !isAddress(target)) throw new RpcError(INVALID_PARAMS, 'Invalid params: the address is not a valid base58 address')
    const encoding = (config as { encoding?: unknown } | undefined)?.encoding ?? 'base64'
    if (encoding !== 'base58' && encoding !== 'base64' && encoding !== 'jsonParsed' && encoding !== 'binary') {
      throw new RpcError(INVALID_PARAMS, 'Invalid params: encoding must be one of base58, base64, jsonParsed')
    }
    const { text } = accountText(target, encoding)
    subscriptions.set(id, { kind: 'account', address: target, encoding, last: text })
    return id
  }

  const answer = (socket: WebSocket, subscriptions: Map<number, Subscription>, request: unknown): unknown => {
    const id: JsonRpcId = requestId(request) ?? null
    if (typeof request !== 'object' || request === null || Array.isArray(request)) return errorAnswer(null, new RpcError(INVALID_REQUEST, 'Invalid request: expected a JSON-RPC request object'))
    const { jsonrpc, method, params } = request as { jsonrpc?: unknown; method?: unknown; params?: unknown }
    // kit's keep-alive `ping` (and any other notification) gets no answer.
    if (!('id' in request)) return undefined
    if (jsonrpc !== '2.0' || typeof method !== 'string') return errorAnswer(id, new RpcError(INVALID_REQUEST, 'Invalid request: expected { jsonrpc: "2.0", id, method, params }'))
    if (params !== undefined && params !== null && !Array.isArray(params)) return errorAnswer(id, new RpcError(INVALID_PARAMS, 'Invalid params: params must be an array'))
    try {
      return { jsonrpc: '2.0', id, result: subscribe(socket, subscriptions, method, (params ?? []) as unknown[]) }
    } catch (error) {
      if (error instanceof RpcError) return errorAnswer(id, error)
      log?.(`internal error in ${method}: ${error instanceof Error ? error.message : String(error)}`)
      return errorAnswer(id, new RpcError(-32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`))
    }
  }

  wss.on('connection', (socket) => {
    if (connections.size >= limits.maxConnections) {
      socket.close(1013, 'too many connections')
      return
    }
    const subscriptions = new Map<number, Subscription>()
    connections.set(socket, subscriptions)
    socket.on('error', () => socket.terminate())
    socket.on('close', () => connections.delete(socket))
    socket.on('message', (data, isBinary) => {
      let request: unknown
      try {
        request = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data))
      } catch {
        send(socket, errorAnswer(null, new RpcError(PARSE_ERROR, 'Parse error')))
        return
      }
      if (Array.isArray(request)) {
        if (request.length === 0 || request.length > limits.maxSubscriptionsPerConnection) {
          send(socket, errorAnswer(null, new RpcError(INVALID_REQUEST, 'Invalid request: empty or oversized batch')))
          return
        }
        const answers = request.map((item) => answer(socket, subscriptions, item)).filter((a) => a !== undefined)
        if (answers.length > 0) send(socket, answers)
        return
      }
      const reply = answer(socket, subscriptions, request)
      if (reply !== undefined) send(socket, reply)
    })
  })

  return {
    /** Subscriptions open now, over all connections. */
    count: (): number => [...connections.values()].reduce((n, s) => n + s.size, 0),
    close(): void {
      offCommit()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      for (const socket of connections.keys()) socket.terminate()
      connections.clear()
    },
  }
}
