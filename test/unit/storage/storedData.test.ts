import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createIdbKeyValue } from '../../../src/adapters/storage/idbStorage'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { createVersionedStorage } from '../../../src/adapters/storage/versionedStorage'
import type { KeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { createModal } from '../../../src/createModal'
import { STORAGE_RETRY_MAX_MS } from '../../../src/core/effects/persistence/persistLog'
import type { StampedEvent } from '../../../src/core/events/defineEvent'
import { embeddedSessionUpdated } from '../../../src/core/events/embeddedWallet/embeddedWallet'
import type { Storage } from '../../../src/core/ports'
import { storedEvents } from '../../support/storedLog'
import { createTestModal } from '../../support/testModal'
import { createVirtualTime, settle } from '../../support/virtualTime'

/** createTestModal takes any KeyValue; its default (memory) type is wider than it needs. */
const asTestKv = (kv: KeyValue) => kv as ReturnType<typeof createMemoryKeyValue>

let dbCount = 0
async function idb(contents: Record<string, unknown>): Promise<KeyValue> {
  const kv = createIdbKeyValue(`gangway-stored-${++dbCount}`)
  for (const [key, value] of Object.entries(contents)) await kv.set(key, value)
  return kv
}

async function dump(kv: KeyValue): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const key of await kv.keys()) out[key] = await kv.get(key)
  return out
}

/** Resolves with 'ready', or 'stuck' when ready does not resolve within a few turns. */
async function readyOrStuck(ready: Promise<void>): Promise<string> {
  return Promise.race([ready.then(() => 'ready'), settle(30).then(() => 'stuck')])
}

const types = (events: readonly StampedEvent[]) => events.map((e) => e.type)

describe('a stored event log that cannot be replayed', () => {
  it('is set aside, and the modal starts from durable state, opens and persists again', async () => {
    const unreadable = { version: 1, committedState: {}, events: [{ type: 'modal/closeRequested', payload: {}, seq: 1, at: 1 }], skipped: [] }
    const kv = await idb({ 'gangway:schema': 1, 'gangway:eventLog': unreadable, 'gangway:durable': { preferences: { themeMode: 'dark', preferredAccountType: {} } } })
    const { modal, time } = await createTestModal({}, asTestKv(kv))
    expect(modal.getState().preferences.themeMode).toBe('dark')
    const failed = modal.timeTravel.log.events.filter((e) => e.type === 'storage/failed')
    expect(failed).toHaveLength(1)
    expect(failed[0]?.payload).toMatchObject({ operation: 'loadLog', error: { name: 'InvalidInputError', shortMessage: 'Invalid event log' } })
    modal.open()
    expect(modal.getState().modal.open).toBe(true)
    await time.advanceBy(1000)
    const stored = await dump(kv)
    expect(stored['gangway:eventLog.unreadable']).toEqual(unreadable)
    expect(types(storedEvents(stored['gangway:eventLog']))).toContain('modal/openRequested')
    modal.destroy()
  })
  it('a folded log of another release (its state misses a slice) is set aside too', async () => {
    const kv = createMemoryKeyValue()
    const first = await createTestModal({ maxLogBytes: 2_000 }, asTestKv(kv))
    for (let i = 0; i < 40; i++) first.modal.open(i % 2 ? 'Networks' : 'AllWallets')
    await first.time.advanceBy(1000)
    first.modal.destroy()
    const log = kv.dump()['gangway:eventLog'] as { committedState: Record<string, unknown>; presentState: Record<string, unknown> }
    expect(types(storedEvents(log))).not.toContain('session/started')
    delete log.committedState.walletConnect
    delete log.presentState.walletConnect
    await kv.set('gangway:eventLog', log)

    const second = await createTestModal({}, asTestKv(kv))
    second.modal.open('Networks')
    expect(second.modal.getState().router.view).toBe('Networks')
    expect(kv.dump()['gangway:eventLog.unreadable']).toEqual(log)
    expect(second.modal.timeTravel.log.events.filter((e) => e.type === 'storage/failed')).toHaveLength(1)
    second.modal.destroy()
  })
  it('a stored present state the stored events do not replay to: the reload keeps that state, and the history is set aside', async () => {
    const kv = createMemoryKeyValue()
    const first = await createTestModal({}, asTestKv(kv))
    first.modal.setThemeMode('dark')
    first.modal.open('Networks')
    await first.time.advanceBy(1000)
    first.modal.destroy()
    const log = kv.dump()['gangway:eventLog'] as { events: string }
    // The theme change is gone from the history: it no longer replays to the stored present state.
    const edited = { ...log, events: JSON.stringify(storedEvents(log).filter((e) => e.type !== 'theme/modeChanged')) }
    await kv.set('gangway:eventLog', edited)

    const second = await createTestModal({}, asTestKv(kv))
    expect(second.modal.getState().preferences.themeMode).toBe('dark')
    expect(kv.dump()['gangway:eventLog.unreadable']).toEqual(edited)
    const events = second.modal.timeTravel.log.events
    expect(events[0]?.type).toBe('session/started')
    const failed = events.filter((e) => e.type === 'storage/failed')
    expect(failed).toHaveLength(1)
    expect(failed[0]?.payload).toMatchObject({ operation: 'loadLog', error: { details: 'the stored events do not replay to the stored present state' } })
    second.modal.destroy()
  })
})

