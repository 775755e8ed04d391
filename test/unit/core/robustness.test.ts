import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { GangwayError, InvalidInputError } from '../../../src/core/errors/base'
import { connectionRequested } from '../../../src/core/events/connection/connection'
import { disconnectRequested } from '../../../src/core/events/connection/connectionLifecycle'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { modalOpenRequested, modalShakeEnded } from '../../../src/core/events/modal/modal'
import { networkSwitchRequested } from '../../../src/core/events/connection/network'
import { sendRequested } from '../../../src/core/events/connection/send'
import { signatureRequested, signatureSucceeded } from '../../../src/core/events/connection/signature'
import { siwxSessionStored } from '../../../src/core/events/siwx/siwx'
import { createWalletCommands } from '../../../src/core/events/connection/walletCommands'
import type { CoreDeps } from '../../../src/core/ports'
import { REDACTED } from '../../../src/core/redact'
import type { ModalState } from '../../../src/core/state'
import { createStore } from '../../../src/core/store'
import { builtInCatalogue, rootReducer } from '../../../src/core/reducers/rootReducer'
import type { RootReducer } from '../../../src/core/reducers/createRootReducer'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createTestModal } from '../../support/testModal'
import { createVirtualTime, settle } from '../../support/virtualTime'

/** The built-in reducer, except that it throws (as a reducer bug would) on a router/pushed with data 'boom'. */
const fragileReducer: RootReducer = Object.assign(
  (state: ModalState, event: StampedEvent) => {
    if (event.type === 'router/pushed' && (event.payload as { data?: unknown }).data === 'boom') throw new TypeError("Cannot read properties of undefined (reading 'view')")
    return rootReducer(state, event)
  },
  { initial: rootReducer.initial, routeOf: rootReducer.routeOf, register: rootReducer.register, reference: rootReducer.reference, lazySlices: rootReducer.lazySlices },
)

function started(reducer: RootReducer = rootReducer) {
  const time = createVirtualTime(5000)
  const deps: CoreDeps = { clock: time.clock, scheduler: time.scheduler, storage: createMemoryStorage(), analytics: { track: () => undefined } }
  const store = createStore({ deps, reducer, catalogue: builtInCatalogue })
  store.start({ projectId: 'p', adapters: ['eip155'] })
  return { store, time }
}

function caught(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}

/** The log, the shown state and how many states were published, to check nothing changed. */
function observe(store: ReturnType<typeof started>['store']) {
  let published = 0
  store.subscribe(() => published++)
  const before = { state: store.getState(), log: JSON.stringify(store.timeTravel.exportLog()), travelling: store.timeTravel.log.isTimeTravelling }
  return {
    get published() {
      return published
    },
    unchanged() {
      expect(store.getState()).toBe(before.state)
      expect(JSON.stringify(store.timeTravel.exportLog())).toBe(before.log)
      expect(store.timeTravel.log.isTimeTravelling).toBe(before.travelling)
      expect(published).toBe(0)
    },
  }
}

describe('importLog is atomic', () => {
  it('a log whose replay throws is refused with the reason, and the live log, state and position are unchanged', () => {
    const source = started()
    source.store.dispatch(modalOpenRequested({ view: 'Networks' }))
    const exported = JSON.parse(JSON.stringify(source.store.timeTravel.exportLog()))
    const last = exported.events.at(-1)
    exported.events.push({ type: 'router/pushed', payload: { view: 'Connect', data: 'boom' }, seq: last.seq + 1, at: last.at })

    const { store } = started(fragileReducer)
    store.dispatch(modalOpenRequested({ view: 'AllWallets' }))
    const watch = observe(store)
    const error = caught(() => store.timeTravel.importLog(exported))
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).shortMessage).toBe('Invalid event log')
    expect((error as InvalidInputError).details).toMatch(/router\/pushed.*reading 'view'/)
    watch.unchanged()
    // Not left time travelling: new events still apply.
    store.dispatch(modalOpenRequested({ view: 'Networks' }))
    expect(store.getState().router.view).toBe('Networks')
  })
  it.each([
    ['an empty committed state', (s: Record<string, unknown>) => ({ ...s, committedState: {} }), /committedState\.\w+ is missing/],
    ['a slice of another shape', (s: Record<string, any>) => ({ ...s, committedState: { ...s.committedState, router: { view: 7 } } }), /committedState\.router/],
    ['an unknown slice', (s: Record<string, any>) => ({ ...s, committedState: { ...s.committedState, extra: {} } }), /not a slice/],
    ['NaN in the state', (s: Record<string, any>) => ({ ...s, committedState: { ...s.committedState, lastError: NaN } }), /finite number/],
    ['seqs out of order', (s: Record<string, any>) => ({ ...s, events: [...s.events].reverse() }), /seq/],
    ['fractional seq', (s: Record<string, any>) => ({ ...s, events: s.events.map((e: StampedEvent) => ({ ...e, seq: e.seq + 0.5 })) }), /seq/],
    ['not a log', () => 'hello', /version: 1/],
  ])('%s is refused whole', (_name, mutate, details) => {
    const source = started()
    source.store.dispatch(modalOpenRequested({}))
    source.store.dispatch(modalOpenRequested({ view: 'Networks' }))
    const exported = JSON.parse(JSON.stringify(source.store.timeTravel.exportLog()))
    const { store } = started()
    const watch = observe(store)
    const error = caught(() => store.timeTravel.importLog(mutate(exported)))
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).details).toMatch(details)
    watch.unchanged()
  })
  it('a valid log still imports, and the store goes on from it', () => {
    const source = started()
    source.store.dispatch(modalOpenRequested({ view: 'Networks' }))
    const exported = JSON.parse(JSON.stringify(source.store.timeTravel.exportLog()))
    const { store } = started()
    store.timeTravel.importLog(exported)
    expect(store.getState().router.view).toBe('Networks')
    expect(store.timeTravel.log.isTimeTravelling).toBe(false)
    store.dispatch(modalOpenRequested({ view: 'AllWallets' }))
    expect(store.getState().router.view).toBe('AllWallets')
  })
})

