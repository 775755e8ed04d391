import { filter, map } from 'rxjs'
import { serializeError, type SerializedError } from '../../errors/base.js'
import { ModalClosedError, RequestAbortedError } from '../../errors/connection.js'
import { WalletRejectedError } from '../../errors/wallet.js'
import { connectionSucceeded } from '../../events/connection/connection.js'
import { accountDisconnected, connectionSwitched } from '../../events/connection/connectionLifecycle.js'
import { networkChanged, networkSwitched } from '../../events/connection/network.js'
import { modalCloseRequested, modalOpenRequested } from '../../events/modal/modal.js'
import { routerPushed, routerReplaced, routerReset, routerWentBack } from '../../events/modal/router.js'
import { payCancelled, payFailed, payRequested } from '../../events/pay/pay.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import type { CoreDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/** Whether the modal shows the payment: the Pay view, or a view pushed over it to connect or switch first. */
export const showsPayment = (state: ModalState): boolean => state.modal.open && state.router.history.includes('Pay')

/**
 * Why the payment under review ends now, or null while it goes on: the visitor cancelled it or
 * left it ('User rejected the request'), closed the modal on it ('Modal closed'), or the modal
 * could not show it ('Request was aborted'). Once the wallet is asked, its answer settles it.
 *
 * @example
 * endingOf(state$.value, event) // { name: 'ModalClosedError', shortMessage: 'Modal closed', … }
 */
export function endingOf(state: ModalState, trigger: { type: string; requestId?: string | undefined }): SerializedError | null {
  const payment = state.pay?.payment
  const rejected = (details: string) => serializeError(new WalletRejectedError('User rejected the request', { details }))
  // Waiting on an exchange's page, the visitor may stop waiting: the payment ends refused (the exchange's answer settles it otherwise).
  if (payment?.status === 'paying' && payment.exchange && payCancelled.match(trigger)) {
    return isCurrentRequest(payment.requestId, trigger) ? rejected(`the visitor stopped waiting for ${payment.exchange.name}`) : null
  }
  if (payment?.status !== 'reviewing') return null
  if (payCancelled.match(trigger)) return isCurrentRequest(payment.requestId, trigger) ? rejected('the visitor cancelled the payment') : null
  if (showsPayment(state)) return null
  if (payRequested.match(trigger)) return serializeError(new RequestAbortedError('the modal could not show the payment'))
  return state.modal.open ? rejected('the visitor left the payment') : serializeError(new ModalClosedError())
}

/**
 * Ends the payment under review without asking the wallet when the visitor cancels or leaves it,
 * or the modal closes on it: `pay/failed` with why, which the host's `pay` rejects with.
 */
export const endPayment: Effect<CoreDeps> = (event$, state$) => {
  // A payment ends once, whatever follows before its end is reduced.
  const ended = new Set<string | null>()
  return event$.pipe(
    // What takes the modal off the Pay view: navigation, closing, and what resets the view (a connect, a switch, a disconnect).
    ofType(
      payRequested,
      payCancelled,
      modalCloseRequested,
      modalOpenRequested,
      routerPushed,
      routerReplaced,
      routerWentBack,
      routerReset,
      connectionSucceeded,
      connectionSwitched,
      networkSwitched,
      networkChanged,
      accountDisconnected,
    ),
    map((e) => ({ payment: state$.value.pay?.payment, error: endingOf(state$.value, e) })),
    filter(({ payment, error }) => !!payment && error !== null && !ended.has(payment.requestId)),
    map(({ payment, error }) => {
      ended.add(payment!.requestId)
      return payFailed({ error: error! }, { requestId: payment!.requestId ?? undefined })
    }),
  )
}
