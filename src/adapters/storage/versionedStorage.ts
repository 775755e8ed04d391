import type { Storage } from '../../core/ports.js'
import { createMemoryKeyValue, type KeyValue } from './memoryKeyValue.js'


/** Moves stored data from one schema version to the next. */
export type Migration = {
  from: number
  /** Reads and rewrites keys (full keys, prefix included) of the raw store. */
  migrate(kv: KeyValue, prefix: string): Promise<void>
}

/** Every key Gangway writes starts with this (spec §9: a fixed key prefix). */
export const STORAGE_PREFIX = 'gangway:'
/** The version of what Gangway stores; raise it with a migration when a stored shape changes. */
export const STORAGE_SCHEMA_VERSION = 1
export const SCHEMA_KEY = 'schema'

/** How a versioned storage runs: on the store, or in memory because the stored data is not ours to touch. */
export type StorageMode = 'persistent' | 'memory'

/**
 * A Storage over a raw key-value store: keys get the fixed prefix, and on first use the stored
 * schema version is brought up to date by the migrations (oldest first). Nothing stored is
 * ever deleted because it is not understood: a newer version (a rollback), a version that is
 * not a number, or an older one with no path of migrations makes this storage run from memory
 * for the session and leave the store untouched. Data without a schema key (a store written
 * part way) is adopted: the version is written and hydration validates what is there.
 *
 * @example
 * const storage = createVersionedStorage(createMemoryKeyValue())
 * await storage.set('durable', { preferences })
 */
export function createVersionedStorage(
  kv: KeyValue,
  options: { prefix?: string; version?: number; migrations?: readonly Migration[] } = {},
): Storage & { mode(): Promise<StorageMode> } {
  const prefix = options.prefix ?? STORAGE_PREFIX
  const version = options.version ?? STORAGE_SCHEMA_VERSION
  const migrations = options.migrations ?? []
  const full = (key: string) => prefix + key
  let ready: Promise<KeyValue> | undefined

  const ownKeys = async (store: KeyValue) => (await store.keys()).filter((k) => typeof k === 'string' && k.startsWith(prefix))

  const upgrade = async (): Promise<KeyValue> => {
    const stored = await kv.get(full(SCHEMA_KEY))
    if (stored === version) return kv
    if (stored === undefined) {
      // Nothing stored, or data written before its schema key: adopt it.
      await kv.set(full(SCHEMA_KEY), version)
      return kv
    }
    if (typeof stored !== 'number' || !Number.isInteger(stored) || stored > version || !hasMigrationPath(stored)) {
      return createMemoryKeyValue()
    }
    let current = stored
    while (current < version) {
      const step = migrations.find((m) => m.from === current) as Migration
      await step.migrate(kv, prefix)
      current++
      await kv.set(full(SCHEMA_KEY), current)
    }
    return kv
  }

  const hasMigrationPath = (from: number): boolean => {
    for (let v = from; v < version; v++) if (!migrations.some((m) => m.from === v)) return false
    return true
  }

  // A failed upgrade (a rejecting read) is not remembered: the next operation tries again.
  const whenReady = (): Promise<KeyValue> =>
    (ready ??= upgrade().catch((error: unknown) => {
      ready = undefined
      throw error
    }))

  return {
    async get<T>(key: string) {
      const store = await whenReady()
      return (await store.get(full(key))) as T | undefined
    },
    async set(key, value) {
      const store = await whenReady()
      await store.set(full(key), value)
    },
    async del(key) {
      const store = await whenReady()
      await store.del(full(key))
    },
    async clear() {
      const store = await whenReady()
      for (const key of await ownKeys(store)) await store.del(key)
      if (store === kv) await kv.set(full(SCHEMA_KEY), version)
    },
    async mode() {
      return (await whenReady()) === kv ? 'persistent' : 'memory'
    },
  }
}
