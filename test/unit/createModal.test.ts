import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../src/adapters/storage/memoryKeyValue'
import { createMemoryStorage } from '../../src/adapters/storage/memoryStorage'
import { STORAGE_READ_TIMEOUT_MS } from '../../src/adapters/storage/readTimeout'
import { createVersionedStorage } from '../../src/adapters/storage/versionedStorage'
import { createModal } from '../../src/createModal'
import { emailLoginRequested } from '../../src/core/events/embeddedWallet/embeddedWallet'
import { STORAGE_KEYS } from '../../src/core/durable'
import type { Storage } from '../../src/core/ports'
import type { ModalState } from '../../src/core/state'
import { createFakeChainAdapter } from '../support/fakeChainAdapter'
import { createTestModal } from '../support/testModal'
import { baseInitialState } from '../../src/core/reducers/baseInitialState'
import { defineEvent } from '../../src/core/events/defineEvent'
import { object } from '../../src/core/events/schema'
import { createVirtualTime, settle } from '../support/virtualTime'
import { embeddedWallet } from '../../src/features/embeddedWallet'

/** A storage that records its reads. */
function counting(inner: Storage) {
  const reads: string[] = []
  const storage: Storage = { ...inner, get: (k) => (reads.push(k), inner.get(k)) }
  return { storage, reads }
}

/** A page load over `kv`: the modal, and every state and event it shows until it is ready. */
async function reloadOver(kv: ReturnType<typeof createMemoryKeyValue>) {
  const time = createVirtualTime()
  const modal = createModal({ projectId: 'test-project', adapters: ['eip155'], storage: createVersionedStorage(kv), clock: time.clock, scheduler: time.scheduler })
  const seen: string[] = []
  modal.state$.subscribe((s) => seen.push(`state: ${s.modal.open ? 'open' : 'closed'} ${s.router.view}, ${s.preferences.themeMode}, recent ${s.wallets.memory.recent.length}`))
  modal.event$.subscribe((e) => seen.push(e.type))
  await modal.ready
  return { modal, time, seen }
}

/** A visit that left a dark theme, a recent wallet and the modal open on Networks. */
async function visit() {
  const kv = createMemoryKeyValue()
  const first = await createTestModal({}, kv)
  first.modal.setThemeMode('dark')
  first.modal.dispatch({ type: 'connection/succeeded', payload: { connectorId: 'w', namespace: 'eip155', accounts: [{ address: '0x0000000000000000000000000000000000000001', type: 'eoa' }], caipNetworkId: 'eip155:1' } })
  first.modal.open('Networks')
  await first.time.advanceBy(1000)
  first.modal.destroy()
  return kv
}

