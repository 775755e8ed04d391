import { EMPTY, from, mergeMap, switchMap, timer, type Observable } from 'rxjs'
import type { EventInput } from '../../events/defineEvent.js'
import { permissionExpired } from '../../events/permissions/permissions.js'
import { hasExpired, type PermissionsState } from '../../reducers/permissions/permissionsReducer.js'
import type { CoreDeps } from '../../ports.js'
import type { Effect } from '../runtime/runEffects.js'
import { watchState } from '../runtime/watchState.js'

/** The longest a timer may wait (a longer setTimeout fires at once): a far expiry is waited for in steps. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1

/** The time (ms) the first active grant expires, or null. */
function nextExpiry(grants: PermissionsState['grants']): number | null {
  let next: number | null = null
  for (const g of Object.values(grants)) if (g.status === 'active' && g.expiry !== null && (next === null || g.expiry * 1000 < next)) next = g.expiry * 1000
  return next
}

/**
 * Marks each active grant expired when its expiry comes (`permissions/expired`, at once for one
 * that expired while the page was away), so the state says so without any reducer reading a
 * clock. Waits on the modal's scheduler, for the first one due, again whenever the grants change.
 */
export const expirePermissions: Effect<CoreDeps> = (_event$, state$, deps) => {
  const waitFor = (grants: PermissionsState['grants'], at: number): Observable<EventInput> =>
    timer(Math.min(LONGEST_TIMER_MS, Math.max(0, at - deps.clock.now())), deps.scheduler).pipe(
      mergeMap(() => {
        const now = deps.clock.now()
        if (now < at) return waitFor(grants, at)
        return from(Object.values(grants).filter((g) => g.status === 'active' && hasExpired(g, now)).map((g) => permissionExpired({ context: g.context })))
      }),
    )
  return watchState(state$, (s) => s.permissions?.grants).pipe(
    switchMap((grants) => {
      const at = grants ? nextExpiry(grants) : null
      return grants && at !== null ? waitFor(grants, at) : EMPTY
    }),
  )
}
