import { bannerShowRequested, type BannerVariant } from '../core/events/modal/banner.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.showBanner`: shows a banner (success, loading, error or info) with a message.
 *
 * @example
 * modal.showBanner('success', 'Saved')
 */
export function showBanner(store: Pick<Store, 'dispatch'>): (variant: BannerVariant, message: string) => void {
  return (variant, message) => hostCommand(store, 'showBanner', () => bannerShowRequested({ variant, message }))
}
