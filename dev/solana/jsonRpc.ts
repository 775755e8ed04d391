// JSON-RPC 2.0 plumbing of the local Solana validator (and of the gateway's JSON-RPC endpoint):
// errors with the codes Solana's RPC uses, the checks of a request, and a serialiser that writes
// bigints as JSON integers (lamports, slots and the u64 rent epoch exceed 2^53; kit reads them
// back as bigints).

/** A JSON-RPC error answer. */
export class RpcError extends Error {
  override name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603
/** Solana: preflight simulation failed (also "blockhash not found", "already processed"). */
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002
/** Solana: a signature does not verify. */
export const TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003

export const invalidParams = (message: string): RpcError => new RpcError(INVALID_PARAMS, `Invalid params: ${message}`)

export type JsonRpcId = string | number | null

export type JsonRpcAnswer = { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } | { jsonrpc: '2.0'; id: JsonRpcId; error: { code: number; message: string; data?: unknown } }

export function errorAnswer(id: JsonRpcId, error: RpcError): JsonRpcAnswer {
  return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } }
}

/** JSON text of `value`, with bigints as integers; `undefined` members are left out as JSON.stringify does. */
export function toJson(value: unknown): string {
  if (value === null) return 'null'
  switch (typeof value) {
    case 'bigint':
      return value.toString()
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'string':
    case 'boolean':
      return JSON.stringify(value)
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJson(item))).join(',')}]`
      const parts: string[] = []
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        if (item === undefined || typeof item === 'function') continue
        parts.push(`${JSON.stringify(key)}:${toJson(item)}`)
      }
      return `{${parts.join(',')}}`
    }
    default:
      return 'null'
  }
}

/** A valid JSON-RPC id (string, number or null), or undefined when the request has none. */
export function requestId(request: unknown): JsonRpcId | undefined {
  if (typeof request !== 'object' || request === null || !('id' in request)) return undefined
  const id = (request as { id: unknown }).id
  return typeof id === 'string' || typeof id === 'number' || id === null ? id : undefined
}

/** A request as read: its id (`undefined` for a notification), method and params; or the error answer it gets. */
export type CheckedRequest = { ok: true; id: JsonRpcId | undefined; method: string; params: unknown } | { ok: false; answer: JsonRpcAnswer }

/**
 * Checks one request of a body (JSON-RPC 2.0 §4): an object, `jsonrpc` "2.0", a string method,
 * an id that is a string, a number or null when there is one. Params are left to the method.
 *
 * @example
 * checkRequest({ jsonrpc: '2.0', id: 1, method: 'getSlot' }) // { ok: true, id: 1, method: 'getSlot', params: undefined }
 * checkRequest(7) // { ok: false, answer: { jsonrpc: '2.0', id: null, error: { code: -32600, … } } }
 */
export function checkRequest(request: unknown): CheckedRequest {
  const id = requestId(request) ?? null
  const refuse = (answerId: JsonRpcId, message: string): CheckedRequest => ({ ok: false, answer: errorAnswer(answerId, new RpcError(INVALID_REQUEST, `Invalid request: ${message}`)) })
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return refuse(null, 'expected a JSON-RPC request object')
  const { jsonrpc, method, params } = request as { jsonrpc?: unknown; method?: unknown; params?: unknown }
  if (jsonrpc !== '2.0') return refuse(id, 'jsonrpc must be "2.0"')
  if (typeof method !== 'string') return refuse(id, 'method must be a string')
  if ('id' in request && requestId(request) === undefined) return refuse(null, 'id must be a string, a number or null')
  return { ok: true, id: 'id' in request ? id : undefined, method, params }
}
