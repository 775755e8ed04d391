import { modalShakeRequested } from '../core/events/modal/modal.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.shake`: shakes the modal for a moment (spec §9: 500 ms), to draw the visitor's eye.
 *
 * @example
 * modal.shake()
 */
export function shake(store: Pick<Store, 'dispatch'>): () => void {
  return () => hostCommand(store, 'shake', () => modalShakeRequested({}))
}
