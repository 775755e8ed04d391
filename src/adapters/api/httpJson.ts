import { afterNextFrame } from '../afterNextFrame.js'
import { ApiRequestError, ApiResponseError, ApiTimeoutError } from '../../core/errors/api.js'
import { GangwayError } from '../../core/errors/base.js'
import { RPC_TIMEOUT_MS } from '../../core/domain/constants.js'
import { REQUEST_RETRIES, requestBackoffMs } from '../../core/domain/timing.js'
import { apiUrl, type ApiClientOptions, type QueryValue } from './apiUrl.js'

/** Answers bigger than this are refused: no answer of the two APIs comes near it. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024

export type HttpRequest = {
  method?: 'GET' | 'POST'
  path: string
  query?: Record<string, QueryValue>
  body?: unknown
  signal?: AbortSignal | undefined
  /** Overrides the client's retry count for this request. */
  retries?: number
  /** The browser's HTTP cache for this request (`no-store`: never answered from it). */
  cache?: RequestCache
}

/** The spec message for an HTTP status (spec §8). */
export function messageForStatus(status: number): string {
  if (status === 403) return 'Invalid App Configuration'
  if (status === 429) return 'Rate Limited'
  if (status >= 500) return 'Server Error'
  return 'An error occurred'
}

/** Statuses worth another attempt: timeouts, rate limits and transient server errors. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504])

/**
 * The shared HTTP layer of the API clients: the common query (`projectId`, `st`, `sv`), JSON
 * in and out, retries with backoff min(1000·2^n, 30000) ms on network errors and on 408, 429,
 * 500, 502, 503, 504, and errors mapped to the spec's messages. `parse` checks the body's
 * shape; what it throws becomes an `ApiResponseError`.
 *
 * @example
 * const http = createHttpJson({ baseUrl, projectId, sdkType: 'gangway', sdkVersion: '0.1.0' })
 * const chains = await http.request({ path: '/v1/supported-chains' }, (body) => body as SupportedChains)
 */
export function createHttpJson(options: ApiClientOptions) {
  // Optimization: a request waits for the page's next frame (at most a frame: nothing against a
  // round trip), so one made in a click's task (opening the modal asks for the wallet lists and
  // reports MODAL_OPEN) leaves that click's frame to paint first.
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => afterNextFrame().then(() => globalThis.fetch(input, init)))
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const base = options.baseUrl.replace(/\/+$/, '')
  const defaultRetries = options.retries ?? REQUEST_RETRIES
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES

  const url = (path: string, query: Record<string, QueryValue> = {}): string => apiUrl(options, path, query)

  /** One exchange: the request sent and the whole answer read, with its own abort signal. */
  async function exchange(target: string, request: HttpRequest, signal: AbortSignal): Promise<{ status: number; text: string }> {
    const method = request.method ?? 'GET'
    const init: RequestInit = { method, headers: { accept: 'application/json' }, signal, ...(request.cache ? { cache: request.cache } : {}) }
    if (request.body !== undefined) {
      init.body = JSON.stringify(request.body)
      init.headers = { accept: 'application/json', 'content-type': 'application/json' }
    }
    let response: Response
    try {
      response = await fetchFn(target, init)
    } catch (error) {
      throw new ApiRequestError('Something went wrong', {
        code: 'NETWORK',
        details: `${method} ${request.path}: could not reach ${base}: ${describe(error)}`,
        cause: error,
      })
    }
    let text: string
    try {
      text = await readText(response, maxBodyBytes, signal)
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new ApiResponseError(`${method} ${request.path} answered HTTP ${response.status} with a body over ${maxBodyBytes} bytes`, error)
      }
      throw new ApiRequestError('Something went wrong', {
        code: 'NETWORK',
        details: `${method} ${request.path}: the response body could not be read: ${describe(error)}`,
        cause: error,
      })
    }
    return { status: response.status, text }
  }

  /**
   * One attempt, bounded: it ends by the deadline or the caller's abort even if the transport
   * ignores its signal (an injected `fetch`, a body that never ends), and the exchange is
   * aborted then so the connection is released.
   */
  async function attempt(target: string, request: HttpRequest): Promise<{ status: number; text: string }> {
    const method = request.method ?? 'GET'
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    let onAbort: (() => void) | undefined
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new ApiTimeoutError(method, request.path, timeoutMs))
        controller.abort()
      }, timeoutMs)
      onAbort = () => {
        reject(abortError(method, request.path, request.signal?.reason))
        controller.abort()
      }
      request.signal?.addEventListener('abort', onAbort, { once: true })
    })
    try {
      return await Promise.race([exchange(target, request, controller.signal), stop])
    } finally {
      clearTimeout(timer)
      if (onAbort) request.signal?.removeEventListener('abort', onAbort)
    }
  }

  /** The backoff before a retry; the caller's abort ends it at once. */
  async function backoff(ms: number, request: HttpRequest): Promise<void> {
    const signal = request.signal
    if (!signal) return sleep(ms)
    let onAbort: (() => void) | undefined
    try {
      await Promise.race([
        sleep(ms),
        new Promise<never>((_, reject) => {
          onAbort = () => reject(abortError(request.method ?? 'GET', request.path, signal.reason))
          signal.addEventListener('abort', onAbort, { once: true })
        }),
      ])
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort)
    }
  }

  async function request<T>(request: HttpRequest, parse: (body: unknown) => T): Promise<T> {
    const method = request.method ?? 'GET'
    const target = url(request.path, request.query)
    const retries = request.retries ?? defaultRetries
    for (let n = 0; ; n++) {
      if (request.signal?.aborted) throw abortError(method, request.path, request.signal.reason)
      let failure: ApiRequestError
      try {
        const { status, text } = await attempt(target, request)
        if (status >= 200 && status < 300) return parseBody(method, request.path, status, text, parse)
        const { message: serverMessage, reason: serverReason } = readServerError(text)
        failure = new ApiRequestError(messageForStatus(status), {
          status,
          serverMessage,
          serverReason,
          details: `${method} ${request.path} answered HTTP ${status}${serverMessage ? `: ${serverMessage}` : ''}`,
        })
      } catch (error) {
        // Why a timeout is retried: like HTTP 408 in the spec's retry list, it is transient.
        if (!(error instanceof ApiRequestError) || (error.code !== 'NETWORK' && error.code !== ApiTimeoutError.code)) throw error
        failure = error
      }
      const retryable = failure.status === undefined || RETRY_STATUSES.has(failure.status)
      if (!retryable || n >= retries) throw failure
      await backoff(requestBackoffMs(n), request)
    }
  }

  return { url, request }
}

