import { filter, map, switchMap, timer } from 'rxjs'
import { modalShakeEnded } from '../events/modal.js'
import type { CoreDeps } from '../ports.js'
import { SHAKE_MS } from '../domain/constants.js'
import type { Effect } from './runEffects.js'
import { watchState } from './watchState.js'

/** Ends a shake SHAKE_MS after it started. */
export const shakeTimer: Effect<CoreDeps> = (_event$, state$, deps) =>
  watchState(state$, (s) => s.modal.shakeStartedAt).pipe(
    filter((startedAt): startedAt is number => startedAt !== null),
    switchMap(() => timer(SHAKE_MS, deps.scheduler).pipe(map(() => modalShakeEnded({})))),
  )
