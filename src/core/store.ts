import { BehaviorSubject, Observable, skip, Subject, type Subscription } from 'rxjs'
import { readEvent, type EventCatalogue, assertValidEvent } from './events/catalogue.js'
import type { EventInput, StampedEvent } from './events/defineEvent.js'
import { effectFailed } from './events/effects.js'
import { sessionStarted } from './events/session.js'
import { runEffects } from './effects/runEffects.js'
import { EventStream } from './effects/eventStream.js'
import { StateStream } from './effects/stateStream.js'
import { EventLog, type LogSnapshot } from './eventLog.js'
import { ReplayError } from './errors/storage.js'
import { isPlainObject, jsonNumberLength, jsonStringLength, plainDataProblem } from './events/schema.js'
import { redactDurableSecrets, redactEvent, redactValue } from './redact.js'
import type { RootReducer } from './reducers/createRootReducer.js'
import { InvalidInputError, serializeError } from './errors/base.js'
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
  /**
   * The state shown before `start` (default: the reducer's initial state with empty settings):
   * the initial state of the modal's own settings, so what reads it before the session starts
   * reads what the host configured.
   */
  initialState?: ModalState
  /** Called when an event is held because the session has not started: it is waited for. */
  onHold?: () => void
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
  /** The log as a bug report carries it, every secret redacted (see redact.ts). */
  exportLog(): LogSnapshot<ModalState>
  /**
   * Replays an exported log (reducers only) and shows its newest state. Atomic: the replay runs
   * on the side and is swapped in only when it succeeded; otherwise an InvalidInputError
   * ('Invalid event log', with the reason) is thrown and nothing changed.
   */
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
  /**
   * Loads a persisted log (if any), starts the session with these settings and starts effects.
   * A persisted log that cannot be replayed is not loaded: the session starts without it and
   * the reason comes back as `unreadableLog`.
   */
  start(settings: SessionSettings, persistedLog?: unknown, loadedEffects?: readonly NamedEffect<any>[]): StartResult
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
  const reducer = options.reducer ?? rootReducer
  const catalogue = options.catalogue ?? builtInCatalogue
  const reference = reducer.initial({ projectId: '', adapters: [] })
  const log = new EventLog<ModalState>(reducer, options.initialState ?? reference, options.maxLogBytes ?? LOG_BUFFER_BYTES)
  const state$ = new BehaviorSubject<ModalState>(log.currentState)
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
        const queued = queue.shift() as Queued
        const input = queued.input
        if (!started || log.isTimeTravelling) {
          held.push(queued)
          if (!started) options.onHold?.()
          continue
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
        event$.next(event)
      }
    } finally {
      draining = false
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

  const fromEffect = (input: EventInput): void => {
    try {
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
  const redactSnapshot = (snapshot: LogSnapshot<ModalState>): LogSnapshot<ModalState> => {
    let committedState = redactedStates.get(snapshot.committedState)
    if (!committedState) redactedStates.set(snapshot.committedState, (committedState = redactValue(snapshot.committedState)))
    const events = snapshot.events.map((e) => {
      let r = redactedEvents.get(e)
      if (!r) redactedEvents.set(e, (r = redactEvent(e)))
      return r
    })
    return { ...snapshot, committedState, events }
  }

  const travel = (fn: () => void): void => {
    fn()
    publish()
    releaseHeld()
  }

  /** Replays a snapshot on the side and swaps it in only if every check and reduction passed. */
  const loadLog = (snapshot: unknown): void => {
    const scratch = new EventLog<ModalState>(reducer, reference, log.maxBytes)
    try {
      scratch.load(checkSnapshot(catalogue, reference, snapshot))
    } catch (error) {
      if (error instanceof InvalidInputError) throw error
      const details = error instanceof ReplayError ? error.message : `replay failed: ${error instanceof Error ? error.message : String(error)}`
      throw new InvalidInputError('Invalid event log', { details, cause: error })
    }
    const problem = shapeProblem(reference, scratch.presentState, 'state')
    if (problem) throw new InvalidInputError('Invalid event log', { details: `the replayed ${problem}` })
    log.adopt(scratch)
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
    commit: () => travel(() => log.commit()),
    exportLog: () => redactSnapshot(log.snapshot()),
    importLog: (snapshot) =>
      travel(() => {
        loadLog(snapshot)
        seq = Math.max(seq, log.lastSeq)
      }),
  }

  return {
    dispatch(input) {
      // Events are data: a host cannot later mutate what it dispatched. The walk that checks
      // the payload also copies it and tells the log its size.
      const { event, payloadSize } = readEvent(catalogue, input, true)
      enqueue(event, payloadSize)
    },
    getState: () => state$.value,
    subscribe(listener) {
      // Called on changes only, as useSyncExternalStore expects.
      const sub = state$.pipe(skip(1)).subscribe(listener)
      return () => sub.unsubscribe()
    },
    state$,
    event$: new Observable<StampedEvent>((subscriber) => event$.subscribe(subscriber)),
    timeTravel,
    start(settings, persistedLog, loadedEffects = []) {
      if (started) return {}
      const result: StartResult = {}
      if (persistedLog !== undefined && persistedLog !== null) {
        try {
          loadLog(persistedLog)
          seq = log.lastSeq
        } catch (error) {
          // A stored log this version cannot replay is set aside (by the caller), never
          // half-applied: the session starts from the durable state alone.
          result.unreadableLog = error instanceof InvalidInputError ? error : new InvalidInputError('Invalid event log', { cause: error })
        }
      }
      started = true
      effectsSubscription = runEffects([...(options.effects ?? []), ...loadedEffects], event$, present$, deps).subscribe(fromEffect)
      queue.unshift({ input: sessionStarted(settings), payloadSize: undefined }, ...held.splice(0))
      publish()
      drain()
      return result
    },
    stop() {
      effectsSubscription?.unsubscribe()
      effectsSubscription = undefined
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
 */
function checkSnapshot(catalogue: EventCatalogue, reference: ModalState, snapshot: unknown): LogSnapshot<ModalState> {
  const invalid = (details: string) => new InvalidInputError('Invalid event log', { details })
  if (!isPlainObject(snapshot) || snapshot.version !== 1 || !Array.isArray(snapshot.events)) {
    throw invalid('expected { version: 1, committedState, events, skipped }')
  }
  const data = plainDataProblem(snapshot.committedState, 'committedState', MAX_STATE_DEPTH)
  if (data) throw invalid(data)
  const shape = shapeProblem(reference, snapshot.committedState, 'committedState')
  if (shape) throw invalid(shape)
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
  }
  if (snapshot.skipped !== undefined && !Array.isArray(snapshot.skipped)) throw invalid('skipped must be an array of seqs')
  const skipped = (snapshot.skipped ?? []).filter((n): n is number => Number.isSafeInteger(n))
  const committedState = redactValue(JSON.parse(JSON.stringify(snapshot.committedState)) as ModalState)
  return { version: 1, committedState, events, skipped }
}

/**
 * Whether `value` has the shape of `reference` (the initial state): the same slices, and in
 * them the same kinds of fields (objects, arrays, strings, numbers, booleans) a few levels
 * down; fields that start as null may hold anything. Catches a state of another release.
 */
function shapeProblem(reference: unknown, value: unknown, path: string, depth = 0): string | null {
  if (reference === null || reference === undefined) return null
  if (Array.isArray(reference)) return Array.isArray(value) ? null : `${path} must be an array, got ${describeValue(value)}`
  if (typeof reference === 'object') {
    if (!isPlainObject(value)) return `${path} must be an object, got ${describeValue(value)}`
    if (depth === 0) {
      for (const key of Object.keys(value)) if (!(key in reference)) return `${path}.${key} is not a slice of this modal`
    }
    if (depth >= 4) return null
    for (const [key, ref] of Object.entries(reference)) {
      if (depth === 0 && !(key in value)) return `${path}.${key} is missing`
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