describe('durable values IndexedDB can hold but JSON cannot', () => {
  it('only what is invalid is dropped, reported once, and the rest is hydrated and persisted again', async () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    const kv = await idb({
      'gangway:schema': 1,
      'gangway:durable': {
        preferences: { themeMode: 'dark', extra: NaN, preferredAccountType: { eip155: 'eoa', mars: 'eoa' } },
        siwx: { sessions: { 'eip155:1:0x1': { data: { expires: 1 } }, 'eip155:1:0x2': { at: new Date(0) }, 'eip155:1:0x3': cycle, 'eip155:1:0x4': { n: 1n } } },
        wallets: { recent: [{ id: 'a', name: 'A', namespace: 'eip155' }, new Map()], connected: { eip155: ['a'] } },
      },
    })
    const { modal, time } = await createTestModal({}, asTestKv(kv))
    const state = modal.getState()
    expect(state.preferences).toEqual({ themeMode: 'dark', locale: 'en', preferredAccountType: { eip155: 'eoa' } })
    expect(Object.keys(state.siwx.sessions)).toEqual(['eip155:1:0x1'])
    expect(state.wallets.memory).toEqual({ recent: [{ id: 'a', name: 'A', namespace: 'eip155' }], connected: { eip155: ['a'] } })
    const failed = modal.timeTravel.log.events.filter((e) => e.type === 'storage/failed')
    expect(failed).toHaveLength(1)
    expect(failed[0]?.payload).toMatchObject({ operation: 'hydrate', error: { shortMessage: 'Invalid stored data' } })
    expect(JSON.stringify(failed[0]?.payload)).toMatch(/preferences\.extra.*siwx\.sessions\.eip155:1:0x2/)
    modal.setThemeMode('light')
    await time.advanceBy(1000)
    const durable = (await dump(kv))['gangway:durable'] as Record<string, any>
    expect(durable.preferences).toEqual({ themeMode: 'light', preferredAccountType: { eip155: 'eoa' } })
    expect(Object.keys(durable.siwx.sessions)).toEqual(['eip155:1:0x1'])
    modal.destroy()
  })
})

