// The auth service's state in PostgreSQL (PGlite or a server), opened with the gateway's driver:
// every service on one database shares its users, devices, sessions and one-time codes, and a
// restart keeps them. Expiry is part of every query (by the service's clock); each write that
// must be whole is one statement; a code's tries are counted in the database, so five wrong
// tries burn it whichever services they reach.

import { createHash } from 'node:crypto'
import { isDataError, isUniqueViolation, migrate, openDatabase, type Schema, type SqlClient } from '../../gateway/storage'
import {
  APPROVAL_TTL_MS,
  MAX_CODE_ATTEMPTS,
  SWEEP_INTERVAL_MS,
  approvalLinkToken,
  checkEmailUpdate,
  codeExpired,
  emailInUse,
  identityOf,
  judgeCode,
  newUserRecord,
  noCodeRequested,
  randomCode,
  randomToken,
  wrongCode,
  type AuthStore,
  type AuthStoreOptions,
  type SignInRecord,
} from './store'
import { AuthHttpError, type AuthMethod, type AuthUserRecord } from './types'

/** Where the auth service keeps its data: a PostgreSQL server (`url`), else PGlite in `dataDir`, or in memory without one. */
export type AuthDatabaseOptions = { url?: string | undefined; dataDir?: string | undefined }

/** The auth service's tables, one step per entry (recorded in auth_migrations). */
export const AUTH_SCHEMA: Schema = {
  table: 'auth_migrations',
  steps: [
    `CREATE TABLE auth_users (
       id text PRIMARY KEY,
       email text UNIQUE,
       username text,
       auth text NOT NULL,
       private_key text NOT NULL,
       solana_seed text NOT NULL,
       created_at bigint NOT NULL
     );
     CREATE TABLE auth_identities (
       method text NOT NULL,
       subject text NOT NULL,
       user_id text NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
       PRIMARY KEY (method, subject)
     );
     CREATE TABLE auth_devices (
       email text NOT NULL,
       device_id text NOT NULL,
       unseen boolean NOT NULL,
       PRIMARY KEY (email, device_id)
     );
     CREATE TABLE auth_approvals (
       token text PRIMARY KEY,
       email text NOT NULL,
       device_id text NOT NULL,
       expires_at bigint NOT NULL,
       UNIQUE (email, device_id)
     );
     CREATE TABLE auth_login_codes (
       email text NOT NULL,
       device_id text NOT NULL,
       code_id text NOT NULL,
       code text NOT NULL,
       expires_at bigint NOT NULL,
       attempts integer NOT NULL,
       PRIMARY KEY (email, device_id)
     );
     CREATE TABLE auth_email_updates (
       user_id text PRIMARY KEY REFERENCES auth_users (id) ON DELETE CASCADE,
       new_email text NOT NULL,
       stage text NOT NULL,
       code_id text NOT NULL,
       code text NOT NULL,
       expires_at bigint NOT NULL,
       attempts integer NOT NULL
     );
     CREATE TABLE auth_sessions (
       token_hash text PRIMARY KEY,
       user_id text NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
       expires_at bigint NOT NULL
     );
     CREATE INDEX auth_sessions_expiry ON auth_sessions (expires_at);`,
    // Sign-ins under way (social logins and their result codes, Farcaster channels), so any
    // service on the database can end one another started.
    `CREATE TABLE auth_sign_ins (
       kind text NOT NULL,
       key text NOT NULL,
       record text NOT NULL,
       expires_at bigint NOT NULL,
       PRIMARY KEY (kind, key)
     );
     CREATE INDEX auth_sign_ins_expiry ON auth_sign_ins (expires_at);`,
  ],
}

type UserRow = { id: string; email: string | null; username: string | null; auth: string; private_key: string; solana_seed: string; created_at: string | number }
type CodeRow = { code_id: string; code: string; expires_at: string | number; attempts: number }
type UpdateRow = CodeRow & { new_email: string; stage: 'primary' | 'secondary' }

const USER_COLUMNS = 'id, email, username, auth, private_key, solana_seed, created_at'
const toUser = (r: UserRow): AuthUserRecord => ({
  id: r.id,
  email: r.email,
  username: r.username,
  auth: r.auth as AuthMethod,
  privateKey: r.private_key as `0x${string}`,
  solanaSeed: r.solana_seed as `0x${string}`,
  createdAt: Number(r.created_at),
})
const toPending = (r: CodeRow) => ({ code: r.code, expiresAt: Number(r.expires_at), attempts: Number(r.attempts) })

/** Sessions are kept by their token's hash: the database alone signs nobody in. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * Opens the auth service's database (see `AuthDatabaseOptions`) and creates its tables when
 * missing (under the gateway's migration lock, so services starting at once make them once).
 *
 * @example
 * const store = await openSqlAuthStore({ url: process.env.DATABASE_URL }, { now: Date.now, sessionTtlMs, otpTtlMs })
 */
