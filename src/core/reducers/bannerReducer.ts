import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../events/banner.js'
import type { ModalState } from '../state.js'
import { createSlice } from './createSlice.js'

export type BannerState = ModalState['banner']

/**
 * A new banner while one is open closes the open one and waits for a delay event (150 ms,
 * scheduled by an effect) before showing; the delay names the request's seq so a stale one is ignored.
 */
export const bannerSlice = createSlice(
  'banner',
  (): BannerState => ({ open: false, variant: 'info', message: '', pending: null }),
  (b) =>
    b
      .addCase(bannerShowRequested, (banner, event) => {
        const { variant, message } = event.payload
        if (banner.open || banner.pending) {
          banner.open = false
          banner.pending = { variant, message, seq: event.seq }
        } else {
          banner.open = true
          banner.variant = variant
          banner.message = message
        }
      })
      .addCase(bannerDelayElapsed, (banner, event) => {
        if (banner.pending && banner.pending.seq === event.payload.seq) {
          banner.open = true
          banner.variant = banner.pending.variant
          banner.message = banner.pending.message
          banner.pending = null
        }
      })
      .addCase(bannerClosed, (banner) => {
        banner.open = false
        banner.pending = null
      }),
)
