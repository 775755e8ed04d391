import type { Draft } from 'immer'
import { accountDisconnected } from '../events/connectionLifecycle.js'
import type { StampedEvent } from '../events/defineEvent.js'
import { tokenBalancesFailed, tokenBalancesFetched } from '../events/tokenBalances.js'
import type { ModalState } from '../state.js'

/** Token balances per account with their fetch time; a failure is kept as null (unknown, not zero). */
export function tokenBalancesReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  const byAccount = draft.tokenBalances.byAccount
  if (tokenBalancesFetched.match(event)) {
    byAccount[event.payload.caipAddress] = { balances: event.payload.balances, timestamp: event.at }
  } else if (tokenBalancesFailed.match(event)) {
    // The fetch time still spaces out retries (spec §9: blocked 30 s after a failure).
    byAccount[event.payload.caipAddress] = { balances: null, timestamp: event.at }
  } else if (accountDisconnected.match(event)) {
    // Resetting an account clears its balances (spec §4).
    const prefix = `${event.payload.namespace}:`
    for (const key of Object.keys(byAccount)) if (key.startsWith(prefix)) delete byAccount[key]
  }
}