describe('time travel positions', () => {
  it.each([NaN, 1.5, '1', null, Infinity])('jumpTo(%s) is an InvalidInputError and publishes nothing', (index) => {
    const { store } = started()
    store.dispatch(modalOpenRequested({}))
    const watch = observe(store)
    expect(caught(() => store.timeTravel.jumpTo(index as number))).toBeInstanceOf(InvalidInputError)
    expect(caught(() => store.timeTravel.jumpToSeq(index as number))).toBeInstanceOf(InvalidInputError)
    expect(caught(() => store.timeTravel.toggle(index as number))).toBeInstanceOf(InvalidInputError)
    watch.unchanged()
    expect(store.getState()).toBeDefined()
  })
})

describe('the payload check', () => {
  it.each([
    ['__proto__ at the top', () => JSON.parse('{"view":"Connect","__proto__":{"polluted":1}}')],
    ['constructor in json data', () => ({ view: 'Connect', data: { a: [{ constructor: { prototype: 1 } }] } })],
    ['prototype in json data', () => ({ view: 'Connect', data: { prototype: 1 } })],
  ])('refuses %s', (_name, payload) => {
    const { store } = started()
    const type = 'router/pushed'
    const watch = observe(store)
    const error = caught(() => store.dispatch({ type, payload: payload() }))
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).details).toMatch(/(__proto__|constructor|prototype) is not (allowed|a known field)/)
    watch.unchanged()
  })
  it('refuses a 100,000-deep payload with a clear error, before any recursion', () => {
    const { store } = started()
    let deep: unknown = 'bottom'
    for (let i = 0; i < 100_000; i++) deep = { d: deep }
    const watch = observe(store)
    const error = caught(() => store.dispatch({ type: 'router/pushed', payload: { view: 'Connect', data: deep } }))
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).details).toMatch(/nested deeper than 64 levels/)
    watch.unchanged()
  })
  it('refuses bigint, cycles, getters that throw and proxies with an InvalidInputError', () => {
    const { store } = started()
    const cycle: Record<string, unknown> = { view: 'Connect' }
    cycle.data = cycle
    const getter = { view: 'Connect', get data(): unknown { throw new Error('boom') } }
    const proxy = new Proxy({}, { ownKeys: () => { throw new Error('trap') } })
    const watch = observe(store)
    for (const payload of [{ mode: 1n }, cycle, getter, proxy]) {
      for (const type of ['theme/modeChanged', 'router/pushed']) expect(caught(() => store.dispatch({ type, payload }))).toBeInstanceOf(InvalidInputError)
    }
    expect(caught(() => store.dispatch(proxy as never))).toBeInstanceOf(InvalidInputError)
    watch.unchanged()
  })
  it('session/started and storage/hydrated refuse junk', () => {
    const { store } = started()
    const watch = observe(store)
    for (const payload of [{}, { projectId: 1, adapters: [] }, { projectId: 'p', adapters: ['nope'] }, { projectId: 'p', adapters: [], features: { swaps: 'yes' } }]) {
      expect(caught(() => store.dispatch({ type: 'session/started', payload }))).toBeInstanceOf(InvalidInputError)
    }
    for (const payload of [{ junk: 1 }, { preferences: { themeMode: 'blue' } }, { wallets: { recent: 'x', connected: {} } }, { siwx: { sessions: [] } }]) {
      expect(caught(() => store.dispatch({ type: 'storage/hydrated', payload }))).toBeInstanceOf(InvalidInputError)
    }
    watch.unchanged()
    store.dispatch({ type: 'storage/hydrated', payload: { preferences: { themeMode: 'dark' } } })
    expect(store.getState().preferences.themeMode).toBe('dark')
  })
})

