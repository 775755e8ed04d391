import type { GatewayStorage } from './storage'
import { HttpError } from './validate'

/** A storage being opened in the background; `ready` resolves once it is open. */
export type PendingStorage = GatewayStorage & {
  /** Resolves once the storage is open (never rejects: it retries until it opens or is closed). */
  readonly ready: Promise<void>
  /** Resolves once the first attempt to open has ended, opened or not. */
  readonly firstAttempt: Promise<void>
  readonly isOpen: () => boolean
}

/**
 * A storage that opens in the background, so the gateway starts while its database is down:
 * until it is open every call answers 503 with `Retry-After: 1` (the routes that need no
 * database serve as usual); `open` is retried after `minDelayMs`, doubling up to `maxDelayMs`,
 * each failure reported to `onError`. `onOpen` runs once it is open, before any call reaches it.
 *
 * @example
 * const storage = openInBackground('postgres', () => openStorage({ url }), { onError: (e) => log(String(e)) })
 */
export function openInBackground(
  kind: GatewayStorage['kind'],
  open: () => Promise<GatewayStorage>,
  options: { minDelayMs?: number; maxDelayMs?: number; onError?: (error: unknown, retryInMs: number) => void; onOpen?: (storage: GatewayStorage) => Promise<void> } = {},
): PendingStorage {
  const minDelay = options.minDelayMs ?? 250
  const maxDelay = options.maxDelayMs ?? 10_000
  let opened: GatewayStorage | null = null
  let closed = false
  let wake: (() => void) | null = null
  let attempted!: () => void
  const firstAttempt = new Promise<void>((resolve) => (attempted = resolve))

  const ready = (async () => {
    for (let delay = minDelay; !closed; delay = Math.min(delay * 2, maxDelay)) {
      try {
        const storage = await open()
        if (closed) return void (await storage.close().catch(() => {}))
        await options.onOpen?.(storage)
        opened = storage
        return
      } catch (error) {
        options.onError?.(error, delay)
        attempted()
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay)
          wake = () => (clearTimeout(timer), resolve())
        })
        wake = null
      }
    }
  })().finally(() => attempted())

  const current = (): GatewayStorage => {
    if (opened) return opened
    throw new HttpError(503, 'The database is unavailable; retry shortly', { 'retry-after': '1' }, undefined, 'the storage is not open yet')
  }
  /** Each method of a group of the open storage's, or a 503 while it is not open. */
  const group = <K extends 'names' | 'sessions' | 'analytics' | 'index'>(key: K): GatewayStorage[K] =>
    new Proxy({} as GatewayStorage[K], {
      get: (_, method) => async (...args: unknown[]) => (current()[key] as unknown as Record<PropertyKey, (...a: unknown[]) => Promise<unknown>>)[method]!(...args),
    })

  return {
    kind,
    ready,
    firstAttempt,
    isOpen: () => opened !== null,
    ping: async () => current().ping(),
    names: group('names'),
    sessions: group('sessions'),
    analytics: group('analytics'),
    index: group('index'),
    clear: async () => current().clear(),
    async close() {
      closed = true
      wake?.()
      await ready
      await opened?.close()
    },
  }
}
