import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../../events/modal/banner.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { resultAcknowledged } from '../../events/modal/router.js'
import type { BannerVariant } from '../../events/modal/banner.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { BASE_INITIAL } from '../baseInitialState.js'

export type BannerState = ModalState['banner']

/**
 * A new banner while one is open closes the open one and waits for a delay event (150 ms,
 * scheduled by an effect) before showing; the delay names the request's seq so a stale one is ignored.
 */
export const bannerSlice = createSlice(
  'banner',
  BASE_INITIAL.banner,
  (b) =>
    b
      .addReplacer(bannerShowRequested, (banner, event) => shown(banner, event.payload.variant, event.payload.message, event.seq))
      // An acknowledged result stays in view as a success banner over the view the flow returns to.
      .addReplacer(resultAcknowledged, (banner, event) => shown(banner, 'success', event.payload.message, event.seq))
      .addReplacer(
        bannerDelayElapsed,
        (banner) => {
          const pending = banner.pending as NonNullable<BannerState['pending']>
          return { open: true, variant: pending.variant, message: pending.message, pending: null }
        },
        (banner, event) => banner.pending !== null && banner.pending.seq === event.payload.seq,
      )
      .addReplacer(bannerClosed, closed)
      // Closing the modal closes any banner (a refused close, with sign-in required, keeps it).
      .addReplacer(modalCloseRequested, closed, (_banner, _event, state, prev) => prev.modal.open && !state.modal.open),
  { after: ['modal'] },
)

function shown(banner: BannerState, variant: BannerVariant, message: string, seq: number): BannerState {
  // Written out in full rather than spread: see modalReducer's `modal`.
  return banner.open || banner.pending
    ? { open: false, variant: banner.variant, message: banner.message, pending: { variant, message, seq } }
    : { open: true, variant, message, pending: banner.pending }
}

function closed(banner: BannerState): BannerState {
  return banner.open || banner.pending ? { open: false, variant: banner.variant, message: banner.message, pending: null } : banner
}
