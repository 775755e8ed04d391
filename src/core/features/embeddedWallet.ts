import { EMBEDDED_WALLET_EVENTS } from '../events/embeddedWallet.js'
import { emailLoginSlice } from '../reducers/emailLoginReducer.js'
import { socialLoginSlice } from '../reducers/socialLoginReducer.js'
import type { EmbeddedWalletDeps } from '../effects/emailLogin.js'
import { defineFeature } from './defineFeature.js'

/**
 * The embedded wallet (spec §4, §7): e-mail login by a one-time code (and a device approval
 * link on a new device), social login in a popup, Farcaster by its sign-in URL; then the wallet
 * connects as the eip155 AUTH connector. Its effects load only when the host configured an
 * embedded wallet.
 */
export const embeddedWalletFeature = defineFeature({
  name: 'embeddedWallet',
  events: [...EMBEDDED_WALLET_EVENTS],
  slices: [emailLoginSlice, socialLoginSlice],
  effects: [],
  loadEffects: (deps: EmbeddedWalletDeps) =>
    deps.auth
      ? Promise.all([import('../effects/emailLogin.js'), import('../effects/socialLogin.js')]).then(([email, social]) => [
          { name: 'requestEmailLogin', effect: email.requestEmailLogin },
          { name: 'awaitDeviceApproval', effect: email.awaitDeviceApproval },
          { name: 'verifyEmailOtp', effect: email.verifyEmailOtp },
          { name: 'prepareSocialLogin', effect: social.prepareSocialLogin },
          { name: 'completeSocialLogin', effect: social.completeSocialLogin },
          { name: 'awaitFarcasterLogin', effect: social.awaitFarcasterLogin },
          { name: 'socialLoginAnalytics', effect: social.socialLoginAnalytics },
        ])
      : Promise.resolve([]),
})