describe('a reload', () => {
  it('replays the stored log straight into the durable state the visitor left: one start, no reset shown', async () => {
    const kv = await visit()
    const { modal, seen } = await reloadOver(kv)
    // The state shown before the session, then the session's: the page that went away (its open
    // modal) is never shown, and the theme and recent wallets never fall back to the defaults.
    expect(seen).toEqual([
      'state: closed Connect, light, recent 0',
      'state: closed Connect, dark, recent 1',
      'session/started',
      'storage/hydrated',
    ])
    const types = modal.timeTravel.log.events.map((e) => e.type)
    expect(types.slice(types.lastIndexOf('session/started'))).toEqual(['session/started', 'storage/hydrated'])
    expect(modal.getState().wallets.memory.connected).toEqual({ eip155: ['w'] })
    modal.destroy()
  })

  it('hydration changes nothing the replayed log already holds: the state after the start is kept as it is', async () => {
    const kv = await visit()
    const time = createVirtualTime()
    const modal = createModal({ projectId: 'test-project', adapters: ['eip155'], storage: createVersionedStorage(kv), clock: time.clock, scheduler: time.scheduler })
    const after: Record<string, ModalState> = {}
    modal.event$.subscribe((e) => (after[e.type] = modal.getState()))
    await modal.ready
    expect(after['storage/hydrated']).toBe(after['session/started'])
    // The durable parts came through the start from the replayed log; what did not outlive the
    // page (its open modal) started afresh.
    const log = modal.timeTravel.log
    const replayed = log.stateAt(log.events.findLastIndex((e) => e.type === 'session/started') - 1)
    expect(replayed.modal.open).toBe(true)
    const started = after['session/started']!
    expect(started.modal.open).toBe(false)
    expect([started.preferences.themeMode, started.wallets.memory, started.siwx]).toEqual([replayed.preferences.themeMode, replayed.wallets.memory, replayed.siwx])
    modal.destroy()
  })

  it('what storage holds wins over the log: a durable record another tab rewrote is the one applied', async () => {
    const kv = await visit()
    await kv.set('gangway:durable', { preferences: { themeMode: 'light', preferredAccountType: {} }, siwx: { sessions: {} }, wallets: { recent: [], connected: {} } })
    const { modal } = await reloadOver(kv)
    expect(modal.getState().preferences.themeMode).toBe('light')
    expect(modal.getState().wallets.memory).toEqual({ recent: [], connected: {} })
    modal.destroy()
  })

  it('replaying the whole stored log folds to the live state', async () => {
    const kv = await visit()
    const { modal } = await reloadOver(kv)
    const exported = modal.timeTravel.exportLog()
    const replay = await createTestModal({ persistLog: false })
    replay.modal.timeTravel.importLog(exported)
    expect(replay.modal.getState()).toEqual(modal.getState())
    replay.modal.destroy()
    modal.destroy()
  })

  it('events dispatched before the start come after the hydration, so they are not overwritten by it', async () => {
    const kv = await visit()
    const time = createVirtualTime()
    const modal = createModal({ projectId: 'test-project', adapters: ['eip155'], storage: createVersionedStorage(kv), clock: time.clock, scheduler: time.scheduler })
    modal.setThemeMode('light')
    await modal.ready
    const types = modal.timeTravel.log.events.map((e) => e.type)
    expect(types.slice(types.lastIndexOf('session/started'))).toEqual(['session/started', 'storage/hydrated', 'theme/modeChanged'])
    expect(modal.getState().preferences.themeMode).toBe('light')
    modal.destroy()
  })

  it('invalid stored data is dropped and reported with the start; the rest is applied', async () => {
    const kv = await visit()
    const durable = kv.dump()['gangway:durable'] as Record<string, unknown>
    await kv.set('gangway:durable', { ...durable, junk: 1 })
    const { modal, seen } = await reloadOver(kv)
    expect(seen.filter((s) => !s.startsWith('state:'))).toEqual(['session/started', 'storage/failed', 'storage/hydrated'])
    const failed = modal.timeTravel.log.events.find((e) => e.type === 'storage/failed')
    expect(failed?.payload).toMatchObject({ operation: 'hydrate', error: { shortMessage: 'Invalid stored data', details: 'dropped junk' } })
    expect(modal.getState().preferences.themeMode).toBe('dark')
    modal.destroy()
  })

  it('a failed read of the durable state is reported, and the session starts with nothing hydrated', async () => {
    const inner = createMemoryStorage()
    await inner.set(STORAGE_KEYS.durable, { preferences: { themeMode: 'dark', preferredAccountType: {} } })
    const storage: Storage = { ...inner, get: (k) => (k === STORAGE_KEYS.durable ? Promise.reject(new Error('read failed')) : inner.get(k)) }
    const modal = createModal({ projectId: 'p', storage, persistLog: false })
    await modal.ready
    const events = modal.timeTravel.log.events
    expect(events.map((e) => e.type)).toEqual(['session/started', 'storage/failed', 'storage/hydrated'])
    expect(events[1]!.payload).toMatchObject({ operation: 'read', error: { shortMessage: 'read failed' } })
    expect(events[2]!.payload).toEqual({})
    expect(modal.getState().preferences.themeMode).toBe('light')
    modal.destroy()
  })

  it('reads the stored durable state once, for the returning-visitor check and the hydration both', async () => {
    const inner = createMemoryStorage()
    await inner.set(STORAGE_KEYS.durable, { preferences: { themeMode: 'dark', preferredAccountType: {} } })
    const { storage, reads } = counting(inner)
    const modal = createModal({ projectId: 'p', storage, persistLog: false })
    await modal.ready
    expect(modal.getState().preferences.themeMode).toBe('dark')
    expect(reads.filter((k) => k === STORAGE_KEYS.durable)).toHaveLength(1)
    modal.destroy()
  })
})

