import { freeze as deepFreeze, Immer } from 'immer'
import type { StampedEvent } from '../events/defineEvent.js'
import { sessionStarted } from '../events/session.js'
import type { ModalState, SessionSettings } from '../state.js'
import type { GuardedCase, Slice } from './createSlice.js'

type Route = { readonly key: string; readonly cases: readonly GuardedCase<unknown>[] }

export type RootReducer = {
  (state: ModalState, event: StampedEvent): ModalState
  /** The state a session with these settings starts from. */
  initial(settings: SessionSettings): ModalState
  /** Which slices an event type reaches, in order (for the devtools and tests). */
  routeOf(type: string): readonly string[]
}

export type RootReducerOptions = {
  /** Deep-freeze new state (on in development and tests, off in production builds). */
  autoFreeze?: boolean
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
  slices = orderSlices(slices)
  const routes = new Map<string, Route[]>()
  for (const type of eventTypes) {
    const byDirect = (s: Slice<string, any>): GuardedCase<unknown>[] => {
      const own: GuardedCase<unknown>[] = []
      const direct = s.cases[type]
      if (direct) own.push(direct)
      for (const m of s.matchers) if (m.test(type)) own.push(m)
      return own
    }
    const direct = new Set(slices.filter((s) => byDirect(s).length > 0).map((s) => s.name))
    const route: Route[] = []
    for (const s of slices) {
      const cases = byDirect(s)
      for (const f of s.followers) if (f.slices.some((n) => direct.has(n))) cases.push(f)
      if (cases.length > 0) route.push({ key: s.name, cases })
    }
    if (route.length > 0) routes.set(type, route)
  }

  const freeze = options.autoFreeze ?? true
  const initial = (settings: SessionSettings): ModalState => {
    const state: Record<string, unknown> = {}
    for (const s of slices) state[s.name] = s.initial(settings)
    return (freeze ? immer.produce(state, () => undefined) : state) as ModalState
  }

  const reduce = (prev: ModalState, event: StampedEvent): ModalState => {
    if (event.type === sessionStarted.type) return initial(event.payload as SessionSettings)
    const route = routes.get(event.type)
    if (!route) return prev
    let next = prev
    for (let i = 0; i < route.length; i++) {
      const { key, cases } = route[i] as Route
      const before = (next as Record<string, unknown>)[key]
      let after = before
      for (let j = 0; j < cases.length; j++) {
        const c = cases[j] as GuardedCase<unknown>
        const state = next
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
      if (after !== before) {
        if (next === prev) next = { ...prev }
        ;(next as Record<string, unknown>)[key] = after
      }
    }
    if (freeze && next !== prev) Object.freeze(next)
    return next
  }

  return Object.assign(reduce, {
    initial,
    routeOf: (type: string) => (routes.get(type) ?? []).map((r) => r.key),
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
