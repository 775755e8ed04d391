import type { EventCatalogue } from '../events/catalogue.js'
import { createCatalogue } from '../events/catalogue.js'
import type { EventCreator } from '../events/defineEvent.js'
import { createRootReducer, type RootReducer } from '../reducers/createRootReducer.js'
import type { Feature, NamedEffect } from './defineFeature.js'

export type ComposedFeatures<D> = {
  readonly features: readonly Feature<D>[]
  /** Every event the modal accepts; any other type is refused at dispatch. */
  readonly catalogue: EventCatalogue
  readonly reducer: RootReducer
  readonly effects: readonly NamedEffect<D>[]
  /**
   * Every effect, in the features' order: each feature's own, then the ones it loads on demand
   * with the modal's ports. A feature whose load fails keeps its own effects; `onError` hears why.
   */
  loadEffects(deps: D, onError?: (feature: string, error: unknown) => void): Promise<NamedEffect<D>[]>
}

/**
 * Derives a modal's event catalogue, root reducer, initial state and effect list from its
 * features, in the order given (slices are ordered after the slices they read).
 *
 * @example
 * const { catalogue, reducer, effects } = composeFeatures([modalFeature, connectionFeature])
 */
export function composeFeatures<D>(features: readonly Feature<D>[], options: { autoFreeze?: boolean } = {}): ComposedFeatures<D> {
  const names = new Set<string>()
  for (const f of features) {
    if (names.has(f.name)) throw new Error(`feature ${f.name} is listed twice`)
    names.add(f.name)
  }
  const creators: EventCreator<string, any>[] = features.flatMap((f) => f.events)
  const catalogue = createCatalogue(creators)
  const reducer = createRootReducer(
    features.flatMap((f) => f.slices),
    catalogue.keys(),
    options,
  )
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
  }
}
