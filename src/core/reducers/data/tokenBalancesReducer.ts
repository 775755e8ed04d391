import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import { tokenBalancesFailed, tokenBalancesFetched, tokenPricesFetched } from '../../events/data/tokenBalances.js'
import { multiplyDecimals } from '../../domain/format.js'
import { priceId } from '../../domain/walletAssets.js'
import { createSlice } from '../createSlice.js'
import { holdsAccountOf } from '../../domain/caip.js'
import { initialTokenBalancesState } from './dataState.js'

/** Token balances per account with their fetch time; a failure is kept as null (unknown, not zero). */
export const tokenBalancesSlice = createSlice('tokenBalances', initialTokenBalancesState, (b) =>
  b
    .addCase(tokenBalancesFetched, (t, event) => {
      const { caipAddress, balances, source } = event.payload
      t.byAccount[caipAddress] = source ? { balances, timestamp: event.at, source } : { balances, timestamp: event.at }
    })
    .addCase(tokenPricesFetched, (t, event) => {
      // Only balances still without a price: one the wallet or the API priced keeps its own.
      const balances = t.byAccount[event.payload.caipAddress]?.balances
      if (!balances) return
      for (const { address, price } of event.payload.prices) {
        if (!Number.isFinite(price) || price < 0) continue
        for (const b of balances) {
          if (b.price > 0 || priceId(b).toLowerCase() !== address.toLowerCase()) continue
          b.price = price
          const worth = multiplyDecimals(b.quantity.numeric, price)
          if (worth !== null && Number.isFinite(Number(worth))) b.value = Number(worth)
        }
      }
    })
    .addCase(tokenBalancesFailed, (t, event) => {
      // The fetch time still spaces out retries (spec §9: blocked 30 s after a failure).
      t.byAccount[event.payload.caipAddress] = { balances: null, timestamp: event.at }
    })
    .addCase(
      accountDisconnected,
      (t, event) => {
        // Resetting an account clears its balances (spec §4).
        const prefix = `${event.payload.namespace}:`
        for (const key of Object.keys(t.byAccount)) if (key.startsWith(prefix)) delete t.byAccount[key]
      },
      // Optimization: with none of the namespace held, immer is not entered.
      (t, event) => holdsAccountOf(t.byAccount, event.payload.namespace),
    ),
)
