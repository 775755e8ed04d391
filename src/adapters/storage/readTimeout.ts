import type { SchedulerLike } from 'rxjs'
import { StorageTimeoutError } from '../../core/errors/storage.js'
import type { Storage } from '../../core/ports.js'
import { createMemoryStorage } from './memoryStorage.js'

/** How long a storage read may take before the session gives up on the storage. */
export const STORAGE_READ_TIMEOUT_MS = 3_000

/**
 * A storage whose reads give up after `ms`: a read that never settles (a blocked IndexedDB
 * upgrade, a wedged browser profile, a host's port that never answers) would otherwise keep the
 * modal from starting. Reads are `get` and `clear` (which lists the keys it removes). After the
 * first timeout the session runs from memory (the store is left as it is) and the read rejects
 * with a StorageTimeoutError. A port that throws instead of answering rejects.
 *
 * @example
 * const storage = withReadTimeout(createIdbStorage(), { scheduler: asyncScheduler })
 *
 * Without a scheduler the timeout is the page's own timer.
 */
export function withReadTimeout(storage: Storage, options: { scheduler?: SchedulerLike | undefined; ms?: number }): Storage & { readonly inMemory: boolean } {
  const ms = options.ms ?? STORAGE_READ_TIMEOUT_MS
  let memory: Storage | undefined
  const current = () => memory ?? storage

  /** Runs a read of the storage, giving up after `ms` (then the session runs from memory). */
  const timed = <T>(what: string, read: (s: Storage) => Promise<T>): Promise<T> => {
    if (memory) return attempt(() => read(memory as Storage))
    return new Promise<T>((resolve, reject) => {
      let done = false
      const giveUp = () => {
        if (done) return
        done = true
        memory ??= createMemoryStorage()
        reject(new StorageTimeoutError(`${what} took more than ${ms} ms; this session runs from memory`))
      }
      const timer = options.scheduler ? options.scheduler.schedule(giveUp, ms) : pageTimer(giveUp, ms)
      attempt(() => read(storage)).then(
        (value) => {
          if (done) return
          done = true
          timer.unsubscribe()
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
    get: <T>(key: string) => timed(`a read of ${key}`, (s) => s.get<T>(key)),
    set: (key, value) => attempt(() => current().set(key, value)),
    del: (key) => attempt(() => current().del(key)),
    clear: () => timed('clearing the storage', (s) => s.clear()),
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
