import { payEffects } from '../effects/pay/payEffects.js'
import { PAY_EVENTS } from '../events/pay/pay.js'
import { paySlice } from '../reducers/pay/payReducer.js'
import { defineFeature } from './defineFeature.js'

/** Pay (spec §1's `pay`): a host's payment, reviewed in the Pay view and paid from the connected wallet or from an exchange. */
export const payFeature = defineFeature({
  name: 'pay',
  events: [...PAY_EVENTS],
  slices: [paySlice],
  effects: payEffects,
})
