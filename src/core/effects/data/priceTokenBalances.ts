import { catchError, EMPTY, filter, map, switchMap } from 'rxjs'
import type { FungiblePrice } from '../../apiPorts.js'
import type { TokenBalance } from '../../domain/entities.js'
import { priceId } from '../../domain/walletAssets.js'
import { tokenBalancesFetched, tokenPricesFetched } from '../../events/data/tokenBalances.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'

/**
 * Prices the tokens a wallet listed without a price (EIP-7811 assets carry none unless the wallet
 * adds it) from the blockchain data API (`POST /v1/fungible/price`, spec §7), so Account's total
 * and tokens and Send's worth show dollars as they do for the API's own balances. A newer list
 * cancels the lookup of the older one; a failed lookup leaves the tokens unpriced.
 */
export const priceTokenBalances: Effect<DataDeps> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(tokenBalancesFetched),
    filter((e) => e.payload.source === 'wallet'),
    switchMap((e) => {
      const api = deps.api.blockchain
      const unpriced = e.payload.balances.filter((b) => !(b.price > 0))
      if (!api || unpriced.length === 0) return EMPTY
      const { caipAddress } = e.payload
      const addresses = [...new Set(unpriced.map(priceId))]
      return fromAbortable((signal) => api.getFungiblePrices({ addresses, currency: 'usd' }, { signal })).pipe(
        map((fungibles) => tokenPricesFetched({ caipAddress, prices: pricesById(fungibles, unpriced) })),
        filter((event) => event.payload.prices.length > 0),
        catchError(() => EMPTY),
      )
    }),
  )

/** Each price by the id it was asked by: the one the API names, else the token of the same symbol. */
function pricesById(fungibles: FungiblePrice[], balances: TokenBalance[]): { address: string; price: number }[] {
  return fungibles.flatMap((f) => {
    if (typeof f.price !== 'number' || !Number.isFinite(f.price) || f.price < 0) return []
    const named = typeof f.address === 'string' ? f.address : balances.find((b) => b.symbol.toLowerCase() === String(f.symbol).toLowerCase())
    const address = typeof named === 'string' ? named : named ? priceId(named) : null
    return address ? [{ address, price: f.price }] : []
  })
}
