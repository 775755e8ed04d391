import { defineEvent } from './defineEvent.js'
import { json, object, string } from './schema.js'
import { serializedErrorSchema } from '../errors/base.js'

/** A sign-in session was stored for an address (spec §3 SIWX session). */
export const siwxSessionStored = defineEvent(
  'siwx/sessionStored',
  object({ caipAddress: string(), session: json() }),
)
export const siwxSessionsCleared = defineEvent('siwx/sessionsCleared', object({ caipAddress: string() }))

/**
 * The visitor asks to sign in with the active account: the EIP-4361 message is built with this
 * nonce (randomness carried in the event, so a replay signs the same message) for the page's
 * domain and URI.
 */
export const siwxSignInRequested = defineEvent('siwx/signInRequested', object({ caipAddress: string(), nonce: string(), domain: string(), uri: string() }))
/** Signing in failed or was refused ('Error signing message'); the view offers a retry. */
export const siwxSignInFailed = defineEvent('siwx/signInFailed', object({ caipAddress: string(), error: serializedErrorSchema }))
/** The visitor declined to sign in (spec §4 cancel). */
export const siwxSignInCancelled = defineEvent('siwx/signInCancelled', object({ caipAddress: string() }))