export type HttpJson = ReturnType<typeof createHttpJson>

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error)
  } catch {
    return 'unknown error'
  }
}

class BodyTooLargeError extends Error {}

/**
 * The answer's body as text, refusing one over `limit` bytes without reading it all (a
 * declared length over the limit is refused before reading).
 */
async function readText(response: Response, limit: number, signal: AbortSignal): Promise<string> {
  const declared = Number(response.headers?.get?.('content-length'))
  const body = response.body
  if (Number.isFinite(declared) && declared > limit) {
    void body?.cancel().catch(() => {})
    throw new BodyTooLargeError()
  }
  if (!body || typeof body.getReader !== 'function') {
    const text = await response.text()
    if (text.length > limit) throw new BodyTooLargeError()
    return text
  }
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for (;;) {
    if (signal.aborted) {
      void reader.cancel().catch(() => {})
      throw new Error('aborted')
    }
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    size += value.byteLength
    if (size > limit) {
      void reader.cancel().catch(() => {})
      throw new BodyTooLargeError()
    }
    text += decoder.decode(value, { stream: true })
  }
}

function abortError(method: string, path: string, cause: unknown): ApiRequestError {
  return new ApiRequestError('Request was aborted', { code: 'ABORTED', details: `${method} ${path} was aborted`, cause })
}

function parseBody<T>(method: string, path: string, status: number, text: string, parse: (body: unknown) => T): T {
  let body: unknown
  try {
    body = text.trim() === '' ? undefined : JSON.parse(text)
  } catch (error) {
    throw new ApiResponseError(
      `${method} ${path} answered HTTP ${status} with a body that is not JSON: ${JSON.stringify(text.slice(0, 60))}`,
      error,
    )
  }
  try {
    return parse(body)
  } catch (error) {
    if (error instanceof GangwayError) throw error
    throw new ApiResponseError(`${method} ${path}: ${(error as Error)?.message ?? String(error)}`, error)
  }
}

/** The error text of a failed response: `{ error }`, `{ message }` or `{ reasons: [{ description }] }`. */
function readServerError(text: string): { message: string | undefined; reason: string | undefined } {
  const pick = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 500) : undefined)
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; reasons?: { description?: unknown }[] } | null
    const reason = pick(Array.isArray(body?.reasons) ? body.reasons[0]?.description : undefined)
    return { reason, message: reason ?? pick(body?.error) ?? pick(body?.message) }
  } catch {
    // Not JSON: the status alone tells what happened.
    return { message: undefined, reason: undefined }
  }
}

// ---------------------------------------------------------------------------------------------
// Shape checks for response bodies: each throws a plain Error naming the field; `request`
// turns it into an ApiResponseError.
// ---------------------------------------------------------------------------------------------

export function expectObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`expected ${what} to be an object`)
  return value as Record<string, unknown>
}

export function expectArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`expected ${what} to be an array`)
  return value
}

export function expectString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`expected ${what} to be a string`)
  return value
}
