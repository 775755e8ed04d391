import { distinctUntilChanged, filter, ignoreElements, map, pairwise, tap } from 'rxjs'
import type { CoreDeps } from '../ports.js'
import { selectIsConnected } from '../selectors.js'
import type { Effect } from './runEffects.js'

/** MODAL_OPEN when the modal opens and MODAL_CLOSE when an open modal closes, with the connected flag. */
export const modalAnalytics: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    map(() => state$.value),
    map((s) => ({ open: s.modal.open, connected: selectIsConnected(s) })),
    distinctUntilChanged((a, b) => a.open === b.open),
    pairwise(),
    filter(([before, after]) => before.open !== after.open),
    tap(([, after]) => {
      void Promise.resolve(
        deps.analytics.track({ event: after.open ? 'MODAL_OPEN' : 'MODAL_CLOSE', properties: { connected: after.connected } }),
      ).catch(() => undefined)
    }),
    ignoreElements(),
  )
