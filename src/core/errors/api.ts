/**
 * Errors of the HTTP services (spec §7, §8): a call that failed, one that got no answer in
 * time, and an answer the client cannot read.
 *
 * @example
 * new ApiRequestError('Rate Limited', { status: 429, details: 'GET /getWallets answered 429' })
 */
import { GangwayError } from './base.js'

/**
 * An HTTP API call that failed. `shortMessage` is the spec's text for the failure (HTTP 403
 * 'Invalid App Configuration', 429 'Rate Limited', 5xx 'Server Error'); `code` is the HTTP
 * status, or `'NETWORK'` / `'ABORTED'` when no response came.
 */
export class ApiRequestError extends GangwayError {
  override name: string = 'ApiRequestError'
  override readonly kind: 'API_REQUEST_FAILED' | 'API_TIMEOUT' = 'API_REQUEST_FAILED'
  readonly status: number | undefined
  /** The server's error text (`{ error }`, `{ message }` or the first reason), when it sent one. */
  readonly serverMessage: string | undefined
  /** The server's first `reasons[].description`, which name errors show (spec §8). */
  readonly serverReason: string | undefined

  constructor(
    shortMessage: string,
    options: {
      status?: number | undefined
      serverMessage?: string | undefined
      serverReason?: string | undefined
      details: string
      cause?: unknown
      code?: string | undefined
    },
  ) {
    super(shortMessage, { code: options.code ?? options.status, details: options.details, cause: options.cause })
    this.status = options.status
    this.serverMessage = options.serverMessage
    this.serverReason = options.serverReason
  }
}

/**
 * An attempt that got no complete answer in time (spec §9: 10 s per request). The spec has no
 * message of its own for it, so it says 'Something went wrong' like any request that got no
 * answer; `code` is `'TIMEOUT'` and `details` names the call and the time waited.
 */
export class ApiTimeoutError extends ApiRequestError {
  override readonly name = 'ApiTimeoutError'
  override readonly kind = 'API_TIMEOUT'
  static readonly code = 'TIMEOUT'
  readonly timeoutMs: number
  constructor(method: string, path: string, timeoutMs: number) {
    super('Something went wrong', { code: ApiTimeoutError.code, details: `${method} ${path} got no answer within ${timeoutMs} ms` })
    this.timeoutMs = timeoutMs
  }
}

/**
 * A response that is not the JSON the client expects (not JSON at all, the wrong shape, or too
 * big). The spec has no message of its own for it: the visitor reads its generic 'Something went
 * wrong'; `code` is `'INVALID_RESPONSE'` and `details` says what was wrong.
 */
export class ApiResponseError extends GangwayError {
  override readonly name = 'ApiResponseError'
  override readonly kind = 'API_INVALID_RESPONSE'
  static readonly code = 'INVALID_RESPONSE'
  constructor(details: string, cause?: unknown) {
    super('Something went wrong', { code: ApiResponseError.code, details, cause })
  }
}
