import { routerWentBack } from '../core/events/modal/router.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.back`: returns to the view before the current one.
 *
 * @example
 * modal.back()
 */
export function back(store: Pick<Store, 'dispatch'>): () => void {
  return () => hostCommand(store, 'back', () => routerWentBack({}))
}
