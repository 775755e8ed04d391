import { defineEvent } from './defineEvent.js'
import { literal, object, optional } from './schema.js'
import { namespaceSchema } from './views.js'

export const themeModeChanged = defineEvent('theme/modeChanged', object({ mode: literal('light', 'dark') }))
/** The visitor (or host) prefers this account type; smartAccount only where enabled. */
export const accountTypePreferred = defineEvent(
  'account/typePreferred',
  object({ type: literal('eoa', 'smartAccount'), namespace: optional(namespaceSchema) }),
)
