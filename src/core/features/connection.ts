import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../events/connection.js'
import { WALLET_EVENTS } from '../events/walletEvents.js'
import { accountSlice } from '../reducers/accountReducer.js'
import { connectionSlice } from '../reducers/connectionReducer.js'
import { networkSlice } from '../reducers/networkReducer.js'
import { walletsSlice } from '../reducers/walletsReducer.js'
import { defineFeature } from './defineFeature.js'

/** Wallet connections of every namespace: connectors, connect, reconnect, networks, balances, signing and sending. */
export const connectionFeature = defineFeature({
  name: 'connection',
  events: [connectionRequested, connectionSucceeded, connectionFailed, connectionDisconnected, ...WALLET_EVENTS],
  slices: [connectionSlice, walletsSlice, networkSlice, accountSlice],
  effects: [],
  loadEffects: () => import('../effects/startupEffects.js').then((m) => m.walletEffects),
})
