import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createIdbStorage } from '../../../../src/adapters/storage/idbStorage'
import { createMemoryKeyValue } from '../../../../src/adapters/storage/memoryKeyValue'
import { createVersionedStorage } from '../../../../src/adapters/storage/versionedStorage'

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
  it('never deletes data it does not understand: a newer, an unknown or an unmigratable version runs from memory', async () => {
    for (const stored of [0, 9, '1', null, { v: 1 }, 1.5]) {
      const before = { 'gangway:schema': stored, 'gangway:durable': { x: 1 }, 'gangway:eventLog': { version: 1 }, 'host:key': 1 }
      const kv = createMemoryKeyValue(before)
      const storage = createVersionedStorage(kv, { version: 2 })
      expect(await storage.get('durable')).toBeUndefined()
      await storage.set('durable', { y: 2 })
      expect(await storage.get('durable')).toEqual({ y: 2 })
      await storage.del('eventLog')
      await storage.clear()
      expect(await storage.mode()).toBe('memory')
      expect(kv.dump()).toEqual(JSON.parse(JSON.stringify(before)))
    }
  })
  it('adopts data stored without a schema key (a store written part way)', async () => {
    const kv = createMemoryKeyValue({ 'gangway:durable': { preferences: { themeMode: 'dark' } } })
    const storage = createVersionedStorage(kv)
    expect(await storage.get('durable')).toEqual({ preferences: { themeMode: 'dark' } })
    expect(kv.dump()).toEqual({ 'gangway:schema': 1, 'gangway:durable': { preferences: { themeMode: 'dark' } } })
    expect(await storage.mode()).toBe('persistent')
  })
  it('a failed first read is not remembered: the next operation tries again', async () => {
    const kv = createMemoryKeyValue({ 'gangway:schema': 1, 'gangway:durable': { a: 1 } })
    let fail = true
    const flaky = { ...kv, get: (key: string) => (fail ? Promise.reject(new Error('busy')) : kv.get(key)) }
    const storage = createVersionedStorage(flaky)
    await expect(storage.get('durable')).rejects.toThrow('busy')
    fail = false
    expect(await storage.get('durable')).toEqual({ a: 1 })
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
