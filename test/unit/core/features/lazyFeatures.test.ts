import { describe, expect, it } from 'vitest'
import { createStore } from '../../../../src/core/store'
import { composeFeatures } from '../../../../src/core/features/composeFeatures'
import { defineFeature, defineLazyFeature, type Feature } from '../../../../src/core/features/defineFeature'
import { BASE_FEATURES } from '../../../../src/core/features/baseFeatures'
import { LAZY_FEATURES, OPTIONAL_MODULES } from '../../../support/lazyFeatures'
import { included } from '../../../../src/core/features/lazyFeatureDescriptions'
import { names } from '../../../../src/features/names'

/** A host that passes every optional feature's module. */
const ALL = { modules: OPTIONAL_MODULES }
import { createSlice } from '../../../../src/core/reducers/createSlice'
import { defineEvent } from '../../../../src/core/events/defineEvent'
import { object, string } from '../../../../src/core/events/schema'
import { modalCloseRequested, modalOpenRequested } from '../../../../src/core/events/modal/modal'
import { routerPushed } from '../../../../src/core/events/modal/router'
import { swapAmountSet } from '../../../../src/core/events/swaps/swap'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import type { CoreDeps } from '../../../../src/core/ports'
import type { ModalState } from '../../../../src/core/state'
import { createTestModal } from '../../../support/testModal'
import { initialState } from '../../../../src/core/reducers/rootReducer'
import { createVirtualTime, settle } from '../../../support/virtualTime'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { smartSessions } from '../../../../src/features/smartSessions'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { remoteConfigLoaded } from '../../../../src/core/events/modal/config'
import { permissionExpired } from '../../../../src/core/events/permissions/permissions'
import { payCancelled } from '../../../../src/core/events/pay/pay'
import { pay } from '../../../../src/features/pay'
import { createFakeChainAdapter } from '../../../support/fakeChainAdapter'

/** Waits until no event waits for a feature's chunk, and effects have answered. */
async function loaded(modal: { whenLoaded(): Promise<void> }): Promise<void> {
  await modal.whenLoaded()
  await settle()
}

const types = (modal: { timeTravel: { log: { snapshot(): { events: { type: string }[] } } } }) => modal.timeTravel.log.snapshot().events.map((e) => e.type)

