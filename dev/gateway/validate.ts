import { isAddress, type Address } from 'viem'

/**
 * A request the gateway refuses: answered as `{ error: message }` with `status`. Handlers
 * throw it; the server turns it into the response, so a bad request never escapes as a crash.
 *
 * @example
 * throw new HttpError(400, "Query 'page' must be an integer from 1 to 100000")
 */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A stable code for the body (`{ error, code }`), for a condition a client tells apart (`STORE_FULL`). */
    readonly code?: string,
    /** What went wrong in detail (a driver's or node's text): logged, never sent to the client. */
    readonly detail?: string,
  ) {
    super(message)
  }
}

/**
 * A store at its cap: 507, which clients do not retry (a full store stays full), with the
 * stable code `STORE_FULL`.
 *
 * @example
 * if (claimed === 'full') throw storeFull('At most 10000 names are kept')
 */
export function storeFull(message: string): HttpError {
  return new HttpError(507, message, {}, 'STORE_FULL')
}

/**
 * Runs what follows a committed write (a count kept for `/_control/memory`, say): it may fail
 * (the database went away after the commit) without turning the acknowledged write into an error.
 *
 * @example
 * known = await afterCommit(() => storage.names.count(), known + 1)
 */
export async function afterCommit<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read()
  } catch {
    return fallback
  }
}

const badRequest = (message: string) => new HttpError(400, message)

/** An integer query parameter within [min, max]; `fallback` when absent or empty. */
export function intParam(
  params: URLSearchParams,
  name: string,
  bounds: { min: number; max: number; fallback?: number },
): number {
  const raw = params.get(name)
  if (raw === null || raw === '') {
    if (bounds.fallback !== undefined) return bounds.fallback
    throw badRequest(`Query '${name}' is required`)
  }
  if (!/^-?\d{1,12}$/.test(raw)) {
    throw badRequest(`Query '${name}' must be an integer from ${bounds.min} to ${bounds.max}, got '${clip(raw)}'`)
  }
  const value = Number(raw)
  if (value < bounds.min || value > bounds.max) {
    throw badRequest(`Query '${name}' must be an integer from ${bounds.min} to ${bounds.max}, got ${value}`)
  }
  return value
}

/** An optional string query parameter of at most `maxLength` characters. */
export function stringParam(params: URLSearchParams, name: string, maxLength: number): string | null {
  const raw = params.get(name)
  if (raw === null) return null
  if (raw.length > maxLength) throw badRequest(`Query '${name}' must be at most ${maxLength} characters`)
  return raw
}

/** An optional query parameter that must be one of `allowed`. */
export function enumParam<const T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | null {
  const raw = params.get(name)
  if (raw === null || raw === '') return null
  if (!(allowed as readonly string[]).includes(raw)) {
    throw badRequest(`Query '${name}' must be one of ${allowed.join(', ')}, got '${clip(raw)}'`)
  }
  return raw as T
}

/** A comma-separated list query parameter whose items each match `pattern`. */
export function listParam(
  params: URLSearchParams,
  name: string,
  item: { pattern: RegExp; what: string },
  maxItems = 1000,
): string[] {
  const raw = params.get(name)
  if (raw === null || raw.trim() === '') return []
  const items = raw.split(',').map((s) => s.trim()).filter((s) => s !== '')
  if (items.length > maxItems) throw badRequest(`Query '${name}' may list at most ${maxItems} items`)
  for (const value of items) {
    if (!item.pattern.test(value)) throw badRequest(`Query '${name}' has an invalid ${item.what}: '${clip(value)}'`)
  }
  return items
}

/** CAIP-2 network id, e.g. `eip155:1` (CAIP-2 grammar). */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** A wallet id, image id or asset id as the directory uses them. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/

/** An EVM address path or query value, checked with viem (mixed case must be checksummed). */
export function evmAddress(raw: string | null | undefined, what = 'address'): Address {
  if (!raw) throw badRequest(`Missing ${what}`)
  if (!isAddress(raw)) throw badRequest(`Invalid ${what} '${clip(raw)}': expected a 0x-prefixed 20-byte hex address`)
  return raw
}

/** A CAIP-2 id from a query value; null when absent. */
export function caip2Param(params: URLSearchParams, name: string): string | null {
  const raw = params.get(name)
  if (raw === null || raw === '') return null
  if (!CAIP2_PATTERN.test(raw)) throw badRequest(`Query '${name}' must be a CAIP-2 network id like eip155:1, got '${clip(raw)}'`)
  return raw
}

/** Shortens user input quoted back in an error message. */
export function clip(value: string, max = 80): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}

/** A value quoted back in an error message: a string in quotes, anything else as JSON, clipped. */
export function quoted(value: unknown): string {
  if (typeof value === 'string') return `'${clip(value)}'`
  if (value === undefined) return 'nothing'
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return clip(text)
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
