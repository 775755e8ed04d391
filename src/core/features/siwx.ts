import {
  siwxRevokeFailed,
  siwxRevokeRequested,
  siwxSessionRevoked,
  siwxSessionsFailed,
  siwxSessionsFetched,
  siwxSessionsRequested,
  siwxSessionStored,
  siwxSessionsCleared,
  siwxSignInCancelled,
  siwxSignInFailed,
  siwxSignInRequested,
} from '../events/siwx/siwx.js'
import { siwxSlice } from '../reducers/siwx/siwxReducer.js'
import { siwxSignInSlice } from '../reducers/siwx/siwxSignInReducer.js'
import { siwxSessionsSlice } from '../reducers/siwx/siwxSessionsReducer.js'
import { chunkEffects, defineFeature, type FeatureChunkDeps } from './defineFeature.js'
import { siwxNotEnabled } from '../effects/siwx/siwxNotEnabled.js'

/**
 * Sign-in with a wallet (SIWX): the sessions by address, the sign-in under way, the prompt after
 * connect, the hosted sessions listed and revoked. Its effects come with the host's `siwx()`;
 * without it, what is asked of sign-in fails with 'SIWX is not enabled'.
 */
export const siwxFeature = defineFeature({
  name: 'siwx',
  events: [
    siwxSessionStored,
    siwxSessionsCleared,
    siwxSignInRequested,
    siwxSignInFailed,
    siwxSignInCancelled,
    siwxSessionsRequested,
    siwxSessionsFetched,
    siwxSessionsFailed,
    siwxRevokeRequested,
    siwxSessionRevoked,
    siwxRevokeFailed,
  ],
  slices: [siwxSlice, siwxSignInSlice, siwxSessionsSlice],
  effects: [],
  // Without the host's siwx(), a sign-in asked for anyway fails: 'SIWX is not enabled'.
  loadEffects: (deps: FeatureChunkDeps) => (deps.featureChunks?.siwx?.effects ? chunkEffects(deps, 'siwx') : Promise.resolve([{ name: 'siwxNotEnabled', effect: siwxNotEnabled }])),
})
