import type { Storage } from '../../core/ports.js'

/**
 * Starts reading `key` now and answers the first `get(key)` with that read, so a value needed
 * both before the session starts (is this a returning visitor?) and by the session itself
 * (hydration) is read from storage once. A write or delete of the key first drops the early
 * read; every later `get` reads afresh.
 *
 * @example
 * const { storage, value } = withReadAhead(idb, 'durable')
 * const returning = value.then((v) => v != null)
 */
export function withReadAhead(inner: Storage, key: string): { storage: Storage; value: Promise<unknown> } {
  const value = inner.get<unknown>(key)
  // A failed early read is the session's to see (as its own read's failure), not an unhandled one.
  value.catch(() => undefined)
  let early: Promise<unknown> | undefined = value
  const storage: Storage = {
    get: <T>(k: string) => {
      if (k !== key || !early) return inner.get<T>(k)
      const read = early as Promise<T | undefined>
      early = undefined
      return read
    },
    set: (k, v) => {
      if (k === key) early = undefined
      return inner.set(k, v)
    },
    del: (k) => {
      if (k === key) early = undefined
      return inner.del(k)
    },
    clear: () => {
      early = undefined
      return inner.clear()
    },
  }
  return { storage, value }
}
