import type { LazyFeatureDescription } from './core/features/defineFeature.js'
import { selectIsConnected } from './core/selectors.js'
import type { ModalState, SessionSettings } from './core/state.js'

/**
 * Fetches the chunks of the lazy features the host's settings make likely, so that opening one
 * of their views waits on no network: once the page is idle (`idle` resolves true) and a wallet
 * is connected. Their views open from the account sheet only; before a connection they would be
 * requests a visitor's first click never needs. Returns a function that stops waiting.
 *
 * @example
 * preloadLazyFeatures(store, composed, settings, pageIdle(window))
 */
export function preloadLazyFeatures(
  store: { getState(): ModalState; subscribe(listener: (state: ModalState) => void): () => void },
  composed: { lazy: readonly Pick<LazyFeatureDescription, 'name' | 'configured'>[]; load(name: string): Promise<unknown> },
  settings: SessionSettings,
  idle: Promise<boolean>,
): () => void {
  let stopped = false
  let unsubscribe = () => {}
  const wanted = composed.lazy.filter((f) => f.configured?.(settings))
  const loadWanted = () => {
    for (const f of wanted) composed.load(f.name).catch(() => undefined)
  }
  void idle.then((isIdle) => {
    if (stopped || !isIdle || wanted.length === 0) return
    if (selectIsConnected(store.getState())) return loadWanted()
    unsubscribe = store.subscribe((state) => {
      if (!selectIsConnected(state)) return
      unsubscribe()
      loadWanted()
    })
  })
  return () => {
    stopped = true
    unsubscribe()
  }
}
