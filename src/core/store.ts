import { Observable, skip, Subject, type Subscription } from 'rxjs'
import { readEvent, type EventCatalogue, assertValidEvent } from './events/catalogue.js'
import type { EventInput, StampedEvent } from './events/defineEvent.js'
import { effectFailed } from './events/modal/effects.js'
import { sessionStarted } from './events/modal/session.js'
import { runEffects } from './effects/runtime/runEffects.js'
import { EventStream } from './effects/runtime/eventStream.js'
import { StateStream } from './effects/runtime/stateStream.js'
import { EventLog, runSliced, runToEnd, type LogSnapshot } from './eventLog.js'
import { ReplayError } from './errors/storage.js'
import { isPlainObject, jsonNumberLength, jsonStringLength, plainDataProblem, readPlainData } from './events/schema.js'
import { redactDurableSecrets, redactEvent, redactValue } from './redact.js'
import type { RootReducer } from './reducers/createRootReducer.js'
import { InvalidInputError, serializeError } from './errors/base.js'
import type { CoreDeps } from './ports.js'
import type { ModalState, SessionSettings } from './state.js'
import type { NamedEffect } from './features/defineFeature.js'
import type { ComposedFeatures } from './features/composeFeatures.js'
import { featureInjected } from './events/modal/featureLoading.js'
import { LOG_BUFFER_BYTES } from './domain/constants.js'
import { historyOf, isStoredLogRecord, joinEventJson, sameData, type StoredLogRecord } from './storedLog.js'

export type { NamedEffect }

export type StoreOptions<D extends CoreDeps> = {
  deps: D
  effects?: readonly NamedEffect<D>[]
  /** The root reducer: its features' slices (`composeFeatures`). */
  reducer: RootReducer
  /** The events accepted at dispatch (the features' events). */
  catalogue: EventCatalogue
  /**
   * The features that join when first needed: an event that needs one waits, with every event
   * after it, until its chunk has loaded; then a `feature/injected` event adds its slices and
   * its effects start.
   */
  lazy?: Pick<ComposedFeatures<D>, 'lazy' | 'ownerOf' | 'neededFor' | 'loaded' | 'load'>
  /** Bytes of serialised events the log keeps before folding the oldest (spec §9). */
  maxLogBytes?: number
  /**
   * The state shown before `start` (default: the reducer's initial state with empty settings):
   * the initial state of the modal's own settings, so what reads it before the session starts
   * reads what the host configured.
   */
  initialState?: ModalState
  /** Called when an event is held because the session has not started: it is waited for. */
  onHold?: () => void
  /**
   * Gives the page its turn between two slices of a reload's history being checked and replayed
   * (joinHistory). Default: a macrotask.
   */
  pause?: () => Promise<void>
}

/** Events checked, or replayed, between two pauses of a reload's history join. */
export const HISTORY_SLICE = 1_000

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
  /** The log as a bug report carries it, every secret redacted (see redact.ts). */
  exportLog(): LogSnapshot<ModalState>
  /**
   * Replays an exported log (reducers only) and shows its newest state. Atomic: the replay runs
   * on the side and is swapped in only when it succeeded; otherwise an InvalidInputError
   * ('Invalid event log', with the reason) is thrown and nothing changed.
   */
  importLog(snapshot: unknown): void
  /**
   * Loads the features an exported log names (its events and its committed state) that have
   * not loaded yet, so that `importLog` can replay it. Never rejects: a log that still cannot
   * be replayed is refused by `importLog`.
   */
  prepareImport(snapshot: unknown): Promise<void>
  /**
   * Resolves once the history of the page before (a reload's stored events) has joined the log,
   * or was set aside as unreadable: a reload starts from the stored present state at once and
   * checks and replays the stored events right after. At once when there is none to join.
   */
  whenRestored(): Promise<void>
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
  /**
   * Resolves once no event waits for a feature's chunk (at once when none does): what was
   * dispatched so far has been reduced, or reported.
   */
  whenLoaded(): Promise<void>
  /**
   * Loads a persisted log (if any), starts the session with these settings and starts effects.
   * `startEvents` (the hydrated durable state) are reduced right after `session/started`, before
   * any event held until the start, and before `start` returns. A persisted log that cannot be
   * replayed is not loaded: the session starts without it and the reason comes back as
   * `unreadableLog`.
   */
  start(settings: SessionSettings, persistedLog?: unknown, loadedEffects?: readonly NamedEffect<any>[], startEvents?: readonly EventInput[]): StartResult
  /**
   * Checks and replays the stored events a `start` from a stored record (version 2) set aside,
   * and puts them before this session's. If they do not replay to the state the session started
   * from, the log keeps only this session's and the reason comes back as `unreadableLog`.
   * Nothing to do (resolves `{}`) when there are none, or the log was imported or committed since.
   */
  joinHistory(): Promise<StartResult>
  /** The log as a page stores it for its next load (see StoredLogRecord), every secret redacted. */
  storedLog(): StoredLogRecord<ModalState>
  stop(): void
}

