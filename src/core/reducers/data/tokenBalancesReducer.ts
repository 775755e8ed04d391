import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import { tokenBalancesFailed, tokenBalancesFetched } from '../../events/data/tokenBalances.js'
import { createSlice } from '../createSlice.js'
import { holdsAccountOf } from '../../domain/caip.js'
import { initialTokenBalancesState } from './dataState.js'

/** Token balances per account with their fetch time; a failure is kept as null (unknown, not zero). */
export const tokenBalancesSlice = createSlice('tokenBalances', initialTokenBalancesState, (b) =>
  b
    .addCase(tokenBalancesFetched, (t, event) => {
      t.byAccount[event.payload.caipAddress] = { balances: event.payload.balances, timestamp: event.at }
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