describe('intent creators mint their requestId', () => {
  it('a …Requested creator without a requestId gets a fresh one; a given one is kept; other events get none', () => {
    const a = connectionRequested({ connectorId: 'x', namespace: 'eip155' })
    const b = connectionRequested({ connectorId: 'x', namespace: 'eip155' })
    expect(typeof a.requestId).toBe('string')
    expect(a.requestId).not.toBe(b.requestId)
    expect(networkSwitchRequested({ namespace: 'eip155', caipNetworkId: 'eip155:1' }).requestId).toEqual(expect.any(String))
    expect(disconnectRequested({ namespace: 'eip155' }).requestId).toEqual(expect.any(String))
    expect(sendRequested({}).requestId).toEqual(expect.any(String))
    expect(connectionRequested({ connectorId: 'x', namespace: 'eip155' }, { requestId: 'mine' }).requestId).toBe('mine')
    expect(modalShakeEnded({})).toEqual({ type: 'modal/shakeEnded', payload: {} })
  })
})

describe('redaction', () => {
  it('a signature reaches the host and the live state, never the export or storage; a sign-in session keeps no secret anywhere', async () => {
    const kv = createMemoryKeyValue()
    const { modal, time } = await createTestModal({}, kv)
    const signature = `0x${'ab'.repeat(65)}`
    const requestId = 'sign-1'
    modal.dispatch(signatureRequested({ kind: 'message', message: 'hello' }, { requestId }))
    const seen: StampedEvent[] = []
    const sub = modal.event$.subscribe((e) => seen.push(e))
    modal.dispatch(signatureSucceeded({ address: '0x1', signature }, { requestId }))
    modal.dispatch(siwxSessionStored({ caipAddress: 'eip155:1:0x1', session: { data: { nonce: 'n' }, message: 'Sign in with nonce n', signature } }))
    modal.dispatch({ type: 'router/pushed', payload: { view: 'Connect', data: { email: 'visitor@example.com', otp: '123456', accessToken: 'tok' } } })
    sub.unsubscribe()
    await time.advanceBy(2000)
    // The live event carries it, for effects and the host.
    expect(seen.find((e) => e.type === 'signature/succeeded')?.payload).toMatchObject({ signature })
    const everywhere = JSON.stringify([modal.timeTravel.exportLog(), kv.dump()])
    for (const secret of [signature, 'Sign in with nonce n', 'visitor@example.com', '123456', '"tok"']) expect(everywhere).not.toContain(secret)
    expect(modal.getState().siwx.sessions['eip155:1:0x1']).toEqual({ data: { nonce: 'n' }, message: REDACTED, signature: REDACTED })
    expect(JSON.stringify(kv.dump()['gangway:durable'])).not.toContain('Sign in')
    expect(kv.dump()['gangway:eventLog']).toBeDefined()
    modal.destroy()
  })
  it('signMessage resolves with the real signature', async () => {
    const time = createVirtualTime()
    const store = createStore({ deps: { clock: time.clock, scheduler: time.scheduler, storage: createMemoryStorage(), analytics: { track: () => undefined } }, reducer: rootReducer, catalogue: builtInCatalogue })
    store.start({ projectId: 'p', adapters: ['eip155'] })
    const commands = createWalletCommands(store)
    const pending = commands.signMessage('hello')
    const requestId = store.timeTravel.log.events.at(-1)?.requestId
    store.dispatch(signatureSucceeded({ address: '0x1', signature: '0xsecret' }, { requestId }))
    await expect(pending).resolves.toBe('0xsecret')
    expect(store.getState().account.signature?.signature).toBe('0xsecret')
    expect(JSON.stringify(store.timeTravel.exportLog())).not.toContain('0xsecret')
  })
})

