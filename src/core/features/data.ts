import { API_EVENTS } from '../events/api.js'
import { TOKEN_BALANCE_EVENTS } from '../events/tokenBalances.js'
import { WALLET_LIST_EVENTS } from '../events/walletList.js'
import { apiSlice } from '../reducers/apiReducer.js'
import { tokenBalancesSlice } from '../reducers/tokenBalancesReducer.js'
import { walletListSlice } from '../reducers/walletListReducer.js'
import { defineFeature } from './defineFeature.js'

/** The data plane (spec §7): remote configuration, wallet-directory lists, token balances, API alerts. */
export const dataFeature = defineFeature({
  name: 'data',
  events: [...WALLET_LIST_EVENTS, ...TOKEN_BALANCE_EVENTS, ...API_EVENTS],
  slices: [walletListSlice, tokenBalancesSlice, apiSlice],
  effects: [],
  loadEffects: () => import('../effects/startupEffects.js').then((m) => m.dataEffects),
})
