import { distinctUntilChanged, filter, map, switchMap, timer } from 'rxjs'
import { modalShakeEnded } from '../events/modal.js'
import type { CoreDeps } from '../ports.js'
import { SHAKE_MS } from '../domain/constants.js'
import type { Effect } from './runEffects.js'

/** Ends a shake SHAKE_MS after it started. */
export const shakeTimer: Effect<CoreDeps> = (_event$, state$, deps) =>
  state$.pipe(
    map((s) => s.modal.shakeStartedAt),
    distinctUntilChanged(),
    filter((startedAt): startedAt is number => startedAt !== null),
    switchMap(() => timer(SHAKE_MS, deps.scheduler).pipe(map(() => modalShakeEnded({})))),
  )