describe('wallet commands check every argument first', () => {
  function fakeStore() {
    const event$ = new Subject<StampedEvent>()
    const dispatched: EventInput[] = []
    const state = { connection: { activeNamespace: null }, wallets: { attempt: null }, account: { send: { requestId: null } } } as unknown as ModalState
    return { event$, dispatched, store: { event$, getState: () => state, dispatch: (e: EventInput) => void dispatched.push(e) } }
  }
  const bad: [string, (c: ReturnType<typeof createWalletCommands>) => Promise<unknown>][] = [
    ['switchNetwork(5)', (c) => c.switchNetwork(5 as never)],
    ['switchNetwork("nope")', (c) => c.switchNetwork('nope')],
    ['send(null)', (c) => c.send(null as never)],
    ['send with a number amount', (c) => c.send({ token: { symbol: 'ETH', decimals: 18 }, amount: 5 as never, receiver: '0x1' })],
    ['send with a bigint amount', (c) => c.send({ token: { symbol: 'ETH', decimals: 18 }, amount: 5n as never, receiver: '0x1' })],
    ['send with an extra field', (c) => c.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '1', receiver: '0x1', extra: 1 } as never)],
    ['connect(1n)', (c) => c.connect(1n as never)],
    ['connect with a bad namespace', (c) => c.connect('x', 'mars' as never)],
    ['signMessage(cycle)', (c) => { const o: Record<string, unknown> = {}; o.o = o; return c.signMessage(o as never) }],
    ['signTypedData(deep)', (c) => { let d: unknown = 1; for (let i = 0; i < 100_000; i++) d = [d]; return c.signTypedData({ d }) }],
    ['disconnect(null)', (c) => c.disconnect(null as never)],
    ['switchConnection(1, 2)', (c) => c.switchConnection(1 as never, 2 as never)],
  ]
  it.each(bad)('%s rejects with an InvalidInputError, dispatches nothing and leaves no subscription', async (_name, call) => {
    const { store, event$, dispatched } = fakeStore()
    const commands = createWalletCommands(store)
    let result: Promise<unknown> | undefined
    expect(() => (result = call(commands))).not.toThrow()
    const error = await (result as Promise<unknown>).then(() => null, (e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as GangwayError).shortMessage).toMatch(/^Invalid \w+ arguments$/)
    expect(dispatched).toEqual([])
    expect(event$.observed).toBe(false)
  })
  it('a command the store refuses leaves no subscription behind', async () => {
    const { store, event$ } = fakeStore()
    const commands = createWalletCommands({ ...store, dispatch: () => { throw new InvalidInputError('Unknown event type: connection/requested') } })
    await expect(commands.connect('x')).rejects.toBeInstanceOf(InvalidInputError)
    expect(event$.observed).toBe(false)
  })
})

describe('host commands of a modal', () => {
  it('refuse bad arguments with an InvalidInputError and change nothing', async () => {
    const { modal } = await createTestModal()
    const before = modal.getState()
    const size = modal.timeTravel.log.events.length
    const calls: (() => unknown)[] = [
      () => modal.open(123 as never),
      () => modal.open(null as never),
      () => modal.open({ view: 'Nowhere' } as never),
      () => modal.setThemeMode(1n as never),
      () => modal.setThemeMode('blue' as never),
      () => modal.push('Connect', (() => { const c: Record<string, unknown> = {}; c.c = c; return c })()),
      () => modal.showBanner('error', 7 as never),
      () => modal.setPreferredAccountType('eoa', 'mars' as never),
      () => modal.refreshBalance('yes' as never),
    ]
    for (const call of calls) expect(caught(call)).toBeInstanceOf(InvalidInputError)
    await expect(modal.send({ token: { symbol: 'ETH', decimals: 18 }, amount: 1 as never, receiver: '0x1' })).rejects.toBeInstanceOf(InvalidInputError)
    await settle()
    expect(modal.getState()).toBe(before)
    expect(modal.timeTravel.log.events.length).toBe(size)
    modal.open()
    expect(modal.getState().modal.open).toBe(true)
    modal.destroy()
  })
  it('bad options are one InvalidInputError at createModal', async () => {
    await expect(createTestModal({ features: { swaps: 1n } as never })).rejects.toBeInstanceOf(InvalidInputError)
    await expect(createTestModal({ themeMode: 'blue' as never })).rejects.toThrow('Invalid options')
  })
})

describe('EventLog.load is atomic', () => {
  it('a reducer that throws part way leaves the log exactly as it was, and names the event', async () => {
    const { EventLog } = await import('../../../src/core/eventLog')
    const { ReplayError } = await import('../../../src/core/errors/storage')
    const reducer = (s: number, e: StampedEvent) => {
      if (e.type === 'bad') throw new TypeError('boom')
      return s + 1
    }
    const log = new EventLog<number>(reducer, 0)
    log.append({ type: 'ok', payload: {}, seq: 1, at: 1 })
    const before = { events: log.events, states: log.events.map((_, i) => log.stateAt(i)), committed: log.committedState, index: log.currentIndex }
    const error = caught(() =>
      log.load({ version: 1, committedState: 10, skipped: [], events: [{ type: 'ok', payload: {}, seq: 1, at: 1 }, { type: 'bad', payload: {}, seq: 2, at: 2 }] }),
    )
    expect(error).toBeInstanceOf(ReplayError)
    expect((error as Error).message).toMatch(/event 2 \(bad\)/)
    expect({ events: log.events, states: log.events.map((_, i) => log.stateAt(i)), committed: log.committedState, index: log.currentIndex }).toEqual(before)
    expect(log.isTimeTravelling).toBe(false)
  })
})
