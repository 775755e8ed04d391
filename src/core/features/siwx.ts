import { siwxSessionStored, siwxSessionsCleared, siwxSignInCancelled, siwxSignInFailed, siwxSignInRequested } from '../events/siwx.js'
import { siwxSlice } from '../reducers/siwxReducer.js'
import { siwxSignInSlice } from '../reducers/siwxSignInReducer.js'
import { defineFeature } from './defineFeature.js'

/** Sign-in with a wallet (SIWX): the sessions by address, the sign-in under way, the prompt after connect. */
export const siwxFeature = defineFeature({
  name: 'siwx',
  events: [siwxSessionStored, siwxSessionsCleared, siwxSignInRequested, siwxSignInFailed, siwxSignInCancelled],
  slices: [siwxSlice, siwxSignInSlice],
  effects: [],
  loadEffects: () => import('../effects/siwxEffects.js').then((m) => m.siwxEffects),
})
