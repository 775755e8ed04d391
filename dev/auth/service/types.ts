// The contract between the embedded-wallet auth service (startAuthService) and the routes other
// sign-in methods add to it (social login, Farcaster).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SignInStore } from './store'

/** How a user signed in: `email`, a social provider (`google`, `x`, …) or `farcaster`. */
export type AuthMethod = 'email' | 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord' | 'farcaster'

export type AuthUserRecord = {
  id: string
  /** null for a social or Farcaster user whose provider gave none. */
  email: string | null
  /** The social provider's or Farcaster's user name. */
  username: string | null
  /** How the user signed in last. */
  auth: AuthMethod
  /** The user's EVM key, held by the frame once signed in (a dev stand-in for a key service). */
  privateKey: `0x${string}`
  /** The 32-byte seed of the user's Solana (Ed25519) key, held by the frame likewise. */
  solanaSeed: `0x${string}`
  createdAt: number
}

/** What a route is handed besides the request. */
export type AuthRouteContext = {
  /** The service's own origin, e.g. http://127.0.0.1:5123. */
  url: string
  /** Hosts whose pages may embed the frame and receive social results (origins). */
  isAllowedOrigin(origin: string): boolean
  /**
   * The user for an outside identity (a provider's subject, a Farcaster fid), made on first
   * sign-in with fresh keys; the e-mail (when given) links to an e-mail user of that address.
   */
  findOrCreateUser(identity: { method: AuthMethod; subject: string; email?: string | null; username?: string | null }): Promise<AuthUserRecord>
  /** A new session for the user; its bearer token. */
  createSession(userId: string): Promise<{ token: string; expiresAt: number }>
  /** Sign-ins under way, kept where every service on the same store finds them. */
  signIns: SignInStore
  now(): number
}

/** Reads the JSON body (at most 64 KiB); rejects with a 400-worthy Error on malformed input. */
export type ReadJson = (req: IncomingMessage) => Promise<unknown>

/**
 * A route handler: answers and resolves true when the request is its own, else resolves false
 * untouched. Errors it throws become `{ error: message }` with status 500 (or `status` when the
 * error carries one).
 */
export type AuthRoute = (req: IncomingMessage, res: ServerResponse, url: URL, ctx: AuthRouteContext) => Promise<boolean>

/** An error with the HTTP status and the message the frame shows. */
export class AuthHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'AuthHttpError'
  }
}
