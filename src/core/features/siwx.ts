import { siwxSessionStored, siwxSessionsCleared } from '../events/siwx.js'
import { siwxSlice } from '../reducers/siwxReducer.js'
import { defineFeature } from './defineFeature.js'

/** Sign-in with a wallet (SIWX): the sessions by address. */
export const siwxFeature = defineFeature({
  name: 'siwx',
  events: [siwxSessionStored, siwxSessionsCleared],
  slices: [siwxSlice],
  effects: [],
})
