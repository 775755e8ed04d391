import type { EventCatalogue } from '../events/catalogue.js'
import type { EventCreator, EventInput } from '../events/defineEvent.js'
import { modalOpenRequested } from '../events/modal/modal.js'
import { routerPushed, routerReplaced } from '../events/modal/router.js'
import { createRootReducer, type RootReducer } from '../reducers/createRootReducer.js'
import type { ModalState } from '../state.js'
import type { Feature, LazyFeature, NamedEffect } from './defineFeature.js'

export type ComposedFeatures<D> = {
  readonly features: readonly Feature<D>[]
  /** Every event the modal accepts (a loaded lazy feature's join it); any other type is refused at dispatch. */
  readonly catalogue: EventCatalogue
  readonly reducer: RootReducer
  readonly effects: readonly NamedEffect<D>[]
  /**
   * Every effect, in the features' order: each feature's own, then the ones it loads on demand
   * with the modal's ports. A feature whose load fails keeps its own effects; `onError` hears why.
   */
  loadEffects(deps: D, onError?: (feature: string, error: unknown) => void): Promise<NamedEffect<D>[]>
  /** The features that join the running modal when first needed. */
  readonly lazy: readonly LazyFeature<D>[]
  /** The lazy feature that owns an event type (by its domain), if any. */
  ownerOf(type: string): LazyFeature<D> | undefined
  /** The lazy feature this event needs injected first, in a state that lacks it. */
  neededFor(event: EventInput, state: ModalState): LazyFeature<D> | undefined
  /** A lazy feature's definition once loaded (its events are then in the catalogue). */
  loaded(name: string): Feature<D> | undefined
  /** Loads a lazy feature's chunk once and makes its events and slices known. */
  load(name: string): Promise<Feature<D>>
}

const VIEW_EVENTS: ReadonlySet<string> = new Set([routerPushed.type, routerReplaced.type, modalOpenRequested.type])

/**
 * Derives a modal's event catalogue, root reducer, initial state and effect list from its
 * features, in the order given (slices are ordered after the slices they read). Lazy features
 * join when first needed: `load` brings one's chunk, and a `feature/injected` event adds its
 * slices to the state.
 *
 * @example
 * const { catalogue, reducer, effects } = composeFeatures([modalFeature, connectionFeature])
 */
export function composeFeatures<D>(
  features: readonly Feature<D>[],
  options: { autoFreeze?: boolean; lazy?: readonly LazyFeature<D>[] } = {},
): ComposedFeatures<D> {
  const names = new Set<string>()
  const lazy = options.lazy ?? []
  for (const f of [...features, ...lazy]) {
    if (names.has(f.name)) throw new Error(`feature ${f.name} is listed twice`)
    names.add(f.name)
  }
  const creators: EventCreator<string, any>[] = features.flatMap((f) => f.events)
  const catalogue = new Map(creators.map((c) => [c.type, c as EventCreator<string, unknown>]))
  const reducer = createRootReducer(
    features.flatMap((f) => f.slices),
    catalogue.keys(),
    { ...options, features: features.map((f) => f.name) },
  )
  const byDomain = new Map<string, LazyFeature<D>>()
  const byType = new Map<string, LazyFeature<D>>()
  const byView = new Map<string, LazyFeature<D>>()
  const before = new Map<string, LazyFeature<D>[]>()
  for (const f of lazy) {
    for (const d of f.domains) byDomain.set(d, f)
    for (const t of f.types ?? []) byType.set(t, f)
    for (const v of f.views ?? []) byView.set(v, f)
    for (const type of Object.keys(f.before ?? {})) before.set(type, [...(before.get(type) ?? []), f])
  }
  const definitions = new Map<string, Feature<D>>()
  const loading = new Map<string, Promise<Feature<D>>>()
  // Optimization: every event asks (the store looks for a feature it needs first); the answer
  // for a type never changes, so it is kept, for a bounded number of types (a host may send any).
  const owners = new Map<string, LazyFeature<D> | null>()
  const ownerOf = (type: string): LazyFeature<D> | undefined => {
    if (lazy.length === 0) return undefined
    const known = owners.get(type)
    if (known !== undefined) return known ?? undefined
    const slash = type.indexOf('/')
    const owner = byType.get(type) ?? (slash > 0 ? byDomain.get(type.slice(0, slash)) : undefined)
    if (owners.size < 4_096) owners.set(type, owner ?? null)
    return owner
  }
  const absent = (f: LazyFeature<D> | undefined, state: ModalState): LazyFeature<D> | undefined =>
    f && !state.injected.includes(f.name) ? f : undefined
  return {
    features,
    catalogue,
    reducer,
    effects: features.flatMap((f) => f.effects),
    loadEffects: async (deps, onError) => {
      const lists = await Promise.all(
        features.map(async (f) => {
          try {
            return [...f.effects, ...((await f.loadEffects?.(deps)) ?? [])]
          } catch (error) {
            onError?.(f.name, error)
            return [...f.effects]
          }
        }),
      )
      return lists.flat()
    },
    lazy,
    ownerOf,
    neededFor: (event, state) => {
      if (lazy.length === 0) return undefined
      const owner = absent(ownerOf(event.type), state)
      if (owner) return owner
      if (VIEW_EVENTS.has(event.type)) {
        const view = (event.payload as { view?: unknown } | undefined)?.view
        const f = typeof view === 'string' ? absent(byView.get(view), state) : undefined
        if (f) return f
      }
      for (const f of before.get(event.type) ?? []) {
        const when = f.before?.[event.type]
        if (absent(f, state) && (when === true || when?.(event, state))) return f
      }
      return undefined
    },
    loaded: (name) => definitions.get(name),
    load: (name) => {
      const known = loading.get(name)
      if (known) return known
      const stub = lazy.find((f) => f.name === name)
      if (!stub) return Promise.reject(new Error(`no feature is named ${name}`))
      const promise = stub.load().then((feature) => {
        const slices = feature.slices.map((s) => s.name).join()
        if (feature.name !== name || slices !== stub.slices.join()) throw new Error(`the ${name} chunk holds ${feature.name} with slices ${slices}, not what its description says`)
        for (const c of feature.events) catalogue.set(c.type, c as EventCreator<string, unknown>)
        reducer.register(name, feature.slices, feature.events.map((c) => c.type))
        definitions.set(name, feature)
        return feature
      })
      // A chunk that failed to load may load on a later try (the network came back).
      promise.catch(() => loading.delete(name))
      loading.set(name, promise)
      return promise
    },
  }
}
