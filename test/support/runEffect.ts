import { isDeepStrictEqual } from 'node:util'
import { BehaviorSubject, Observable, Subject, Subscription, VirtualTimeScheduler, isObservable, share, take, type SchedulerLike } from 'rxjs'
import { TestScheduler, type RunHelpers } from 'rxjs/testing'
import { expect } from 'vitest'
import type { Effect, StateObservable } from '../../src/core/effects/runtime/runEffects'
import { NO_API } from '../../src/core/effects/shared/dataDeps'
import type { EventInput, StampedEvent } from '../../src/core/events/defineEvent'
import type { Analytics, Clock, Storage } from '../../src/core/ports'
import { initialState, rootReducer } from '../../src/core/reducers/rootReducer'
import type { ModalState } from '../../src/core/state'

/** The wall-clock time of virtual frame 0: `deps.clock.now()` is `EPOCH + frame` (1 frame = 1 ms). */
export const EPOCH = 1_700_000_000_000

/** A marble diagram with its values, as `hot()` takes them. */
export type Marbles<T> = { marble: string; values?: Record<string, T>; error?: unknown }

export type RunEffectOptions<D> = {
  /**
   * The events fed as `event$`: a marble (values are plain `EventInput`s, stamped `{ seq, at }`
   * when they are emitted, as the store does; already stamped ones are kept) or any observable
   * of events (e.g. `hot(...)`). `event$` itself never completes, like the store's.
   */
  events?: Marbles<EventInput> | Observable<EventInput>
  /**
   * The state fed as `state$`: a fixed ModalState, or a marble / observable of states (then
   * `state$.value` is the latest one emitted, `initialState` before the first). Like the
   * store's, `state$` replays its current value to each subscriber.
   */
  state?: ModalState | Marbles<ModalState> | Observable<ModalState>
  /** The state before the first state of a marble (default: `initialState()`). */
  initialState?: ModalState
  /**
   * Store mode: each event is reduced by `rootReducer` from `state` (a ModalState) before the
   * effect sees it, `state$` emitting the new state first; `state$.value` is thus the state
   * after the event being handled, exactly as in the modal.
   */
  reduce?: boolean
  /** Store mode plus feedback: what the effect emits is stamped, reduced and fed back as events (queued like the store's). */
  loop?: boolean
  /** Fakes laid over the defaults (a virtual clock, the test scheduler, memory storage, silent analytics, no adapters, no API). */
  deps?: Partial<D> & Record<string, unknown>
  /** The scheduler of virtual time (default: the `EffectScheduler` whose `run` is in progress). */
  scheduler?: VirtualTimeScheduler
}

/** What `runEffect` returns: the effect's output, plus the state and stamped log the run built (store mode). */
export type EffectRun = Observable<EventInput> & {
  /** The latest state `state$` emitted. */
  readonly state: ModalState
  /** Every event fed to the effect, stamped, in order. */
  readonly log: readonly StampedEvent[]
  /** What the effect emitted so far, in order (for assertions beyond the marble). */
  readonly emitted: readonly EventInput[]
}

let active: VirtualTimeScheduler | null = null

/** The scheduler of the `EffectScheduler.run` (or `runEffectAsync`) in progress. */
export function currentScheduler(): VirtualTimeScheduler {
  if (!active) throw new Error('no virtual time in progress: call this inside EffectScheduler.run() or runEffectAsync()')
  return active
}

/**
 * An rxjs TestScheduler that compares with vitest's `toEqual` and that `runEffect`, `reply`
 * and the fakes find by themselves while its `run` is in progress.
 *
 * @example
 * const ts = new EffectScheduler()
 * ts.run(({ expectObservable }) => {
 *   expectObservable(runEffect(shakeTimer, { state: { marble: '-s', values: { s: shaking } } })).toBe('- 500ms e', { e: modalShakeEnded({}) })
 * })
 */
export class EffectScheduler extends TestScheduler {
  constructor() {
    super((actual, expected) => expect(actual).toEqual(expected))
  }

  override run<T>(callback: (helpers: RunHelpers) => T): T {
    const previous = active
    active = this
    try {
      return super.run(callback)
    } finally {
      active = previous
    }
  }
}

/** A virtual clock on a scheduler: `EPOCH + frame`. */
export function virtualClock(scheduler: SchedulerLike = currentScheduler()): Clock {
  return { now: () => EPOCH + scheduler.now() }
}

/** The deps every effect gets unless the test passes its own. */
function defaultDeps(scheduler: VirtualTimeScheduler): Record<string, unknown> {
  const data = new Map<string, unknown>()
  const storage: Storage = {
    get: <T>(key: string) => reply(data.get(key) as T | undefined, 0, scheduler),
    set: (key, value) => {
      data.set(key, value)
      return reply(undefined, 0, scheduler)
    },
    del: (key) => {
      data.delete(key)
      return reply(undefined, 0, scheduler)
    },
    clear: () => {
      data.clear()
      return reply(undefined, 0, scheduler)
    },
  }
  const analytics: Analytics = { track: () => undefined }
  return { clock: virtualClock(scheduler), scheduler, storage, analytics, adapters: {}, api: NO_API }
}

