/**
 * The error model. Every failure Gangway reports is a `GangwayError` (or a subclass) whose
 * `shortMessage` is the user-facing text of the spec (§8), verbatim. Errors never travel inside
 * events as objects: `serializeError` turns any thrown value into plain data that
 * `serializedErrorSchema` accepts.
 */
import { type Infer, type Schema, number, object, oneOf, optional, string } from '../events/schema.js'

type GangwayErrorOptions = {
  code?: number | string | undefined
  details?: string | undefined
  cause?: unknown
  metaMessages?: readonly string[] | undefined
}

/**
 * The base of every Gangway error. Each subclass stands for one failure and carries three
 * identities, each with one job:
 *
 * - `name`: the class name, set explicitly (so minification cannot change it) and never
 *   shared with viem's error classes, so a host importing both can tell them apart.
 * - `kind`: the stable, machine-readable identifier of the failure, in UPPER_SNAKE_CASE
 *   (`'WALLET_REJECTED'`, `'MODAL_CLOSED'`). It survives serialisation into events and never
 *   changes between versions: hosts branch on it (or on `instanceof`), never on messages.
 *   A plain `GangwayError` (no more specific class applies) has kind `'UNKNOWN'`.
 * - `code`: the protocol's own code where there is one, as hosts and wallets know it: the
 *   EIP-1193 / JSON-RPC code of a wallet error (4001, -32603; also as `static code` on the
 *   class), the HTTP status of an API error, or the API client's `'TIMEOUT'`,
 *   `'INVALID_RESPONSE'`, `'NETWORK'`, `'ABORTED'`.
 *
 * `shortMessage` is the spec's message; `details` the technical reason; `cause` what was
 * caught; `metaMessages` extra lines; `walk()` follows the cause chain.
 *
 * @example
 * try { await modal.connect('io.metamask') }
 * catch (e) { if (e instanceof GangwayError && e.kind === 'WALLET_REJECTED') showRetry() }
 */
export class GangwayError extends Error {
  override name: string = 'GangwayError'
  /** The stable identifier of the failure (see the class JSDoc). */
  readonly kind: string = 'UNKNOWN'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly code: number | string | undefined
  readonly metaMessages: readonly string[] | undefined
  override readonly cause: unknown

  constructor(shortMessage: string, options: GangwayErrorOptions = {}) {
    const lines = [shortMessage]
    if (options.metaMessages?.length) lines.push('', ...options.metaMessages)
    if (options.details) lines.push('', `Details: ${options.details}`)
    super(lines.join('\n'))
    this.shortMessage = shortMessage
    this.details = options.details
    this.code = options.code
    this.metaMessages = options.metaMessages
    this.cause = options.cause
  }

  /** Walks the cause chain; returns the first error `fn` accepts, or the deepest one. */
  walk(fn?: (err: unknown) => boolean): unknown {
    let current: unknown = this
    const seen = new Set<unknown>()
    for (;;) {
      if (fn?.(current)) return current
      seen.add(current)
      const next = (current as { cause?: unknown } | null)?.cause
      if (next === undefined || next === null || seen.has(next)) return fn ? null : current
      current = next
    }
  }
}

/**
 * The kinds of `InvalidInputError` and its subclasses (in `domain.ts`). Listing them keeps the
 * class from matching any other error structurally: a `ModalClosedError` is no `InvalidInputError`.
 */
export type InvalidInputKind =
  | 'INVALID_INPUT'
  | 'INVALID_CAIP_ADDRESS'
  | 'INVALID_CAIP_NETWORK_ID'
  | 'INVALID_COIN_TYPE_CHAIN_ID'
  | 'INVALID_CONNECTION_STATUS'
  | 'INVALID_SIWX_MESSAGE'
  | 'SIWX_OPTIONS_CONFLICT'
  | 'TRANSACTION_RULE_BROKEN'
  | 'INVALID_SEND_CALLS'

