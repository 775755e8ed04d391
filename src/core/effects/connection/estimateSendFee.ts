import { catchError, defer, filter, from, map, mergeMap, of } from 'rxjs'
import { formatTokenUnits } from '../../domain/format.js'
import { sendFeeEstimated, sendFeeFailed, sendFeeRequested } from '../../events/connection/send.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { loadPrepareSend } from './sendFromWallet.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

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
      return from(loadPrepareSend()).pipe(
        mergeMap((prepare) => {
          const prepared = prepare(state, deps.adapters)
          if ('error' in prepared) return of(fail(prepared.error))
          const { adapter, network, transfer } = prepared
          const estimate = adapter.estimateTransferFee?.bind(adapter)
          if (!estimate) return of(fail(new GangwayError('Fee unavailable', { details: `the ${adapter.namespace} adapter cannot estimate fees` })))
          return defer(() => estimate(network, transfer)).pipe(
            map((raw) => sendFeeEstimated({ fee: formatTokenUnits(raw, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }, meta)),
          )
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