function isMarbles<T>(x: unknown): x is Marbles<T> {
  return typeof x === 'object' && x !== null && typeof (x as { marble?: unknown }).marble === 'string'
}

function isStamped(e: EventInput): e is StampedEvent {
  return typeof (e as Partial<StampedEvent>).seq === 'number' && typeof (e as Partial<StampedEvent>).at === 'number'
}

type Source<T> = (marbles: Marbles<T>) => Observable<T>

/**
 * The harness shared by `runEffect` and `runEffectAsync`: it wires an effect to an `event$`
 * and a `state$` built from the options, the way the store does (stamp, reduce, publish the
 * state, then hand the event over; effect output queued, never re-entering).
 */
function harness<D>(effect: Effect<D>, options: RunEffectOptions<D>, scheduler: VirtualTimeScheduler, source: Source<any>): EffectRun {
  const deps = { ...defaultDeps(scheduler), ...options.deps } as D & { clock: Clock }
  const storeMode = options.reduce === true || options.loop === true
  const stateIsFixed = options.state === undefined || (!isMarbles(options.state) && !isObservable(options.state))
  if (storeMode && !stateIsFixed) throw new Error('reduce / loop start from one ModalState, not from a marble of states')
  const first = stateIsFixed ? ((options.state as ModalState | undefined) ?? initialState()) : (options.initialState ?? initialState())
  const state$ = new BehaviorSubject<ModalState>(first)
  const event$ = new Subject<StampedEvent>()
  // `previous`, as in the store: the state when the event before the one being handled was.
  let previous = first
  let atLastEvent = first
  const stateObservable = Object.defineProperties(state$.asObservable(), {
    value: { get: () => state$.value },
    previous: { get: () => previous },
  }) as StateObservable
  const log: StampedEvent[] = []
  const emitted: EventInput[] = []
  const queue: EventInput[] = []
  let seq = 0
  let draining = false

  const drain = (): void => {
    if (draining) return
    draining = true
    try {
      while (queue.length > 0) {
        const input = queue.shift()!
        const event: StampedEvent = isStamped(input) ? input : { ...input, seq: ++seq, at: deps.clock.now() }
        seq = Math.max(seq, event.seq)
        log.push(event)
        previous = storeMode ? state$.value : atLastEvent
        if (storeMode) {
          const next = rootReducer(state$.value, event)
          if (next !== state$.value) state$.next(next)
        }
        event$.next(event)
        atLastEvent = state$.value
      }
    } finally {
      draining = false
    }
  }
  const push = (input: EventInput): void => {
    queue.push(input)
    drain()
  }

  // Made now, not on subscription: a hot marble made while the TestScheduler flushes never plays.
  const states = stateIsFixed ? null : isMarbles<ModalState>(options.state) ? source(options.state) : (options.state as Observable<ModalState>)
  const events = !options.events ? null : isMarbles<EventInput>(options.events) ? source(options.events) : options.events

  const output$ = new Observable<EventInput>((subscriber) => {
    const subscription = new Subscription()
    subscription.add(
      effect(event$, stateObservable, deps).subscribe({
        next: (out) => {
          emitted.push(out)
          subscriber.next(out)
          if (options.loop) push(out)
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    )
    // States before events: at the same frame, the state marble's value is in place first.
    if (states) subscription.add(states.subscribe((s) => state$.next(s)))
    if (events) subscription.add(events.subscribe(push))
    return subscription
  })
  // One run however many subscribe: the effect, its state and its log are shared.
  return Object.defineProperties(output$.pipe(share()), {
    state: { get: () => state$.value },
    log: { get: () => log },
    emitted: { get: () => emitted },
  }) as EffectRun
}

/**
 * Runs an effect on virtual time, inside `EffectScheduler.run`, and returns its output for
 * `expectObservable` (the redux-observable WritingTests.md recipe).
 *
 * Ports that return promises: a real promise settles in a microtask, outside virtual time, so
 * its answer would never be seen by `expectObservable`. Fakes return `reply(value, ms)`,
 * `replyError(error, ms)`, `replyOn(cold('--a|'))` or `noReply()` instead: promise-likes that
 * settle synchronously on the scheduler, `ms` after the effect made the call (0: at once).
 * They work wherever effects take a promise (`defer(() => port.call())`, `from(promise)`,
 * `fromAbortable`). An effect that awaits a promise of its own making (a dynamic `import()`)
 * cannot be driven this way: use `runEffectAsync`.
 *
 * @example
 * new EffectScheduler().run(({ expectObservable }) => {
 *   const out = runEffect(debounceWalletSearch, { events: { marble: 'a 100ms b', values }, state })
 *   expectObservable(out).toBe('- 100ms - 299ms r', { r: walletListPageRequested({ list: 'search', query: 'vault' }) })
 * })
 */
export function runEffect<D>(effect: Effect<D>, options: RunEffectOptions<D> = {}): EffectRun {
  const scheduler = options.scheduler ?? currentScheduler()
  if (!(scheduler instanceof TestScheduler)) throw new Error('runEffect needs a TestScheduler')
  return harness(effect, options, scheduler, (m) => scheduler.createHotObservable(m.marble, m.values, m.error))
}

/** One notification of an observable, at its virtual frame (TestScheduler's own format). */
export type RecordedMessage = { frame: number; notification: { kind: 'N' | 'E' | 'C'; value: unknown; error: unknown } }

/** Parses a marble with run-mode timing (1 frame = 1 ms, `100ms` progressions). */
export function parseRunMarbles<T>(marble: string, values?: Record<string, T>, error?: unknown, materialize = false): RecordedMessage[] {
  const factor = TestScheduler.frameTimeFactor
  TestScheduler.frameTimeFactor = 1
  try {
    return TestScheduler.parseMarbles(marble, values, error, materialize, true) as RecordedMessage[]
  } finally {
    TestScheduler.frameTimeFactor = factor
  }
}

/** Lets pending promise callbacks (and module loads) run. */
async function settleMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setTimeout(r, 0))
}

/**
 * `runEffect` for effects that await a promise of their own (e.g. a dynamic `import()`), which
 * no fake can answer in virtual time. Virtual time is stepped frame by frame, letting promise
 * callbacks run between frames; what settles outside virtual time lands at the frame where
 * time stood (so `await` costs 0 virtual ms). Runs until nothing is scheduled or `until` ms.
 *
 * @example
 * const run = await runEffectAsync(sendFromWallet, { events: { marble: 'r', values: { r: sendRequested({}, { requestId: 'q' }) } }, state, reduce: true })
 * run.toBe('s 99ms c', { s: sendSubmitted(...), c: sendConfirmed(...) })
 */
export async function runEffectAsync<D>(
  effect: Effect<D>,
  options: Omit<RunEffectOptions<D>, 'scheduler' | 'events' | 'state'> & {
    events?: Marbles<EventInput>
    state?: ModalState | Marbles<ModalState>
    until?: number
  },
): Promise<{ messages: RecordedMessage[]; state: ModalState; log: readonly StampedEvent[]; toBe(marble: string, values?: Record<string, unknown>, error?: unknown): void }> {
  const scheduler = new VirtualTimeScheduler()
  const until = options.until ?? 60_000
  const previous = active
  active = scheduler
  const messages: RecordedMessage[] = []
  const scheduled: Source<unknown> = (m) =>
    new Observable((subscriber) => {
      const subscription = new Subscription()
      for (const { frame, notification } of parseRunMarbles(m.marble, m.values, m.error)) {
        subscription.add(
          scheduler.schedule(() => {
            if (notification.kind === 'N') subscriber.next(notification.value)
            else if (notification.kind === 'E') subscriber.error(notification.error)
            else subscriber.complete()
          }, frame),
        )
      }
      return subscription
    })
  try {
    const run = harness(effect, options as RunEffectOptions<D>, scheduler, scheduled)
    const subscription = run.subscribe({
      next: (value) => messages.push({ frame: scheduler.frame, notification: { kind: 'N', value, error: undefined } }),
      error: (error: unknown) => messages.push({ frame: scheduler.frame, notification: { kind: 'E', value: undefined, error } }),
      complete: () => messages.push({ frame: scheduler.frame, notification: { kind: 'C', value: undefined, error: undefined } }),
    })
    for (;;) {
      await settleMicrotasks()
      const next = (scheduler.actions[0] as { delay: number } | undefined)?.delay
      if (next === undefined || next > until) break
      scheduler.maxFrames = next
      scheduler.flush()
    }
    await settleMicrotasks()
    subscription.unsubscribe()
    return {
      messages,
      state: run.state,
      log: run.log,
      toBe(marble, values, error) {
        expect(messages).toEqual(parseRunMarbles(marble, values, error, true))
      },
    }
  } finally {
    active = previous
  }
}

// -------------------------------------------------------------------------------------------
// Promise-likes that settle in virtual time
// -------------------------------------------------------------------------------------------

type Settle = (status: 'fulfilled' | 'rejected', value: unknown) => void

/**
 * A promise-like that starts when first awaited (`then`) and settles synchronously when its
 * source says so, so rxjs' `from(promise)` sees the answer at the right virtual frame.
 */
class VirtualPromise<T> {
  #status: 'waiting' | 'fulfilled' | 'rejected' = 'waiting'
  #value: unknown
  #listeners: (() => void)[] = []
  #start: ((settle: Settle) => void) | null

  constructor(start: ((settle: Settle) => void) | null) {
    this.#start = start
  }

  get [Symbol.toStringTag](): string {
    return 'Promise'
  }

  #settle: Settle = (status, value) => {
    if (this.#status !== 'waiting') return
    if (status === 'fulfilled' && typeof (value as PromiseLike<unknown> | null)?.then === 'function') {
      ;(value as PromiseLike<unknown>).then(
        (v) => this.#settle('fulfilled', v),
        (e: unknown) => this.#settle('rejected', e),
      )
      return
    }
    this.#status = status
    this.#value = value
    for (const listener of this.#listeners.splice(0)) listener()
  }

  then<A = T, B = never>(onFulfilled?: ((value: T) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): VirtualPromise<A | B> {
    const next = new VirtualPromise<A | B>(null)
    const run = (): void => {
      const callback = this.#status === 'fulfilled' ? onFulfilled : onRejected
      if (typeof callback !== 'function') return next.#settle(this.#status as 'fulfilled' | 'rejected', this.#value)
      try {
        next.#settle('fulfilled', (callback as (v: unknown) => unknown)(this.#value))
      } catch (error) {
        next.#settle('rejected', error)
      }
    }
    if (this.#status === 'waiting') this.#listeners.push(run)
    else run()
    const start = this.#start
    this.#start = null
    start?.(this.#settle)
    return next
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): VirtualPromise<T | B> {
    return this.then(undefined, onRejected)
  }

  finally(onFinally?: (() => void) | null): VirtualPromise<T> {
    return this.then(
      (v) => {
        onFinally?.()
        return v
      },
      (e: unknown) => {
        onFinally?.()
        throw e
      },
    )
  }
}

function after(ms: number, scheduler: SchedulerLike | undefined, run: () => void): void {
  if (ms <= 0) run()
  else (scheduler ?? currentScheduler()).schedule(run, ms)
}

/**
 * A port's answer in virtual time: resolves with `value` `ms` after the call (0: at once,
 * synchronously). Typed as a Promise so it fits any port.
 *
 * @example
 * const adapter = fakeAdapter({ connect: () => reply({ accounts, caipNetworkId: 'eip155:1' }, 50) })
 */
export function reply<T>(value: T, ms = 0, scheduler?: SchedulerLike): Promise<T> {
  return new VirtualPromise<T>((settle) => after(ms, scheduler, () => settle('fulfilled', value))) as unknown as Promise<T>
}

/** A port's failure in virtual time: rejects with `error` `ms` after the call. */
export function replyError<T = never>(error: unknown, ms = 0, scheduler?: SchedulerLike): Promise<T> {
  return new VirtualPromise<T>((settle) => after(ms, scheduler, () => settle('rejected', error))) as unknown as Promise<T>
}

/** A port's answer on a marble: the first value (or the error; `undefined` on a bare completion) of `source`, subscribed at the call. */
export function replyOn<T>(source: Observable<T>): Promise<T> {
  return new VirtualPromise<T>((settle) => {
    source.pipe(take(1)).subscribe({
      next: (v) => settle('fulfilled', v),
      error: (e: unknown) => settle('rejected', e),
      complete: () => settle('fulfilled', undefined),
    })
  }) as unknown as Promise<T>
}

/** A call that never answers (a wallet prompt left open). */
export function noReply<T = never>(): Promise<T> {
  return new VirtualPromise<T>(() => undefined) as unknown as Promise<T>
}

// -------------------------------------------------------------------------------------------
// Matching events whose request id the effect made up
// -------------------------------------------------------------------------------------------

/**
 * An expected event whose request id is made up where it is emitted (`newRequestId()`, or an
 * intent's creator), so only its type and payload are compared: the id may be any string, or none.
 *
 * @example
 * expectObservable(out).toBe('a', { a: minted(connectionRequested({ connectorId: 'walletConnect', namespace: 'eip155' })) })
 */
export function minted<E extends EventInput>(event: E): E {
  const expected = { type: event.type, payload: event.payload }
  return {
    asymmetricMatch: (actual: unknown) => {
      if (typeof actual !== 'object' || actual === null) return false
      const { requestId, ...rest } = actual as EventInput
      return (requestId === undefined || typeof requestId === 'string') && equalsPlain(rest, expected)
    },
    toString: () => 'minted',
    toAsymmetricMatcher: () => `minted(${JSON.stringify(expected)})`,
  } as unknown as E
}

/** Deep equality of JSON data (events are plain data). */
function equalsPlain(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)))
}
