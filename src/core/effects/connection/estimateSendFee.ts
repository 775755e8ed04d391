import { catchError, filter, from, map, mergeMap, of } from 'rxjs'
import { sendFeeEstimated, sendFeeFailed, sendFeeRequested } from '../../events/connection/send.js'
import { serializeError } from '../../errors/base.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { estimateTransferFee, loadTransferChecks } from '../shared/transfer.js'

/**
 * Estimates the network fee of what the send form holds, from the node (no prompt), for the
 * review step. A form the checks refuse, or an adapter that cannot estimate, fails the estimate
 * with the reason; the send itself may still go ahead.
 */
export const estimateSendFee: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(sendFeeRequested),
    filter((e) => {
      const fee = state$.value.account.send.fee
      return fee?.status === 'estimating' && isCurrentRequest(fee.requestId, e)
    }),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => sendFeeFailed({ error: serializeError(error) }, meta)
      const state = state$.value
      return from(loadTransferChecks()).pipe(
        mergeMap(({ prepareSend }) => {
          const prepared = prepareSend(state, deps.adapters)
          if ('error' in prepared) return of(fail(prepared.error))
          return estimateTransferFee(prepared).pipe(map((fee) => sendFeeEstimated(fee, meta)))
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
