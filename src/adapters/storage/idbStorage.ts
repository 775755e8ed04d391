import { createStore, del, get, keys, set } from 'idb-keyval'
import type { Storage } from '../../core/ports.js'
import { createVersionedStorage, type Migration } from './versionedStorage.js'
import type { KeyValue } from './memoryKeyValue.js'

/** The IndexedDB database and object store Gangway uses. */
export const IDB_DATABASE = 'gangway'
export const IDB_STORE = 'keyval'

/** A key-value store in IndexedDB (idb-keyval). */
export function createIdbKeyValue(database = IDB_DATABASE, storeName = IDB_STORE): KeyValue {
  const store = createStore(database, storeName)
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    keys: async () => (await keys(store)).filter((k): k is string => typeof k === 'string'),
  }
}

/**
 * Browser persistence: IndexedDB under the fixed prefix, schema-versioned.
 *
 * @example
 * createModal({ projectId, storage: createIdbStorage() })
 */
export function createIdbStorage(options: { database?: string; migrations?: readonly Migration[] } = {}): Storage {
  return createVersionedStorage(createIdbKeyValue(options.database), options)
}
