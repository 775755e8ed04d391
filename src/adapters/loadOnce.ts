/**
 * A lazy part of an adapter, loaded once on first call: later calls share the same promise; a
 * failed load (a chunk that did not arrive, a peer not installed) is forgotten, so the next call
 * tries again.
 *
 * @example
 * const loadRuntime = loadOnce(() => import('./createSolanaRuntime.js').then((m) => m.createSolanaRuntime(options)))
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null
      throw error
    }))
}
