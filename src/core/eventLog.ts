import type { StampedEvent } from './events/defineEvent.js'
import { ReplayError } from './errors/storage.js'

/** When over budget, the log folds its oldest events until it is this share of the budget. */
export const FOLD_TARGET = 0.9

/** A log as exported or persisted: the base state the oldest kept event applies to, then the events. */
export type LogSnapshot<S> = {
  version: 1
  committedState: S
  events: StampedEvent[]
  /** seq numbers of events switched off in the devtools. */
  skipped: number[]
}

export type Reducer<S> = (state: S, event: StampedEvent) => S

/**
 * Every how many events the log keeps a computed state; the states between two of them are
 * recomputed from the nearer one when asked for (at most this many reductions).
 */
export const CHECKPOINT_INTERVAL = 32

/**
 * The event log, as redux-devtools' instrument keeps it: a committed base state, the kept
 * events, the skipped ones, the state after any event (`stateAt`) and the index being looked
 * at. It is bounded by bytes: when the serialised events exceed `maxBytes`, the oldest are
 * folded into the committed state (down to 90% of the budget), so what is kept still replays
 * to the same state.
 *
 * Reducers are pure, so the log keeps the newest state and one state every
 * CHECKPOINT_INTERVAL events, and recomputes the others when the devtools ask for them: a
 * live modal then makes states that die young, instead of holding one per kept event.
 */
export class EventLog<S> {
  committedState: S
  events: StampedEvent[] = []
  skipped = new Set<number>()
  /**
   * states[i] is the state after events[i] (skipped events pass the state through), kept for
   * the newest event and every CHECKPOINT_INTERVAL-th one; undefined (a hole) elsewhere.
   */
  private states: (S | undefined)[] = []
  // The last two states recomputed between checkpoints (a state and the one before it, as the
  // devtools compare them; the previous step of a walk through the log), so stepping through
  // the log costs one reduction a step.
  private cache: { index: number; state: S }[] = []
  /** Index into events of the state being shown; -1 shows the committed state. */
  currentIndex = -1
  private sizes: number[] = []
  private bytes = 0

  constructor(
    private readonly reducer: Reducer<S>,
    committedState: S,
    readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    this.committedState = committedState
  }

  get presentState(): S {
    return this.states.length === 0 ? this.committedState : (this.states[this.states.length - 1] as S)
  }

  get currentState(): S {
    return this.stateAt(this.currentIndex)
  }

  /**
   * The state after the event at `index` (-1: the committed state), recomputed from the
   * nearest kept state before it when it is not kept. Out-of-range indexes are clamped.
   */
  stateAt(index: number): S {
    const last = this.events.length - 1
    const i = Math.min(Math.floor(index), last)
    if (!(i >= 0)) return this.committedState
    const kept = this.states[i] ?? this.cached(i)
    if (kept !== undefined) return kept
    let from = i - 1
    let state: S | undefined
    for (; from >= 0; from--) {
      state = this.states[from] ?? this.cached(from)
      if (state !== undefined) break
    }
    if (state === undefined) state = this.committedState
    for (let j = from + 1; j <= i; j++) {
      const event = this.events[j] as StampedEvent
      if (!this.skipped.has(event.seq)) state = this.reducer(state, event)
    }
    this.cache = [{ index: i, state }, ...this.cache.slice(0, 1)]
    return state
  }

  private cached(index: number): S | undefined {
    for (const entry of this.cache) if (entry.index === index) return entry.state
    return undefined
  }

  /** True while the devtools show a past state; new events are held then. */
  get isTimeTravelling(): boolean {
    return this.currentIndex !== this.events.length - 1
  }

  get byteSize(): number {
    return this.bytes
  }

  get lastSeq(): number {
    return this.events[this.events.length - 1]?.seq ?? 0
  }

  /**
   * Appends an event, computes the state after it, folds the oldest events if over budget.
   * `size` is the event's serialised length, when the caller already measured it.
   */
  append(event: StampedEvent, size = byteLength(event)): S {
    const wasPresent = !this.isTimeTravelling
    const state = this.reducer(this.presentState, event)
    const previous = this.states.length - 1
    // The state before this one stays only as a checkpoint, or while the devtools show it.
    if (previous >= 0 && !isCheckpoint(previous)) {
      this.states[previous] = undefined
    }
    this.events.push(event)
    this.states.push(state)
    this.sizes.push(size)
    this.bytes += size
    if (wasPresent) this.currentIndex = this.events.length - 1
    this.fold()
    return state
  }

