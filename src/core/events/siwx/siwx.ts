import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, json, nullable, object, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** A sign-in session was stored for an address (spec §3 SIWX session). */
export const siwxSessionStored = defineEvent(
  'siwx/sessionStored',
  object({ caipAddress: string(), session: json() }),
)
export const siwxSessionsCleared = defineEvent('siwx/sessionsCleared', object({ caipAddress: string() }))

/**
 * The visitor asks to sign in with the active account: the sign-in message (EIP-4361, or Sign-In
 * With Solana for a Solana account) is built with this nonce (randomness carried in the event,
 * so a replay signs the same message) for the page's domain and URI.
 */
export const siwxSignInRequested = defineIntent('siwx/signInRequested', object({ caipAddress: string(), nonce: string(), domain: string(), uri: string() }))
/** Signing in failed or was refused ('Error signing message'); the view offers a retry. */
export const siwxSignInFailed = defineEvent('siwx/signInFailed', object({ caipAddress: string(), error: serializedErrorSchema }))
/** The visitor declined to sign in (spec §4 cancel). */
export const siwxSignInCancelled = defineEvent('siwx/signInCancelled', object({ caipAddress: string() }))

const hostedSessionSchema = object({
  id: string(),
  chainId: string(),
  domain: string(),
  uri: string(),
  issuedAt: string(),
  expirationTime: nullable(string()),
})

/** The Sessions view asks the hosted session store for the address's sessions. */
export const siwxSessionsRequested = defineIntent('siwx/sessionsRequested', object({ caipAddress: string() }))
/** The hosted store's sessions of the address, newest first. */
export const siwxSessionsFetched = defineEvent('siwx/sessionsFetched', object({ caipAddress: string(), sessions: array(hostedSessionSchema) }))
/** The sessions could not be fetched; the view offers a retry. */
export const siwxSessionsFailed = defineEvent('siwx/sessionsFailed', object({ caipAddress: string(), error: serializedErrorSchema }))
/** The visitor revokes hosted session `id`: the wallet signs the revocation, then the store drops it. */
export const siwxRevokeRequested = defineIntent('siwx/revokeRequested', object({ caipAddress: string(), id: string() }))
/** The store dropped session `id`; when it is this page's session, the page is signed out too. */
export const siwxSessionRevoked = defineEvent('siwx/sessionRevoked', object({ caipAddress: string(), id: string() }))
/** The revocation was refused (by the wallet or the store); the session stays listed. */
export const siwxRevokeFailed = defineEvent('siwx/revokeFailed', object({ caipAddress: string(), id: string(), error: serializedErrorSchema }))