describe("a host's own storage port", () => {
  it('whose get never settles goes through the read timeout: the modal becomes ready, hydrated with nothing', async () => {
    const time = createVirtualTime()
    const writes: string[] = []
    const hanging: Storage = { get: () => new Promise(() => undefined), set: async (k) => void writes.push(k), del: async () => undefined, clear: async () => undefined }
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: hanging, clock: time.clock, scheduler: time.scheduler })
    let ready = false
    void modal.ready.then(() => (ready = true))
    await time.advanceBy(STORAGE_READ_TIMEOUT_MS - 1)
    expect(ready).toBe(false)
    await time.advanceBy(1)
    await settle()
    expect(ready).toBe(true)
    const events = modal.timeTravel.log.events
    expect(events.map((e) => e.type).slice(0, 3)).toEqual(['session/started', 'storage/failed', 'storage/hydrated'])
    expect(events[1]!.payload).toMatchObject({ operation: 'read', error: { name: 'StorageTimeoutError' } })
    modal.setThemeMode('dark')
    modal.open()
    expect(modal.getState()).toMatchObject({ modal: { open: true }, preferences: { themeMode: 'dark' } })
    // From then on the session runs from memory: the host's port is left alone.
    await time.advanceBy(1000)
    expect(writes).toEqual([])
    modal.destroy()
  })
})

describe('createModal with the embedded wallet', () => {
  it("loads its connector's chunk before the session starts: its connector is listed and an e-mail login reaches it from the first event", async () => {
    const modal = createModal({
      projectId: 'test-project',
      adapters: ['eip155'],
      storage: createMemoryStorage(),
      persistLog: false,
      embeddedWallet: embeddedWallet({ frameUrl: 'http://127.0.0.1:9/frame/', loadTimeoutMs: 50 }),
    })
    await modal.ready
    const failed = new Promise<unknown>((resolve) => modal.event$.subscribe((e) => e.type === 'embeddedWallet/emailLoginFailed' && resolve(e.payload)))
    modal.dispatch(emailLoginRequested({ email: 'visitor@example.com' }))
    // No frame can load here: the wallet was asked, and failed as a wallet that cannot load does,
    // not as a modal that has no embedded wallet.
    const { error } = (await failed) as { error: { details?: string } }
    expect(error.details).not.toBe('the embeddedWallet option is not set')
    await settle()
    expect(modal.getState().wallets.connectors.map((c) => c.id)).toContain('auth')
    modal.destroy()
  })
})

describe('host commands called before the modal is ready', () => {
  it('wait for the session and settle with their own outcome, not as an aborted request', async () => {
    const { adapter, answer } = createFakeChainAdapter()
    const modal = createModal({ projectId: 'test-project', adapters: [adapter], storage: createMemoryStorage(), persistLog: false })
    // Called at once, as a host's module top level would: the store holds the intent until the session starts.
    const connecting = modal.connect('a')
    await modal.ready
    await settle()
    answer('connect', { accounts: ['0x00000000000000000000000000000000000000A1'], caipNetworkId: 'eip155:1' })
    expect(await connecting).toMatchObject({ connectorId: 'a', caipNetworkId: 'eip155:1' })
    // A second connect while that one is still pending is refused as before, once it is reduced.
    const again = modal.connect('b')
    const twice = modal.connect('b').then(() => 'connected', (error: Error) => error.name)
    expect(await twice).toBe('RequestAbortedError')
    answer('connect', { accounts: ['0x00000000000000000000000000000000000000B1'], caipNetworkId: 'eip155:1' })
    expect(await again).toMatchObject({ connectorId: 'b' })
    modal.destroy()
  })
})

