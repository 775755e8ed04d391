import { ACCOUNT_SHEET_EVENTS } from '../events/accountSheet/activity.js'
import { accountSheetSlice } from '../reducers/accountSheet/accountSheetReducer.js'
import { defineFeature } from './defineFeature.js'
import { accountSheetEffects } from '../effects/accountSheet/accountSheetEffects.js'

/** The account sheet (spec §2 Account tabs): the tab shown, the account's activity, identities. */
export const accountSheetFeature = defineFeature({
  name: 'accountSheet',
  events: [...ACCOUNT_SHEET_EVENTS],
  slices: [accountSheetSlice],
  effects: [],
  loadEffects: () => Promise.resolve(accountSheetEffects),
})
