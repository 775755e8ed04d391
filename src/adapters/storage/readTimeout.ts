import type { SchedulerLike } from 'rxjs'
import { StorageTimeoutError } from '../../core/errors/storage.js'
import type { Storage } from '../../core/ports.js'
import { createMemoryStorage } from './memoryStorage.js'

/** How long a storage read may take before the session gives up on the storage. */
export const STORAGE_READ_TIMEOUT_MS = 3_000

/**
 * A storage whose reads give up after `ms`: a read that never settles (a blocked IndexedDB
 * upgrade, a wedged browser profile) would otherwise keep the modal from starting. After the
 * first timeout the session runs from memory (the store is left as it is) and the read rejects
 * with a StorageTimeoutError.
 *
 * @example
 * const storage = withReadTimeout(createIdbStorage(), { scheduler: asyncScheduler })
 */
export function withReadTimeout(storage: Storage, options: { scheduler: SchedulerLike; ms?: number }): Storage & { readonly inMemory: boolean } {
  const ms = options.ms ?? STORAGE_READ_TIMEOUT_MS
  let memory: Storage | undefined
  const current = () => memory ?? storage
  return {
    get inMemory() {
      return memory !== undefined
    },
    get<T>(key: string) {
      if (memory) return memory.get<T>(key)
      return new Promise<T | undefined>((resolve, reject) => {
        let done = false
        const timer = options.scheduler.schedule(() => {
          if (done) return
          done = true
          memory ??= createMemoryStorage()
          reject(new StorageTimeoutError(`a read of ${key} took more than ${ms} ms; this session runs from memory`))
        }, ms)
        let read: Promise<T | undefined>
        try {
          read = Promise.resolve(storage.get<T>(key))
        } catch (error) {
          read = Promise.reject(error)
        }
        read.then(
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
    },
    set: (key, value) => current().set(key, value),
    del: (key) => current().del(key),
    clear: () => current().clear(),
  }
}