describe('a modal before its engine has loaded', () => {
  const options = { projectId: 'test-project', adapters: ['eip155' as const], storage: createMemoryStorage(), persistLog: false as const }

  it('shows the state it starts in at once, the one its engine then starts from', async () => {
    const modal = createModal({ ...options, themeMode: 'dark' })
    expect(modal.getState()).toBe(modal.serverState)
    expect(modal.state$.value).toBe(modal.serverState)
    expect(modal.getState()).toEqual(baseInitialState(modal.getState().settings))
    expect(modal.getState().preferences.themeMode).toBe('dark')
    const before = modal.getState()
    await modal.ready
    expect(modal.timeTravel.log.stateAt(-1)).toEqual(before)
    modal.destroy()
  })

  it('runs what was dispatched and commanded, in order, once it has; subscriptions taken before see it', async () => {
    const modal = createModal(options)
    const views: string[] = []
    const stop = modal.subscribe((s) => views.push(`${s.modal.open ? 'open' : 'closed'} ${s.router.view}`))
    modal.open('Networks')
    modal.dispatch({ type: 'router/pushed', payload: { view: 'WhatIsAWallet' } })
    modal.back()
    expect(modal.getState().modal.open).toBe(false)
    await modal.ready
    await modal.whenLoaded()
    // The session's start, then the three, in the order they were called.
    expect(views).toEqual(['closed Connect', 'open Networks', 'open WhatIsAWallet', 'open Networks'])
    stop()
    modal.close()
    expect(views).toHaveLength(4)
    modal.destroy()
  })

  it('reports a bad argument of a command called before it in the console, and runs the others', async () => {
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args[0])
    try {
      const modal = createModal(options)
      expect(() => modal.setLocale('not a locale!')).not.toThrow()
      modal.open()
      await modal.ready
      expect(errors).toEqual([expect.stringMatching(/^Invalid setLocale arguments|^Invalid locale/)])
      expect(modal.getState().modal.open).toBe(true)
      // Once it has loaded, a bad argument throws at the call, as it always did.
      expect(() => modal.setLocale('not a locale!')).toThrow(/Invalid/)
      modal.destroy()
    } finally {
      console.error = original
    }
  })

  it('destroyed before it started: nothing loads, commands waiting reject, ready resolves', async () => {
    const modal = createModal(options)
    modal.destroy()
    modal.open()
    await expect(modal.connect('a')).rejects.toThrow('The modal was destroyed before it started')
    await modal.ready
    expect(modal.getState()).toBe(modal.serverState)
    expect(() => modal.timeTravel).toThrow(/modal.ready/)
  })

  it("refuses a host module with a built-in event's type as it starts: the console names it, commands reject with it", async () => {
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args[0])
    try {
      const impostor = defineEvent('modal/openRequested', object({}))
      const modal = createModal({ ...options, modules: [{ name: 'notes', events: [impostor], slices: [], effects: [] }] })
      const message = `Invalid options: modules[0].events[0] has the type "modal/openRequested" of another feature's event`
      await expect(modal.connect('a')).rejects.toThrow(message)
      await modal.ready
      expect(errors).toEqual([message])
    } finally {
      console.error = original
    }
  })
})

describe('a modal on a server (no window)', () => {
  it('is inert until asked: nothing read, no engine; reading ready starts it', async () => {
    const { storage, reads } = counting(createMemoryStorage())
    const modal = createModal({ projectId: 'test-project', adapters: ['eip155'], storage })
    await settle()
    expect(reads).toEqual([])
    expect(() => modal.timeTravel).toThrow(/modal.ready/)
    expect(modal.getState()).toBe(modal.serverState)
    await modal.ready
    expect(reads).toContain(STORAGE_KEYS.durable)
    expect(modal.timeTravel.log.events.map((e) => e.type)).toContain('session/started')
    modal.destroy()
  })

  it('starts when a command is called', async () => {
    const modal = createModal({ projectId: 'test-project', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    modal.open('Networks')
    await modal.whenLoaded()
    await settle()
    expect(modal.getState().router.view).toBe('Networks')
    modal.destroy()
  })
})

describe('the gateway’s JSON-RPC (spec §7)', () => {
  it('is handed to every chain adapter of a modal with an apiUrl and a projectId, to none without', async () => {
    const told: unknown[] = []
    const adapter = () => ({ ...createFakeChainAdapter().adapter, setRpcGateway: (gateway: unknown) => void told.push(gateway) })
    const withApi = await createTestModal({ apiUrl: 'http://127.0.0.1:9', adapters: [adapter()] })
    expect(told).toEqual([{ apiUrl: 'http://127.0.0.1:9', projectId: 'test-project' }])
    withApi.modal.destroy()
    told.length = 0
    const without = await createTestModal({ adapters: [adapter()] })
    expect(told).toEqual([])
    without.modal.destroy()
  })
})