export async function openSqlAuthStore(database: AuthDatabaseOptions, options: AuthStoreOptions): Promise<AuthStore> {
  const { sql, kind } = await openDatabase(database, (client) => migrate(client, AUTH_SCHEMA))
  return sqlAuthStore(sql, kind, options)
}

/** The store over a migrated database. A query failing for anything but its data is a 503: try again. */
export function sqlAuthStore(sql: SqlClient, kind: 'pglite' | 'postgres', options: AuthStoreOptions): AuthStore {
  const { now } = options
  const run = async <R,>(text: string, params: unknown[] = []): Promise<R[]> => {
    try {
      return (await sql.query<R>(text, params)).rows
    } catch (error) {
      if (isDataError(error)) throw error
      throw new AuthHttpError(503, 'The wallet service is unavailable, try again')
    }
  }
  let lastSweep = now()

  /** Deletes what has expired, at most once a minute of the service's clock (reads ignore it meanwhile). */
  async function sweep(): Promise<void> {
    const t = now()
    if (t - lastSweep < SWEEP_INTERVAL_MS) return
    lastSweep = t
    for (const table of ['auth_sessions', 'auth_approvals', 'auth_login_codes', 'auth_email_updates', 'auth_sign_ins']) await run(`DELETE FROM ${table} WHERE expires_at <= $1`, [t])
  }

  const newCode = () => ({ codeId: randomToken(), code: randomCode(), expiresAt: now() + options.otpTtlMs })

  async function userWhere(condition: string, params: unknown[]): Promise<AuthUserRecord | undefined> {
    const [row] = await run<UserRow>(`SELECT ${USER_COLUMNS} FROM auth_users u WHERE ${condition}`, params)
    return row ? toUser(row) : undefined
  }

  /** The user's pending e-mail change at `stage`, if any. */
  async function pendingUpdate(userId: string, stage: 'primary' | 'secondary'): Promise<UpdateRow | undefined> {
    const [row] = await run<UpdateRow>('SELECT code_id, code, expires_at, attempts, new_email, stage FROM auth_email_updates WHERE user_id = $1', [userId])
    return row?.stage === stage ? row : undefined
  }

  /**
   * Judges a code read from `table` (`where` picks its row, `params` first, then the code's
   * id): forgets an expired one, counts a wrong try (only while the code is the one read and
   * not burnt, so tries made at once through several services count each), returns when right.
   */
  async function judge(table: string, where: string, params: unknown[], row: CodeRow | undefined, given: string): Promise<void> {
    const verdict = judgeCode(row ? toPending(row) : undefined, given, now())
    if (verdict === 'right') return
    const id = params.length + 1
    if (verdict === 'expired') {
      await run(`DELETE FROM ${table} WHERE ${where} AND code_id = $${id}`, [...params, row!.code_id])
      throw codeExpired()
    }
    const [counted] = await run<{ attempts: number }>(
      `UPDATE ${table} SET attempts = attempts + 1 WHERE ${where} AND code_id = $${id} AND attempts < $${id + 1} RETURNING attempts`,
      [...params, row!.code_id, MAX_CODE_ATTEMPTS],
    )
    throw wrongCode(counted ? Number(counted.attempts) : MAX_CODE_ATTEMPTS)
  }

  return {
    kind,

    isDeviceApproved: async (email, deviceId) => (await run('SELECT 1 FROM auth_devices WHERE email = $1 AND device_id = $2', [email, deviceId])).length > 0,

    async approvalToken(email, deviceId) {
      await sweep()
      // The pending link of the device (still valid) is renewed; an expired one is replaced.
      const [row] = await run<{ token: string }>(
        `INSERT INTO auth_approvals (token, email, device_id, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email, device_id) DO UPDATE SET
           token = CASE WHEN auth_approvals.expires_at > $5 THEN auth_approvals.token ELSE EXCLUDED.token END,
           expires_at = EXCLUDED.expires_at
         RETURNING token`,
        [approvalLinkToken(), email, deviceId, now() + APPROVAL_TTL_MS, now()],
      )
      return row!.token
    },

    async approve(token) {
      // The link is used up and the device approved in one statement: either both or neither.
      const [row] = await run<{ email: string; device_id: string }>(
        `WITH taken AS (DELETE FROM auth_approvals WHERE token = $1 RETURNING email, device_id, expires_at)
         INSERT INTO auth_devices (email, device_id, unseen) SELECT email, device_id, true FROM taken WHERE expires_at > $2
         ON CONFLICT (email, device_id) DO UPDATE SET unseen = true
         RETURNING email, device_id`,
        [token, now()],
      )
      return row ? { email: row.email, deviceId: row.device_id } : null
    },

    takeApprovalNotice: async (email, deviceId) =>
      (await run('UPDATE auth_devices SET unseen = false WHERE email = $1 AND device_id = $2 AND unseen RETURNING 1', [email, deviceId])).length > 0,

    async newLoginCode(email, deviceId) {
      await sweep()
      const { codeId, code, expiresAt } = newCode()
      await run(
        `INSERT INTO auth_login_codes (email, device_id, code_id, code, expires_at, attempts) VALUES ($1, $2, $3, $4, $5, 0)
         ON CONFLICT (email, device_id) DO UPDATE SET code_id = EXCLUDED.code_id, code = EXCLUDED.code, expires_at = EXCLUDED.expires_at, attempts = 0`,
        [email, deviceId, codeId, code, expiresAt],
      )
      return code
    },

    async checkLoginCode(email, deviceId, given) {
      const [row] = await run<CodeRow>('SELECT code_id, code, expires_at, attempts FROM auth_login_codes WHERE email = $1 AND device_id = $2', [email, deviceId])
      await judge('auth_login_codes', 'email = $1 AND device_id = $2', [email, deviceId], row, given)
      return async () =>
        (
          await run('DELETE FROM auth_login_codes WHERE email = $1 AND device_id = $2 AND code_id = $3 AND attempts < $4 AND expires_at > $5 RETURNING 1', [
            email,
            deviceId,
            row!.code_id,
            MAX_CODE_ATTEMPTS,
            now(),
          ])
        ).length > 0
    },

    async findOrCreateUser(identity) {
      const { email, subject } = identityOf(identity)
      let user =
        (await userWhere('u.id = (SELECT user_id FROM auth_identities WHERE method = $1 AND subject = $2)', [identity.method, subject])) ??
        (email ? await userWhere('u.email = $1', [email]) : undefined)
      let made: string | null = null
      if (!user) {
        user = newUserRecord(identity.method, now())
        await run(`INSERT INTO auth_users (${USER_COLUMNS}) VALUES ($1, NULL, NULL, $2, $3, $4, $5)`, [user.id, user.auth, user.privateKey, user.solanaSeed, user.createdAt])
        made = user.id
      }
      // Another service may link the identity at the same moment: the first link stands, and a
      // user made here for nothing goes.
      // (The winner's link is read by a statement of its own: one begun before it committed would not see it.)
      const linked = await run('INSERT INTO auth_identities (method, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT (method, subject) DO NOTHING RETURNING 1', [
        identity.method,
        subject,
        user.id,
      ])
      const [link] = linked.length ? [] : await run<{ user_id: string }>('SELECT user_id FROM auth_identities WHERE method = $1 AND subject = $2', [identity.method, subject])
      const userId = link?.user_id ?? user.id
      if (made !== null && userId !== made) await run('DELETE FROM auth_users WHERE id = $1', [made])
      const update = (withEmail: string | null) =>
        run<UserRow>(
          `UPDATE auth_users SET auth = $2, username = COALESCE($3, username),
             email = CASE WHEN email IS NULL AND $4::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM auth_users o WHERE o.email = $4::text) THEN $4::text ELSE email END
           WHERE id = $1 RETURNING ${USER_COLUMNS}`,
          [userId, identity.method, identity.username || null, withEmail],
        )
      let rows: UserRow[]
      try {
        rows = await update(email)
      } catch (error) {
        // Another user took the address at the same moment: this one keeps none.
        if (!isUniqueViolation(error)) throw error
        rows = await update(null)
      }
      if (!rows[0]) throw new Error(`No user ${userId}`)
      return toUser(rows[0])
    },

    async createSession(userId) {
      await sweep()
      const token = randomToken()
      const expiresAt = now() + options.sessionTtlMs
      await run('INSERT INTO auth_sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [tokenHash(token), userId, expiresAt])
      return { token, expiresAt }
    },

    async sessionUser(token) {
      if (token === null) return null
      const user = await userWhere('u.id = (SELECT user_id FROM auth_sessions WHERE token_hash = $1 AND expires_at > $2)', [tokenHash(token), now()])
      return user ?? null
    },

    async endSession(token) {
      await run('DELETE FROM auth_sessions WHERE token_hash = $1', [tokenHash(token)])
    },

    async expireSessions() {
      // The live ones ended (one already expired is gone, as a lookup found it).
      return (await run('WITH gone AS (DELETE FROM auth_sessions RETURNING expires_at) SELECT 1 FROM gone WHERE expires_at > $1', [now()])).length
    },

    async expireCodes() {
      const t = now()
      const codes = await run('UPDATE auth_login_codes SET expires_at = $1 RETURNING 1', [t])
      const updates = await run('UPDATE auth_email_updates SET expires_at = $1 RETURNING 1', [t])
      return codes.length + updates.length
    },

    async startEmailUpdate(user, newEmail) {
      const holder = await userWhere('u.email = $1', [newEmail])
      const currentEmail = checkEmailUpdate(user, newEmail, holder?.id)
      await sweep()
      const { codeId, code, expiresAt } = newCode()
      await run(
        `INSERT INTO auth_email_updates (user_id, new_email, stage, code_id, code, expires_at, attempts) VALUES ($1, $2, 'primary', $3, $4, $5, 0)
         ON CONFLICT (user_id) DO UPDATE SET new_email = EXCLUDED.new_email, stage = 'primary', code_id = EXCLUDED.code_id, code = EXCLUDED.code,
           expires_at = EXCLUDED.expires_at, attempts = 0`,
        [user.id, newEmail, codeId, code, expiresAt],
      )
      return { currentEmail, code }
    },

    async confirmPrimary(user, given) {
      const row = await pendingUpdate(user.id, 'primary')
      await judge('auth_email_updates', 'user_id = $1', [user.id], row, given)
      // The current address's code is used up and the new address's made in one statement.
      const next = newCode()
      const [moved] = await run<{ new_email: string }>(
        `UPDATE auth_email_updates SET stage = 'secondary', code_id = $3, code = $4, expires_at = $5, attempts = 0
         WHERE user_id = $1 AND code_id = $2 AND stage = 'primary' AND attempts < $6 RETURNING new_email`,
        [user.id, row!.code_id, next.codeId, next.code, next.expiresAt, MAX_CODE_ATTEMPTS],
      )
      if (!moved) throw noCodeRequested()
      return { newEmail: moved.new_email, code: next.code }
    },

    async confirmSecondary(user, given) {
      const row = await pendingUpdate(user.id, 'secondary')
      await judge('auth_email_updates', 'user_id = $1', [user.id], row, given)
      const holder = await userWhere('u.email = $1', [row!.new_email])
      if (holder !== undefined && holder.id !== user.id) {
        await run('DELETE FROM auth_email_updates WHERE user_id = $1 AND code_id = $2', [user.id, row!.code_id])
        throw emailInUse()
      }
      // One statement: the code is used up and the user, their e-mail identity and their
      // approved devices move to the new address, or nothing changes.
      try {
        const [moved] = await run<{ email: string }>(
          `WITH spent AS (
             DELETE FROM auth_email_updates WHERE user_id = $1 AND code_id = $2 AND attempts < $3 RETURNING new_email
           ), old AS (
             SELECT email FROM auth_users WHERE id = $1
           ), identity AS (
             UPDATE auth_identities i SET subject = spent.new_email FROM spent, old WHERE i.method = 'email' AND i.subject = old.email AND i.user_id = $1 RETURNING 1
           ), copied AS (
             INSERT INTO auth_devices (email, device_id, unseen) SELECT spent.new_email, d.device_id, d.unseen FROM spent, old, auth_devices d WHERE d.email = old.email
             ON CONFLICT (email, device_id) DO NOTHING RETURNING 1
           ), dropped AS (
             DELETE FROM auth_devices d USING spent, old WHERE d.email = old.email RETURNING 1
           )
           UPDATE auth_users u SET email = spent.new_email FROM spent WHERE u.id = $1 RETURNING u.email`,
          [user.id, row!.code_id, MAX_CODE_ATTEMPTS],
        )
        if (!moved?.email) throw noCodeRequested()
        return moved.email
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse()
        throw error
      }
    },

    async putSignIn(kind, key, record, expiresAt) {
      await sweep()
      // A row per sign-in, gone within minutes (the sweep); no count is kept, so a put reads nothing.
      await run(
        `INSERT INTO auth_sign_ins (kind, key, record, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (kind, key) DO UPDATE SET record = EXCLUDED.record, expires_at = EXCLUDED.expires_at`,
        [kind, key, JSON.stringify(record), expiresAt],
      )
    },
    async getSignIn(kind, key) {
      const [row] = await run<{ record: string }>('SELECT record FROM auth_sign_ins WHERE kind = $1 AND key = $2 AND expires_at > $3', [kind, key, now()])
      return row ? (JSON.parse(row.record) as SignInRecord) : undefined
    },
    async takeSignIn(kind, key) {
      // One statement: of two takes at once, one deletes the row and gets it.
      const [row] = await run<{ record: string; expires_at: string | number }>('DELETE FROM auth_sign_ins WHERE kind = $1 AND key = $2 RETURNING record, expires_at', [kind, key])
      return row && now() < Number(row.expires_at) ? (JSON.parse(row.record) as SignInRecord) : undefined
    },
    close: () => sql.close(),
  }
}
