import { EMBEDDED_WALLET_EVENTS } from '../events/embeddedWallet.js'
import { emailLoginSlice } from '../reducers/emailLoginReducer.js'
import type { EmbeddedWalletDeps } from '../effects/emailLogin.js'
import { defineFeature } from './defineFeature.js'

/**
 * The embedded wallet (spec §4, §7): e-mail login by a one-time code (and a device approval
 * link on a new device), then the wallet connects as the eip155 AUTH connector. Its effects
 * load only when the host configured an embedded wallet.
 */
export const embeddedWalletFeature = defineFeature({
  name: 'embeddedWallet',
  events: [...EMBEDDED_WALLET_EVENTS],
  slices: [emailLoginSlice],
  effects: [],
  loadEffects: (deps: EmbeddedWalletDeps) =>
    deps.auth
      ? import('../effects/emailLogin.js').then((m) => [
          { name: 'requestEmailLogin', effect: m.requestEmailLogin },
          { name: 'awaitDeviceApproval', effect: m.awaitDeviceApproval },
          { name: 'verifyEmailOtp', effect: m.verifyEmailOtp },
        ])
      : Promise.resolve([]),
})
