import type { EventCreator } from '../events/defineEvent.js'
import type { Effect } from '../effects/runEffects.js'
import type { Slice } from '../reducers/createSlice.js'

export type NamedEffect<D> = { name: string; effect: Effect<D> }

/**
 * A feature: the unit a modal is composed of. Its events join the catalogue (an event no
 * feature declares is refused at dispatch), its slices the state and the root reducer, its
 * effects the effect list. Effects that are heavy or rarely needed can load on demand.
 */
export type Feature<D = any> = {
  readonly name: string
  readonly events: readonly EventCreator<string, any>[]
  readonly slices: readonly Slice<string, any>[]
  readonly effects: readonly NamedEffect<D>[]
  /**
   * Effects loaded before the session starts, given the modal's ports (a dynamic import keeps
   * them out of the first bundle; a feature whose port is absent loads nothing).
   */
  readonly loadEffects?: (deps: D) => Promise<readonly NamedEffect<D>[]>
}

/**
 * Defines a feature module.
 *
 * @example
 * export const bannerFeature = defineFeature({ name: 'banner', events: [bannerShown], slices: [bannerSlice], effects: [] })
 */
export function defineFeature<const F extends Feature>(feature: F): F {
  return feature
}
