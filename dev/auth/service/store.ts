// The auth service's state: users and the identities they sign in with, devices approved per
// e-mail address, pending device approvals, one-time codes and sessions. `AuthStore` is the
// contract; `createAuthStore` keeps it in one service's memory, `openSqlAuthStore` (sqlStore.ts)
// in PostgreSQL, shared by every service on the database and kept across restarts.

import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { generatePrivateKey } from 'viem/accounts'
import { normalizeEmail } from './http'
import { AuthHttpError, type AuthMethod, type AuthUserRecord } from './types'

/** How often (by the service's clock) expired sessions, links and codes are deleted. */
export const SWEEP_INTERVAL_MS = 60_000

/** Wrong tries after which a code is burnt. */
export const MAX_CODE_ATTEMPTS = 5

/** How long a device approval link stays valid. */
export const APPROVAL_TTL_MS = 60 * 60 * 1000

/** A one-time code waiting to be entered. */
export type PendingCode = { code: string; expiresAt: number; attempts: number }

/** An e-mail change between its two confirmations. */
type PendingUpdate = { newEmail: string; stage: 'primary' | 'secondary'; code: PendingCode }

type PendingApproval = { token: string; email: string; deviceId: string; expiresAt: number }

export type AuthStoreOptions = { now: () => number; sessionTtlMs: number; otpTtlMs: number }

/** Sign-ins under way, kept between their requests: a social login's state, its result code, a Farcaster channel. */
export type SignInKind = 'social-login' | 'social-result' | 'farcaster-channel'

/** What a sign-in under way keeps (JSON: it may be stored in a database). */
export type SignInRecord = Readonly<Record<string, string | number | boolean | null>>

/** The most sign-ins of one kind a store keeps (in memory the oldest go first); each expires within minutes. */
export const MAX_SIGN_INS = 10_000

/**
 * Sign-ins under way, shared by every service on the store: a sign-in started through one
 * service may end through another (a load balancer without sticky sessions), or after a restart.
 */
export interface SignInStore {
  /** Keeps `record` under `key` of `kind` until `expiresAt` (the service's clock). */
  putSignIn(kind: SignInKind, key: string, record: SignInRecord, expiresAt: number): Promise<void>
  /** The record under `key`, unless it expired or was taken. */
  getSignIn(kind: SignInKind, key: string): Promise<SignInRecord | undefined>
  /** The record under `key`, taken: of two takes at once, on any services, one gets it. */
  takeSignIn(kind: SignInKind, key: string): Promise<SignInRecord | undefined>
}

/** A random URL-safe token (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A device approval link's token: hex, so no run of six digits in the link reads as a one-time code. */
export function approvalLinkToken(): string {
  return randomBytes(32).toString('hex')
}

/** A random six-digit code, leading zeros included. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** The key of a sign-in identity: `${method}:${subject}`. */
function identityKey(method: AuthMethod, subject: string): string {
  return `${method}:${subject}`
}

/** What a user signs in with. */
export type UserIdentity = { method: AuthMethod; subject: string; email?: string | null; username?: string | null }

/**
 * Where the auth service keeps its state. Every method may reject with a 503 `AuthHttpError` when
 * the store's database cannot be reached; code checks reject with the frame's error messages.
 */
