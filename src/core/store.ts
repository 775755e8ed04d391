import { BehaviorSubject, skip, Subject, type Observable, type Subscription } from 'rxjs'
import { assertValidEvent, type EventCatalogue } from './events/catalogue.js'
import type { EventInput, StampedEvent } from './events/defineEvent.js'
import { effectFailed } from './events/effects.js'
import { sessionStarted } from './events/session.js'
import { runEffects, type StateObservable } from './effects/runEffects.js'
import { EventLog, type LogSnapshot } from './eventLog.js'
import type { RootReducer } from './reducers/createRootReducer.js'
import { InvalidInputError, serializeError } from './errors.js'
import type { CoreDeps } from './ports.js'
import { builtInCatalogue, rootReducer } from './reducers/rootReducer.js'
import type { ModalState, SessionSettings } from './state.js'
import type { NamedEffect } from './features/defineFeature.js'
import { LOG_BUFFER_BYTES } from './domain/constants.js'

export type { NamedEffect }

export type StoreOptions<D extends CoreDeps> = {
  deps: D
  effects?: readonly NamedEffect<D>[]
  /** The root reducer (default: every built-in feature's). */
  reducer?: RootReducer
  /** The events accepted at dispatch (default: the reducer's catalogue). */
  catalogue?: EventCatalogue
  /** Bytes of serialised events the log keeps before folding the oldest (spec §9). */
  maxLogBytes?: number
}

/** The devtools' handle on the log: look at any past state, skip events, import and export. */
export type TimeTravel = {
  readonly log: EventLog<ModalState>
  /** Emits whenever the log or the position in it changes. */
  readonly changes$: Observable<void>
  jumpTo(index: number): void
  jumpToSeq(seq: number): void
  jumpToPresent(): void
  toggle(seq: number): void
  sweep(): void
  commit(): void
  exportLog(): LogSnapshot<ModalState>
  /** Replays an exported log (reducers only) and shows its newest state. */
  importLog(snapshot: unknown): void
}

export type Store = {
  /** Validates and queues an event; throws InvalidInputError (and changes nothing) if malformed. */
  dispatch(event: EventInput): void
  getState(): ModalState
  /** Calls `listener` after each change of the shown state (not with the current one). */
  subscribe(listener: (state: ModalState) => void): () => void
  /** The state being shown (a past one while time travelling). */
  readonly state$: Observable<ModalState> & { readonly value: ModalState }
  /** Every live event, after its state was published. */
  readonly event$: Observable<StampedEvent>
  readonly timeTravel: TimeTravel
  /** Loads a persisted log (if any), starts the session with these settings and starts effects. */
  start(settings: SessionSettings, persistedLog?: LogSnapshot<ModalState>, loadedEffects?: readonly NamedEffect<any>[]): void
  stop(): void
}

/**
 * The event loop: dispatch → stamp {seq, at} → reduce → publish state → hand the event to
 * effects. Events are processed one at a time from a queue, so an effect that answers
 * synchronously never re-enters a reduction. Until `start`, and while the devtools show a
 * past state, events are held and effects and persistence are muted.
 */