/** A value that failed validation: a host dispatched a malformed event, option or argument. */
export class InvalidInputError extends GangwayError {
  override name: string = 'InvalidInputError'
  override readonly kind: InvalidInputKind = 'INVALID_INPUT'
}

/** A `GangwayError` no more specific class describes (anything a wallet threw, say). */
export type UnknownGangwayError = GangwayError & { readonly kind: 'UNKNOWN' }

/** The shape of `kind`: upper snake case, as `WALLET_REJECTED`. */
const KIND = /^[A-Z][A-Z0-9_]*$/

const nonEmptyString = (): Schema<string> => ({
  check: (v, path) => (typeof v === 'string' && v !== '' ? null : `${path} must be a non-empty string`),
})
const kindSchema: Schema<string> = {
  check: (v, path) => (typeof v === 'string' && KIND.test(v) ? null : `${path} must be an UPPER_SNAKE_CASE error kind`),
}

/**
 * Errors as they travel in events: `{ name, shortMessage, kind?, code?, details? }`, nothing
 * else. `kind` is present for Gangway errors and absent for anything else that was thrown.
 *
 * @example
 * serializedErrorSchema.check(serializeError(new ModalClosedError()), 'error') // null
 */
export const serializedErrorSchema = object({
  name: nonEmptyString(),
  shortMessage: string(),
  kind: optional(kindSchema),
  code: optional(oneOf(number(), string())),
  details: optional(string()),
})

/** Errors as they travel in events: plain, JSON-safe data (see `serializedErrorSchema`). */
export type SerializedError = Infer<typeof serializedErrorSchema>

/**
 * Turns anything thrown into a `SerializedError`, keeping the spec message when there is one.
 * Never throws, and its result always passes `serializedErrorSchema`.
 *
 * @example
 * serializeError(new ModalClosedError()) // { name: 'ModalClosedError', shortMessage: 'Modal closed', kind: 'MODAL_CLOSED' }
 */
export function serializeError(error: unknown, fallback = 'Something went wrong'): SerializedError {
  try {
    return serialize(error, fallback)
  } catch {
    // A proxy or a getter threw while being read.
    return { name: 'Error', shortMessage: fallback }
  }
}

function serialize(error: unknown, fallback: string): SerializedError {
  if (error instanceof GangwayError) {
    return clean({
      name: text(error.name) ?? 'GangwayError',
      shortMessage: typeof error.shortMessage === 'string' ? error.shortMessage : fallback,
      kind: typeof error.kind === 'string' && KIND.test(error.kind) ? error.kind : 'UNKNOWN',
      code: codeOf(error.code),
      details: typeof error.details === 'string' ? error.details : undefined,
    })
  }
  if (error instanceof Error) {
    const shortMessage = text((error as { shortMessage?: unknown }).shortMessage)
    const message = text(error.message)
    return clean({
      name: text(error.name) ?? 'Error',
      shortMessage: shortMessage ?? message ?? fallback,
      code: codeOf((error as { code?: unknown }).code),
      details: shortMessage && message !== undefined && shortMessage !== message ? message : undefined,
    })
  }
  if (typeof error === 'string') return { name: 'Error', shortMessage: error || fallback }
  if (error && typeof error === 'object') {
    const o = error as { message?: unknown; code?: unknown }
    return clean({ name: 'Error', shortMessage: text(o.message) ?? fallback, code: codeOf(o.code) })
  }
  return { name: 'Error', shortMessage: fallback }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function codeOf(code: unknown): number | string | undefined {
  return (typeof code === 'number' && Number.isFinite(code)) || typeof code === 'string' ? code : undefined
}

function clean(e: SerializedError): SerializedError {
  const out: SerializedError = { name: e.name, shortMessage: e.shortMessage }
  if (e.kind !== undefined) out.kind = e.kind
  if (e.code !== undefined) out.code = e.code
  if (e.details !== undefined) out.details = e.details
  return out
}