  /** Shows the state after the event at `index` (-1: the committed state). */
  jumpTo(index: number): S {
    if (!Number.isInteger(index)) return this.currentState
    this.currentIndex = Math.max(-1, Math.min(index, this.events.length - 1))
    this.pinCurrent()
    return this.currentState
  }

  jumpToSeq(seq: number): S {
    return this.jumpTo(this.events.findIndex((e) => e.seq === seq))
  }

  /** Back to the newest state. */
  jumpToPresent(): S {
    return this.jumpTo(this.events.length - 1)
  }

  /** Skips or restores an event and recomputes from it onwards. */
  toggle(seq: number): S {
    const index = this.events.findIndex((e) => e.seq === seq)
    if (index < 0) return this.currentState
    if (this.skipped.has(seq)) this.skipped.delete(seq)
    else this.skipped.add(seq)
    this.recomputeFrom(index)
    return this.currentState
  }

  /** Drops skipped events for good. */
  sweep(): void {
    if (this.skipped.size === 0) return
    // A skipped event passed the state through, so the kept events' states stay what they were.
    const keep = this.events.map((e, i) => ({ e, size: this.sizes[i] as number, s: this.states[i] }))
      .filter(({ e }) => !this.skipped.has(e.seq))
    const current = this.events[this.currentIndex]?.seq
    const present = this.presentState
    this.events = keep.map((k) => k.e)
    this.sizes = keep.map((k) => k.size)
    this.states = keep.map((k) => k.s)
    if (this.states.length > 0) this.states[this.states.length - 1] = present
    this.forgetCache()
    this.bytes = this.sizes.reduce((a, b) => a + b, 0)
    this.skipped.clear()
    const found = current === undefined ? -1 : this.events.findIndex((e) => e.seq === current)
    this.currentIndex = found >= 0 ? found : this.events.length - 1
    this.pinCurrent()
  }

  /** Folds every event into the committed state (the log starts anew from here). */
  commit(): void {
    this.committedState = this.presentState
    this.events = []
    this.sizes = []
    this.states = []
    this.bytes = 0
    this.skipped.clear()
    this.currentIndex = -1
    this.forgetCache()
  }

  snapshot(): LogSnapshot<S> {
    return {
      version: 1,
      committedState: this.committedState,
      events: [...this.events],
      skipped: [...this.skipped].filter((seq) => this.events.some((e) => e.seq === seq)),
    }
  }

  /**
   * Replaces the log with an imported one and replays it (reducers only, no effects). Atomic:
   * the replay runs on the side and the log changes only when every event reduced; if one
   * throws, the error propagates (a ReplayError naming the event) and the log is as it was.
   */
  load(snapshot: LogSnapshot<S>): S {
    return runToEnd(this.loadSteps(snapshot))
  }

  /**
   * `load` in steps: yields after every `slice` events reduced, so a caller can give the page
   * its turn between them (a long history replayed without one long task). The log changes only
   * at the end, as with `load`.
   */
  *loadSteps(snapshot: LogSnapshot<S>, slice = Number.POSITIVE_INFINITY): Generator<void, S> {
    const events = [...snapshot.events]
    const skipped = new Set(snapshot.skipped)
    const states: (S | undefined)[] = []
    let state = snapshot.committedState
    for (const [i, event] of events.entries()) {
      if (!skipped.has(event.seq)) {
        try {
          state = this.reducer(state, event)
        } catch (error) {
          throw new ReplayError(event, error)
        }
      }
      states.push(isCheckpoint(i) || i === events.length - 1 ? state : undefined)
      if (i % slice === slice - 1) yield
    }
    const sizes = events.map(byteLength)
    this.committedState = snapshot.committedState
    this.events = events
    this.sizes = sizes
    this.bytes = sizes.reduce((a, b) => a + b, 0)
    this.skipped = skipped
    this.states = states
    this.currentIndex = events.length - 1
    this.forgetCache()
    this.fold()
    return this.presentState
  }

