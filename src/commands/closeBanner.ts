import { bannerClosed } from '../core/events/modal/banner.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.closeBanner`: closes the banner shown.
 *
 * @example
 * modal.closeBanner()
 */
export function closeBanner(store: Pick<Store, 'dispatch'>): () => void {
  return () => hostCommand(store, 'closeBanner', () => bannerClosed({}))
}
