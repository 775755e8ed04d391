import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createIdbStorage } from '../../../src/adapters/storage/idbStorage'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryStorage'
import { createVersionedStorage } from '../../../src/adapters/storage/versionedStorage'

describe('versioned storage', () => {
  it('prefixes every key and records the schema version', async () => {
    const kv = createMemoryKeyValue()
    const storage = createVersionedStorage(kv)
    await storage.set('durable', { a: 1 })
    expect(kv.dump()).toEqual({ 'gangway:schema': 1, 'gangway:durable': { a: 1 } })
    expect(await storage.get('durable')).toEqual({ a: 1 })
  })
  it('runs migrations oldest first up to the current version', async () => {
    const kv = createMemoryKeyValue({ 'gangway:schema': 1, 'gangway:prefs': { theme: 'dark' }, 'other:key': 'kept' })
    const storage = createVersionedStorage(kv, {
      version: 3,
      migrations: [
        { from: 2, migrate: async (k, p) => { const v = (await k.get(`${p}preferences`)) as { themeMode: string }; await k.set(`${p}preferences`, { ...v, migrated: true }) } },
        { from: 1, migrate: async (k, p) => { const v = (await k.get(`${p}prefs`)) as { theme: string }; await k.set(`${p}preferences`, { themeMode: v.theme }); await k.del(`${p}prefs`) } },
      ],
    })
    expect(await storage.get('preferences')).toEqual({ themeMode: 'dark', migrated: true })
    expect(kv.dump()).toEqual({ 'gangway:schema': 3, 'gangway:preferences': { themeMode: 'dark', migrated: true }, 'other:key': 'kept' })
  })
  it('clears its own keys when no migration path exists or the data is from a newer version', async () => {
    for (const stored of [0, 9]) {
      const kv = createMemoryKeyValue({ 'gangway:schema': stored, 'gangway:durable': { x: 1 }, 'host:key': 1 })
      const storage = createVersionedStorage(kv, { version: 2 })
      expect(await storage.get('durable')).toBeUndefined()
      expect(kv.dump()).toEqual({ 'gangway:schema': 2, 'host:key': 1 })
    }
  })
  it('works over IndexedDB (idb-keyval)', async () => {
    const a = createIdbStorage({ database: 'gangway-test' })
    await a.set('durable', { themeMode: 'dark' })
    const b = createIdbStorage({ database: 'gangway-test' })
    expect(await b.get('durable')).toEqual({ themeMode: 'dark' })
    await b.clear()
    expect(await a.get('durable')).toBeUndefined()
  })
})