export function createStore<D extends CoreDeps>(options: StoreOptions<D>): Store {
  const { deps } = options
  const reducer = options.reducer ?? rootReducer
  const catalogue = options.catalogue ?? builtInCatalogue
  const log = new EventLog<ModalState>(reducer, reducer.initial({ projectId: '', adapters: [] }), options.maxLogBytes ?? LOG_BUFFER_BYTES)
  const state$ = new BehaviorSubject<ModalState>(log.currentState)
  const present$ = new BehaviorSubject<ModalState>(log.presentState)
  const event$ = new Subject<StampedEvent>()
  const changes$ = new Subject<void>()
  const queue: EventInput[] = []
  const held: EventInput[] = []
  let draining = false
  let started = false
  let seq = 0
  let effectsSubscription: Subscription | undefined

  const publish = (): void => {
    if (state$.value !== log.currentState) state$.next(log.currentState)
    if (present$.value !== log.presentState) present$.next(log.presentState)
    changes$.next()
  }

  const drain = (): void => {
    if (draining) return
    draining = true
    try {
      while (queue.length > 0) {
        const input = queue.shift() as EventInput
        if (!started || log.isTimeTravelling) {
          held.push(input)
          continue
        }
        const event: StampedEvent = { ...input, seq: ++seq, at: deps.clock.now() }
        try {
          log.append(event)
        } catch (error) {
          // A reducer bug must not take the loop down: the event is dropped and reported.
          seq--
          if (input.type !== effectFailed.type) {
            queue.push(effectFailed({ effect: `reducer(${input.type})`, error: serializeError(error) }))
          }
          continue
        }
        publish()
        event$.next(event)
      }
    } finally {
      draining = false
    }
  }

  const enqueue = (input: EventInput): void => {
    queue.push(input)
    drain()
  }

  const releaseHeld = (): void => {
    if (!started || log.isTimeTravelling || held.length === 0) return
    queue.unshift(...held.splice(0))
    drain()
  }

  const fromEffect = (input: EventInput): void => {
    try {
      assertValidEvent(catalogue, input)
      enqueue(input)
    } catch (error) {
      enqueue(effectFailed({ effect: `emit(${String((input as { type?: unknown })?.type)})`, error: serializeError(error) }))
    }
  }

  const travel = (fn: () => void): void => {
    fn()
    publish()
    releaseHeld()
  }

  const timeTravel: TimeTravel = {
    log,
    changes$: changes$.asObservable(),
    jumpTo: (index) => travel(() => log.jumpTo(index)),
    jumpToSeq: (s) => travel(() => log.jumpToSeq(s)),
    jumpToPresent: () => travel(() => log.jumpToPresent()),
    toggle: (s) => travel(() => log.toggle(s)),
    sweep: () => travel(() => log.sweep()),
    commit: () => travel(() => log.commit()),
    exportLog: () => log.snapshot(),
    importLog: (snapshot) =>
      travel(() => {
        const checked = checkSnapshot(catalogue, snapshot)
        log.load(checked)
        seq = Math.max(seq, log.lastSeq)
      }),
  }

  return {
    dispatch(input) {
      assertValidEvent(catalogue, input)
      const copy: EventInput = { type: input.type, payload: structuredCloneJson(input.payload) }
      if (input.requestId !== undefined) copy.requestId = input.requestId
      enqueue(copy)
    },
    getState: () => state$.value,
    subscribe(listener) {
      // Called on changes only, as useSyncExternalStore expects.
      const sub = state$.pipe(skip(1)).subscribe(listener)
      return () => sub.unsubscribe()
    },
    state$,
    event$: event$.asObservable(),
    timeTravel,
    start(settings, persistedLog, loadedEffects = []) {
      if (started) return
      if (persistedLog) {
        try {
          log.load(checkSnapshot(catalogue, persistedLog))
          seq = log.lastSeq
        } catch {
          // A stored log this version cannot read is dropped rather than half-applied.
        }
      }
      started = true
      const presentState = Object.defineProperty(present$.asObservable(), 'value', {
        get: () => present$.value,
      }) as StateObservable
      effectsSubscription = runEffects([...(options.effects ?? []), ...loadedEffects], event$, presentState, deps).subscribe(fromEffect)
      queue.unshift(sessionStarted(settings), ...held.splice(0))
      publish()
      drain()
    },
    stop() {
      effectsSubscription?.unsubscribe()
      effectsSubscription = undefined
      started = false
    },
  }
}

function checkSnapshot(catalogue: EventCatalogue, snapshot: unknown): LogSnapshot<ModalState> {
  const s = snapshot as Partial<LogSnapshot<ModalState>> | null
  if (!s || typeof s !== 'object' || s.version !== 1 || !Array.isArray(s.events) || typeof s.committedState !== 'object' || s.committedState === null) {
    throw new InvalidInputError('Invalid event log', { details: 'expected { version: 1, committedState, events, skipped }' })
  }
  let last = 0
  for (const e of s.events) {
    assertValidEvent(catalogue, e)
    const { seq, at } = e as StampedEvent
    if (typeof seq !== 'number' || typeof at !== 'number' || seq <= last) {
      throw new InvalidInputError('Invalid event log', { details: `event ${String(seq)} has no valid seq/at envelope` })
    }
    last = seq
  }
  const skipped = Array.isArray(s.skipped) ? s.skipped.filter((n): n is number => typeof n === 'number') : []
  return { version: 1, committedState: s.committedState, events: s.events as StampedEvent[], skipped }
}

// Events are data: a host cannot later mutate what it dispatched, and nothing non-JSON slips in.
function structuredCloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}
