// Fuzz: the auth service's two stores held to one behaviour. fast-check runs random sequences of
// the store's operations (device links, approvals, login codes right, wrong and late, users by
// identity, sessions, the control's switches, the clock moving) on the memory store and on the
// PostgreSQL store over PGlite, and every answer must be the same: the same errors, the same
// booleans, the same users (by the order they were made) and sessions good or not alike.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_SCHEMA, sqlAuthStore } from '../../dev/auth/service/sqlStore'
import { createAuthStore, type AuthStore } from '../../dev/auth/service/store'
import { AuthHttpError } from '../../dev/auth/service/types'
import { migrate, openDatabase, type SqlClient } from '../../dev/gateway/storage'
import { fuzzParams } from './fuzzParams'

const EMAILS = ['a@example.test', 'b@example.test']
const DEVICES = ['d1']
const OTP_TTL = 60_000
const SESSION_TTL = 120_000

type Op =
  | { op: 'link'; email: number; device: number }
  | { op: 'approve'; link: number }
  | { op: 'notice'; email: number; device: number }
  | { op: 'approved'; email: number; device: number }
  | { op: 'code'; email: number; device: number }
  | { op: 'check'; email: number; device: number; right: boolean; spend: boolean }
  | { op: 'user'; method: 'email' | 'google'; subject: number; email: number | null }
  | { op: 'session'; user: number }
  | { op: 'who'; session: number }
  | { op: 'end'; session: number }
  | { op: 'expireCodes' }
  | { op: 'expireSessions' }
  | { op: 'tick'; ms: number }

const pair = { email: fc.nat(EMAILS.length - 1), device: fc.nat(DEVICES.length - 1) }
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('link' as const), ...pair }),
  fc.record({ op: fc.constant('approve' as const), link: fc.nat(2) }),
  fc.record({ op: fc.constant('notice' as const), ...pair }),
  fc.record({ op: fc.constant('approved' as const), ...pair }),
  fc.record({ op: fc.constant('code' as const), ...pair }),
  fc.record({ op: fc.constant('check' as const), ...pair, right: fc.boolean(), spend: fc.boolean() }),
  fc.record({ op: fc.constant('user' as const), method: fc.constantFrom('email' as const, 'google' as const), subject: fc.nat(2), email: fc.option(fc.nat(EMAILS.length - 1)) }),
  fc.record({ op: fc.constant('session' as const), user: fc.nat(1) }),
  fc.record({ op: fc.constant('who' as const), session: fc.nat(2) }),
  fc.record({ op: fc.constant('end' as const), session: fc.nat(2) }),
  fc.constant({ op: 'expireCodes' as const }),
  fc.constant({ op: 'expireSessions' as const }),
  // Steps that land on the lifetimes' ends exactly, where an off-by-one shows.
  fc.record({ op: fc.constant('tick' as const), ms: fc.constantFrom(30_000, OTP_TTL) }),
)

/** What one store answered to one operation, with its random parts (codes, tokens, ids) named by order. */
type World = { store: AuthStore; links: string[]; codes: Map<string, string>; users: string[]; sessions: string[] }

async function apply(w: World, op: Op): Promise<unknown> {
  const email = 'email' in op && typeof op.email === 'number' ? EMAILS[op.email]! : ''
  const device = 'device' in op ? DEVICES[op.device]! : ''
  try {
    switch (op.op) {
      case 'link': {
        const token = await w.store.approvalToken(email, device)
        if (!w.links.includes(token)) w.links.push(token)
        return w.links.indexOf(token)
      }
      case 'approve':
        return await w.store.approve(w.links[op.link] ?? 'f'.repeat(64))
      case 'notice':
        return await w.store.takeApprovalNotice(email, device)
      case 'approved':
        return await w.store.isDeviceApproved(email, device)
      case 'code':
        w.codes.set(`${email} ${device}`, await w.store.newLoginCode(email, device))
        return 'sent'
      case 'check': {
        const code = w.codes.get(`${email} ${device}`) ?? '000000'
        const given = op.right ? code : String((Number(code) + 1) % 1_000_000).padStart(6, '0')
        const spend = await w.store.checkLoginCode(email, device, given)
        return op.spend ? { spent: await spend() } : 'right'
      }
      case 'user': {
        const subject = op.method === 'email' ? EMAILS[op.subject % EMAILS.length]! : `sub-${op.subject}`
        const user = await w.store.findOrCreateUser({ method: op.method, subject, email: op.email === null ? null : EMAILS[op.email]! })
        if (!w.users.includes(user.id)) w.users.push(user.id)
        return { user: w.users.indexOf(user.id), email: user.email, auth: user.auth }
      }
      case 'session': {
        const userId = w.users[op.user]
        if (userId === undefined) return 'no user'
        w.sessions.push((await w.store.createSession(userId)).token)
        return w.sessions.length - 1
      }
      case 'who': {
        const user = await w.store.sessionUser(w.sessions[op.session] ?? 'unknown')
        return user === null ? null : w.users.indexOf(user.id)
      }
      case 'end':
        await w.store.endSession(w.sessions[op.session] ?? 'unknown')
        return 'ended'
      case 'expireCodes':
        return await w.store.expireCodes()
      case 'expireSessions':
        return await w.store.expireSessions()
      case 'tick':
        return 'tick'
    }
  } catch (error) {
    if (error instanceof AuthHttpError) return { status: error.status, error: error.message }
    throw error
  }
}

let sql: SqlClient
beforeAll(async () => {
  sql = (await openDatabase({}, (client) => migrate(client, AUTH_SCHEMA))).sql
}, 60_000)
afterAll(async () => {
  await sql?.close()
})

describe('auth stores (fuzz)', () => {
  it('answer every sequence of operations alike in memory and in PostgreSQL', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 15, maxLength: 40 }), async (ops) => {
        await sql.query('TRUNCATE auth_users, auth_identities, auth_devices, auth_approvals, auth_login_codes, auth_email_updates, auth_sessions')
        let clock = 1_700_000_000_000
        const options = { now: () => clock, otpTtlMs: OTP_TTL, sessionTtlMs: SESSION_TTL }
        const world = (store: AuthStore): World => ({ store, links: [], codes: new Map(), users: [], sessions: [] })
        const memory = world(createAuthStore(options))
        const database = world(sqlAuthStore(sql, 'pglite', options))
        for (const [i, op] of ops.entries()) {
          if (op.op === 'tick') clock += op.ms
          const expected = await apply(memory, op)
          expect({ i, op, answer: await apply(database, op) }).toEqual({ i, op, answer: expected })
        }
      }),
      fuzzParams('authStore', 20),
    )
  }, 120_000)
})
