import { filter } from 'rxjs'
import { modalShakeEnded } from '../../events/modal/modal.js'
import type { CoreDeps } from '../../ports.js'
import { SHAKE_MS } from '../../domain/constants.js'
import type { Effect } from '../runtime/runEffects.js'
import { restartTimer } from '../runtime/restartTimer.js'
import { watchState } from '../runtime/watchState.js'

/** Ends a shake SHAKE_MS after it started. */
export const shakeTimer: Effect<CoreDeps> = (_event$, state$, deps) =>
  watchState(state$, (s) => s.modal.shakeStartedAt).pipe(
    filter((startedAt): startedAt is number => startedAt !== null),
    restartTimer(deps.scheduler, SHAKE_MS, () => modalShakeEnded({})),
  )
