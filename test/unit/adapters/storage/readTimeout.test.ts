// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryKeyValue, type KeyValue } from '../../../../src/adapters/storage/memoryKeyValue'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { STORAGE_READ_TIMEOUT_MS, withReadTimeout } from '../../../../src/adapters/storage/readTimeout'
import { createVersionedStorage } from '../../../../src/adapters/storage/versionedStorage'
import { createModal } from '../../../../src/createModal'
import { selectDurable, STORAGE_KEYS } from '../../../../src/core/durable'
import { StorageTimeoutError } from '../../../../src/core/errors/storage'
import type { Storage } from '../../../../src/core/ports'
import type { DurableState } from '../../../../src/core/state'
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

/**
 * A modal over a host's port (a map) whose read of the durable record answers only 2 s after the
 * read timeout (a page or device so busy that the read outlasts it), the rest at once; on virtual
 * time, at the timeout, ready. `durable()` is what the port holds.
 */
async function startWithLateRead(stored: DurableState) {
  const time = createVirtualTime()
  const data = new Map<string, unknown>([[STORAGE_KEYS.durable, stored]])
  const port: Storage = {
    get: async <T>(key: string) => {
      const value = structuredClone(data.get(key)) as T | undefined
      if (key !== STORAGE_KEYS.durable) return value
      return new Promise<T | undefined>((resolve) => time.scheduler.schedule(() => resolve(value), STORAGE_READ_TIMEOUT_MS + 2_000))
    },
    set: async (key, value) => void data.set(key, structuredClone(value)),
    del: async (key) => void data.delete(key),
    clear: async () => data.clear(),
  }
  const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: port, clock: time.clock, scheduler: time.scheduler })
  await time.advanceBy(STORAGE_READ_TIMEOUT_MS)
  expect(await readyOrStuck(modal.ready)).toBe('ready')
  return { time, modal, durable: () => data.get(STORAGE_KEYS.durable) as DurableState }
}

const recent = { id: 'io.example.wallet', name: 'Example Wallet', namespace: 'eip155' as const }
const storedWith = (themeMode: 'light' | 'dark', wallets: DurableState['wallets']): DurableState => ({ preferences: { themeMode, preferredAccountType: {} }, siwx: { sessions: {} }, wallets })

describe("a host's storage port whose durable read answers after the timeout", () => {
  it('the modal starts from memory at the timeout, then takes in what was stored: state and stored record agree, and later changes are stored', async () => {
    const { time, modal, durable } = await startWithLateRead(storedWith('dark', { recent: [recent], connected: { eip155: [] } }))
    const started = modal.timeTravel.log.events.map((e) => e.type)
    expect(started.slice(0, 3)).toEqual(['session/started', 'storage/failed', 'storage/hydrated'])
    expect(modal.getState().preferences.themeMode).toBe('light')

    // The read answers: the session shows what was stored, and the stored record is what it shows.
    await time.advanceBy(2_000)
    expect(modal.getState().preferences.themeMode).toBe('dark')
    expect(modal.getState().wallets.memory.recent.map((r) => r.id)).toEqual([recent.id])
    expect(durable()).toEqual(selectDurable(modal.getState()))

    // From then on the durable record is written where it was read.
    modal.setThemeMode('light')
    await time.advanceBy(10)
    expect(durable().preferences.themeMode).toBe('light')
    expect(durable()).toEqual(selectDurable(modal.getState()))
    modal.destroy()
  })

  it('what the visitor changed before the late read stays, the rest comes from storage, and the record holds both', async () => {
    // Stored: the light theme and a recent wallet; the visitor picks the dark theme before the read answers.
    const { time, modal, durable } = await startWithLateRead(storedWith('light', { recent: [recent], connected: { eip155: [] } }))
    modal.setThemeMode('dark')
    await time.advanceBy(1_000)
    // Still from memory: the record is as it was.
    expect(durable().preferences.themeMode).toBe('light')

    await time.advanceBy(1_000)
    expect(modal.getState().preferences.themeMode).toBe('dark')
    expect(modal.getState().wallets.memory.recent.map((r) => r.id)).toEqual([recent.id])
    expect(durable()).toEqual(selectDurable(modal.getState()))
    modal.destroy()
  })

  it('the theme alone changed before the late read, the rest as stored: the record is still written', async () => {
    const { time, modal, durable } = await startWithLateRead(storedWith('light', { recent: [], connected: {} }))
    modal.setThemeMode('dark')
    await time.advanceBy(2_000)
    // Taking in the read changed nothing the session shows; the record follows the session.
    expect(modal.getState().preferences.themeMode).toBe('dark')
    expect(durable().preferences.themeMode).toBe('dark')
    modal.destroy()
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

  it('after a read gave up, a key read in time stays on the storage; a key never read runs from memory', async () => {
    const time = createVirtualTime()
    const inner = createMemoryStorage()
    await inner.set('known', 1)
    const slow: Storage = { ...inner, get: <T>(key: string) => (key === 'slow' ? never<T>() : inner.get<T>(key)) }
    const storage = withReadTimeout(slow, { scheduler: time.scheduler })
    expect(await storage.get('known')).toBe(1)
    const gaveUp = storage.get('slow').catch((error: unknown) => error)
    await time.advanceBy(STORAGE_READ_TIMEOUT_MS)
    expect(await gaveUp).toBeInstanceOf(StorageTimeoutError)
    expect(storage.inMemory).toBe(true)
    await storage.set('known', 2)
    await storage.set('other', 3)
    expect(await inner.get('known')).toBe(2)
    expect(await inner.get('other')).toBeUndefined()
    expect(await storage.get('other')).toBe(3)
  })

  it('a read that gave up and then settles is offered as late(key); its key returns to the storage once adopted', async () => {
    const time = createVirtualTime()
    const inner = createMemoryStorage()
    await inner.set('durable', { theme: 'dark' })
    const slow: Storage = { ...inner, get: <T>(key: string) => new Promise<T | undefined>((resolve) => time.scheduler.schedule(() => void inner.get<T>(key).then(resolve), 5_000)) }
    const storage = withReadTimeout(slow, { scheduler: time.scheduler })
    let late: unknown = 'not yet'
    void storage.late('durable').then((value) => (late = value))
    const read = storage.get('durable').catch((error: unknown) => error)
    await time.advanceBy(STORAGE_READ_TIMEOUT_MS)
    expect(await read).toBeInstanceOf(StorageTimeoutError)
    await storage.set('durable', { theme: 'light' })
    expect(await inner.get('durable')).toEqual({ theme: 'dark' })
    await time.advanceBy(5_000 - STORAGE_READ_TIMEOUT_MS)
    expect(late).toEqual({ theme: 'dark' })
    storage.adopt('durable')
    await storage.set('durable', { theme: 'light' })
    expect(await inner.get('durable')).toEqual({ theme: 'light' })
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