export type StartResult = { unreadableLog?: InvalidInputError }

type Queued = { readonly input: EventInput; readonly payloadSize: number | undefined }

/**
 * The event loop: dispatch → stamp {seq, at} → reduce → publish state → hand the event to
 * effects. Events are processed one at a time from a queue, so an effect that answers
 * synchronously never re-enters a reduction. Until `start`, and while the devtools show a
 * past state, events are held and effects and persistence are muted.
 */
export function createStore<D extends CoreDeps>(options: StoreOptions<D>): Store {
  const { deps } = options
  const { reducer, catalogue, lazy } = options
  const reference = reducer.initial({ projectId: '', adapters: [] })
  const log = new EventLog<ModalState>(reducer, options.initialState ?? reference, options.maxLogBytes ?? LOG_BUFFER_BYTES)
  // The state shown, as a BehaviorSubject would give it. Optimization: the state stream effects
  // read, not a BehaviorSubject, whose every emission allocates (a closure, an iterator) even
  // when nobody listens; this runs for every event.
  const state$ = new StateStream(log.currentState)
  // What effects see as state$: the present state, and the one before the event they handle.
  const present$ = new StateStream(log.presentState)
  const event$ = new EventStream()
  const changes$ = new Subject<void>()
  // Each event waits with the JSON length of its payload when it was measured on the way in
  // (host-dispatched payloads are measured as they are copied; effects' as they are checked).
  const queue: Queued[] = []
  const held: Queued[] = []
  let draining = false
  let started = false
  let seq = 0
  let effectsSubscription: Subscription | undefined
  // Events dispatched before their feature loaded: their payloads are checked once it has.
  const unchecked = new WeakSet<EventInput>()
  // The lazy feature whose chunk is loading: the queue waits for it, in order.
  let waitingFor: string | undefined
  // Lazy features whose effects run (once per store, from their first injection).
  const runningFeatures = new Set<string>()
  let loadedWaiters: (() => void)[] = []
  // A reload's stored record whose events have not joined the log yet (see joinHistory), and
  // who waits for that.
  let history: { record: { committedState: unknown; events: string; skipped: unknown }; presentState: ModalState; lastSeq: number } | undefined
  let restoredWaiters: (() => void)[] = []
  const restored = (): void => {
    history = undefined
    const waiters = restoredWaiters
    restoredWaiters = []
    for (const w of waiters) w()
  }

  const publish = (): void => {
    if (state$.value !== log.currentState) state$.next(log.currentState)
    if (present$.value !== log.presentState) present$.next(log.presentState)
    // Optimization: only the devtools listen here; without them an event costs no Subject delivery.
    if (changes$.observed) changes$.next()
  }

  /** Waits for a lazy feature's chunk; the events that needed it go on once it has loaded. */
  const waitFor = (name: string): void => {
    waitingFor = name
    ;(lazy as NonNullable<typeof lazy>).load(name).then(
      () => {
        waitingFor = undefined
        drain()
      },
      (error: unknown) => {
        waitingFor = undefined
        // The event that needed it cannot run without it: it is dropped and reported; the rest go on.
        const [dropped] = queue.splice(0, 1)
        const effect = `loadFeature(${name}) for ${dropped?.input.type ?? 'an event'}`
        queue.unshift({ input: effectFailed({ effect, error: serializeError(error) }), payloadSize: undefined })
        drain()
      },
    )
  }

  /** Starts a lazy feature's effects the first time it joins the state. */
  const startFeature = (name: string): void => {
    const feature = lazy?.loaded(name)
    if (!feature || runningFeatures.has(name) || !effectsSubscription) return
    runningFeatures.add(name)
    effectsSubscription.add(runEffects(feature.effects, event$, present$, deps).subscribe(fromEffect))
  }

  const drain = (): void => {
    if (draining) return
    draining = true
    try {
      while (queue.length > 0 && waitingFor === undefined) {
        let queued = queue.shift() as Queued
        let input = queued.input
        if (!started || log.isTimeTravelling) {
          held.push(queued)
          if (!started) options.onHold?.()
          continue
        }
        if (lazy) {
          const needed = lazy.neededFor(input, log.presentState)
          if (needed) {
            queue.unshift(queued)
            if (!lazy.loaded(needed.name)) {
              waitFor(needed.name)
              break
            }
            input = featureInjected({ feature: needed.name })
            queued = { input, payloadSize: undefined }
          } else if (unchecked.has(input)) {
            // Its feature has loaded: the payload is checked against its schema now.
            try {
              const read = readEvent(catalogue, input, true)
              input = read.event
              queued = { input, payloadSize: read.payloadSize }
            } catch (error) {
              queue.unshift({ input: effectFailed({ effect: `dispatch(${input.type})`, error: serializeError(error) }), payloadSize: undefined })
              continue
            }
          }
        }
        // Built field by field (not spread): every event then has the same shape, and stays fast.
        const event: StampedEvent =
          input.requestId === undefined
            ? { type: input.type, payload: input.payload, seq: ++seq, at: deps.clock.now() }
            : { type: input.type, payload: input.payload, requestId: input.requestId, seq: ++seq, at: deps.clock.now() }
        const before = log.presentState
        try {
          // Secrets bound for durable state (sign-in sessions) are redacted before the reducers;
          // effects and the host (event$) get the event whole.
          const logged = redactDurableSecrets(event)
          const payloadSize = logged === event ? queued.payloadSize : undefined
          log.append(logged, payloadSize === undefined ? undefined : serializedSize(event, payloadSize))
        } catch (error) {
          // A reducer bug must not take the loop down: the event is dropped and reported.
          seq--
          if (input.type !== effectFailed.type) {
            queue.push({ input: effectFailed({ effect: `reducer(${input.type})`, error: serializeError(error) }), payloadSize: undefined })
          }
          continue
        }
        present$.previous = before
        publish()
        if (event.type === featureInjected.type) startFeature((event.payload as { feature: string }).feature)
        event$.next(event)
      }
    } finally {
      draining = false
    }
    if (waitingFor === undefined && loadedWaiters.length > 0) {
      const waiters = loadedWaiters
      loadedWaiters = []
      for (const w of waiters) w()
    }
  }

  const enqueue = (input: EventInput, payloadSize?: number): void => {
    queue.push({ input, payloadSize })
    drain()
  }

  const releaseHeld = (): void => {
    if (!started || log.isTimeTravelling || held.length === 0) return
    queue.unshift(...held.splice(0))
    drain()
  }

  /**
   * An event of a lazy feature that has not loaded: its payload is copied as plain data now and
   * checked against its schema once the feature has loaded (it waits for it in the queue).
   */
  const readPending = (input: unknown): EventInput | undefined => {
    if (!lazy || !isPlainObject(input) || typeof input.type !== 'string' || catalogue.has(input.type) || !lazy.ownerOf(input.type)) return undefined
    const type = input.type
    for (const key of Object.keys(input)) {
      if (key !== 'type' && key !== 'payload' && key !== 'requestId') throw new InvalidInputError(`Invalid event ${type}`, { details: `event.${key} is not a known field` })
    }
    if (input.requestId !== undefined && typeof input.requestId !== 'string') throw new InvalidInputError(`Invalid event ${type}`, { details: 'event.requestId must be a string' })
    const event: EventInput = { type, payload: undefined }
    if (input.payload !== undefined) {
      const data = readPlainData(input.payload, 'payload', { copy: true })
      if (typeof data === 'string') throw new InvalidInputError(`Invalid event ${type}`, { details: data })
      event.payload = data.value
    }
    if (input.requestId !== undefined) event.requestId = input.requestId as string
    unchecked.add(event)
    return event
  }

  const fromEffect = (input: EventInput): void => {
    try {
      const pending = readPending(input)
      if (pending) return enqueue(pending)
      const { payloadSize } = readEvent(catalogue, input)
      enqueue(input, payloadSize)
    } catch (error) {
      enqueue(effectFailed({ effect: `emit(${String((input as { type?: unknown })?.type)})`, error: serializeError(error) }))
    }
  }

  // Optimization: events and states are immutable, so each is redacted once, not on every
  // export (the persisted log is written up to every 300 ms).
  const redactedEvents = new WeakMap<StampedEvent, StampedEvent>()
  const redactedStates = new WeakMap<ModalState, ModalState>()
  const redactedState = (state: ModalState): ModalState => {
    let r = redactedStates.get(state)
    if (!r) redactedStates.set(state, (r = redactValue(state)))
    return r
  }
  const redactedEvent = (e: StampedEvent): StampedEvent => {
    let r = redactedEvents.get(e)
    if (!r) redactedEvents.set(e, (r = redactEvent(e)))
    return r
  }
  const redactSnapshot = (snapshot: LogSnapshot<ModalState>): LogSnapshot<ModalState> => {
    const committedState = redactedState(snapshot.committedState)
    const events = snapshot.events.map(redactedEvent)
    return { ...snapshot, committedState, events }
  }

  const travel = (fn: () => void): void => {
    fn()
    publish()
    releaseHeld()
  }

  // Slices of lazy features that have loaded may be in a stored state, or not.
  const stateShape = () => ({ reference: reducer.reference({ projectId: '', adapters: [] }), optional: reducer.lazySlices })

  /**
   * Checks a snapshot and replays it on the side (`maxBytes`: the scratch log's budget), in steps
   * of `slice` events; throws InvalidInputError.
   */
  function* replaySteps(snapshot: unknown, maxBytes: number, slice: number): Generator<void, EventLog<ModalState>> {
    const scratch = new EventLog<ModalState>(reducer, reference, maxBytes)
    const shape = stateShape()
    try {
      const checked = yield* checkSnapshotSteps(catalogue, shape, snapshot, slice)
      yield* scratch.loadSteps(checked, slice)
    } catch (error) {
      if (error instanceof InvalidInputError) throw error
      const details = error instanceof ReplayError ? error.message : `replay failed: ${error instanceof Error ? error.message : String(error)}`
      throw new InvalidInputError('Invalid event log', { details, cause: error })
    }
    const problem = shapeProblem(shape.reference, scratch.presentState, 'state', 0, shape.optional)
    if (problem) throw new InvalidInputError('Invalid event log', { details: `the replayed ${problem}` })
    return scratch
  }
  const replayOnSide = (snapshot: unknown): EventLog<ModalState> => runToEnd(replaySteps(snapshot, log.maxBytes, Number.POSITIVE_INFINITY))
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

  /** Replays a snapshot on the side and swaps it in only if every check and reduction passed. */
  const loadLog = (snapshot: unknown): void => {
    log.adopt(replayOnSide(snapshot))
    // What was waiting to join is older than what replaced it.
    if (history) restored()
  }

  /**
   * The present state a stored record (version 2) starts a reload from, checked as a stored
   * committed state is (plain data, this modal's slices) and detached; its events wait.
   */
  const readStoredRecord = (record: unknown): NonNullable<typeof history> => {
    const invalid = (details: string) => new InvalidInputError('Invalid event log', { details })
    if (!isStoredLogRecord(record)) throw invalid('expected a stored log of version 2')
    if (!Number.isSafeInteger(record.lastSeq) || (record.lastSeq as number) < 0) throw invalid(`lastSeq must be a non-negative integer, got ${describeValue(record.lastSeq)}`)
    if (typeof record.events !== 'string') throw invalid('events must be a JSON string')
    const { committedState, events, skipped } = record
    return { record: { committedState, events, skipped }, presentState: storedState(stateShape(), record.presentState, 'presentState'), lastSeq: record.lastSeq as number }
  }

  /** Loads the lazy features a log from outside names, before it is replayed. */
  const loadNamedFeatures = async (snapshot: unknown): Promise<void> => {
    if (!lazy) return
    const names = new Set<string>()
    try {
      if (!isPlainObject(snapshot)) return
      // A stored record (version 2) starts from its present state; its events come later.
      for (const state of [snapshot.committedState, snapshot.presentState]) {
        if (!isPlainObject(state)) continue
        if (Array.isArray(state.injected)) for (const name of state.injected) if (typeof name === 'string') names.add(name)
        // A state folded with every feature composed from the start (the devtools' own) holds their slices.
        for (const f of lazy.lazy) if (f.slices.some((key) => key in state)) names.add(f.name)
      }
      if (Array.isArray(snapshot.events)) {
        for (const e of snapshot.events) {
          if (!isPlainObject(e) || typeof e.type !== 'string') continue
          if (e.type === featureInjected.type && isPlainObject(e.payload) && typeof e.payload.feature === 'string') names.add(e.payload.feature)
          const owner = lazy.ownerOf(e.type)
          if (owner) names.add(owner.name)
        }
      }
    } catch {
      return
    }
    const l = lazy
    // A name no lazy feature has, or a chunk that fails, leaves the log to be refused by its replay.
    await Promise.all([...names].map((name) => l.load(name).catch(() => undefined)))
  }

  const position = (name: string, value: unknown): number => {
    if (!Number.isInteger(value)) throw new InvalidInputError(`Invalid ${name}`, { details: `${name} must be an integer, got ${describeValue(value)}` })
    return value as number
  }

  const timeTravel: TimeTravel = {
    log,
    changes$: changes$.asObservable(),
    jumpTo: (index) => {
      const i = position('index', index)
      travel(() => log.jumpTo(i))
    },
    jumpToSeq: (s) => {
      const at = position('seq', s)
      travel(() => log.jumpToSeq(at))
    },
    jumpToPresent: () => travel(() => log.jumpToPresent()),
    toggle: (s) => {
      const at = position('seq', s)
      travel(() => log.toggle(at))
    },
    sweep: () => travel(() => log.sweep()),
    commit: () =>
      travel(() => {
        log.commit()
        // Committed: the history that was waiting to join is folded away with the rest.
        if (history) restored()
      }),
    exportLog: () => redactSnapshot(log.snapshot()),
    importLog: (snapshot) =>
      travel(() => {
        loadLog(snapshot)
        seq = Math.max(seq, log.lastSeq)
      }),
    prepareImport: (snapshot) => loadNamedFeatures(snapshot),
    whenRestored: () => (history === undefined ? Promise.resolve() : new Promise<void>((resolve) => restoredWaiters.push(resolve))),
  }

  // Optimization: a stored record carries the events as JSON, each serialised once (events are
  // immutable), not on every write (up to every 300 ms).
  const eventJson = new WeakMap<StampedEvent, string>()
  const jsonOf = (e: StampedEvent): string => {
    let json = eventJson.get(e)
    if (json === undefined) eventJson.set(e, (json = JSON.stringify(redactedEvent(e))))
    return json
  }

  return {
    dispatch(input) {
      const pending = readPending(input)
      if (pending) return enqueue(pending)
      // Events are data: a host cannot later mutate what it dispatched. The walk that checks
      // the payload also copies it and tells the log its size.
      const { event, payloadSize } = readEvent(catalogue, input, true)
      enqueue(event, payloadSize)
    },
    getState: () => state$.value,
    whenLoaded: () => (waitingFor === undefined ? Promise.resolve() : new Promise<void>((resolve) => loadedWaiters.push(resolve))),
    subscribe(listener) {
      // Called on changes only, as useSyncExternalStore expects.
      const sub = state$.pipe(skip(1)).subscribe(listener)
      return () => sub.unsubscribe()
    },
    state$,
    event$: new Observable<StampedEvent>((subscriber) => event$.subscribe(subscriber)),
    timeTravel,
    start(settings, persistedLog, loadedEffects = [], startEvents = []) {
      if (started) return {}
      const result: StartResult = {}
      if (persistedLog !== undefined && persistedLog !== null) {
        try {
          if (isStoredLogRecord(persistedLog)) {
            // A reload starts from the stored present state; the stored events join after (joinHistory).
            const stored = readStoredRecord(persistedLog)
            log.reset(stored.presentState)
            seq = stored.lastSeq
            if (stored.record.events !== '[]') history = stored
          } else {
            loadLog(persistedLog)
            seq = log.lastSeq
          }
        } catch (error) {
          // A stored log this version cannot replay is set aside (by the caller), never
          // half-applied: the session starts from the durable state alone.
          result.unreadableLog = error instanceof InvalidInputError ? error : new InvalidInputError('Invalid event log', { cause: error })
        }
      }
      started = true
      effectsSubscription = runEffects([...(options.effects ?? []), ...loadedEffects], event$, present$, deps).subscribe(fromEffect)
      const first: Queued[] = [{ input: sessionStarted(settings), payloadSize: undefined }]
      for (const input of startEvents) {
        try {
          first.push({ input, payloadSize: readEvent(catalogue, input).payloadSize })
        } catch (error) {
          first.push({ input: effectFailed({ effect: `start(${String(input?.type)})`, error: serializeError(error) }), payloadSize: undefined })
        }
      }
      // The replayed state is not shown on its own: the page that went away (a connect in flight,
      // an open modal) is history, and the first state shown is this session's.
      queue.unshift(...first, ...held.splice(0))
      drain()
      return result
    },
    async joinHistory() {
      const pending = history
      if (!pending) return {}
      try {
        let snapshot: unknown
        try {
          snapshot = historyOf(pending.record)
        } catch (error) {
          throw new InvalidInputError('Invalid event log', { details: `events is not JSON: ${error instanceof Error ? error.message : String(error)}`, cause: error })
        }
        await loadNamedFeatures(snapshot)
        // Imported or committed meanwhile: what replaced the log is newer than this history.
        if (history !== pending) return {}
        // Replayed whole on the side, a slice at a time (the page keeps its turns); the joined log
        // folds to its budget.
        const older = await runSliced(replaySteps(snapshot, Number.POSITIVE_INFINITY, HISTORY_SLICE), pause)
        if (history !== pending) return {}
        if (older.lastSeq > pending.lastSeq) throw new InvalidInputError('Invalid event log', { details: `events go on past lastSeq ${pending.lastSeq} (to ${older.lastSeq})` })
        if (!sameData(redactValue(older.presentState), pending.presentState)) {
          throw new InvalidInputError('Invalid event log', { details: 'the stored events do not replay to the stored present state' })
        }
        log.prepend(older)
        publish()
        return {}
      } catch (error) {
        return { unreadableLog: error instanceof InvalidInputError ? error : new InvalidInputError('Invalid event log', { cause: error }) }
      } finally {
        if (history === pending) restored()
      }
    },
    storedLog() {
      const { committedState, events, skipped } = log.snapshot()
      return {
        version: 2,
        committedState: redactedState(committedState),
        presentState: redactedState(log.presentState),
        lastSeq: seq,
        events: joinEventJson(events, jsonOf),
        skipped,
      }
    },
    stop() {
      effectsSubscription?.unsubscribe()
      effectsSubscription = undefined
      runningFeatures.clear()
      started = false
    },
  }
}

