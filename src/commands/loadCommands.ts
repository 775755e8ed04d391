import type { EngineStore, OptionalFeature } from '../core/features/defineFeature.js'

/**
 * The host commands an optional feature's module brings (`batchedCalls()`, `smartSessions()`),
 * made for the modal's store on their first call; a chunk that failed to load is fetched again
 * on the next. Without the module each call rejects with `missing()`.
 *
 * @example
 * const commands = loadCommands<CallsCommands>(module, () => new FeatureNotIncludedError('Batched calls are not enabled', 'batchedCalls'), store, ready)
 */
export function loadCommands<C>(module: OptionalFeature | undefined, missing: () => Error, store: EngineStore, ready: Promise<void>): () => Promise<C> {
  let loading: Promise<C> | undefined
  return () => {
    if (!module?.commands) return Promise.reject(missing())
    loading ??= module.commands().then((make) => make(store, ready) as C)
    loading.catch(() => (loading = undefined))
    return loading
  }
}