describe('schema versions', () => {
  it.each([
    ['a newer version (after a rollback)', 2],
    ['the string "1"', '1'],
    ['an object', { v: 1 }],
  ])('%s: nothing is deleted, the session runs from memory', async (_name, schema) => {
    const contents = {
      'gangway:schema': schema,
      'gangway:durable': { preferences: { themeMode: 'dark', preferredAccountType: {} } },
      'gangway:eventLog': { version: 1, committedState: {}, events: [], skipped: [] },
      'gangway:future': { anything: true },
    }
    const kv = await idb(contents)
    const { modal, time } = await createTestModal({}, asTestKv(kv))
    modal.setThemeMode('dark')
    modal.open()
    expect(modal.getState().modal.open).toBe(true)
    await time.advanceBy(2000)
    expect(await dump(kv)).toEqual(contents)
    modal.destroy()
  })
  it('a missing schema key with valid data adopts the data', async () => {
    const kv = await idb({ 'gangway:durable': { preferences: { themeMode: 'dark', preferredAccountType: {} }, wallets: { recent: [], connected: { eip155: ['w'] } } } })
    const { modal } = await createTestModal({}, asTestKv(kv))
    expect(modal.getState().preferences.themeMode).toBe('dark')
    expect(modal.getState().wallets.memory.connected).toEqual({ eip155: ['w'] })
    expect((await dump(kv))['gangway:schema']).toBe(1)
    modal.destroy()
  })
})

describe('storage that keeps failing', () => {
  it('one storage/failed per failure streak, retried with backoff, a new streak after a success', async () => {
    const kv = createMemoryKeyValue({ 'gangway:schema': 1 })
    let failing = false
    let writes = 0
    const flaky: KeyValue = {
      ...kv,
      set: (key, value) => {
        writes++
        return failing ? Promise.reject(new Error('QuotaExceededError')) : kv.set(key, value)
      },
    }
    const { modal, time } = await createTestModal({}, asTestKv(flaky))
    failing = true
    writes = 0
    modal.setThemeMode('dark')
    await time.advanceBy(10 * 60_000)
    const failures = () => modal.timeTravel.log.events.filter((e) => e.type === 'storage/failed').length
    expect(failures()).toBe(1)
    // Backoff: 1 s doubling to 60 s, for two writers, over 10 minutes: a few dozen tries, not 2,000.
    expect(writes).toBeGreaterThan(4)
    expect(writes).toBeLessThan(40)
    failing = false
    await time.advanceBy(STORAGE_RETRY_MAX_MS)
    expect(kv.dump()['gangway:durable']).toMatchObject({ preferences: { themeMode: 'dark' } })
    failing = true
    modal.setThemeMode('light')
    await time.advanceBy(5_000)
    expect(failures()).toBe(2)
    modal.destroy()
  })
  it.each(['get', 'keys', 'del'] as const)('a rejecting %s does not make the idle modal report every 300 ms', async (method) => {
    const kv = createMemoryKeyValue()
    const broken: KeyValue = { ...kv, [method]: () => Promise.reject(new Error(`${method} failed`)) }
    const { modal, time } = await createTestModal({}, asTestKv(broken))
    await time.advanceBy(5 * 60_000)
    expect(modal.timeTravel.log.events.filter((e) => e.type === 'storage/failed').length).toBeLessThanOrEqual(2)
    modal.open()
    expect(modal.getState().modal.open).toBe(true)
    modal.destroy()
  })
  it('a first read that never settles: after a timeout the modal starts in memory', async () => {
    const time = createVirtualTime()
    const hanging: Storage = { get: () => new Promise(() => undefined), set: () => new Promise(() => undefined), del: async () => undefined, clear: async () => undefined }
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: hanging, clock: time.clock, scheduler: time.scheduler })
    expect(await readyOrStuck(modal.ready)).toBe('stuck')
    await time.advanceBy(10_000)
    expect(await readyOrStuck(modal.ready)).toBe('ready')
    modal.setThemeMode('dark')
    modal.open()
    expect(modal.getState()).toMatchObject({ modal: { open: true }, preferences: { themeMode: 'dark' } })
    modal.destroy()
  })
})

