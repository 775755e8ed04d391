import { API_EVENTS } from '../events/data/api.js'
import { TOKEN_BALANCE_EVENTS } from '../events/data/tokenBalances.js'
import { WALLET_LIST_EVENTS } from '../events/data/walletList.js'
import { apiSlice } from '../reducers/data/apiReducer.js'
import { tokenBalancesSlice } from '../reducers/data/tokenBalancesReducer.js'
import { walletListSlice } from '../reducers/data/walletListReducer.js'
import { defineFeature } from './defineFeature.js'
import { dataEffects } from '../effects/data/dataEffects.js'

/** The data plane (spec §7): remote configuration, wallet-directory lists, token balances, API alerts. */
export const dataFeature = defineFeature({
  name: 'data',
  events: [...WALLET_LIST_EVENTS, ...TOKEN_BALANCE_EVENTS, ...API_EVENTS],
  slices: [walletListSlice, tokenBalancesSlice, apiSlice],
  effects: [],
  loadEffects: () => Promise.resolve(dataEffects),
})
