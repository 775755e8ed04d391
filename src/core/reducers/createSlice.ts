import type { Draft } from 'immer'
import type { EventInput, StampedEvent } from '../events/defineEvent.js'
import type { ModalState, SessionSettings } from '../state.js'

/**
 * A case of a slice: it writes only its own slice (the draft) and reads the rest of the state.
 * `state` is the state as the slices before this one have left it for this event; `prev` is the
 * state before the event. It may return a new value instead of writing the draft (a slice whose
 * state is null or a primitive must).
 */
export type CaseReducer<S, E extends StampedEvent = StampedEvent> = (
  draft: Draft<S>,
  event: E,
  state: ModalState,
  prev: ModalState,
) => S | void

/**
 * Whether a case has anything to do, judged on the state as it is (no draft). Optimization: an
 * event that reaches a slice it usually leaves alone (opening the modal, for the send form)
 * skips immer entirely.
 */
export type CaseGuard<S, E extends StampedEvent = StampedEvent> = (slice: S, event: E, state: ModalState, prev: ModalState) => boolean

/**
 * A case that returns its slice's next value from the plain (readonly) current value, with no
 * draft: for small slices replaced whole, where immer's proxies would cost more than the copy.
 */
export type CaseReplacer<S, E extends StampedEvent = StampedEvent> = (slice: S, event: E, state: ModalState, prev: ModalState) => S

/** A case with its optional guard: a draft case (immer) or a replacer. */
export type GuardedCase<S> =
  | { readonly reduce: CaseReducer<S>; readonly replace?: undefined; readonly when?: CaseGuard<S> | undefined }
  | { readonly reduce?: undefined; readonly replace: CaseReplacer<S>; readonly when?: CaseGuard<S> | undefined }

type Matchable<T extends string, P> = { readonly type: T; match(event: { type: string }): event is EventInput<T, P> }

/** A slice of the state: its key, its initial value and the events it handles. */
export type Slice<K extends string = string, S = unknown> = {
  readonly name: K
  readonly initial: (settings: SessionSettings) => S
  /** Event type → case. The root reducer hands an event only to the slices with a case for it. */
  readonly cases: Readonly<Record<string, GuardedCase<S>>>
  /** Cases chosen by the event type's name (e.g. every `…/failed`), resolved once per catalogue. */
  readonly matchers: readonly ({ test: (type: string) => boolean } & GuardedCase<S>)[]
  /**
   * Cases that run after any event one of the named slices handles: a rule over state that
   * other slices own (say, a pairing that lives only while its connect attempt waits).
   */
  readonly followers: readonly ({ slices: readonly string[] } & GuardedCase<S>)[]
  /** Slices whose new state this one reads (as `state`): they reduce an event before it. */
  readonly after: readonly string[]
}

/** Builds a slice's cases, redux-toolkit `createReducer` style. */
export type SliceBuilder<S> = {
  addCase<T extends string, P>(
    creator: Matchable<T, P>,
    reducer: CaseReducer<S, StampedEvent<T, P>>,
    when?: CaseGuard<S, StampedEvent<T, P>>,
  ): SliceBuilder<S>
  /** A case that returns the slice's next value without a draft (see CaseReplacer). */
  addReplacer<T extends string, P>(
    creator: Matchable<T, P>,
    replacer: CaseReplacer<S, StampedEvent<T, P>>,
    when?: CaseGuard<S, StampedEvent<T, P>>,
  ): SliceBuilder<S>
  /** One case for several event types (the handler narrows with `creator.match`). */
  addCases(creators: readonly { readonly type: string }[], reducer: CaseReducer<S>, when?: CaseGuard<S>): SliceBuilder<S>
  addMatcher(test: (type: string) => boolean, reducer: CaseReducer<S>, when?: CaseGuard<S>): SliceBuilder<S>
  addFollower(slices: readonly string[], reducer: CaseReducer<S>, when?: CaseGuard<S>): SliceBuilder<S>
}

/**
 * Defines a slice.
 *
 * @example
 * const bannerSlice = createSlice('banner', () => ({ open: false }), (b) =>
 *   b.addCase(bannerClosed, (draft) => { draft.open = false }))
 */
export function createSlice<const K extends string, S>(
  name: K,
  initial: (settings: SessionSettings) => S,
  build: (builder: SliceBuilder<S>) => void,
  options: { after?: readonly string[] } = {},
): Slice<K, S> {
  const cases: Record<string, GuardedCase<S>> = {}
  const matchers: ({ test: (type: string) => boolean } & GuardedCase<S>)[] = []
  const followers: ({ slices: readonly string[] } & GuardedCase<S>)[] = []
  const add = (type: string, c: GuardedCase<S>): void => {
    if (cases[type]) throw new Error(`slice ${name} has two cases for ${type}`)
    cases[type] = c
  }
  const builder: SliceBuilder<S> = {
    addCase(creator, reducer, when) {
      add(creator.type, { reduce: reducer as CaseReducer<S>, when: when as CaseGuard<S> | undefined })
      return builder
    },
    addReplacer(creator, replacer, when) {
      add(creator.type, { replace: replacer as CaseReplacer<S>, when: when as CaseGuard<S> | undefined })
      return builder
    },
    addCases(creators, reducer, when) {
      for (const c of creators) add(c.type, { reduce: reducer, when })
      return builder
    },
    addMatcher(test, reduce, when) {
      matchers.push({ test, reduce, when })
      return builder
    },
    addFollower(slices, reduce, when) {
      followers.push({ slices, reduce, when })
      return builder
    },
  }
  build(builder)
  return { name, initial, cases, matchers, followers, after: options.after ?? [] }
}

/** The state a union of slices makes: `{ [slice.name]: its state }`. */
export type StateOfSlices<U> = { [S in U as S extends Slice<infer K, any> ? K : never]: S extends Slice<string, infer X> ? X : never }
