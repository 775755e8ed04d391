import { defineEvent } from './defineEvent.js'
import { json, object, string } from './schema.js'

/** A sign-in session was stored for an address (spec §3 SIWX session). */
export const siwxSessionStored = defineEvent(
  'siwx/sessionStored',
  object({ caipAddress: string(), session: json() }),
)
export const siwxSessionsCleared = defineEvent('siwx/sessionsCleared', object({ caipAddress: string() }))
