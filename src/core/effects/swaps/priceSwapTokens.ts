import { catchError, EMPTY, filter, map, switchMap } from 'rxjs'
import { NATIVE_SWAP_TOKEN } from '../../domain/swap.js'
import { swapPricesFetched, swapTokensFetched, swapTokenSelected, swapTokensSwitched } from '../../events/swaps/swap.js'
import { sliceOf } from '../../selectors.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'

/**
 * The Swap view's prices, fresh: when the token list arrives and whenever the pair changes, the
 * tokens to sell and to buy and the network's native token (the fee is paid in it) are priced by
 * the blockchain data API (`POST /v1/fungible/price`, spec §7), over the token list's prices,
 * which may be stale. The latest pair wins; a failed lookup keeps the list's prices.
 */
export const priceSwapTokens: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(swapTokensFetched, swapTokenSelected, swapTokensSwitched),
    map(() => {
      const swap = sliceOf(state$.value, 'swap')
      const native = swap.chainId ? `${swap.chainId}:${NATIVE_SWAP_TOKEN}` : null
      return { chainId: swap.chainId, addresses: [...new Set([swap.from, swap.to, native].filter((a): a is string => a !== null))].sort() }
    }),
    filter((pair): pair is { chainId: string; addresses: string[] } => pair.chainId !== null && pair.addresses.length > 0),
    switchMap(({ chainId, addresses }) => {
      const api = deps.api.blockchain
      if (!api) return EMPTY
      return fromAbortable((signal) => api.getFungiblePrices({ addresses, currency: 'usd' }, { signal })).pipe(
        map((fungibles) =>
          swapPricesFetched({
            chainId,
            prices: fungibles.flatMap((f) => {
              const address = typeof f.address === 'string' ? f.address : addresses.length === 1 ? addresses[0] : undefined
              return address && typeof f.price === 'number' && Number.isFinite(f.price) ? [{ address, price: f.price }] : []
            }),
          }),
        ),
        filter((e) => e.payload.prices.length > 0),
        catchError(() => EMPTY),
      )
    }),
  )