describe('a persisted log', () => {
  it('is redacted in IndexedDB too', async () => {
    const kv = await idb({})
    const { modal, time } = await createTestModal({}, asTestKv(kv))
    modal.dispatch({ type: 'signature/succeeded', payload: { address: '0x1', signature: '0xtopsecret' } })
    modal.dispatch({ type: 'router/pushed', payload: { view: 'Connect', data: { email: 'a@b.example', otp: '424242' } } })
    await time.advanceBy(1000)
    const stored = JSON.stringify(await dump(kv))
    expect(stored).toContain('router/pushed')
    for (const secret of ['0xtopsecret', 'a@b.example', '424242']) expect(stored).not.toContain(secret)
    modal.destroy()
  })
})

describe('the versioned storage under a never-settling first read', () => {
  it('is not what keeps the modal from starting: the read timeout covers it', async () => {
    const time = createVirtualTime()
    const kv = createMemoryKeyValue()
    const wedged: KeyValue = { ...kv, get: () => new Promise(() => undefined) }
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createVersionedStorage(wedged), clock: time.clock, scheduler: time.scheduler })
    // Outside a page the modal starts (and reads) once asked.
    const ready = modal.ready
    await time.advanceBy(10_000)
    expect(await readyOrStuck(ready)).toBe('ready')
    modal.destroy()
  })
})

describe('a send that failed', () => {
  it('is not a draft a reload brings back: the send form is not durable', async () => {
    const kv = createMemoryKeyValue()
    const first = await createTestModal({}, kv)
    const sending = first.modal.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.5', receiver: '0x0000000000000000000000000000000000000001' })
    const error = await sending.then(() => null, (e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(first.modal.getState().account.send.status).toBe('failed')
    await first.time.advanceBy(1000)
    first.modal.destroy()
    expect(JSON.stringify(kv.dump()['gangway:durable'] ?? null)).not.toContain('0.5')
    const second = await createTestModal({}, kv)
    expect(second.modal.getState().account.send).toMatchObject({ token: null, amount: null, receiver: null, status: 'idle' })
    second.modal.destroy()
  })
})

describe("the embedded wallet's stored keys", () => {
  it('session, e-mail, user name and last e-mail login are kept, bad fields dropped, and written back after a change', async () => {
    const kv = await idb({
      'gangway:schema': 1,
      'gangway:durable': {
        preferences: { themeMode: 'light' },
        siwx: { sessions: {} },
        embeddedWallet: { email: 'ada@example.com', username: null, sessionToken: 'tok-1', lastEmailLoginAt: 5, extra: 1, sessionTokenX: NaN },
      },
    })
    const { modal, time } = await createTestModal({}, asTestKv(kv))
    const state = modal.getState()
    expect(state.embeddedUser).toEqual({ email: 'ada@example.com', username: null, sessionToken: 'tok-1', accountTypeSwitch: null })
    expect(state.emailLogin.lastRequestAt).toBe(5)
    const failed = modal.timeTravel.log.events.filter((e) => e.type === 'storage/failed')
    expect(JSON.stringify(failed[0]?.payload)).toMatch(/embeddedWallet\.extra/)
    // The exported log never carries the session or the address.
    expect(JSON.stringify(modal.timeTravel.exportLog())).not.toMatch(/tok-1|ada@example\.com/)
    modal.dispatch(embeddedSessionUpdated({ sessionToken: 'tok-2' }))
    await time.advanceBy(1000)
    const durable = (await dump(kv))['gangway:durable'] as Record<string, any>
    expect(durable.embeddedWallet).toEqual({ email: 'ada@example.com', username: null, sessionToken: 'tok-2', lastEmailLoginAt: 5 })
    // Signed out: the session and the user are forgotten.
    modal.dispatch(embeddedSessionUpdated({ sessionToken: null }))
    await time.advanceBy(1000)
    expect(((await dump(kv))['gangway:durable'] as Record<string, any>).embeddedWallet).toEqual({ email: null, username: null, sessionToken: null, lastEmailLoginAt: 5 })
    modal.destroy()
  })
})
