import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../events/connection/connection.js'
import { WALLET_EVENTS } from '../events/connection/walletEvents.js'
import { accountSlice } from '../reducers/connection/accountReducer.js'
import { connectionSlice } from '../reducers/connection/connectionReducer.js'
import { networkSlice } from '../reducers/connection/networkReducer.js'
import { walletsSlice } from '../reducers/connection/walletsReducer.js'
import { defineFeature } from './defineFeature.js'
import { walletEffects } from '../effects/connection/walletEffects.js'

/** Wallet connections of every namespace: connectors, connect, reconnect, networks, balances, signing and sending. */
export const connectionFeature = defineFeature({
  name: 'connection',
  events: [connectionRequested, connectionSucceeded, connectionFailed, connectionDisconnected, ...WALLET_EVENTS],
  slices: [connectionSlice, walletsSlice, networkSlice, accountSlice],
  effects: [],
  loadEffects: () => Promise.resolve(walletEffects),
})