describe('features loaded on first need', () => {
  it('a feature whose module the host did not pass is not there: its events are refused, its view injects nothing, its flag stays off in effect', async () => {
    const { modal } = await createTestModal({ apiUrl: 'http://127.0.0.1:9', modules: [names()] })
    expect(modal.getState().settings.optionalFeatures).toEqual(['names'])
    expect(included(modal.getState().settings, 'swaps')).toBe(false)
    expect(included(modal.getState().settings, 'names')).toBe(true)
    expect(() => modal.dispatch(swapAmountSet({ side: 'from', amount: '1.5' }))).toThrow(/swap\/amountSet/)
    modal.open()
    modal.push('Swap')
    await loaded(modal)
    expect(modal.getState().injected).toEqual([])
    expect(modal.getState().swap).toBeUndefined()
    // The one passed joins as before.
    modal.push('RegisterAccountName')
    await loaded(modal)
    expect(modal.getState().injected).toEqual(['names'])
  })

  it('are not in the state until needed; a view of one injects it first, in the log', async () => {
    const { modal } = await createTestModal(ALL)
    expect(modal.getState().swap).toBeUndefined()
    expect(modal.getState().injected).toEqual([])
    modal.open()
    modal.push('Swap')
    await loaded(modal)
    const state = modal.getState()
    expect(state.injected).toEqual(['swaps'])
    expect(state.swap).toBeDefined()
    expect(state.router.view).toBe('Swap')
    const log = types(modal)
    expect(log.indexOf('feature/injected')).toBe(log.lastIndexOf('router/pushed') - 1)
    // Pushing it again injects nothing more.
    modal.back()
    modal.push('Swap')
    await loaded(modal)
    expect(types(modal).filter((t) => t === 'feature/injected')).toHaveLength(1)
  })

  it("hold an event of theirs, and every event after it, until their chunk has loaded, then keep the order", async () => {
    const { modal } = await createTestModal(ALL)
    modal.dispatch(swapAmountSet({ side: 'from', amount: '1.5' }))
    modal.dispatch(modalOpenRequested({}))
    // Nothing happened yet: the open waits behind the swap event.
    expect(modal.getState().modal.open).toBe(false)
    await loaded(modal)
    const log = types(modal)
    const at = log.indexOf('feature/injected')
    expect(log.slice(at, at + 3)).toEqual(['feature/injected', 'swap/amountSet', 'modal/openRequested'])
    expect(modal.getState().swap?.amount).toBe('1.5')
    expect(modal.getState().modal.open).toBe(true)
  })

  it("check an event's payload once its feature has loaded: a bad one is reported and changes nothing", async () => {
    const { modal } = await createTestModal(ALL)
    // Not JSON data: refused at once, before anything loads.
    expect(() => modal.dispatch({ type: 'swap/amountSet', payload: { side: 'from', amount: () => 1 } })).toThrow(/Invalid event swap\/amountSet/)
    // JSON data of the wrong shape: refused by the feature's schema once it loaded.
    modal.dispatch({ type: 'swap/amountSet', payload: { side: 'sideways', amount: '1' } })
    await loaded(modal)
    const state = modal.getState()
    expect(state.swap?.amount ?? '').toBe('')
    const failed = modal.timeTravel.log.snapshot().events.filter((e) => e.type === 'effect/failed').map((e) => (e.payload as { effect: string }).effect)
    expect(failed).toEqual(['dispatch(swap/amountSet)'])
    // An event type no feature owns is refused at once, as before.
    expect(() => modal.dispatch({ type: 'nothing/happened', payload: {} })).toThrow(/Unknown event type: nothing\/happened/)
  })

  it('opening the modal on a view of one injects it before the open', async () => {
    const { modal } = await createTestModal(ALL)
    modal.open('RegisterAccountName')
    await loaded(modal)
    expect(modal.getState().injected).toEqual(['names'])
    expect(modal.getState().nameRegistration).toBeDefined()
    expect(modal.getState().router.view).toBe('RegisterAccountName')
  })

  it('a replayed or imported log loads the features it names first and folds to the same state', async () => {
    const { modal } = await createTestModal(ALL)
    modal.open()
    modal.push('OnRamp')
    modal.push('Swap')
    modal.dispatch(swapAmountSet({ side: 'from', amount: '2' }))
    await loaded(modal)
    const exported = JSON.parse(JSON.stringify(modal.timeTravel.exportLog()))
    const { modal: other } = await createTestModal(ALL)
    expect(other.getState().swap).toBeUndefined()
    // Before its features loaded, nothing of the log replays (and nothing changes).
    const before = other.getState()
    await other.timeTravel.prepareImport(exported)
    other.timeTravel.importLog(exported)
    const imported = other.getState()
    expect(before.swap).toBeUndefined()
    expect(imported.injected).toEqual(modal.getState().injected)
    expect(imported.swap).toEqual(modal.getState().swap)
    expect(imported.onramp).toEqual(modal.getState().onramp)
    expect(imported.router).toEqual(modal.getState().router)
  })

  it('a log folded with every feature composed (the devtools\' own) loads the features its state holds before it replays', async () => {
    const { modal } = await createTestModal(ALL)
    const snapshot = { version: 1, committedState: initialState({ projectId: 'test-project', adapters: ['eip155'] }), events: [], skipped: [] }
    expect(() => modal.timeTravel.importLog(snapshot)).toThrow(/nameRegistration is not a slice of this modal/)
    await modal.timeTravel.prepareImport(snapshot)
    modal.timeTravel.importLog(snapshot)
    expect(modal.getState().swap).toEqual(snapshot.committedState.swap)
  })

  it('a returning visitor: the stored log names its features, which load before it replays', async () => {
    const first = await createTestModal({ ...ALL, persistLog: true })
    first.modal.open()
    first.modal.push('Swap')
    await loaded(first.modal)
    await first.time.advanceBy(1_000)
    const second = await createTestModal({ ...ALL, persistLog: true }, first.kv)
    // The stored log replayed (it was not set aside as unreadable) and the session started.
    expect(second.modal.getState().lastError).toBeNull()
    expect(second.modal.timeTravel.log.snapshot().events.some((e) => e.type === 'swap/tokensRequested' || e.type === 'feature/injected')).toBe(true)
  })
})

