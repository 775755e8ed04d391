import { defineEvent } from '../defineEvent.js'
import { boolean, empty, object, optional } from '../schema.js'
import { namespaceSchema, viewSchema } from '../views.js'

/** The host or the UI asks to open the modal, optionally at a view or for a namespace. */
export const modalOpenRequested = defineEvent(
  'modal/openRequested',
  object({ view: optional(viewSchema), namespace: optional(namespaceSchema) }),
)
/** The host or the UI asks to close it; refused (with a shake) while sign-in is required. */
export const modalCloseRequested = defineEvent('modal/closeRequested', empty())
/** Something asks for attention: the dialog shakes for 500 ms. */
export const modalShakeRequested = defineEvent('modal/shakeRequested', empty())
/** The shake timer ran out. */
export const modalShakeEnded = defineEvent('modal/shakeEnded', empty())
export const modalLoadingChanged = defineEvent('modal/loadingChanged', object({ loading: boolean() }))
/** The visitor ticked (or unticked) Connect's legal checkbox; the wallets can be chosen once ticked. */
export const legalAcceptanceChanged = defineEvent('modal/legalAcceptanceChanged', object({ accepted: boolean() }))
