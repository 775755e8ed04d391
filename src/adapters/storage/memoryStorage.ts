import type { Storage } from '../../core/ports.js'
import { createVersionedStorage, type KeyValue, type Migration } from './versionedStorage.js'

/** A key-value store in memory: for the server (SSR) and tests. Values are copied as JSON. */
export function createMemoryKeyValue(initial: Record<string, unknown> = {}): KeyValue & { dump(): Record<string, unknown> } {
  const map = new Map<string, string>(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]))
  return {
    get: async (key) => {
      const raw = map.get(key)
      return raw === undefined ? undefined : JSON.parse(raw)
    },
    set: async (key, value) => {
      const raw = JSON.stringify(value)
      if (raw === undefined) map.delete(key)
      else map.set(key, raw)
    },
    del: async (key) => {
      map.delete(key)
    },
    keys: async () => [...map.keys()],
    dump: () => Object.fromEntries([...map].map(([k, v]) => [k, JSON.parse(v)])),
  }
}

/**
 * Storage kept in memory for the page's life.
 *
 * @example
 * createModal({ projectId, storage: createMemoryStorage() })
 */
export function createMemoryStorage(options: { migrations?: readonly Migration[] } = {}): Storage {
  return createVersionedStorage(createMemoryKeyValue(), options)
}
