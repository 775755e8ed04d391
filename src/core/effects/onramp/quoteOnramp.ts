import { sliceOf } from '../../selectors.js'
import { catchError, filter, forkJoin, map, of, switchMap, timer } from 'rxjs'
import { ONRAMP_QUOTE_DELAY_MS } from '../../domain/constants.js'
import { DEFAULT_PAYMENT_CURRENCY, DEFAULT_PURCHASE_CURRENCY } from '../../domain/onramp.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { onrampQuotesFetched, onrampQuotesRequested } from '../../events/onramp/onramp.js'
import { awaitsOnrampQuotes } from '../../reducers/onramp/onrampReducer.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * Each provider's quote for what the Buy form holds (`POST /v1/onramp/quote` with the provider),
 * once typing has paused for 300 ms; a newer request cancels the older one's. Providers that do
 * not serve the network's namespace are not asked. One provider failing leaves the others.
 */
export const quoteOnramp: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(onrampQuotesRequested),
    switchMap((e) => {
      const key = e.payload
      const meta = { requestId: e.requestId }
      const api = deps.api.blockchain
      const namespace = key.network.split(':')[0]
      return timer(ONRAMP_QUOTE_DELAY_MS, deps.scheduler).pipe(
        filter(() => awaitsOnrampQuotes(sliceOf(state$.value, 'onramp'), key, e.requestId)),
        switchMap(() => {
          const options = sliceOf(state$.value, 'onramp').options
          const providers = (options?.providers ?? []).filter((p) => !p.supportedChains || p.supportedChains.includes(namespace as never))
          if (!api || providers.length === 0) return of(onrampQuotesFetched({ ...key, quotes: [] }, meta))
          const purchaseCurrency = options?.purchaseCurrencies.find((c) => c.id === key.purchaseCurrency) ?? { ...DEFAULT_PURCHASE_CURRENCY, id: key.purchaseCurrency }
          const paymentCurrency = options?.paymentCurrencies.find((c) => c.id === key.paymentCurrency) ?? { ...DEFAULT_PAYMENT_CURRENCY, id: key.paymentCurrency }
          return forkJoin(
            providers.map((p) =>
              fromAbortable((signal) =>
                api.getOnrampQuote({ purchaseCurrency, paymentCurrency, amount: key.amount, network: key.network, provider: p.name, paymentMethod: key.paymentMethod }, { signal }),
              ).pipe(
                map((quote) => ({ provider: p.name, quote, error: null })),
                catchError((error: unknown) =>
                  of({ provider: p.name, quote: null, error: serializeError(error instanceof GangwayError ? error : new GangwayError('Something went wrong', { cause: error })) }),
                ),
              ),
            ),
          ).pipe(map((quotes) => onrampQuotesFetched({ ...key, quotes }, meta)))
        }),
      )
    }),
  )
