import type { Storage } from '../../core/ports.js'

/** The raw key-value store under a Storage (IndexedDB, memory). */
export interface KeyValue {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
  keys(): Promise<string[]>
}

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

/**
 * A Storage over a raw key-value store: keys get the fixed prefix, and on first use the stored
 * schema version is brought up to date by the migrations (oldest first). Data from a newer
 * version, or with no path of migrations, is cleared rather than misread.
 *
 * @example
 * const storage = createVersionedStorage(createMemoryKeyValue())
 * await storage.set('durable', { preferences })
 */
export function createVersionedStorage(
  kv: KeyValue,
  options: { prefix?: string; version?: number; migrations?: readonly Migration[] } = {},
): Storage {
  const prefix = options.prefix ?? STORAGE_PREFIX
  const version = options.version ?? STORAGE_SCHEMA_VERSION
  const migrations = options.migrations ?? []
  const full = (key: string) => prefix + key
  let ready: Promise<void> | undefined

  const ownKeys = async () => (await kv.keys()).filter((k) => typeof k === 'string' && k.startsWith(prefix))
  const clearAll = async () => {
    for (const key of await ownKeys()) await kv.del(key)
  }

  const upgrade = async (): Promise<void> => {
    const stored = await kv.get(full(SCHEMA_KEY))
    if (stored === version) return
    const keys = await ownKeys()
    if (stored === undefined && keys.length === 0) {
      await kv.set(full(SCHEMA_KEY), version)
      return
    }
    let current = typeof stored === 'number' ? stored : 0
    while (current < version) {
      const step = migrations.find((m) => m.from === current)
      if (!step) break
      await step.migrate(kv, prefix)
      current++
    }
    if (current !== version) await clearAll()
    await kv.set(full(SCHEMA_KEY), version)
  }

  const whenReady = () => (ready ??= upgrade())

  return {
    async get<T>(key: string) {
      await whenReady()
      return (await kv.get(full(key))) as T | undefined
    },
    async set(key, value) {
      await whenReady()
      await kv.set(full(key), value)
    },
    async del(key) {
      await whenReady()
      await kv.del(full(key))
    },
    async clear() {
      await whenReady()
      await clearAll()
      await kv.set(full(SCHEMA_KEY), version)
    },
  }
}
