import { RPC_BATCH_MAX } from '../../src/core/domain/constants'
import {
  checkRequest,
  errorAnswer,
  INTERNAL_ERROR,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  RpcError,
  type JsonRpcAnswer,
  type JsonRpcId,
} from '../solana/jsonRpc'
import type { Ctx, Reply, Route } from './startGateway'
import { CAIP2_PATTERN, clip, HttpError } from './validate'

/** EIP-1474: a resource (here: the chain asked for) this endpoint does not have. */
export const RESOURCE_NOT_FOUND = -32001
/** EIP-1474: a request over a limit (here: a batch of more than 1,000 requests, or a body too large). */
export const LIMIT_EXCEEDED = -32005

/** What forwarding one request needs: its id as the client gave it (`undefined`: a notification). */
export type ForwardedRequest = { id: JsonRpcId | undefined; method: string; params?: unknown }

/** One request of a body: to forward to the node, or answered here (null: a notification refused, nothing owed). */
export type RpcItem = { forward: ForwardedRequest } | { answer: JsonRpcAnswer | null }

/** A body as read: refused whole, or one request (`single`) or a batch, item by item. */
export type RpcBody = { refused: { status: number; answer: JsonRpcAnswer } } | { kind: 'single' | 'batch'; items: RpcItem[] }

/**
 * Reads a JSON-RPC body (already parsed JSON; `undefined` when empty) the way the gateway's
 * endpoint answers it: a request object or a batch of 1 to 1,000 (spec §7); in a batch each
 * item stands alone, so a bad item gets its error and the others go on. A request is forwarded
 * only when it is valid JSON-RPC 2.0, its params an array or an object, and `served(method)`.
 * Never throws.
 *
 * @example
 * readRpcBody([{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 7], () => true)
 * // { kind: 'batch', items: [{ forward: { id: 1, method: 'eth_chainId' } }, { answer: { …, error: { code: -32600, … } } }] }
 */
export function readRpcBody(body: unknown, served: (method: string) => boolean): RpcBody {
  const refused = (code: number, message: string) => ({ refused: { status: 400, answer: errorAnswer(null, new RpcError(code, message)) } })
  if (body === undefined) return refused(INVALID_REQUEST, 'Invalid request: the body is empty; send a JSON-RPC request or a batch')
  if (!Array.isArray(body)) return { kind: 'single', items: [readItem(body, served)] }
  if (body.length === 0) return refused(INVALID_REQUEST, 'Invalid request: empty batch')
  if (body.length > RPC_BATCH_MAX) return refused(LIMIT_EXCEEDED, `Limit exceeded: a batch holds at most ${RPC_BATCH_MAX} requests, this one ${body.length}`)
  return { kind: 'batch', items: body.map((item) => readItem(item, served)) }
}

function readItem(request: unknown, served: (method: string) => boolean): RpcItem {
  const checked = checkRequest(request)
  if (!checked.ok) return { answer: checked.answer }
  const { id, method, params } = checked
  const refuse = (code: number, message: string): RpcItem => ({ answer: id === undefined ? null : errorAnswer(id, new RpcError(code, message)) })
  if (params !== undefined && (typeof params !== 'object' || params === null)) return refuse(INVALID_REQUEST, 'Invalid request: params must be an array or an object')
  if (!served(method)) return refuse(METHOD_NOT_FOUND, `Method not found: '${clip(method)}' is not served on this endpoint`)
  return { forward: { id, method, ...(params !== undefined ? { params } : {}) } }
}

/**
 * Methods the gateway forwards to an EVM node: reads and raw sends (`eth_`, `net_`, `web3_`), but
 * none that would act with the node's own accounts (a local node's are funded and unlocked) and
 * none of a dev node's controls (`hardhat_`, `evm_`, …).
 */
const NODE_ACCOUNT_METHODS = new Set(['eth_accounts', 'eth_coinbase', 'eth_sendTransaction', 'eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_signTypedData_v1', 'eth_signTypedData_v3', 'eth_signTypedData_v4'])
export const servedEvmMethod = (method: string): boolean => /^(eth|net|web3)_[A-Za-z0-9_]{1,60}$/.test(method) && !NODE_ACCOUNT_METHODS.has(method)
/** Solana's methods are plain names (getBalance, sendTransaction); a validator holds no one's keys. */
export const servedSolanaMethod = (method: string): boolean => /^[A-Za-z][A-Za-z0-9]{0,60}$/.test(method)

/**
 * `POST /v1/?chainId=<CAIP-2>&projectId=…` (spec §7): JSON-RPC 2.0 for a chain the gateway
 * serves, forwarded to that chain's node, one request or a batch of up to 1,000 sent on as one
 * POST. Everything is answered in JSON-RPC: a body that is not JSON (-32700), not a request
 * (-32600), a method not served (-32601), a chain not served (-32001), a batch over the limit
 * (-32005) with 400 / 413; a node that fails or does not answer within `timeoutMs` with -32603
 * and 502 (retryable); the node's own answers, errors included, with 200. Never a 500. With
 * `report` (production mode), a node's failure is answered without its detail (what the node
 * said or which connection error it was), and the detail goes to `report`.
 *
 * @example
 * const route = jsonRpcRoute({ nodes: new Map([['eip155:31337', 'http://127.0.0.1:8545']]), signal })
 */
