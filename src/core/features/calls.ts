import { callsEffects } from '../effects/calls/callsEffects.js'
import { CALLS_EVENTS } from '../events/calls/calls.js'
import { callsSlice } from '../reducers/calls/callsReducer.js'
import { defineFeature } from './defineFeature.js'

/** Batched calls (EIP-5792): sending a batch, following it to its end, the wallet's capabilities. */
export const callsFeature = defineFeature({
  name: 'calls',
  events: [...CALLS_EVENTS],
  slices: [callsSlice],
  effects: callsEffects,
})
