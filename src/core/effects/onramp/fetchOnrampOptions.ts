import { catchError, exhaustMap, map, of } from 'rxjs'
import { DEFAULT_PAYMENT_CURRENCIES, DEFAULT_PURCHASE_CURRENCY } from '../../domain/onramp.js'
import { onrampOptionsFetched, onrampOptionsRequested } from '../../events/onramp/onramp.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/** The built-in options (spec §7): USD and EUR with their limits, USDC, no provider. */
const defaults = () => onrampOptionsFetched({ paymentCurrencies: structuredClone([...DEFAULT_PAYMENT_CURRENCIES]), purchaseCurrencies: [structuredClone(DEFAULT_PURCHASE_CURRENCY)], providers: [] })

/**
 * What the Buy view offers (`/v1/onramp/options`): payment and purchase currencies and the
 * providers. Without the API, or when it fails, the built-in USD / EUR defaults (spec §7).
 */
export const fetchOnrampOptions: Effect<DataDeps> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(onrampOptionsRequested),
    exhaustMap(() => {
      const api = deps.api.blockchain
      if (!api) return of(defaults())
      return fromAbortable((signal) => api.getOnrampOptions({ signal })).pipe(
        map((options) => onrampOptionsFetched({ paymentCurrencies: options.paymentCurrencies, purchaseCurrencies: options.purchaseCurrencies, providers: options.providers ?? [] })),
        catchError(() => of(defaults())),
      )
    }),
  )
