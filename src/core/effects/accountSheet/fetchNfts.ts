import { catchError, filter, map, mergeMap, of } from 'rxjs'
import { isFeatureSupported } from '../../domain/constants.js'
import { nftsFailed, nftsFetched, nftsRequested } from '../../events/accountSheet/activity.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { awaiting } from '../../reducers/accountSheet/accountSheetReducer.js'
import type { Effect } from '../runtime/runEffects.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'

/**
 * Fetches the NFTs an `nfts/requested` asked for from the blockchain data API (this network
 * only; EVM and Solana accounts). A failure is 'Something went wrong' with the reason in the details; what was held stays.
 */
export const fetchNfts: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(nftsRequested),
    filter((e) => awaiting(state$.value.accountSheet.nfts[e.payload.caipAddress], e.requestId) !== undefined),
    mergeMap((e) => {
      const { caipAddress } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => nftsFailed({ caipAddress, error: serializeError(error) }, meta)
      const api = deps.api.blockchain
      const parts = caipAddress.split(':')
      // NFTs come with activity: where a namespace has the one tab, it has the other (EVM, Solana).
      if (!api || parts.length !== 3 || !parts[2] || !isFeatureSupported('activity', parts[0] as never)) {
        return of(fail(new GangwayError('Something went wrong', { details: `NFTs are not available for ${caipAddress}` })))
      }
      return fromAbortable((signal) => api.getNfts({ address: parts[2]!, chainId: `${parts[0]}:${parts[1]}` }, { signal })).pipe(
        map((nfts) => nftsFetched({ caipAddress, nfts }, meta)),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
