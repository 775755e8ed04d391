import type { Store } from '../core/store.js'

/**
 * `modal.destroy`: stops the effects; the modal keeps its last state.
 *
 * @example
 * modal.destroy()
 */
export function destroy(store: Pick<Store, 'stop'>): () => void {
  return () => store.stop()
}
