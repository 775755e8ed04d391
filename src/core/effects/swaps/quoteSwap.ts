import { sliceOf } from '../../selectors.js'
import { catchError, filter, map, of, switchMap, timer } from 'rxjs'
import { SWAP_QUOTE_DELAY_MS } from '../../domain/constants.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { swapQuoteFailed, swapQuoteFetched, swapQuoteRequested } from '../../events/swaps/swap.js'
import { awaitsQuote } from '../../reducers/swaps/swapReducer.js'
import { selectCaipAddress } from '../../selectors.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * Quotes what the Swap form holds (`/v1/convert/quotes`) once typing has paused for 300 ms; a
 * newer request cancels the older one's. The quote is what the pools give now, in the smallest
 * units of the token bought, with the price impact and the route when the API reports them.
 */
export const quoteSwap: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(swapQuoteRequested),
    switchMap((e) => {
      const { from, to, amount } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => swapQuoteFailed({ from, to, amount, error: serializeError(error, 'Something went wrong') }, meta)
      const api = deps.api.blockchain
      const userAddress = selectCaipAddress(state$.value)
      if (!api || !userAddress) return of(fail(new GangwayError('Something went wrong', { details: api ? 'no account is connected' : 'no apiUrl' })))
      const gasPrice = sliceOf(state$.value, 'swap').gasPrice?.standard ?? '0'
      return timer(SWAP_QUOTE_DELAY_MS, deps.scheduler).pipe(
        filter(() => awaitsQuote(sliceOf(state$.value, 'swap'), e.payload, e.requestId)),
        switchMap(() => fromAbortable((signal) => api.getSwapQuotes({ amount, userAddress, from, to, gasPrice }, { signal }))),
        map((quotes) => {
          const quote = quotes[0] as (typeof quotes)[number] & { priceImpact?: unknown; path?: unknown }
          if (!quote || typeof quote.toAmount !== 'string' || !/^\d+$/.test(quote.toAmount)) {
            return fail(new GangwayError('Network not supported for Swaps', { details: `no quote for ${from} → ${to}` }))
          }
          const impact = typeof quote.priceImpact === 'number' && Number.isFinite(quote.priceImpact) ? quote.priceImpact : null
          // The route, when the API names the pools' tokens (at least the two ends).
          const route = Array.isArray(quote.path) && quote.path.length >= 2 && quote.path.every((a) => typeof a === 'string') ? (quote.path as string[]) : null
          return swapQuoteFetched({ from, to, amount, toAmount: quote.toAmount, priceImpact: impact, ...(route ? { route } : {}) }, meta)
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