export interface AuthStore extends SignInStore {
  readonly kind: 'memory' | 'pglite' | 'postgres'
  /** Whether the device was approved for the address. */
  isDeviceApproved(email: string, deviceId: string): Promise<boolean>
  /** The approval token for a device (the pending one, its validity renewed, or a new one). */
  approvalToken(email: string, deviceId: string): Promise<string>
  /** Approves the device of a valid, unused token; null when there is none. */
  approve(token: string): Promise<{ email: string; deviceId: string } | null>
  /** True once for a device approved since its last status check. */
  takeApprovalNotice(email: string, deviceId: string): Promise<boolean>
  /** A fresh login code for the device, replacing any earlier one. */
  newLoginCode(email: string, deviceId: string): Promise<string>
  /**
   * Checks the device's login code; throws the frame's error when it is not the right one (a
   * wrong try counts). Resolves with `spend`, which uses the code up and resolves false when it
   * was spent, replaced or burnt meanwhile: the caller spends it once its own writes are done,
   * so a failure before leaves the code to be entered again.
   */
  checkLoginCode(email: string, deviceId: string, given: string): Promise<() => Promise<boolean>>
  /**
   * The user for an outside identity, made on first sign-in with fresh EVM and Solana keys. An
   * identity new to the service whose e-mail belongs to a user is linked to that user. The
   * user's `auth` becomes this method; a user name given replaces the old one; an e-mail fills
   * an empty one.
   */
  findOrCreateUser(identity: UserIdentity): Promise<AuthUserRecord>
  /** A new session for the user. */
  createSession(userId: string): Promise<{ token: string; expiresAt: number }>
  /** The signed-in user of a token, or null when the token is unknown or expired. */
  sessionUser(token: string | null): Promise<AuthUserRecord | null>
  /** Ends one session. */
  endSession(token: string): Promise<void>
  /** Ends every session; how many of them were live. */
  expireSessions(): Promise<number>
  /** Makes every pending code expired (kept, so a check says 'Code expired'); how many. */
  expireCodes(): Promise<number>
  /**
   * Starts changing the user's e-mail to `newEmail` and returns the code for the current
   * address. Throws when the user has no e-mail, or the new one is theirs or another user's.
   */
  startEmailUpdate(user: AuthUserRecord, newEmail: string): Promise<{ currentEmail: string; code: string }>
  /** Confirms the current address's code; returns the new address and the code to mail it. */
  confirmPrimary(user: AuthUserRecord, given: string): Promise<{ newEmail: string; code: string }>
  /**
   * Confirms the new address's code and moves the user (their e-mail identity and approved
   * devices) to it; returns the new address.
   */
  confirmSecondary(user: AuthUserRecord, given: string): Promise<string>
  close(): Promise<void>
}

/** The key of an (e-mail, device) pair. */
function deviceKey(email: string, deviceId: string): string {
  return `${email}\n${deviceId}`
}

