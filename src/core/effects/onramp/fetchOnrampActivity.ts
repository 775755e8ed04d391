import { catchError, filter, map, mergeMap, of } from 'rxjs'
import { GangwayError, serializeError } from '../../errors/base.js'
import { onrampActivityFailed, onrampActivityFetched, onrampActivityRequested } from '../../events/onramp/onramp.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { sliceOf } from '../../selectors.js'
import { transactionsFetchError } from '../accountSheet/fetchActivity.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'

/**
 * Fetches the account's on-ramp activity (spec §7: `/v1/account/{address}/history` with
 * `onramp=coinbase` on the account's network, which the API answers from no cache): what on-ramps
 * delivered to it, newest first. A failure is 'Failed to fetch transactions'.
 */
export const fetchOnrampActivity: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(onrampActivityRequested),
    filter((e) => {
      const activity = sliceOf(state$.value, 'onramp').activity
      return activity?.status === 'loading' && isCurrentRequest(activity.requestId, e.requestId)
    }),
    mergeMap((e) => {
      const { caipAddress } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => onrampActivityFailed({ caipAddress, error: serializeError(transactionsFetchError(error)) }, meta)
      const [namespace, reference, ...rest] = caipAddress.split(':')
      const address = rest.join(':')
      const api = deps.api.blockchain
      if (!api) return of(fail(new GangwayError('Something went wrong', { details: 'no blockchain data API is configured (apiUrl)' })))
      if (!namespace || !reference || !address) return of(fail(new GangwayError('Something went wrong', { details: `not an account: ${caipAddress}` })))
      return fromAbortable((signal) => api.getHistory({ address, chainId: `${namespace}:${reference}`, onramp: 'coinbase' }, { signal })).pipe(
        map((page) => onrampActivityFetched({ caipAddress, transactions: page.data }, meta)),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
