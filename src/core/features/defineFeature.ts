import type { EventCreator, EventInput } from '../events/defineEvent.js'
import type { Effect } from '../effects/runtime/runEffects.js'
import type { Slice } from '../reducers/createSlice.js'
import type { ModalState, SessionSettings } from '../state.js'
import type { StoreLike } from '../events/hostRequest.js'

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
 * A feature that joins a running modal when it is first needed: the first bundle holds only
 * this description; its events, slices and effects come in one chunk (`load`) and are injected
 * by a `feature/injected` event, so a replay folds to the same states.
 */
export type LazyFeature<D = any> = {
  readonly name: string
  /** The event domains it owns (`'swap'` owns `swap/…`): such an event waits until it is injected. */
  readonly domains: readonly string[]
  /** Single event types it owns in a domain it shares with others. */
  readonly types?: readonly string[]
  /** The names of the slices it adds to the state when injected (its chunk's slices). */
  readonly slices: readonly string[]
  /** Its views: opening or pushing one injects it first. */
  readonly views?: readonly string[]
  /**
   * Events of other features after which it is about to be needed (say, a connection for the
   * account sheet): it is injected just before them when `when` (if given) says so.
   */
  readonly before?: Readonly<Record<string, true | ((event: EventInput, state: ModalState) => boolean)>>
  /** Whether the host's settings make it likely to be used: its chunk is then fetched when idle. */
  readonly configured?: (settings: SessionSettings) => boolean
  /** The feature's chunk: its events, slices and effects. */
  readonly load: () => Promise<Feature<D>>
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

/**
 * The parts of a built-in feature that a host brings by importing it (`walletConnect()`,
 * `embeddedWallet()`, `siwx()`, `swaps()`, …): loaders the modal itself never names, so a host
 * that does not import the feature has none of its code in its build.
 */
export type FeatureChunks<D = any> = {
  /** The feature's effects, loaded before the session starts. */
  readonly effects?: () => Promise<readonly NamedEffect<D>[]>
  /** The feature's views (a React view group; opaque to the core), loaded when reachable. */
  readonly views?: () => Promise<unknown>
}

/** The ports' side of `FeatureChunks`: what the host brought, by feature name (`walletConnect`, `embeddedWallet`, `siwx`). */
export type FeatureChunkDeps = { readonly featureChunks?: Readonly<Record<string, FeatureChunks | undefined>> }

/**
 * A feature's effects from the chunk the host brought for it; none when the host brought none.
 *
 * @example
 * loadEffects: (deps) => chunkEffects(deps, 'siwx')
 */
export function chunkEffects<D>(deps: FeatureChunkDeps, name: string): Promise<readonly NamedEffect<D>[]> {
  return deps.featureChunks?.[name]?.effects?.() ?? Promise.resolve([])
}

/**
 * A built-in feature that joins the running modal when first needed, as a host passes it in
 * `modules` (`swaps()` of `gangway-kit/features`): which one, its chunk and its views.
 */
export type OptionalFeature<D = any> = Pick<FeatureChunks<D>, 'views'> & {
  /** The name of the lazy feature it brings (a name of `LAZY_FEATURE_DESCRIPTIONS`). */
  readonly optional: string
  /** Its chunk: events, slices and effects. */
  readonly load: () => Promise<Feature<D>>
  /** Its host commands (`modal.sendCalls` …), made for the modal's store; loaded on their first call. */
  readonly commands?: () => Promise<(store: EngineStore, ready: Promise<void>) => object>
}

/**
 * What a feature's host commands get of the modal: its store (dispatch, state, events, whether
 * held events have been reduced). `ready` (given beside it) resolves once stored data is applied.
 */
export type EngineStore = StoreLike & { whenLoaded(): Promise<void> }

/** Whether a `modules` entry is one of Gangway's optional features rather than a host's own feature. */
export function isOptionalFeature(m: unknown): m is OptionalFeature {
  return typeof m === 'object' && m !== null && typeof (m as { optional?: unknown }).optional === 'string'
}

/** A lazy feature without its chunk: what the first bundle knows of it. */
export type LazyFeatureDescription = Omit<LazyFeature, 'load'>

/**
 * Describes a feature loaded on first need.
 *
 * @example
 * export const swapsLazyFeature = defineLazyFeature({ name: 'swaps', domains: ['swap'], views: ['Swap'], load: () => import('./swaps.js').then((m) => m.swapsFeature) })
 */
export function defineLazyFeature<D = any>(feature: LazyFeature<D>): LazyFeature<D> {
  return feature
}
