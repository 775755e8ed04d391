import { filter } from 'rxjs'
import { bannerDelayElapsed } from '../../events/modal/banner.js'
import type { CoreDeps } from '../../ports.js'
import { NOTIFICATION_REPLACE_DELAY_MS } from '../../domain/constants.js'
import type { Effect } from '../runtime/runEffects.js'
import { restartTimer } from '../runtime/restartTimer.js'
import { watchState } from '../runtime/watchState.js'

/** A banner replacing an open one appears NOTIFICATION_REPLACE_DELAY_MS after the old one closed. */
export const bannerDelay: Effect<CoreDeps> = (_event$, state$, deps) =>
  watchState(state$, (s) => s.banner.pending?.seq ?? null).pipe(
    filter((seq): seq is number => seq !== null),
    restartTimer(deps.scheduler, NOTIFICATION_REPLACE_DELAY_MS, (seq) => bannerDelayElapsed({ seq })),
  )