/** Whether `given` is the pending code; constant time. */
function sameCode(pending: string, given: string): boolean {
  const a = Buffer.from(pending)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Judges a code against the pending one: 'right', 'wrong' (the caller counts the try) or
 * 'expired' (the caller forgets the code); throws when there is no code or it is burnt.
 */
export function judgeCode(pending: PendingCode | null | undefined, given: string, now: number): 'right' | 'wrong' | 'expired' {
  if (!pending) throw new AuthHttpError(400, 'No code requested')
  if (pending.attempts >= MAX_CODE_ATTEMPTS) throw tooManyAttempts()
  if (now >= pending.expiresAt) return 'expired'
  return sameCode(pending.code, given) ? 'right' : 'wrong'
}

export const noCodeRequested = () => new AuthHttpError(400, 'No code requested')
export const codeExpired = () => new AuthHttpError(400, 'Code expired')
const tooManyAttempts = () => new AuthHttpError(400, 'Too many attempts, request a new code')
export const emailInUse = () => new AuthHttpError(409, 'Email already in use')

/** The error of a wrong try, `attempts` the wrong tries made so far (the fifth burns the code). */
export function wrongCode(attempts: number): AuthHttpError {
  return attempts >= MAX_CODE_ATTEMPTS ? tooManyAttempts() : new AuthHttpError(400, 'Invalid code')
}

/** Checks the e-mail change may start; the address to confirm from. */
export function checkEmailUpdate(user: AuthUserRecord, newEmail: string, holder: string | undefined): string {
  if (user.email === null) throw new AuthHttpError(400, 'No e-mail to confirm from')
  if (newEmail === user.email) throw new AuthHttpError(400, 'That is already your e-mail')
  if (holder !== undefined && holder !== user.id) throw emailInUse()
  return user.email
}

/** A new user's record: fresh EVM and Solana keys, no e-mail yet. */
export function newUserRecord(method: AuthMethod, createdAt: number): AuthUserRecord {
  return {
    id: `u_${randomBytes(12).toString('hex')}`,
    email: null,
    username: null,
    auth: method,
    privateKey: generatePrivateKey(),
    solanaSeed: `0x${randomBytes(32).toString('hex')}`,
    createdAt,
  }
}

/** The normalized e-mail and subject of an identity; throws when the subject is empty. */
export function identityOf(identity: UserIdentity): { email: string | null; subject: string } {
  const given = identity.email ?? (identity.method === 'email' ? identity.subject : null)
  const email = given ? normalizeEmail(given) : null
  const subject = identity.method === 'email' ? email : identity.subject.trim()
  if (!subject) throw new AuthHttpError(400, identity.method === 'email' ? 'Invalid e-mail address' : 'Missing identity subject')
  return { email, subject }
}

/**
 * Checks a code in memory and spends it when right, else throws the frame's error (a wrong try
 * counted on `pending`, an expired code forgotten).
 */
function checkCode(pending: PendingCode | undefined, given: string, now: number, forget: () => void): void {
  const verdict = judgeCode(pending, given, now)
  if (verdict === 'expired') {
    forget()
    throw codeExpired()
  }
  if (verdict === 'right') {
    forget()
    return
  }
  pending!.attempts += 1
  throw wrongCode(pending!.attempts)
}

/** A new store in this service's memory; every service makes its own. */
export function createAuthStore(options: AuthStoreOptions): AuthStore {
  const { now } = options
  const users = new Map<string, AuthUserRecord>()
  /** identity key → user id */
  const identities = new Map<string, string>()
  /** e-mail → user id */
  const byEmail = new Map<string, string>()
  /** e-mail → approved device ids */
  const devices = new Map<string, Set<string>>()
  /** approval token → pending approval; one per (e-mail, device) */
  const approvals = new Map<string, PendingApproval>()
  const approvalByDevice = new Map<string, string>()
  /** (e-mail, device) approved but not yet told to the device: its next status check sends a code. */
  const approvedUnseen = new Set<string>()
  /** (e-mail, device) → login code */
  const loginCodes = new Map<string, PendingCode>()
  /** user id → e-mail change */
  const updates = new Map<string, PendingUpdate>()
  /** token → session */
  const sessions = new Map<string, { userId: string; expiresAt: number }>()
  /** kind → key → sign-in under way; map order is the order they were kept in. */
  const signIns = new Map<SignInKind, Map<string, { record: SignInRecord; expiresAt: number }>>()
  const signInsOf = (kind: SignInKind) => signIns.get(kind) ?? signIns.set(kind, new Map()).get(kind)!
  let lastSweep = now()

  /** Forgets what has expired, at most once a minute of the service's clock. */
  function sweep(): void {
    const t = now()
    if (t - lastSweep < SWEEP_INTERVAL_MS) return
    lastSweep = t
    for (const [token, session] of sessions) if (t >= session.expiresAt) sessions.delete(token)
    for (const [token, approval] of approvals) {
      if (t >= approval.expiresAt) {
        approvals.delete(token)
        approvalByDevice.delete(deviceKey(approval.email, approval.deviceId))
      }
    }
    for (const [key, code] of loginCodes) if (t >= code.expiresAt) loginCodes.delete(key)
    for (const [userId, update] of updates) if (t >= update.code.expiresAt) updates.delete(userId)
    for (const kept of signIns.values()) for (const [key, signIn] of kept) if (t >= signIn.expiresAt) kept.delete(key)
  }

  function newCode(): PendingCode {
    return { code: randomCode(), expiresAt: now() + options.otpTtlMs, attempts: 0 }
  }

  function userByEmail(email: string): AuthUserRecord | undefined {
    const id = byEmail.get(email)
    return id === undefined ? undefined : users.get(id)
  }

  return {
    kind: 'memory',

    isDeviceApproved: async (email, deviceId) => devices.get(email)?.has(deviceId) ?? false,

    async approvalToken(email, deviceId) {
      sweep()
      const key = deviceKey(email, deviceId)
      const existing = approvalByDevice.get(key)
      const pending = existing === undefined ? undefined : approvals.get(existing)
      // A link still valid is renewed; one expired is replaced, so its mail stays dead.
      if (pending && now() < pending.expiresAt) {
        pending.expiresAt = now() + APPROVAL_TTL_MS
        return pending.token
      }
      if (pending) approvals.delete(pending.token)
      const token = approvalLinkToken()
      approvals.set(token, { token, email, deviceId, expiresAt: now() + APPROVAL_TTL_MS })
      approvalByDevice.set(key, token)
      return token
    },

    async approve(token) {
      const pending = approvals.get(token)
      if (!pending) return null
      approvals.delete(token)
      const key = deviceKey(pending.email, pending.deviceId)
      approvalByDevice.delete(key)
      if (now() >= pending.expiresAt) return null
      let approved = devices.get(pending.email)
      if (!approved) devices.set(pending.email, (approved = new Set()))
      approved.add(pending.deviceId)
      approvedUnseen.add(key)
      return { email: pending.email, deviceId: pending.deviceId }
    },

    takeApprovalNotice: async (email, deviceId) => approvedUnseen.delete(deviceKey(email, deviceId)),

    async newLoginCode(email, deviceId) {
      sweep()
      const code = newCode()
      loginCodes.set(deviceKey(email, deviceId), code)
      return code.code
    },

    async checkLoginCode(email, deviceId, given) {
      const key = deviceKey(email, deviceId)
      const pending = loginCodes.get(key)
      const verdict = judgeCode(pending, given, now())
      if (verdict === 'expired') {
        loginCodes.delete(key)
        throw codeExpired()
      }
      if (verdict === 'wrong') {
        pending!.attempts += 1
        throw wrongCode(pending!.attempts)
      }
      return async () => loginCodes.get(key) === pending && pending!.attempts < MAX_CODE_ATTEMPTS && loginCodes.delete(key)
    },

    async findOrCreateUser(identity) {
      const { email, subject } = identityOf(identity)
      const key = identityKey(identity.method, subject)
      const knownId = identities.get(key)
      let user = knownId === undefined ? undefined : users.get(knownId)
      if (!user && email) user = userByEmail(email)
      if (!user) {
        user = newUserRecord(identity.method, now())
        users.set(user.id, user)
      }
      identities.set(key, user.id)
      user.auth = identity.method
      if (identity.username) user.username = identity.username
      if (email && user.email === null && !byEmail.has(email)) {
        user.email = email
        byEmail.set(email, user.id)
      }
      return { ...user }
    },

    async createSession(userId) {
      if (!users.has(userId)) throw new Error(`No user ${userId}`)
      sweep()
      const token = randomToken()
      const expiresAt = now() + options.sessionTtlMs
      sessions.set(token, { userId, expiresAt })
      return { token, expiresAt }
    },

    async sessionUser(token) {
      if (token === null) return null
      const session = sessions.get(token)
      if (!session) return null
      if (now() >= session.expiresAt) {
        sessions.delete(token)
        return null
      }
      const user = users.get(session.userId)
      return user ? { ...user } : null
    },

    async endSession(token) {
      sessions.delete(token)
    },

    async expireSessions() {
      // The live ones ended (one already expired is gone, as a lookup found it).
      const t = now()
      const count = [...sessions.values()].filter((session) => t < session.expiresAt).length
      sessions.clear()
      return count
    },

    async expireCodes() {
      const t = now()
      for (const code of loginCodes.values()) code.expiresAt = t
      for (const update of updates.values()) update.code.expiresAt = t
      return loginCodes.size + updates.size
    },

    async startEmailUpdate(user, newEmail) {
      const currentEmail = checkEmailUpdate(user, newEmail, byEmail.get(newEmail))
      sweep()
      const code = newCode()
      updates.set(user.id, { newEmail, stage: 'primary', code })
      return { currentEmail, code: code.code }
    },

    async confirmPrimary(user, given) {
      const update = updates.get(user.id)
      const pending = update?.stage === 'primary' ? update.code : undefined
      checkCode(pending, given, now(), () => updates.delete(user.id))
      const code = newCode()
      updates.set(user.id, { newEmail: update!.newEmail, stage: 'secondary', code })
      return { newEmail: update!.newEmail, code: code.code }
    },

    async confirmSecondary(user, given) {
      const update = updates.get(user.id)
      const pending = update?.stage === 'secondary' ? update.code : undefined
      checkCode(pending, given, now(), () => updates.delete(user.id))
      const newEmail = update!.newEmail
      const holder = byEmail.get(newEmail)
      if (holder !== undefined && holder !== user.id) throw emailInUse()
      const record = users.get(user.id)!
      const oldEmail = record.email
      if (oldEmail !== null) {
        byEmail.delete(oldEmail)
        const emailIdentity = identityKey('email', oldEmail)
        if (identities.get(emailIdentity) === user.id) {
          identities.delete(emailIdentity)
          identities.set(identityKey('email', newEmail), user.id)
        }
        const approved = devices.get(oldEmail)
        if (approved) {
          devices.delete(oldEmail)
          const merged = devices.get(newEmail) ?? new Set<string>()
          for (const id of approved) merged.add(id)
          devices.set(newEmail, merged)
        }
      }
      record.email = newEmail
      byEmail.set(newEmail, user.id)
      return newEmail
    },

    async putSignIn(kind, key, record, expiresAt) {
      sweep()
      const kept = signInsOf(kind)
      kept.delete(key)
      while (kept.size >= MAX_SIGN_INS) kept.delete(kept.keys().next().value as string)
      kept.set(key, { record, expiresAt })
    },
    async getSignIn(kind, key) {
      const signIn = signInsOf(kind).get(key)
      return signIn && now() < signIn.expiresAt ? signIn.record : undefined
    },
    async takeSignIn(kind, key) {
      const kept = signInsOf(kind)
      const signIn = kept.get(key)
      kept.delete(key)
      return signIn && now() < signIn.expiresAt ? signIn.record : undefined
    },

    async close() {},
  }
}
