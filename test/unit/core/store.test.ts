import { filter, map, of, mergeMap, throwError, tap } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../../src/core/errors/base'
import { modalOpenRequested, modalShakeRequested, modalLoadingChanged } from '../../../src/core/events/modal/modal'
import { createStore, HISTORY_SLICE, type NamedEffect } from '../../../src/core/store'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { builtInCatalogue, rootReducer } from '../../../src/core/reducers/rootReducer'
import type { CoreDeps } from '../../../src/core/ports'
import { createVirtualTime } from '../../support/virtualTime'

function setup(effects: NamedEffect<CoreDeps>[] = []) {
  const time = createVirtualTime(5000)
  const deps: CoreDeps = { clock: time.clock, scheduler: time.scheduler, storage: createMemoryStorage(), analytics: { track: () => undefined } }
  const store = createStore({ deps, effects, reducer: rootReducer, catalogue: builtInCatalogue })
  const seen: string[] = []
  store.event$.subscribe((e) => seen.push(e.type))
  return { store, time, seen }
}

describe('dispatch rejects malformed events and changes nothing', () => {
  const cases: [string, unknown, string][] = [
    ['unknown type', { type: 'modal/exploded', payload: {} }, 'Unknown event type: modal/exploded'],
    ['bad payload', { type: 'modal/openRequested', payload: { view: 'Nowhere' } }, 'Invalid event modal/openRequested'],
    ['extra payload field', { type: 'modal/openRequested', payload: { vew: 'Connect' } }, 'Invalid event modal/openRequested'],
    ['extra envelope field', { type: 'modal/openRequested', payload: {}, extra: 1 }, 'Invalid event modal/openRequested'],
    ['not an object', 'open', 'Invalid event'],
    ['non-string requestId', { type: 'modal/openRequested', payload: {}, requestId: 7 }, 'Invalid event modal/openRequested'],
  ]
  it.each(cases)('%s', (_name, input, message) => {
    const { store } = setup()
    store.start({ projectId: 'p', adapters: ['eip155'] })
    const before = store.getState()
    const size = store.timeTravel.log.events.length
    let caught: unknown
    try {
      store.dispatch(input as never)
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(InvalidInputError)
    expect((caught as InvalidInputError).shortMessage).toBe(message)
    expect(store.getState()).toBe(before)
    expect(store.timeTravel.log.events.length).toBe(size)
  })
  it('names the path of the problem', () => {
    const { store } = setup()
    store.start({ projectId: 'p', adapters: [] })
    expect(() => store.dispatch({ type: 'modal/openRequested', payload: { view: 'Nowhere' } })).toThrowError(/payload\.view must be one of/)
  })
})

describe('the loop', () => {
  it('stamps seq and at from the clock and keeps requestId', () => {
    const { store, time } = setup()
    store.start({ projectId: 'p', adapters: ['eip155'] })
    store.dispatch(modalOpenRequested({}, { requestId: 'r1' }))
    const last = store.timeTravel.log.events.at(-1)
    expect(last).toMatchObject({ type: 'modal/openRequested', requestId: 'r1', seq: 2, at: time.now })
  })
  it('holds events dispatched before start and runs them after session/started', () => {
    const { store, seen } = setup()
    store.dispatch(modalOpenRequested({}))
    expect(store.getState().modal.open).toBe(false)
    store.start({ projectId: 'p', adapters: ['eip155'] })
    expect(seen).toEqual(['session/started', 'modal/openRequested'])
    expect(store.getState().modal.open).toBe(true)
  })
  it('an effect sees the state after the event, and its synchronous output waits for the next turn', () => {
    const order: string[] = []
    const echo: NamedEffect<CoreDeps> = {
      name: 'echo',
      effect: (event$, state$) =>
        event$.pipe(
          filter(modalOpenRequested.match),
          tap(() => order.push(`effect saw open=${state$.value.modal.open}`)),
          map(() => modalLoadingChanged({ loading: true })),
        ),
    }
    const { store } = setup([echo])
    store.state$.subscribe((s) => order.push(`state open=${s.modal.open} loading=${s.modal.loading}`))
    store.start({ projectId: 'p', adapters: ['eip155'] })
    order.length = 0
    store.dispatch(modalOpenRequested({}))
    expect(order).toEqual(['state open=true loading=false', 'effect saw open=true', 'state open=true loading=true'])
  })
  it('an effect that throws reports effect/failed and keeps working; the others are unaffected', () => {
    let calls = 0
    const flaky: NamedEffect<CoreDeps> = {
      name: 'flaky',
      effect: (event$) =>
        event$.pipe(
          filter(modalShakeRequested.match),
          mergeMap(() => (++calls === 1 ? throwError(() => new Error('boom')) : of(modalLoadingChanged({ loading: true })))),
        ),
    }
    const steady: NamedEffect<CoreDeps> = { name: 'steady', effect: (event$) => event$.pipe(filter(modalOpenRequested.match), map(() => modalLoadingChanged({ loading: false }))) }
    const { store, seen } = setup([flaky, steady])
    store.start({ projectId: 'p', adapters: ['eip155'] })
    store.dispatch(modalShakeRequested({}))
    expect(store.timeTravel.log.events.at(-1)).toMatchObject({ type: 'effect/failed', payload: { effect: 'flaky', error: { shortMessage: 'boom' } } })
    store.dispatch(modalShakeRequested({}))
    expect(store.getState().modal.loading).toBe(true)
    store.dispatch(modalOpenRequested({}))
    expect(seen.at(-1)).toBe('modal/loadingChanged')
  })
  it('an effect emitting a malformed event is reported, not applied', () => {
    const bad: NamedEffect<CoreDeps> = { name: 'bad', effect: (event$) => event$.pipe(filter(modalOpenRequested.match), map(() => ({ type: 'modal/loadingChanged', payload: { loading: 'yes' } }))) }
    const { store } = setup([bad])
    store.start({ projectId: 'p', adapters: ['eip155'] })
    store.dispatch(modalOpenRequested({}))
    expect(store.getState().modal.loading).toBe(false)
    expect(store.getState().lastError?.source).toBe('effect/failed')
  })
})

describe('time travel', () => {
  it('shows a past state, holds new events and mutes effects until back to the present', () => {
    let effectRuns = 0
    const counter: NamedEffect<CoreDeps> = { name: 'counter', effect: (event$) => event$.pipe(tap(() => effectRuns++), filter(() => false)) }
    const { store } = setup([counter])
    store.start({ projectId: 'p', adapters: ['eip155'] })
    store.dispatch(modalOpenRequested({ view: 'AllWallets' }))
    const runs = effectRuns
    store.timeTravel.jumpTo(0)
    expect(store.getState().modal.open).toBe(false)
    store.dispatch(modalShakeRequested({}))
    expect(effectRuns).toBe(runs)
    expect(store.getState().modal.shake).toBe(false)
    store.timeTravel.jumpToPresent()
    expect(store.getState().router.view).toBe('AllWallets')
    expect(store.getState().modal.shake).toBe(true)
    expect(effectRuns).toBe(runs + 1)
  })
  it('import replays a log without running effects and rejects a malformed one whole', () => {
    let effectRuns = 0
    const counter: NamedEffect<CoreDeps> = { name: 'counter', effect: (event$) => event$.pipe(tap(() => effectRuns++), filter(() => false)) }
    const a = setup()
    a.store.start({ projectId: 'p', adapters: ['eip155'] })
    a.store.dispatch(modalOpenRequested({ view: 'Networks' }))
    const exported = JSON.parse(JSON.stringify(a.store.timeTravel.exportLog()))
    const b = setup([counter])
    b.store.start({ projectId: 'p', adapters: ['eip155'] })
    const runs = effectRuns
    b.store.timeTravel.importLog(exported)
    expect(b.store.getState()).toEqual(a.store.getState())
    expect(effectRuns).toBe(runs)
    const before = b.store.getState()
    const broken = { ...exported, events: [...exported.events, { type: 'nope', payload: {}, seq: 99, at: 1 }] }
    expect(() => b.store.timeTravel.importLog(broken)).toThrowError('Unknown event type: nope')
    expect(b.store.getState()).toBe(before)
  })
})

describe("a reload's history joins in slices", () => {
  it('checks and replays the stored events a slice at a time, the page getting its turn between, and shows the same state throughout', async () => {
    const time = createVirtualTime(5000)
    const deps: CoreDeps = { clock: time.clock, scheduler: time.scheduler, storage: createMemoryStorage(), analytics: { track: () => undefined } }
    const first = createStore({ deps, reducer: rootReducer, catalogue: builtInCatalogue })
    first.start({ projectId: 'p', adapters: ['eip155'] })
    const count = HISTORY_SLICE * 2 + 500
    for (let i = 0; i < count; i++) first.dispatch(i % 2 === 0 ? modalOpenRequested({}) : modalShakeRequested({}))
    const record = JSON.parse(JSON.stringify(first.storedLog()))

    const pauses: number[] = []
    let turn = () => {}
    const second = createStore({
      deps,
      reducer: rootReducer,
      catalogue: builtInCatalogue,
      // Each pause is a turn the test takes: what the page sees between two slices.
      pause: () => new Promise<void>((resolve) => (turn = () => (pauses.push(second.timeTravel.log.events.length), resolve()))),
    })
    second.start({ projectId: 'p', adapters: ['eip155'] }, record)
    const shown = second.getState()
    const joined = second.joinHistory()
    // Two slices checked and two replayed before the third of each: four turns, the log as it was.
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 0))
      expect(second.getState()).toBe(shown)
      turn()
    }
    expect(await joined).toEqual({})
    expect(pauses).toEqual([1, 1, 1, 1])
    // The first session: its start and its events; then this session's start.
    expect(second.timeTravel.log.events.length).toBe(1 + count + 1)
    expect(second.getState()).toBe(shown)
  })
})