/** How deep a stored or imported state may nest (payloads nest at most 64 levels inside it). */
const MAX_STATE_DEPTH = 128

/**
 * Checks a log from outside (storage, a file) before anything replays it: the envelope, every
 * event against the catalogue, strictly increasing integer seqs, a committed state of JSON data
 * with every slice of this modal in its shape. Returns a detached copy with secrets redacted.
 * Yields after every `slice` events checked (see runSliced).
 */
function* checkSnapshotSteps(
  catalogue: EventCatalogue,
  { reference, optional }: { reference: ModalState; optional: ReadonlySet<string> },
  snapshot: unknown,
  slice: number,
): Generator<void, LogSnapshot<ModalState>> {
  const invalid = (details: string) => new InvalidInputError('Invalid event log', { details })
  if (!isPlainObject(snapshot) || snapshot.version !== 1 || !Array.isArray(snapshot.events)) {
    throw invalid('expected { version: 1, committedState, events, skipped }')
  }
  const committedState = storedState({ reference, optional }, snapshot.committedState, 'committedState')
  let last = 0
  const events: StampedEvent[] = []
  for (const [i, e] of snapshot.events.entries()) {
    try {
      assertValidEvent(catalogue, e)
    } catch (error) {
      const reason = error as InvalidInputError
      throw invalid(`events[${i}]: ${reason.shortMessage}${reason.details ? ` (${reason.details})` : ''}`)
    }
    const { seq, at } = e as Partial<StampedEvent>
    if (!Number.isSafeInteger(seq) || typeof at !== 'number' || !Number.isFinite(at) || (seq as number) <= last) {
      throw invalid(`events[${i}] has no valid seq/at envelope (seq ${describeValue(seq)} after ${last})`)
    }
    last = seq as number
    events.push(redactEvent(JSON.parse(JSON.stringify(e)) as StampedEvent))
    if (i % slice === slice - 1) yield
  }
  if (snapshot.skipped !== undefined && !Array.isArray(snapshot.skipped)) throw invalid('skipped must be an array of seqs')
  const skipped = (snapshot.skipped ?? []).filter((n): n is number => Number.isSafeInteger(n))
  return { version: 1, committedState, events, skipped }
}

