import { swapEffects } from '../effects/swaps/swapEffects.js'
import { SWAP_EVENTS } from '../events/swaps/swap.js'
import { swapSlice } from '../reducers/swaps/swapReducer.js'
import { defineFeature } from './defineFeature.js'

/** Swaps (spec §4, EVM): the network's tokens, quotes from the swap API, the approval and the swap. */
export const swapsFeature = defineFeature({
  name: 'swaps',
  events: [...SWAP_EVENTS],
  slices: [swapSlice],
  effects: swapEffects,
})
