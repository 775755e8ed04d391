import { defineEvent } from '../defineEvent.js'
import { object, string } from '../schema.js'

/**
 * A feature loaded on first need joins the running modal: its slices start from their initial
 * state here, in the log, so a replay or an imported log folds to the same states.
 */
export const featureInjected = defineEvent('feature/injected', object({ feature: string() }))