describe('a feature whose chunk fails to load', () => {
  const pinged = defineEvent('ping/sent', object({ text: string() }))
  const pingSlice = createSlice('ping', () => ({ last: '' }), (b) => b.addCase(pinged, (draft, e) => void (draft.last = e.payload.text)))

  function storeWith(load: () => Promise<ReturnType<typeof defineFeature>>) {
    const time = createVirtualTime()
    const deps: CoreDeps = { clock: time.clock, scheduler: time.scheduler, storage: createMemoryStorage(), analytics: { track: () => undefined } }
    const composed = composeFeatures<CoreDeps>([...BASE_FEATURES] as Feature<CoreDeps>[], { lazy: [defineLazyFeature({ name: 'ping', domains: ['ping'], slices: ['ping'], load })] })
    const store = createStore({ deps, reducer: composed.reducer, catalogue: composed.catalogue, lazy: composed })
    store.start({ projectId: 'p', adapters: [] })
    return store
  }

  it('drops the event that needed it with a report, and the events after it go on', async () => {
    const store = storeWith(() => Promise.reject(new Error('chunk failed')))
    store.dispatch(pinged({ text: 'hello' }))
    store.dispatch(modalOpenRequested({}))
    await loaded(store)
    const state = store.getState() as ModalState & { ping?: unknown }
    expect(state.ping).toBeUndefined()
    expect(state.lastError?.shortMessage).toBe('chunk failed')
    expect(state.modal.open).toBe(true)
  })

  it('loads on a later need once the chunk can be had', async () => {
    let fail = true
    const store = storeWith(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(defineFeature({ name: 'ping', events: [pinged], slices: [pingSlice], effects: [] }))))
    store.dispatch(pinged({ text: 'one' }))
    await loaded(store)
    fail = false
    store.dispatch(pinged({ text: 'two' }))
    store.dispatch(modalCloseRequested({}))
    await loaded(store)
    expect((store.getState() as ModalState & { ping?: { last: string } }).ping).toEqual({ last: 'two' })
  })
})

describe('the base features', () => {
  it('hold none of the lazy features, and each lazy feature owns its events and views alone', () => {
    const base = new Set<string>(BASE_FEATURES.map((f) => f.name))
    for (const f of LAZY_FEATURES) expect(base.has(f.name), f.name).toBe(false)
    const composed = composeFeatures([...BASE_FEATURES] as Feature[], { lazy: LAZY_FEATURES })
    for (const type of composed.catalogue.keys()) expect(composed.ownerOf(type), type).toBeUndefined()
  })

  it('describe their chunks truly: the slices they declare, and every event of theirs in their domains', async () => {
    const composed = composeFeatures([...BASE_FEATURES] as Feature[], { lazy: LAZY_FEATURES })
    for (const stub of LAZY_FEATURES) {
      const body = await stub.load()
      expect(body.name).toBe(stub.name)
      expect(body.slices.map((s) => s.name)).toEqual(stub.slices)
      for (const e of body.events) expect(composed.ownerOf(e.type)?.name, e.type).toBe(stub.name)
    }
    // Asked again (the answers are kept), and after thousands of types no feature owns, the same.
    for (let i = 0; i < 5_000; i++) expect(composed.ownerOf(`junk${i}/x`)).toBeUndefined()
    for (const stub of LAZY_FEATURES) {
      for (const e of (await stub.load()).events) expect(composed.ownerOf(e.type)?.name, e.type).toBe(stub.name)
    }
  })

  it("route a pushed view of a lazy feature to that feature", () => {
    const composed = composeFeatures([...BASE_FEATURES] as Feature[], { lazy: LAZY_FEATURES })
    const state = composed.reducer.initial({ projectId: 'p', adapters: ['eip155'] })
    expect(composed.neededFor(routerPushed({ view: 'RegisterAccountName' }), state)?.name).toBe('names')
    expect(composed.neededFor(routerPushed({ view: 'Networks' }), state)).toBeUndefined()
  })
})

const SRC = fileURLToPath(new URL('../../../../src/', import.meta.url))

/** The modules `entry` reaches by static, non-type imports (what a bundler puts beside it). */
function staticallyReached(entry: string): Set<string> {
  const seen = new Set<string>()
  const stack = [resolve(SRC, entry)]
  const importFrom = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/g
  while (stack.length > 0) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const m of readFileSync(file, 'utf8').matchAll(importFrom)) {
      const base = resolve(dirname(file), m[1]!).replace(/\.js$/, '')
      const target = ['.ts', '.tsx'].map((ext) => base + ext).find((f) => existsSync(f))
      if (target) stack.push(target)
    }
  }
  return seen
}

