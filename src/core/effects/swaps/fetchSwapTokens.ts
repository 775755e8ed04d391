import { catchError, defer, map, merge, of, switchMap } from 'rxjs'
import { DEFAULT_SWAP_CHAINS } from '../../domain/swap.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { swapGasPriceFailed, swapGasPriceFetched, swapTokensFailed, swapTokensFetched, swapTokensRequested, type SwapTokenInfo } from '../../events/swaps/swap.js'
import type { SwapToken } from '../../domain/entities.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

const NOT_SUPPORTED = 'Network not supported for Swaps'

/** A token of the swap API as the view shows it; null for one without a usable id or decimals. */
function tokenInfo(token: SwapToken): SwapTokenInfo | null {
  if (typeof token.address !== 'string' || token.address.split(':').length !== 3) return null
  if (!Number.isInteger(token.decimals) || token.decimals < 0 || token.decimals > 36) return null
  return {
    address: token.address,
    symbol: typeof token.symbol === 'string' && token.symbol !== '' ? token.symbol : '?',
    name: typeof token.name === 'string' ? token.name : '',
    decimals: token.decimals,
    logoUri: typeof token.logoUri === 'string' ? token.logoUri : '',
    price: typeof token.price === 'number' && Number.isFinite(token.price) ? token.price : 0,
  }
}

/**
 * The Swap view's network: its token list (`/v1/convert/tokens`) and gas price
 * (`/v1/convert/gas-price`), fetched together; a newer request cancels both. A network outside
 * the swap chains (the `swapChains` option, else the 12 default ones) fails at once with
 * 'Network not supported for Swaps', without a request.
 */
export const fetchSwapTokens: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(swapTokensRequested),
    switchMap((e) => {
      const { chainId } = e.payload
      const meta = { requestId: e.requestId }
      const api = deps.api.blockchain
      const chains = state$.value.settings.swapChains ?? DEFAULT_SWAP_CHAINS
      const fail = (error: unknown) => swapTokensFailed({ chainId, error: serializeError(error, NOT_SUPPORTED) }, meta)
      if (!api) return of(fail(new GangwayError(NOT_SUPPORTED, { details: 'no blockchain API is configured (apiUrl)' })))
      if (!chains.includes(chainId)) return of(fail(new GangwayError(NOT_SUPPORTED, { details: chainId })))
      const tokens$ = fromAbortable((signal) => api.getSwapTokens({ chainId }, { signal })).pipe(
        map((tokens) => {
          const items = tokens.flatMap((t) => tokenInfo(t) ?? [])
          // The API lists nothing for a network it does not serve.
          return items.length < 2 ? fail(new GangwayError(NOT_SUPPORTED, { details: `${chainId}: no tokens to swap` })) : swapTokensFetched({ chainId, tokens: items }, meta)
        }),
        catchError((error: unknown) => of(fail(error))),
      )
      const gas$ = defer(() => fromAbortable((signal) => api.getGasPrice({ chainId }, { signal }))).pipe(
        map((price) => swapGasPriceFetched({ chainId, standard: price.standard }, meta)),
        catchError((error: unknown) => of(swapGasPriceFailed({ chainId, error: serializeError(error, 'Network not supported for Gas Price') }, meta))),
      )
      return merge(tokens$, gas$)
    }),
  )
