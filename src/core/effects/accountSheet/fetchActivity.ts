import { catchError, EMPTY, filter, map, merge, mergeMap, of } from 'rxjs'
import { isFeatureSupported } from '../../domain/constants.js'
import { activityPageFailed, activityPageFetched, activityPageRequested } from '../../events/accountSheet/activity.js'
import { sendConfirmed } from '../../events/connection/send.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { selectCaipAddress } from '../../selectors.js'
import { awaiting } from '../../reducers/accountSheet/accountSheetReducer.js'
import type { Effect } from '../runtime/runEffects.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'

/** The spec's message for any failed history lookup (§8), the reason kept in the details. */
const FAILED = 'Failed to fetch transactions'

/**
 * A failed history lookup as the spec words it ('Failed to fetch transactions'), the reason in
 * its details.
 *
 * @example
 * transactionsFetchError(new GangwayError('Server Error')) // 'Failed to fetch transactions', details 'Server Error'
 */
export function transactionsFetchError(error: unknown): GangwayError {
  const details = error instanceof GangwayError ? (error.details ?? error.shortMessage) : serializeError(error).shortMessage
  return new GangwayError(FAILED, { details, cause: error })
}

/**
 * Fetches the history page an `activity/pageRequested` asked for from the blockchain data API
 * (`/v1/account/{address}/history`, this network only, cursor paging). After a confirmed send
 * the newest page of an account whose activity was shown is fetched again, so the send appears.
 */
export const fetchActivity: Effect<DataDeps> = (event$, state$, deps) =>
  merge(
    event$.pipe(
      ofType(activityPageRequested),
      filter((e) => awaiting(state$.value.accountSheet.activity[e.payload.caipAddress], e.requestId) !== undefined),
      mergeMap((e) => {
        const { caipAddress, cursor } = e.payload
        const meta = { requestId: e.requestId }
        const fail = (error: unknown) => activityPageFailed({ caipAddress, error: serializeError(transactionsFetchError(error)) }, meta)
        const api = deps.api.blockchain
        const parts = caipAddress.split(':')
        const address = parts.slice(2).join(':')
        const namespace = parts[0] ?? ''
        if (!api) return of(fail(new GangwayError(FAILED, { details: 'no blockchain data API is configured (apiUrl)' })))
        if (parts.length !== 3 || !address || !isFeatureSupported('activity', namespace as never)) {
          return of(fail(new GangwayError(FAILED, { details: `activity is not available for ${caipAddress}` })))
        }
        return fromAbortable((signal) => api.getHistory({ address, cursor, chainId: `${parts[0]}:${parts[1]}` }, { signal })).pipe(
          map((page) => activityPageFetched({ caipAddress, cursor, transactions: page.data, next: page.next }, meta)),
          catchError((error: unknown) => of(fail(error))),
        )
      }),
    ),
    event$.pipe(
      ofType(sendConfirmed),
      mergeMap(() => {
        const caipAddress = selectCaipAddress(state$.value)
        if (!caipAddress || !state$.value.accountSheet?.activity[caipAddress]) return EMPTY
        return of(activityPageRequested({ caipAddress, cursor: null }))
      }),
    ),
  )
