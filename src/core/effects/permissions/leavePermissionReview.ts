import { EMPTY, filter, map, of, switchMap, timer } from 'rxjs'
import type { EventInput } from '../../events/defineEvent.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { routerWentBack } from '../../events/modal/router.js'
import { permissionsGranted, permissionsRequested, permissionsReviewCancelled } from '../../events/permissions/permissions.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import type { CoreDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { showsReview } from './endPermissionRequest.js'

/** How long the review shows that the permissions were granted before it goes. */
export const PERMISSIONS_GRANTED_SHOWN_MS = 1_500

/** Back to the view the review was pushed over, or closed when the modal opened on it. */
function leave(state: ModalState): EventInput {
  return state.router.history.length > 1 ? routerWentBack({}) : modalCloseRequested({})
}

/**
 * Takes the review away once its request is done: at once when the visitor cancels, after
 * PERMISSIONS_GRANTED_SHOWN_MS of "granted" when the wallet granted them; the modal goes back to
 * where it was (the view it was on, or closed). A visitor who moved on meanwhile stays where
 * they are.
 */
export const leavePermissionReview: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(permissionsReviewCancelled, permissionsGranted, permissionsRequested),
    // A new request keeps its own review: the wait for an older one is dropped.
    switchMap((e) => {
      const request = state$.value.permissions?.request
      if (!request?.review || !isCurrentRequest(request.requestId, e) || !showsReview(state$.value)) return EMPTY
      if (permissionsReviewCancelled.match(e)) return request.status === 'cancelled' ? of(leave(state$.value)) : EMPTY
      if (!permissionsGranted.match(e) || request.status !== 'granted') return EMPTY
      return timer(PERMISSIONS_GRANTED_SHOWN_MS, deps.scheduler).pipe(
        filter(() => showsReview(state$.value) && state$.value.permissions?.request?.status === 'granted' && isCurrentRequest(state$.value.permissions.request.requestId, e)),
        map(() => leave(state$.value)),
      )
    }),
  )
