/**
 * The error model. Every failure Gangway reports is a `GangwayError` (or a subclass) whose
 * `shortMessage` is the user-facing text of the spec, verbatim. Errors never travel inside
 * events as objects: `serializeError` turns any thrown value into plain data.
 *
 * @example
 * throw new GangwayError('Connection rejected', { code: 4001, details: 'user clicked reject' })
 */
export class GangwayError extends Error {
  override name = 'GangwayError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly code: number | string | undefined
  readonly metaMessages: readonly string[] | undefined
  override readonly cause: unknown

  constructor(
    shortMessage: string,
    options: {
      code?: number | string | undefined
      details?: string | undefined
      cause?: unknown
      metaMessages?: readonly string[] | undefined
    } = {},
  ) {
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
    for (;;) {
      if (fn?.(current)) return current
      const next = (current as { cause?: unknown } | null)?.cause
      if (next === undefined || next === null || next === current) return fn ? null : current
      current = next
    }
  }
}

/** A value that failed validation: a host dispatched a malformed event or option. */
export class InvalidInputError extends GangwayError {
  override name = 'InvalidInputError'
}

/** Errors as they travel in events: plain, JSON-safe data. */
export type SerializedError = {
  name: string
  shortMessage: string
  code?: number | string | undefined
  details?: string | undefined
}

/** Turns anything thrown into a `SerializedError`, keeping the spec message when there is one. */
export function serializeError(error: unknown, fallback = 'Something went wrong'): SerializedError {
  if (error instanceof GangwayError) {
    return clean({
      name: error.name,
      shortMessage: error.shortMessage,
      code: error.code,
      details: error.details,
    })
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    const shortMessage = (error as { shortMessage?: unknown }).shortMessage
    return clean({
      name: error.name || 'Error',
      shortMessage: typeof shortMessage === 'string' && shortMessage ? shortMessage : error.message || fallback,
      code: typeof code === 'number' || typeof code === 'string' ? code : undefined,
      details: typeof shortMessage === 'string' && shortMessage !== error.message ? error.message : undefined,
    })
  }
  if (typeof error === 'string') return { name: 'Error', shortMessage: error || fallback }
  if (error && typeof error === 'object') {
    const o = error as { message?: unknown; code?: unknown }
    return clean({
      name: 'Error',
      shortMessage: typeof o.message === 'string' && o.message ? o.message : fallback,
      code: typeof o.code === 'number' || typeof o.code === 'string' ? o.code : undefined,
    })
  }
  return { name: 'Error', shortMessage: fallback }
}

function clean(e: SerializedError): SerializedError {
  const out: SerializedError = { name: e.name, shortMessage: e.shortMessage }
  if (e.code !== undefined) out.code = e.code
  if (e.details !== undefined) out.details = e.details
  return out
}
