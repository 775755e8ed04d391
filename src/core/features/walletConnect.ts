import { WALLET_CONNECT_EVENTS } from '../events/walletConnect/walletConnect.js'
import { walletConnectSlice } from '../reducers/walletConnect/walletConnectReducer.js'
import { chunkEffects, defineFeature, type FeatureChunkDeps } from './defineFeature.js'

/**
 * WalletConnect: the pairing URI, its refresh and the QR / deep-link views' state. Its effects
 * come with the host's `walletConnect()` (or WalletConnect adapter), before the session starts.
 */
export const walletConnectFeature = defineFeature({
  name: 'walletConnect',
  events: WALLET_CONNECT_EVENTS,
  slices: [walletConnectSlice],
  effects: [],
  loadEffects: (deps: FeatureChunkDeps & { walletConnect?: unknown }) => (deps.walletConnect ? chunkEffects(deps, 'walletConnect') : Promise.resolve([])),
})
