import { distinctUntilChanged, filter, map, switchMap, timer } from 'rxjs'
import { bannerDelayElapsed } from '../events/banner'
import type { CoreDeps } from '../ports'
import { BANNER_REPLACE_DELAY_MS } from '../timings'
import type { Effect } from './runEffects'

/** A banner replacing an open one appears BANNER_REPLACE_DELAY_MS after the old one closed. */
export const bannerDelay: Effect<CoreDeps> = (_event$, state$, deps) =>
  state$.pipe(
    map((s) => s.banner.pending?.seq ?? null),
    distinctUntilChanged(),
    filter((seq): seq is number => seq !== null),
    switchMap((seq) => timer(BANNER_REPLACE_DELAY_MS, deps.scheduler).pipe(map(() => bannerDelayElapsed({ seq })))),
  )
