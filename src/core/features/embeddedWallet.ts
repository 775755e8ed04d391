import { EMBEDDED_WALLET_EVENTS } from '../events/embeddedWallet/embeddedWallet.js'
import { emailLoginSlice } from '../reducers/embeddedWallet/emailLoginReducer.js'
import { socialLoginSlice } from '../reducers/embeddedWallet/socialLoginReducer.js'
import { emailUpdateSlice, embeddedUserSlice } from '../reducers/embeddedWallet/emailUpdateReducer.js'
import { chunkEffects, defineFeature, type FeatureChunkDeps } from './defineFeature.js'

/**
 * The embedded wallet (spec §4, §7): e-mail login by a one-time code (and a device approval
 * link on a new device), social login in a popup, Farcaster by its sign-in URL; then the wallet
 * connects as the eip155 AUTH connector, and its e-mail can be changed (a code to the current
 * address, then one to the new). Its effects come with the host's `embeddedWallet()`, and load
 * as the session starts.
 */
export const embeddedWalletFeature = defineFeature({
  name: 'embeddedWallet',
  events: [...EMBEDDED_WALLET_EVENTS],
  slices: [emailLoginSlice, socialLoginSlice, embeddedUserSlice, emailUpdateSlice],
  effects: [],
  // Only a modal with an embedded wallet loads them (without one, its views say so themselves).
  loadEffects: (deps: FeatureChunkDeps & { auth?: unknown }) => (deps.auth ? chunkEffects(deps, 'embeddedWallet') : Promise.resolve([])),
})
