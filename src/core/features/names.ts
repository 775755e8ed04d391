import { nameEffects } from '../effects/names/nameEffects.js'
import { NAME_EVENTS } from '../events/names/names.js'
import { nameRegistrationSlice } from '../reducers/names/nameRegistrationReducer.js'
import { defineFeature } from './defineFeature.js'

/** Name registration (spec §4, EVM only): suggestions for a label, registering it by a signed message. */
export const namesFeature = defineFeature({
  name: 'names',
  events: [...NAME_EVENTS],
  slices: [nameRegistrationSlice],
  effects: nameEffects,
})