export function jsonRpcRoute(options: {
  nodes: ReadonlyMap<string, string>
  signal: AbortSignal
  timeoutMs?: number
  report?: (failure: { chainId: string; detail: string }) => void
}): Route {
  const timeoutMs = options.timeoutMs ?? 10_000
  const refused = (status: number, code: number, message: string, headers?: Record<string, string>): Reply => ({
    status,
    json: errorAnswer(null, new RpcError(code, message)),
    ...(headers ? { headers } : {}),
  })

  async function handler(ctx: Ctx): Promise<Reply> {
    const q = ctx.url.searchParams
    const projectId = q.get('projectId')
    if (!projectId || projectId.length > 200) return refused(400, INVALID_REQUEST, "Invalid request: query 'projectId' is required (at most 200 characters)")
    const chainId = q.get('chainId') ?? ''
    if (!CAIP2_PATTERN.test(chainId)) return refused(400, INVALID_REQUEST, `Invalid request: query 'chainId' must be a CAIP-2 network id like eip155:1, got '${clip(chainId)}'`)
    const node = options.nodes.get(chainId)
    if (!node) return refused(400, RESOURCE_NOT_FOUND, `Chain is not supported: ${chainId} (served: ${[...options.nodes.keys()].join(', ') || 'none'})`)

    let body: unknown
    try {
      body = await ctx.body()
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      // The body reader's refusals, in JSON-RPC: too large, too many bodies at once, not JSON.
      const code = error.status === 413 ? LIMIT_EXCEEDED : error.status === 503 ? INTERNAL_ERROR : PARSE_ERROR
      return refused(error.status, code, code === PARSE_ERROR ? `Parse error: ${error.message}` : error.message, error.headers)
    }
    const read = readRpcBody(body, chainId.startsWith('eip155:') ? servedEvmMethod : servedSolanaMethod)
    if ('refused' in read) return { status: read.refused.status, json: read.refused.answer }

    const forwarded = read.items.flatMap((item) => ('forward' in item ? [item.forward] : []))
    // Nothing to forward: every request owed an answer was refused here.
    const { status, answers } = forwarded.length === 0 ? { status: 400, answers: [] } : await forward(node, chainId, forwarded, read.kind === 'single')
    let next = 0
    const owed = read.items.flatMap((item) => {
      const answer = 'forward' in item ? answers[next++] : item.answer
      return answer ? [answer] : []
    })
    if (owed.length === 0) return { status: 204 }
    return { status, json: read.kind === 'single' ? owed[0] : owed }
  }

  /**
   * Sends `requests` to the node as one POST (a batch unless `single`), each under an id of its
   * own (its index) so duplicate or missing client ids cannot be confused; answers come back in
   * order under the client's ids (null for a notification, which is owed nothing).
   */
  async function forward(node: string, chainId: string, requests: ForwardedRequest[], single: boolean): Promise<{ status: number; answers: (JsonRpcAnswer | null)[] }> {
    const payload = requests.map((r, i) => ({ jsonrpc: '2.0', id: i, method: r.method, ...(r.params !== undefined ? { params: r.params } : {}) }))
    const failed = (reason: string) => {
      options.report?.({ chainId, detail: `the node ${reason}` })
      const message = options.report ? `Internal error: the node of ${chainId} failed; retry shortly` : `Internal error: the node of ${chainId} ${reason}`
      return { status: 502, answers: requests.map((r) => (r.id === undefined ? null : errorAnswer(r.id, new RpcError(INTERNAL_ERROR, message)))) }
    }
    let text: string
    try {
      const response = await fetch(node, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(single ? payload[0] : payload),
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]),
      })
      text = await response.text()
    } catch (error) {
      const cause = (error as { cause?: { code?: unknown } })?.cause?.code
      return failed(`did not answer (${typeof cause === 'string' ? cause : ((error as Error)?.name ?? 'failed')})`)
    }
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch {
      return failed(`answered with something other than JSON (${clip(JSON.stringify(text), 60)})`)
    }
    const byId = new Map<number, Record<string, unknown>>()
    for (const a of Array.isArray(answer) ? answer : [answer]) {
      if (typeof a === 'object' && a !== null && typeof (a as { id?: unknown }).id === 'number') byId.set((a as { id: number }).id, a as Record<string, unknown>)
    }
    // A refusal of the whole batch (id null): it answers every request of it.
    const whole = !Array.isArray(answer) && typeof answer === 'object' && answer !== null && (answer as { id?: unknown }).id === null ? (answer as Record<string, unknown>) : undefined
    if (byId.size === 0 && !whole) return failed(`answered with something other than JSON-RPC (${clip(text, 60)})`)
    return {
      status: 200,
      answers: requests.map((r, i) => (r.id === undefined ? null : restore(r.id, byId.get(i) ?? whole, chainId))),
    }
  }

  return { method: 'POST', pattern: /^\/v1\/?$/, handler }
}

/** The node's answer under the client's id; an answer that is not JSON-RPC becomes an internal error. */
function restore(id: JsonRpcId, answer: Record<string, unknown> | undefined, chainId: string): JsonRpcAnswer {
  if (answer && 'result' in answer && !('error' in answer)) return { jsonrpc: '2.0', id, result: answer.result }
  const error = answer?.error as { code?: unknown; message?: unknown; data?: unknown } | undefined
  if (error && typeof error === 'object' && Number.isInteger(error.code) && typeof error.message === 'string') {
    return { jsonrpc: '2.0', id, error: { code: error.code as number, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } }
  }
  return errorAnswer(id, new RpcError(INTERNAL_ERROR, `Internal error: the node of ${chainId} gave no JSON-RPC answer to this request`))
}
