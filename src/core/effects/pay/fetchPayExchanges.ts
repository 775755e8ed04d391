import { catchError, filter, map, of, switchMap } from 'rxjs'
import { serializeError } from '../../errors/base.js'
import { payExchangesFailed, payExchangesFetched, payExchangesRequested } from '../../events/pay/pay.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { exchangeAssetOf } from './exchangeAsset.js'

/**
 * Lists the exchanges the payment under review can be paid from (`GET /v1/exchanges` with its
 * network and asset). Without the API, or one without exchanges, none are offered; a failed
 * listing says why, and paying from the wallet stays.
 */
export const fetchPayExchanges: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(payExchangesRequested),
    filter((e) => {
      const exchanges = state$.value.pay?.payment?.exchanges
      return exchanges?.status === 'loading' && isCurrentRequest(exchanges.requestId, e)
    }),
    switchMap((e) => {
      const meta = { requestId: e.requestId }
      const payment = state$.value.pay!.payment!
      const api = deps.api.blockchain
      if (!api?.getPayExchanges) return of(payExchangesFetched({ exchanges: [] }, meta))
      return fromAbortable((signal) => api.getPayExchanges!({ network: payment.network, asset: exchangeAssetOf(payment) }, { signal })).pipe(
        map((list) => payExchangesFetched({ exchanges: list.map(({ id, name, imageUrl }) => (imageUrl ? { id, name, imageUrl } : { id, name })) }, meta)),
        catchError((error: unknown) => of(payExchangesFailed({ error: serializeError(error) }, meta))),
      )
    }),
  )