describe('session permissions: a feature that costs nothing to a host that does not bring it', () => {
  const connect = connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: '0x00000000000000000000000000000000000000a1', type: 'eoa' }], caipNetworkId: 'eip155:1' })

  it("no module a host runs at start, nor the engine or the UI every host loads, names the feature's code (only smartSessions() does, by a dynamic import)", () => {
    const reached = new Set(['index.ts', 'react/index.ts', 'features.ts', 'modalEngine.ts', 'react/ModalUi.tsx', 'react/views/viewRegistry.ts'].flatMap((entry) => [...staticallyReached(entry)]))
    const inFeature = [...reached].map((f) => relative(SRC, f)).filter((f) => f.split('/').includes('permissions') && f !== 'features/permissions.ts')
    // The hook's selector, a module of its own that a host's bundler keeps only where the hook is used; it imports types alone.
    expect(inFeature).toEqual(['core/reducers/permissions/sessionPermissions.ts'])
    expect(readFileSync(join(SRC, inFeature[0]!), 'utf8').match(/^import (?!type ).*$/gm)).toBeNull()
    expect(readFileSync(join(SRC, 'features/smartSessions.ts'), 'utf8').match(/^import (?!type ).*$/gm)).toBeNull()
  })

  it('without smartSessions(): its events are refused, its views inject nothing, a connect loads nothing', async () => {
    const { modal } = await createTestModal({ modules: [names()] })
    expect(() => modal.dispatch(permissionExpired({ context: '0x01' }))).toThrow(/permissions\/expired/)
    modal.open()
    modal.push('Permissions')
    modal.dispatch(connect)
    await loaded(modal)
    expect(modal.getState().injected).toEqual([])
    expect(modal.getState().permissions).toBeUndefined()
    expect(modal.getState().features.smartSessions).toBe(false)
  })

  it("with it: joins just before an EVM wallet connects while the project has it on, not while it is off", async () => {
    const fake = createFakeChainAdapter()
    const { modal } = await createTestModal({ adapters: [fake.adapter], modules: [smartSessions()] })
    expect(modal.getState().permissions).toBeUndefined()
    modal.dispatch(remoteConfigLoaded({ features: { smartSessions: false } }))
    modal.dispatch(connect)
    await loaded(modal)
    expect(modal.getState().injected).toEqual([])
    modal.dispatch(remoteConfigLoaded({ features: { smartSessions: true } }))
    modal.dispatch(connect)
    await loaded(modal)
    expect(modal.getState().injected).toEqual(['permissions'])
    const log = types(modal)
    expect(log.indexOf('feature/injected')).toBe(log.lastIndexOf('connection/succeeded') - 1)
  })

  it('routes its views to it', () => {
    const composed = composeFeatures([...BASE_FEATURES] as Feature[], { lazy: LAZY_FEATURES })
    const state = composed.reducer.initial({ projectId: 'p', adapters: ['eip155'] })
    expect(composed.neededFor(routerPushed({ view: 'ReviewPermissions' }), state)?.name).toBe('permissions')
    expect(composed.neededFor(modalOpenRequested({ view: 'Permissions' }), state)?.name).toBe('permissions')
  })
})

describe('Pay: a feature that costs nothing to a host that does not bring it', () => {
  it("no module a host runs at start, nor the engine or the UI every host loads, names the feature's code (only pay() does, by a dynamic import)", () => {
    const reached = new Set(['index.ts', 'react/index.ts', 'features.ts', 'modalEngine.ts', 'react/ModalUi.tsx', 'react/views/viewRegistry.ts'].flatMap((entry) => [...staticallyReached(entry)]))
    const inFeature = [...reached].map((f) => relative(SRC, f)).filter((f) => f.split('/').includes('pay'))
    expect(inFeature).toEqual([])
    // The module itself only names its chunks.
    expect(reached.has(join(SRC, 'features/pay.ts'))).toBe(true)
    expect(readFileSync(join(SRC, 'features/pay.ts'), 'utf8').match(/^import (?!type ).*$/gm)).toBeNull()
  })

  it('without pay(): modal.pay says so, its events are refused, its view injects nothing; with it, the view injects it', async () => {
    const { modal } = await createTestModal({ modules: [names()] })
    await expect(modal.pay({ recipient: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', amount: '1', asset: 'native', network: 'eip155:1' })).rejects.toMatchObject({ shortMessage: 'Pay is not enabled' })
    expect(() => modal.dispatch(payCancelled({}))).toThrow(/pay\/cancelled/)
    modal.open('Pay')
    await loaded(modal)
    expect(modal.getState().injected).toEqual([])
    expect(modal.getState().pay).toBeUndefined()
    expect(modal.getState().features.pay).toBe(false)
    const brought = await createTestModal({ modules: [pay()] })
    expect(brought.modal.getState().features.pay).toBe(true)
    expect(brought.modal.getState().pay).toBeUndefined()
    brought.modal.open('Pay')
    await loaded(brought.modal)
    expect(brought.modal.getState().injected).toEqual(['pay'])
    expect(brought.modal.getState().pay).toEqual({ payment: null })
  })
})
