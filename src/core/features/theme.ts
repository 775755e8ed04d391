import { themeVariablesChanged } from '../events/preferences.js'
import { themeSlice } from '../reducers/themeReducer.js'
import { defineFeature } from './defineFeature.js'

/**
 * The theme set at run time: `modal.setThemeVariables(vars)` is an event, so the log records it
 * and the devtools replay it like any other change. Not persisted: the host sets it on each load.
 */
export const themeFeature = defineFeature({
  name: 'theme',
  events: [themeVariablesChanged],
  slices: [themeSlice],
  effects: [],
})
