import { modalCloseRequested } from '../core/events/modal/modal.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.close`: closes the modal (a required sign-in keeps it open).
 *
 * @example
 * modal.close()
 */
export function close(store: Pick<Store, 'dispatch'>): () => void {
  return () => hostCommand(store, 'close', () => modalCloseRequested({}))
}
