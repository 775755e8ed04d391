import { WALLET_CONNECT_EVENTS } from '../events/walletConnect/walletConnect.js'
import { walletConnectSlice } from '../reducers/walletConnect/walletConnectReducer.js'
import { defineFeature } from './defineFeature.js'

/**
 * WalletConnect: the pairing URI, its refresh and the QR / deep-link views' state. Its effects
 * load only for a modal with a WalletConnect port, before its session starts.
 */
export const walletConnectFeature = defineFeature({
  name: 'walletConnect',
  events: WALLET_CONNECT_EVENTS,
  slices: [walletConnectSlice],
  effects: [],
  loadEffects: (deps: { walletConnect?: unknown }) =>
    deps.walletConnect ? import('../effects/walletConnect/walletConnectEffects.js').then((m) => m.walletConnectEffects) : Promise.resolve([]),
})
