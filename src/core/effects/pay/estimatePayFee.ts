import { catchError, filter, map, mergeMap, of } from 'rxjs'
import { serializeError } from '../../errors/base.js'
import { payFeeEstimated, payFeeFailed, payFeeRequested } from '../../events/pay/pay.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { estimateTransferFee } from '../shared/transfer.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { preparePayment } from './preparePayment.js'

/**
 * Estimates the network fee of the payment under way, as the send review does (the node, no
 * prompt), for the account and network the Pay view shows. A payment the checks refuse (more than
 * is held, say), or an adapter that cannot estimate, fails the estimate with the reason.
 */
export const estimatePayFee: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(payFeeRequested),
    filter((e) => {
      const fee = state$.value.pay?.payment?.fee
      return fee?.status === 'estimating' && isCurrentRequest(fee.requestId, e)
    }),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => payFeeFailed({ error: serializeError(error) }, meta)
      return preparePayment(state$.value, deps.adapters).pipe(
        mergeMap((prepared) => ('error' in prepared ? of(fail(prepared.error)) : estimateTransferFee(prepared).pipe(map((fee) => payFeeEstimated(fee, meta))))),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
