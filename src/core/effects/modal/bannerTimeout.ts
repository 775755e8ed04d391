import { bannerClosed } from '../../events/modal/banner.js'
import type { CoreDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import { restartTimer } from '../runtime/restartTimer.js'
import { watchState } from '../runtime/watchState.js'

/**
 * How long a success or info banner stays (ms). The spec names no notification duration (§9
 * has only the 150 ms replacement gap), so 3 s; errors and loading stay until closed or replaced.
 */
export const BANNER_AUTO_DISMISS_MS = 3_000

const DISMISSES_ITSELF = new Set<ModalState['banner']['variant']>(['success', 'info'])

/**
 * A success or info banner closes itself BANNER_AUTO_DISMISS_MS after it appeared (a banner
 * replacing it starts its own count). Closing the modal closes any banner: that is the banner
 * slice's own case.
 */
export const bannerTimeout: Effect<CoreDeps> = (_event$, state$, deps) =>
  // The open banner itself: a new one (even with the same text) is a new object.
  watchState(state$, (s) => (s.banner.open ? s.banner : null)).pipe(
    restartTimer(deps.scheduler, BANNER_AUTO_DISMISS_MS, (banner) => (banner && DISMISSES_ITSELF.has(banner.variant) ? bannerClosed({}) : null)),
  )
