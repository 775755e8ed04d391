import { freeze as deepFreeze, Immer } from 'immer'
import type { StampedEvent } from '../events/defineEvent.js'
import { sessionStarted } from '../events/modal/session.js'
import { featureInjected } from '../events/modal/featureLoading.js'
import type { ModalState, SessionSettings } from '../state.js'
import type { GuardedCase, Slice } from './createSlice.js'

type Route = { readonly key: string; readonly cases: readonly GuardedCase<unknown>[] }

export type RootReducer = {
  (state: ModalState, event: StampedEvent): ModalState
  /** The state a session with these settings starts from. */
  initial(settings: SessionSettings): ModalState
  /** Which slices an event type reaches, in order (for the devtools and tests). */
  routeOf(type: string): readonly string[]
  /**
   * Makes a feature loaded on first need known: its slices join the state when a
   * `feature/injected` event names it (a state without them skips them), and its event types
   * are routed. Registering a feature twice does nothing.
   */
  register(feature: string, slices: readonly Slice<string, any>[], eventTypes: Iterable<string>): void
  /** The initial state of every slice a state may hold: the base ones and every registered one. */
  reference(settings: SessionSettings): ModalState
  /** The slices that join the state only when their feature is injected. */
  readonly lazySlices: ReadonlySet<string>
}

export type RootReducerOptions = {
  /** Deep-freeze new state (on in development and tests, off in production builds). */
  autoFreeze?: boolean
  /** The features whose slices are in the state from the start: injecting one changes nothing. */
  features?: Iterable<string>
}

/**
 * The whole state transition, pure and deterministic: time comes from `event.at`, never a clock.
 * Each event goes only to the slices with a case for its type, in the slices' order; an event
 * no slice handles returns the same state without entering immer. Gangway uses its own Immer
 * instance, so the host's immer settings are neither read nor changed.
 */