  /**
   * Starts the log anew from `state` (no events): a reload that starts from the stored present
   * state, before the stored events have been checked.
   */
  reset(state: S): void {
    this.committedState = state
    this.events = []
    this.sizes = []
    this.states = []
    this.bytes = 0
    this.skipped = new Set()
    this.currentIndex = -1
    this.forgetCache()
  }

  /**
   * Puts an older log's events before this log's: `older` replays to this log's committed state
   * (the caller has checked it), so every kept state stays what it is. Folds if the whole is
   * over budget; the state being shown stays the one shown.
   */
  prepend(older: EventLog<S>): void {
    const n = older.events.length
    if (n === 0) return
    const states = [...older.states]
    // The junction is this log's committed state, the one its own events were reduced from.
    states[n - 1] = this.committedState
    this.committedState = older.committedState
    this.events = [...older.events, ...this.events]
    this.sizes = [...older.sizes, ...this.sizes]
    this.states = [...states, ...this.states]
    this.bytes += older.bytes
    for (const seq of older.skipped) this.skipped.add(seq)
    this.currentIndex += n
    this.forgetCache()
    this.fold()
  }

  /** Takes over another log's contents (an import replayed on the side, then swapped in). */
  adopt(other: EventLog<S>): void {
    this.committedState = other.committedState
    this.events = other.events
    this.sizes = other.sizes
    this.bytes = other.bytes
    this.skipped = other.skipped
    this.states = other.states
    this.currentIndex = other.currentIndex
    this.forgetCache()
  }

  // The state being shown is kept while it is shown, so it stays the same object (the store
  // publishes a state only when it is another one).
  private pinCurrent(): void {
    const i = this.currentIndex
    if (i >= 0 && this.states[i] === undefined) this.states[i] = this.stateAt(i)
  }

  private forgetCache(): void {
    this.cache = []
  }

  // Recomputes only from the lowest invalidated index, like instrument's recomputeStates.
  private recomputeFrom(index: number): void {
    let state = this.stateAt(index - 1)
    const last = this.events.length - 1
    for (let i = index; i <= last; i++) {
      const event = this.events[i] as StampedEvent
      if (!this.skipped.has(event.seq)) state = this.reducer(state, event)
      this.states[i] = isCheckpoint(i) || i === last || i === this.currentIndex ? state : undefined
    }
    this.states.length = this.events.length
    this.forgetCache()
  }

  private fold(): void {
    if (this.bytes <= this.maxBytes) return
    let drop = 0
    let bytes = this.bytes
    // Optimization: fold down to FOLD_TARGET of the budget, so a full log folds once per many
    // appends instead of splicing its arrays on every one. Keep at least the newest event so
    // the present is always visible in the log.
    const target = this.maxBytes * FOLD_TARGET
    while (bytes > target && drop < this.events.length - 1) {
      bytes -= this.sizes[drop] as number
      drop++
    }
    if (drop === 0) return
    this.committedState = this.stateAt(drop - 1)
    if (this.skipped.size > 0) for (const e of this.events.slice(0, drop)) this.skipped.delete(e.seq)
    this.events.splice(0, drop)
    this.sizes.splice(0, drop)
    this.states.splice(0, drop)
    this.bytes = bytes
    // A state being shown that was folded away leaves the devtools on the oldest kept state.
    this.currentIndex = Math.max(-1, this.currentIndex - drop)
    this.forgetCache()
  }
}

const isCheckpoint = (index: number): boolean => index % CHECKPOINT_INTERVAL === CHECKPOINT_INTERVAL - 1

/** Runs a stepped computation (a generator that yields between steps) to its end, at once. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Runs a stepped computation, awaiting `pause()` between its steps (the page's turn). */
export async function runSliced<T>(steps: Generator<void, T>, pause: () => Promise<void>): Promise<T> {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await pause()
  }
}

/** UTF-16 length of the JSON is close enough to bytes for a budget and costs one stringify. */
function byteLength(event: StampedEvent): number {
  return JSON.stringify(event).length
}
