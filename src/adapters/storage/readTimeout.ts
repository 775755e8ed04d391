import type { SchedulerLike } from 'rxjs'
import { StorageTimeoutError } from '../../core/errors/storage.js'
import type { Storage } from '../../core/ports.js'
import { createMemoryStorage } from './memoryStorage.js'

/** How long a storage read may take before the session gives up on the storage. */
export const STORAGE_READ_TIMEOUT_MS = 3_000

/** A storage whose reads give up after a while (see withReadTimeout). */
export type TimedStorage = Storage & {
  /** True once a read gave up: from then on the keys the session has not read run from memory. */
  readonly inMemory: boolean
  /**
   * What a read of `key` that gave up reads when it settles after all (never resolves when it
   * does not, or fails). Asked for before the read gives up; what nobody asked for is not kept.
   * The key stays in memory until the session takes it back (`adopt`).
   */
  late<T = unknown>(key: string): Promise<T | undefined>
  /** Reads and writes `key` on the storage again: the session has taken in what it holds there. */
  adopt(key: string): void
}

/**
 * A storage whose reads give up after `ms`: a read that never settles (a blocked IndexedDB
 * upgrade, a wedged browser profile, a host's port that never answers) would otherwise keep the
 * modal from starting. Reads are `get` and `clear` (which lists the keys it removes). After the
 * first timeout the read rejects with a StorageTimeoutError and the session runs from memory for
 * every key it has not read from the storage: what it does not know of is left as it is, what it
 * read in time (or took back with `adopt` after a late read) is still written where it was read,
 * so the stored record goes on holding what the session shows. A port that throws instead of
 * answering rejects.
 *
 * @example
 * const storage = withReadTimeout(createIdbStorage(), { scheduler: asyncScheduler })
 *
 * Without a scheduler the timeout is the page's own timer.
 */
export function withReadTimeout(storage: Storage, options: { scheduler?: SchedulerLike | undefined; ms?: number | undefined }): TimedStorage {
  const ms = options.ms ?? STORAGE_READ_TIMEOUT_MS
  let memory: Storage | undefined
  // The keys the session read from the storage itself: they stay there after a timeout.
  const known = new Set<string>()
  const lateReads = new Map<string, { value: Promise<unknown>; resolve(value: unknown): void }>()
  const lateRead = (key: string) => {
    let entry = lateReads.get(key)
    if (!entry) {
      let resolve: (value: unknown) => void = () => undefined
      const value = new Promise<unknown>((r) => (resolve = r))
      lateReads.set(key, (entry = { value, resolve }))
    }
    return entry
  }
  const target = (key: string): Storage => (memory && !known.has(key) ? memory : storage)

  /**
   * Runs a read of the storage, giving up after `ms` (then the session runs from memory). A read
   * of `key` that settles in time makes the key known; one that settles after the timeout is
   * offered as `late(key)`.
   */
  const timed = <T>(what: string, key: string | undefined, read: (s: Storage) => Promise<T>): Promise<T> => {
    return new Promise<T>((resolve, reject) => {
      let done = false
      const giveUp = () => {
        if (done) return
        done = true
        memory ??= createMemoryStorage()
        // Nothing read from the storage is known any more after a clear that gave up half-way.
        if (key === undefined) known.clear()
        else known.delete(key)
        reject(new StorageTimeoutError(`${what} took more than ${ms} ms; this session runs from memory`))
      }
      const timer = options.scheduler ? options.scheduler.schedule(giveUp, ms) : pageTimer(giveUp, ms)
      attempt(() => read(storage)).then(
        (value) => {
          if (done) {
            if (key !== undefined) lateReads.get(key)?.resolve(value)
            return
          }
          done = true
          timer.unsubscribe()
          if (key !== undefined) known.add(key)
          resolve(value)
        },
        (error: unknown) => {
          if (done) return
          done = true
          timer.unsubscribe()
          reject(error)
        },
      )
    })
  }

  return {
    get inMemory() {
      return memory !== undefined
    },
    get: <T>(key: string) => {
      const from = target(key)
      return from === storage ? timed(`a read of ${key}`, key, (s) => s.get<T>(key)) : attempt(() => from.get<T>(key))
    },
    set: (key, value) => attempt(() => target(key).set(key, value)),
    del: (key) => attempt(() => target(key).del(key)),
    clear: () => {
      if (!memory) return timed('clearing the storage', undefined, (s) => s.clear())
      // From memory: what the session sees is cleared, and the storage is left as it is.
      known.clear()
      return attempt(() => (memory as Storage).clear())
    },
    late: <T>(key: string) => lateRead(key).value as Promise<T | undefined>,
    adopt: (key) => {
      known.add(key)
    },
  }
}

/** The port's answer as a promise: a port may throw, or answer with a plain value. */
function attempt<T>(run: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(run())
  } catch (error) {
    return Promise.reject(error)
  }
}

function pageTimer(run: () => void, ms: number): { unsubscribe(): void } {
  const id = setTimeout(run, ms)
  return { unsubscribe: () => clearTimeout(id) }
}
