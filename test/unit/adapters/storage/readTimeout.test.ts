// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryKeyValue, type KeyValue } from '../../../../src/adapters/storage/memoryKeyValue'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { STORAGE_READ_TIMEOUT_MS, withReadTimeout } from '../../../../src/adapters/storage/readTimeout'
import { createVersionedStorage } from '../../../../src/adapters/storage/versionedStorage'
import { createModal } from '../../../../src/createModal'
import { STORAGE_KEYS } from '../../../../src/core/durable'
import { StorageTimeoutError } from '../../../../src/core/errors/storage'
import type { Storage } from '../../../../src/core/ports'
import { createVirtualTime, settle } from '../../../support/virtualTime'

// A host's own storage port gets the same read timeout as IndexedDB: whichever of its operations
// never settles, the modal becomes ready once the timeout has passed and then works from memory.
// The page here is a browser tab (happy-dom), so the modal reads its tab's log as well.

const never = <T>(): Promise<T> => new Promise<T>(() => undefined)

/** Resolves with 'ready', or 'stuck' when ready does not resolve within a few turns. */
async function readyOrStuck(ready: Promise<void>): Promise<string> {
  return Promise.race([ready.then(() => 'ready'), settle(30).then(() => 'stuck')])
}

/** A modal on virtual time over `storage`; ready once the read timeout has passed, and opening. */
async function expectStartsAfterTimeout(storage: Storage) {
  const time = createVirtualTime()
  const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage, clock: time.clock, scheduler: time.scheduler })
  await time.advanceBy(STORAGE_READ_TIMEOUT_MS + 1_000)
  expect(await readyOrStuck(modal.ready)).toBe('ready')
  modal.open()
  modal.setThemeMode('dark')
  expect(modal.getState()).toMatchObject({ modal: { open: true }, preferences: { themeMode: 'dark' } })
  modal.destroy()
}

// The effects' chunks load once per test file (real time); later modals find them loaded, so
// what remains is the storage's own time.
beforeAll(async () => {
  const warm = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage() })
  await warm.ready
  warm.destroy()
})
afterEach(() => sessionStorage.clear())

describe("a host's storage port whose operations never settle", () => {
  it('get never settles: ready after the timeout, the modal opens', async () => {
    await expectStartsAfterTimeout({ get: never, set: never, del: never, clear: never })
  })

  it('deleting never settles while a log of an earlier version is taken over: ready, the modal opens', async () => {
    const data = new Map<string, unknown>([[STORAGE_KEYS.log, { version: 1, committedState: {}, events: [], skipped: [] }]])
    await expectStartsAfterTimeout({
      get: async <T>(key: string) => data.get(key) as T | undefined,
      set: async (key, value) => void data.set(key, value),
      del: never,
      clear: never,
    })
  })

  it('writing never settles: ready, the modal opens', async () => {
    await expectStartsAfterTimeout({ get: async () => undefined, set: never, del: never, clear: never })
  })

  it('the raw store under a versioned storage never lists its keys nor deletes: ready, the modal opens', async () => {
    const kv = createMemoryKeyValue({ 'gangway:schema': 1, [`gangway:${STORAGE_KEYS.log}`]: { version: 1, committedState: {}, events: [], skipped: [] } })
    const wedged: KeyValue = { ...kv, keys: never, del: never }
    await expectStartsAfterTimeout(createVersionedStorage(wedged))
  })

  it('a raw store that never answers at all: ready, the modal opens', async () => {
    await expectStartsAfterTimeout(createVersionedStorage({ get: never, set: never, del: never, keys: never }))
  })

  it('a port that throws instead of answering, or answers with no promise: ready, the modal opens', async () => {
    const throwing: Storage = {
      get: () => {
        throw new Error('broken')
      },
      set: () => {
        throw new Error('broken')
      },
      del: () => {
        throw new Error('broken')
      },
      clear: () => {
        throw new Error('broken')
      },
    }
    await expectStartsAfterTimeout(throwing)
    await expectStartsAfterTimeout({ get: () => 'not a promise', set: () => undefined, del: () => undefined, clear: () => undefined } as unknown as Storage)
  })
})

describe('withReadTimeout', () => {
  it('clear, which reads the keys it removes, gives up after the timeout too; then the storage runs from memory', async () => {
    const time = createVirtualTime()
    const kv = createMemoryKeyValue()
    const storage = withReadTimeout(createVersionedStorage({ ...kv, keys: never }), { scheduler: time.scheduler })
    await storage.set('a', 1)
    const cleared = storage.clear()
    const outcome = cleared.then(
      () => 'cleared',
      (error: unknown) => error,
    )
    await time.advanceBy(STORAGE_READ_TIMEOUT_MS)
    expect(await outcome).toBeInstanceOf(StorageTimeoutError)
    expect(storage.inMemory).toBe(true)
    await expect(storage.clear()).resolves.toBeUndefined()
    expect(await storage.get('a')).toBeUndefined()
  })

  it('a read that settles in time is untouched, and leaves no timer behind', async () => {
    const time = createVirtualTime()
    const inner = createMemoryStorage()
    await inner.set('a', 1)
    const storage = withReadTimeout(inner, { scheduler: time.scheduler })
    expect(await storage.get('a')).toBe(1)
    await storage.clear()
    expect(time.scheduler.actions).toHaveLength(0)
    expect(storage.inMemory).toBe(false)
  })
})
