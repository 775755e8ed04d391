import { filter, map } from 'rxjs'
import { serializeError, type SerializedError } from '../../errors/base.js'
import { ModalClosedError, RequestAbortedError } from '../../errors/connection.js'
import { WalletRejectedError } from '../../errors/wallet.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { routerPushed, routerReplaced, routerReset, routerWentBack } from '../../events/modal/router.js'
import { permissionsRequestFailed, permissionsRequested, permissionsReviewCancelled, permissionsWalletRefused } from '../../events/permissions/permissions.js'
import type { CoreDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/** Whether the modal shows the review of the request under way. */
export const showsReview = (state: ModalState): boolean => state.modal.open && state.router.view === 'ReviewPermissions'

/**
 * Why the request under way ends now, unsuccessfully, or null while it goes on: the visitor
 * cancelled or left the review (the wallet's last refusal, else 'User rejected the request'),
 * closed the modal on it ('Modal closed'), the modal could not show it ('Request was aborted'),
 * or the wallet refused a request nobody reviews. A request the wallet is asking about goes on:
 * the wallet's answer settles it.
 *
 * @example
 * endingOf(state$.value, event) // { name: 'ModalClosedError', shortMessage: 'Modal closed', … }
 */
export function endingOf(state: ModalState, trigger: { type: string }): SerializedError | null {
  const request = state.permissions?.request
  if (!request) return null
  const rejected = (details: string) => serializeError(new WalletRejectedError('User rejected the request', { details }))
  switch (request.status) {
    case 'cancelled':
      return request.error ?? rejected('the visitor cancelled the review')
    case 'failed':
      return !request.review || !showsReview(state) ? request.error : null
    case 'reviewing':
      if (showsReview(state)) return null
      if (permissionsRequested.match(trigger)) return serializeError(new RequestAbortedError('the modal could not show the review'))
      return state.modal.open ? rejected('the visitor left the review') : serializeError(new ModalClosedError())
    default:
      return null
  }
}

/**
 * Ends the request under way without grants when the visitor cancels or leaves its review, the
 * modal closes on it, or the wallet refuses one asked without a review: `permissions/requestFailed`
 * with why, which the host's `requestPermissions` rejects with. Nothing is asked of the wallet.
 */
export const endPermissionRequest: Effect<CoreDeps> = (event$, state$) => {
  // A request ends once, whatever follows before its end is reduced.
  const ended = new Set<string | null>()
  return event$.pipe(
    ofType(permissionsRequested, permissionsWalletRefused, permissionsReviewCancelled, modalCloseRequested, routerPushed, routerReplaced, routerWentBack, routerReset),
    map((e) => ({ request: state$.value.permissions?.request, error: endingOf(state$.value, e) })),
    filter(({ request, error }) => !!request && error !== null && !ended.has(request.requestId)),
    map(({ request, error }) => {
      ended.add(request!.requestId)
      return permissionsRequestFailed({ error: error! }, { requestId: request!.requestId ?? undefined })
    }),
  )
}