export function createRootReducer(
  slices: readonly Slice<string, any>[],
  eventTypes: Iterable<string>,
  options: RootReducerOptions = {},
): RootReducer {
  const immer = new Immer({ autoFreeze: options.autoFreeze ?? true })
  const base = slices
  const types = new Set(eventTypes)
  const eager = new Set(options.features ?? [])
  const lazy = new Map<string, readonly Slice<string, any>[]>()
  const lazySlices = new Set<string>()
  let all: Slice<string, any>[] = []
  let routes = new Map<string, Route[]>()
  const build = (): void => {
    all = orderSlices([...base, ...[...lazy.values()].flat()])
    routes = new Map()
    for (const type of types) {
      const byDirect = (s: Slice<string, any>): GuardedCase<unknown>[] => {
        const own: GuardedCase<unknown>[] = []
        const direct = s.cases[type]
        if (direct) own.push(direct)
        for (const m of s.matchers) if (m.test(type)) own.push(m)
        return own
      }
      const direct = new Set(all.filter((s) => byDirect(s).length > 0).map((s) => s.name))
      const route: Route[] = []
      for (const s of all) {
        const cases = byDirect(s)
        for (const f of s.followers) if (f.slices.some((n) => direct.has(n))) cases.push(f)
        if (cases.length > 0) route.push({ key: s.name, cases })
      }
      if (route.length > 0) routes.set(type, route)
    }
  }
  build()
  const baseSlices = orderSlices(base)

  const freeze = options.autoFreeze ?? true
  const initialOf = (list: readonly Slice<string, any>[], settings: SessionSettings): ModalState => {
    const state: Record<string, unknown> = {}
    for (const s of list) state[s.name] = s.initial(settings)
    return (freeze ? immer.produce(state, () => undefined) : state) as ModalState
  }
  const initial = (settings: SessionSettings): ModalState => initialOf(baseSlices, settings)

  /** The state with the named feature's slices added at their initial state (from the session's settings). */
  const inject = (prev: ModalState, name: string): ModalState => {
    const own = lazy.get(name)
    if (!own) {
      // A feature composed from the start is in the state already.
      if (eager.has(name)) return prev
      throw new Error(`feature ${name} is not loaded`)
    }
    let next = prev
    for (const s of own) {
      if (s.name in next) continue
      if (next === prev) next = { ...prev }
      const value = s.initial(prev.settings)
      ;(next as Record<string, unknown>)[s.name] = freeze ? deepFreeze(value, true) : value
    }
    return next
  }

  /** A slice's value after its cases for `event`, in order (`state`: the state as the slices before it left it). */
  const applyCases = (value: unknown, cases: readonly GuardedCase<unknown>[], event: StampedEvent, state: ModalState, prev: ModalState): unknown => {
    let after = value
    for (let j = 0; j < cases.length; j++) {
      const c = cases[j] as GuardedCase<unknown>
      if (c.when && !c.when(after, event, state, prev)) continue
      if (c.replace) {
        const replaced = c.replace(after, event, state, prev)
        if (freeze && replaced !== after) deepFreeze(replaced, true)
        after = replaced
      } else {
        const reduce = c.reduce
        after = immer.produce(after, (draft: unknown) => reduce(draft as never, event, state, prev) as never)
      }
    }
    return after
  }

  /**
   * A page load starts from the initial state of its settings. A slice with a case for
   * `session/started` is handed its value from before (the state the stored log replayed to)
   * and the fresh state, and returns what it keeps: the durable parts flow through a reload
   * instead of being dropped here and put back by `storage/hydrated`.
   */
  const start = (prev: ModalState, event: StampedEvent): ModalState => {
    const fresh = initial(event.payload as SessionSettings)
    const route = routes.get(event.type)
    if (!route) return fresh
    let next = fresh
    for (const { key, cases } of route) {
      // A lazy feature's slice is not in the fresh state: it joins again when its feature is injected.
      if (!(key in fresh) || !(key in prev)) continue
      const initialValue = (fresh as Record<string, unknown>)[key]
      const after = applyCases((prev as Record<string, unknown>)[key], cases, event, next, prev)
      if (after !== initialValue) {
        if (freeze) deepFreeze(after, true)
        if (next === fresh) next = { ...fresh }
        ;(next as Record<string, unknown>)[key] = after
      }
    }
    if (freeze && next !== fresh) Object.freeze(next)
    return next
  }

  /*
   * Optimization: the next state is not spread from the previous one. Every state comes out of
   * the same spread, so V8 (Node 20's) gives each generation a new hidden class, and after five
   * the spread turns megamorphic: a copy of the 26+ slices then cost about 0.8 µs, the biggest
   * single cost of an event. Instead the changed slices are written into a working copy that
   * mirrors the previous state (one per root reducer, kept in step), and the next state is
   * spread from it: a spread that sees one hidden class (one per set of slices) stays a plain
   * copy of fields. The working copy is private: cases read it as `state` during one event, as
   * they read the state being built before, and nothing else ever sees it.
   */
  let working: Record<string, unknown> | undefined
  let workingKeys: readonly string[] = []
  // The state the working copy holds; undefined while it is being changed (or after a case threw).
  let workingIs: ModalState | undefined

  /** The working copy, holding `prev`'s slices (copied over when it held another state). */
  const workingCopyOf = (prev: ModalState): Record<string, unknown> => {
    if (working === undefined || workingIs !== prev) {
      const keys = Object.keys(prev)
      if (working !== undefined && keys.length === workingKeys.length && keys.every((k, i) => k === workingKeys[i])) {
        for (const k of keys) working[k] = (prev as Record<string, unknown>)[k]
      } else {
        // Object.assign adds the slices in order: every copy of a set of slices shares a hidden class.
        working = Object.assign({}, prev) as Record<string, unknown>
        workingKeys = keys
      }
    }
    workingIs = undefined
    return working
  }

  const reduce = (prev: ModalState, event: StampedEvent): ModalState => {
    if (event.type === sessionStarted.type) return start(prev, event)
    const route = routes.get(event.type)
    if (event.type === featureInjected.type) prev = inject(prev, (event.payload as { feature: string }).feature)
    if (!route) return prev
    let work: Record<string, unknown> | undefined
    for (let i = 0; i < route.length; i++) {
      const { key, cases } = route[i] as Route
      const state = (work ?? prev) as Record<string, unknown>
      const before = state[key]
      // A slice of a feature not injected (yet, at this point of the log) is not in the state.
      if (before === undefined && !(key in state)) continue
      const after = applyCases(before, cases, event, state as ModalState, prev)
      if (after !== before) {
        if (work === undefined) work = workingCopyOf(prev)
        work[key] = after
      }
    }
    if (work === undefined) return prev
    const next = { ...work } as ModalState
    workingIs = next
    if (freeze) Object.freeze(next)
    return next
  }

  return Object.assign(reduce, {
    initial,
    routeOf: (type: string) => (routes.get(type) ?? []).map((r) => r.key),
    register: (feature: string, own: readonly Slice<string, any>[], eventTypes: Iterable<string>) => {
      if (lazy.has(feature) || eager.has(feature)) return
      lazy.set(feature, own)
      for (const s of own) lazySlices.add(s.name)
      for (const t of eventTypes) types.add(t)
      build()
    },
    reference: (settings: SessionSettings) => initialOf(all, settings),
    lazySlices,
  })
}

/**
 * Orders slices so that each comes after the slices it reads (`after`), otherwise keeping the
 * order given (the features' order). Throws on duplicate names or a cycle.
 */
export function orderSlices(slices: readonly Slice<string, any>[]): Slice<string, any>[] {
  const byName = new Map<string, Slice<string, any>>()
  for (const s of slices) {
    if (byName.has(s.name)) throw new Error(`two slices are named ${s.name}`)
    byName.set(s.name, s)
  }
  const ordered: Slice<string, any>[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (s: Slice<string, any>): void => {
    const mark = state.get(s.name)
    if (mark === 'done') return
    if (mark === 'visiting') throw new Error(`slices read each other in a cycle at ${s.name}`)
    state.set(s.name, 'visiting')
    for (const name of s.after) {
      const dep = byName.get(name)
      if (dep) visit(dep)
    }
    state.set(s.name, 'done')
    ordered.push(s)
  }
  for (const s of slices) visit(s)
  return ordered
}