/**
 * A state from outside (a log's committed state, a stored present state) checked as JSON data
 * with every slice of this modal in its shape, and returned as a detached copy with secrets
 * redacted; throws InvalidInputError ('Invalid event log') naming what is wrong at `path`.
 */
function storedState({ reference, optional }: { reference: ModalState; optional: ReadonlySet<string> }, value: unknown, path: string): ModalState {
  const problem = plainDataProblem(value, path, MAX_STATE_DEPTH) ?? shapeProblem(reference, value, path, 0, optional)
  if (problem) throw new InvalidInputError('Invalid event log', { details: problem })
  return redactValue(JSON.parse(JSON.stringify(value)) as ModalState)
}

/**
 * Whether `value` has the shape of `reference` (the initial state): the same slices, and in
 * them the same kinds of fields (objects, arrays, strings, numbers, booleans) a few levels
 * down; fields that start as null may hold anything. Catches a state of another release.
 */
function shapeProblem(reference: unknown, value: unknown, path: string, depth = 0, optional?: ReadonlySet<string>): string | null {
  if (reference === null || reference === undefined) return null
  if (Array.isArray(reference)) return Array.isArray(value) ? null : `${path} must be an array, got ${describeValue(value)}`
  if (typeof reference === 'object') {
    if (!isPlainObject(value)) return `${path} must be an object, got ${describeValue(value)}`
    if (depth === 0) {
      for (const key of Object.keys(value)) if (!(key in reference)) return `${path}.${key} is not a slice of this modal`
    }
    if (depth >= 4) return null
    for (const [key, ref] of Object.entries(reference)) {
      if (depth === 0 && !(key in value)) {
        if (optional?.has(key)) continue
        return `${path}.${key} is missing`
      }
      const problem = shapeProblem(ref, value[key], `${path}.${key}`, depth + 1)
      if (problem) return problem
    }
    return null
  }
  return typeof value === typeof reference ? null : `${path} must be a ${typeof reference}, got ${describeValue(value)}`
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'number') return String(value)
  return typeof value
}

/**
 * `JSON.stringify(event).length` of a stamped event whose payload serialises to `payloadSize`
 * characters, without serialising it again (keys in the order the store builds them).
 */
export function serializedSize(event: StampedEvent, payloadSize: number): number {
  let size = 2 + 7 + typeLength(event.type) + 11 + payloadSize // {"type":…,"payload":…}
  if (event.requestId !== undefined) size += 13 + jsonStringLength(event.requestId) // ,"requestId":…
  return size + 7 + jsonNumberLength(event.seq) + 6 + jsonNumberLength(event.at) // ,"seq":…,"at":…
}

// Event types are few: their JSON lengths are kept.
const typeLengths = new Map<string, number>()

function typeLength(type: string): number {
  let length = typeLengths.get(type)
  if (length === undefined) {
    length = jsonStringLength(type)
    if (typeLengths.size < 4_096) typeLengths.set(type, length)
  }
  return length
}
