import { onrampEffects } from '../effects/onramp/onrampEffects.js'
import { ONRAMP_EVENTS } from '../events/onramp/onramp.js'
import { onrampSlice } from '../reducers/onramp/onrampReducer.js'
import { defineFeature } from './defineFeature.js'

/** Buying crypto (spec §4, §7; EVM and Solana): options, the providers' quotes, the provider's page and the delivery. */
export const onrampFeature = defineFeature({
  name: 'onramp',
  events: [...ONRAMP_EVENTS],
  slices: [onrampSlice],
  effects: onrampEffects,
})
