// The auth service's state, all in memory and owned by one service: users and the identities
// they sign in with, devices approved per e-mail address, pending device approvals, one-time
// codes and sessions.

import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { generatePrivateKey } from 'viem/accounts'
import { normalizeEmail } from './http'
import { AuthHttpError, type AuthMethod, type AuthUserRecord } from './types'

/** Wrong tries after which a code is burnt. */
export const MAX_CODE_ATTEMPTS = 5

/** How long a device approval link stays valid. */
export const APPROVAL_TTL_MS = 60 * 60 * 1000

/** A one-time code waiting to be entered. */
type PendingCode = { code: string; expiresAt: number; attempts: number }

/** An e-mail change between its two confirmations. */
type PendingUpdate = { newEmail: string; stage: 'primary' | 'secondary'; code: PendingCode }

type PendingApproval = { token: string; email: string; deviceId: string; expiresAt: number }

export type AuthStoreOptions = { now: () => number; sessionTtlMs: number; otpTtlMs: number }

/** A random URL-safe token (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A random six-digit code, leading zeros included. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** The key of a sign-in identity: `${method}:${subject}`. */
function identityKey(method: AuthMethod, subject: string): string {
  return `${method}:${subject}`
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
 * Checks a code against the pending one and spends it when right. Throws the error the frame
 * shows otherwise: no code, expired, too many attempts (the fifth wrong try burns the code) or
 * wrong.
 */
function checkCode(pending: PendingCode | undefined, given: string, now: number, forget: () => void): void {
  if (!pending) throw new AuthHttpError(400, 'No code requested')
  if (pending.attempts >= MAX_CODE_ATTEMPTS) throw new AuthHttpError(400, 'Too many attempts, request a new code')
  if (now >= pending.expiresAt) {
    forget()
    throw new AuthHttpError(400, 'Code expired')
  }
  if (sameCode(pending.code, given)) {
    forget()
    return
  }
  pending.attempts += 1
  if (pending.attempts >= MAX_CODE_ATTEMPTS) throw new AuthHttpError(400, 'Too many attempts, request a new code')
  throw new AuthHttpError(400, 'Invalid code')
}

/** A new store; every service makes its own. */
export function createAuthStore(options: AuthStoreOptions) {
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
  let lastSweep = now()

  /** Forgets what has expired, at most once a minute of the service's clock. */
  function sweep(): void {
    const t = now()
    if (t - lastSweep < 60_000) return
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
  }

  function newCode(): PendingCode {
    return { code: randomCode(), expiresAt: now() + options.otpTtlMs, attempts: 0 }
  }

  function userByEmail(email: string): AuthUserRecord | undefined {
    const id = byEmail.get(email)
    return id === undefined ? undefined : users.get(id)
  }

  return {
    sweep,

    /** Whether the device was approved for the address. */
    isDeviceApproved(email: string, deviceId: string): boolean {
      return devices.get(email)?.has(deviceId) ?? false
    },

    /** The approval token for a device (the pending one, its validity renewed, or a new one). */
    approvalToken(email: string, deviceId: string): string {
      sweep()
      const key = deviceKey(email, deviceId)
      const existing = approvalByDevice.get(key)
      const pending = existing === undefined ? undefined : approvals.get(existing)
      if (pending) {
        pending.expiresAt = now() + APPROVAL_TTL_MS
        return pending.token
      }
      // Hex, so no run of six digits in the link reads as a one-time code.
      const token = randomBytes(32).toString('hex')
      approvals.set(token, { token, email, deviceId, expiresAt: now() + APPROVAL_TTL_MS })
      approvalByDevice.set(key, token)
      return token
    },

    /** Approves the device of a valid, unused token; false when there is none. */
    approve(token: string): { email: string; deviceId: string } | null {
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

    /** True once for a device approved since its last status check. */
    takeApprovalNotice(email: string, deviceId: string): boolean {
      return approvedUnseen.delete(deviceKey(email, deviceId))
    },

    /** A fresh login code for the device, replacing any earlier one. */
    newLoginCode(email: string, deviceId: string): string {
      sweep()
      const code = newCode()
      loginCodes.set(deviceKey(email, deviceId), code)
      return code.code
    },

    /** Spends the device's login code; throws the frame's error when it is not the right one. */
    checkLoginCode(email: string, deviceId: string, given: string): void {
      const key = deviceKey(email, deviceId)
      checkCode(loginCodes.get(key), given, now(), () => loginCodes.delete(key))
    },

    /**
     * The user for an outside identity, made on first sign-in with fresh EVM and Solana keys. An
     * identity new to the service whose e-mail belongs to a user is linked to that user. The
     * user's `auth` becomes this method; a user name given replaces the old one; an e-mail fills
     * an empty one.
     */
    findOrCreateUser(identity: { method: AuthMethod; subject: string; email?: string | null; username?: string | null }): AuthUserRecord {
      const given = identity.email ?? (identity.method === 'email' ? identity.subject : null)
      const email = given ? normalizeEmail(given) : null
      const subject = identity.method === 'email' ? email : identity.subject.trim()
      if (!subject) throw new AuthHttpError(400, identity.method === 'email' ? 'Invalid e-mail address' : 'Missing identity subject')
      const key = identityKey(identity.method, subject)
      const knownId = identities.get(key)
      let user = knownId === undefined ? undefined : users.get(knownId)
      if (!user && email) user = userByEmail(email)
      if (!user) {
        user = {
          id: `u_${randomBytes(12).toString('hex')}`,
          email: null,
          username: null,
          auth: identity.method,
          privateKey: generatePrivateKey(),
          solanaSeed: `0x${randomBytes(32).toString('hex')}`,
          createdAt: now(),
        }
        users.set(user.id, user)
      }
      identities.set(key, user.id)
      user.auth = identity.method
      if (identity.username) user.username = identity.username
      if (email && user.email === null && !byEmail.has(email)) {
        user.email = email
        byEmail.set(email, user.id)
      }
      return user
    },

    user(id: string): AuthUserRecord | undefined {
      return users.get(id)
    },

    /** A new session for the user. */
    createSession(userId: string): { token: string; expiresAt: number } {
      if (!users.has(userId)) throw new Error(`No user ${userId}`)
      sweep()
      const token = randomToken()
      const expiresAt = now() + options.sessionTtlMs
      sessions.set(token, { userId, expiresAt })
      return { token, expiresAt }
    },

    /** The signed-in user of a token, or null when the token is unknown or expired. */
    sessionUser(token: string | null): AuthUserRecord | null {
      if (token === null) return null
      const session = sessions.get(token)
      if (!session) return null
      if (now() >= session.expiresAt) {
        sessions.delete(token)
        return null
      }
      return users.get(session.userId) ?? null
    },

    /** Ends one session. */
    endSession(token: string): void {
      sessions.delete(token)
    },

    /** Ends every session; how many there were. */
    expireSessions(): number {
      const count = sessions.size
      sessions.clear()
      return count
    },

    /** Makes every pending code expired (kept, so a check says 'Code expired'); how many. */
    expireCodes(): number {
      const t = now()
      for (const code of loginCodes.values()) code.expiresAt = t
      for (const update of updates.values()) update.code.expiresAt = t
      return loginCodes.size + updates.size
    },

    /**
     * Starts changing the user's e-mail to `newEmail` and returns the code for the current
     * address. Throws when the user has no e-mail, or the new one is theirs or another user's.
     */
    startEmailUpdate(user: AuthUserRecord, newEmail: string): { currentEmail: string; code: string } {
      if (user.email === null) throw new AuthHttpError(400, 'No e-mail to confirm from')
      if (newEmail === user.email) throw new AuthHttpError(400, 'That is already your e-mail')
      const holder = byEmail.get(newEmail)
      if (holder !== undefined && holder !== user.id) throw new AuthHttpError(409, 'Email already in use')
      sweep()
      const code = newCode()
      updates.set(user.id, { newEmail, stage: 'primary', code })
      return { currentEmail: user.email, code: code.code }
    },

    /** Confirms the current address's code; returns the new address and the code to mail it. */
    confirmPrimary(user: AuthUserRecord, given: string): { newEmail: string; code: string } {
      const update = updates.get(user.id)
      const pending = update?.stage === 'primary' ? update.code : undefined
      checkCode(pending, given, now(), () => updates.delete(user.id))
      const code = newCode()
      updates.set(user.id, { newEmail: update!.newEmail, stage: 'secondary', code })
      return { newEmail: update!.newEmail, code: code.code }
    },

    /**
     * Confirms the new address's code and moves the user (their e-mail identity and approved
     * devices) to it; returns the new address.
     */
    confirmSecondary(user: AuthUserRecord, given: string): string {
      const update = updates.get(user.id)
      const pending = update?.stage === 'secondary' ? update.code : undefined
      checkCode(pending, given, now(), () => updates.delete(user.id))
      const newEmail = update!.newEmail
      const holder = byEmail.get(newEmail)
      if (holder !== undefined && holder !== user.id) throw new AuthHttpError(409, 'Email already in use')
      const oldEmail = user.email
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
      user.email = newEmail
      byEmail.set(newEmail, user.id)
      return newEmail
    },
  }
}

export type AuthStore = ReturnType<typeof createAuthStore>
