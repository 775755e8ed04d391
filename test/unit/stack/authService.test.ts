// The embedded wallet's auth service over real HTTP, mailing through the real mailer into the
// local mail sink: device approval, one-time codes and their failures, sessions, the e-mail
// change, input checks, extra sign-in routes and the frame's static files; each store (memory,
// PGlite, Debian's PostgreSQL) held to the same answers, then services sharing a database and one
// restarted on it.
import { createPrivateKey, createPublicKey } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AuthDatabaseOptions } from '../../../dev/auth/service/sqlStore'
import { startAuthService, type AuthService, type AuthServiceOptions } from '../../../dev/auth/service/startAuthService'
import { sendJson } from '../../../dev/auth/service/http'
import { AuthHttpError, type AuthRoute } from '../../../dev/auth/service/types'
import { createMailer, type Mailer } from '../../../dev/mail/mailer'
import { startMailSink, type Mail, type MailSink } from '../../../dev/mail/mailSink'
import { startPostgres, type PostgresServer } from '../../../dev/gateway/postgresServer'
import { openStorage } from '../../../dev/gateway/storage'

let sink: MailSink
let mailer: Mailer
const services: AuthService[] = []

beforeAll(async () => {
  sink = await startMailSink()
  mailer = createMailer({ port: sink.smtpPort })
})

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.stop()))
})

afterAll(async () => {
  mailer.close()
  await sink.stop()
  await postgres?.remove()
})

let postgres: PostgresServer | undefined
let databases = 0

/** A new, empty database on the test's PostgreSQL server (started at the first call). */
async function freshDatabase(): Promise<string> {
  postgres ??= await startPostgres()
  const name = `auth_${++databases}`
  // The server accepts connections a moment before it accepts queries ('starting up', 57P03).
  for (let attempt = 0; ; attempt++) {
    const admin = new pg.Client({ connectionString: postgres.url })
    try {
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      break
    } catch (error) {
      if ((error as { code?: string }).code !== '57P03' || attempt > 100) throw error
      await new Promise((r) => setTimeout(r, 50))
    } finally {
      await admin.end().catch(() => {})
    }
  }
  return postgres.url.replace(/\/postgres$/, `/${name}`)
}

type Store = () => Promise<AuthDatabaseOptions | undefined>
/** The stores the service's tests run against; each service gets one of its own. */
const STORES: [string, Store][] = [
  ['memory', async () => undefined],
  ['PostgreSQL', async () => ({ url: await freshDatabase() })],
]
/** Where the services of the tests running now keep their data. */
let storeOf: Store = STORES[0]![1]

/** Runs the enclosing describe's services on `store`. */
function useStore(store: Store): void {
  beforeAll(() => {
    storeOf = store
    // The addresses are the same for every store: each store's tests start from an empty inbox.
    sink.clear()
  })
  afterAll(() => {
    storeOf = STORES[0]![1]
  })
}

/** A service on a free port, mailing into the sink, on the store of the tests running; stopped after the test. */
async function start(options: Partial<AuthServiceOptions> = {}): Promise<AuthService> {
  const database = options.database ?? (await storeOf())
  const service = await startAuthService({ mailer, ...options, ...(database ? { database } : {}) })
  services.push(service)
  return service
}

type Reply = { status: number; body: Record<string, unknown>; headers: Headers }

/** A JSON call; `body` a value to send as JSON or a raw string. */
async function call(service: AuthService, method: string, path: string, body?: unknown, token?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const init: RequestInit = { method, headers }
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
  const reply = await fetch(`${service.url}${path}`, init)
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown>, headers: reply.headers }
}

/** The next mail to `to` after `after`, and the six-digit code in it (if any). */
async function nextMail(to: string, after: number): Promise<{ mail: Mail; code: string | undefined }> {
  const mail = await sink.waitForMail(to, { after, timeoutMs: 3000 })
  return { mail, code: /\b(\d{6})\b/.exec(mail.text)?.[1] }
}

/** The receivedAt of the newest mail so far, for waiting on the next one. */
function mark(): number {
  return sink.messages()[0]?.receivedAt ?? 0
}

/** Approves the device for the address by its mailed link; returns the login code then mailed. */
async function approveDevice(service: AuthService, email: string, deviceId: string): Promise<string> {
  let since = mark()
  expect((await call(service, 'POST', '/v1/email/connect', { email, deviceId })).body).toEqual({ action: 'VERIFY_DEVICE' })
  const { mail } = await nextMail(email, since)
  const link = /https?:\/\/\S+\/v1\/device\/approve\?token=[0-9a-f]+/.exec(mail.text)?.[0]
  expect(link).toBeDefined()
  expect((await fetch(link!)).status).toBe(200)
  since = mark()
  expect((await call(service, 'POST', '/v1/device/status', { email, deviceId })).body).toEqual({ approved: true, action: 'VERIFY_OTP' })
  const { code } = await nextMail(email, since)
  expect(code).toMatch(/^\d{6}$/)
  return code!
}

/** Signs a new device in by e-mail; returns the session token. */
async function signIn(service: AuthService, email: string, deviceId: string): Promise<string> {
  const code = await approveDevice(service, email, deviceId)
  const reply = await call(service, 'POST', '/v1/otp/verify', { email, deviceId, otp: code })
  expect(reply.status).toBe(200)
  return reply.body.token as string
}

/** A wrong code: the right one with its last digit changed. */
/** The Solana address of a 32-byte Ed25519 seed, worked out with Node's own crypto (not kit). */
function ed25519Address(seed: `0x${string}`): string {
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed.slice(2), 'hex')])
  const spki = createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })).export({ format: 'der', type: 'spki' })
  return base58.encode(new Uint8Array(spki.subarray(-32)))
}

function wrong(code: string, offset = 1): string {
  return code.slice(0, 5) + String((Number(code[5]) + offset) % 10)
}

/** A GET with the path sent exactly as written (fetch would resolve `..`). */
function rawGet(service: AuthService, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: service.port, path, method: 'GET' }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.once('error', reject)
    req.end()
  })
}

describe.each(STORES)('auth service (%s): e-mail sign-in', (_, store) => {
  useStore(store)
  it('approves a new device by mailed link, then signs in with the mailed code', async () => {
    const service = await start()
    const email = 'alice@example.test'
    let since = mark()
    const connect = await call(service, 'POST', '/v1/email/connect', { email: '  Alice@Example.TEST ', deviceId: 'dev-1' })
    expect(connect.status).toBe(200)
    expect(connect.headers.get('cache-control')).toBe('no-store')
    expect(connect.body).toEqual({ action: 'VERIFY_DEVICE' })
    const approval = (await nextMail(email, since)).mail
    expect(approval.subject).toBe('Approve your new device')
    expect(approval.text).toContain('Approve this device')
    expect(/\b(\d{6})\b/.test(approval.text)).toBe(false)
    const link = /(http:\/\/127\.0\.0\.1:\d+\/v1\/device\/approve\?token=[0-9a-f]{64})/.exec(approval.text)?.[1]
    expect(link?.startsWith(service.url)).toBe(true)

    expect((await call(service, 'POST', '/v1/device/status', { email, deviceId: 'dev-1' })).body).toEqual({ approved: false })
    const page = await fetch(link!)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(await page.text()).toContain('Device approved. You can return to the app.')
    const again = await fetch(link!)
    expect(again.status).toBe(400)
    expect(await again.text()).toMatch(/invalid or was already used/)
    expect((await fetch(`${service.url}/v1/device/approve?token=nope`)).status).toBe(400)

    since = mark()
    expect((await call(service, 'POST', '/v1/device/status', { email, deviceId: 'dev-1' })).body).toEqual({ approved: true, action: 'VERIFY_OTP' })
    const { mail, code } = await nextMail(email, since)
    expect(mail.text).toContain(`Your code is ${code}`)
    expect(mail.subject).not.toMatch(/\d{6}/)
    // Only the first status check after approval mails a code.
    const sinceCode = mark()
    expect((await call(service, 'POST', '/v1/device/status', { email, deviceId: 'dev-1' })).body).toEqual({ approved: true })
    expect(sink.messages(email).filter((m) => m.receivedAt > sinceCode)).toEqual([])

    const bad = await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-1', otp: wrong(code!) })
    expect(bad).toMatchObject({ status: 400, body: { error: 'Invalid code' } })
    const good = await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-1', otp: code })
    expect(good.status).toBe(200)
    expect(good.body.token).toEqual(expect.any(String))
    expect(good.body.expiresAt).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000)
    // A code works once.
    expect((await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-1', otp: code })).body).toEqual({ error: 'No code requested' })

    const me = await call(service, 'GET', '/v1/me', undefined, good.body.token as string)
    expect(me.status).toBe(200)
    const user = me.body.user as {
      id: string
      email: string
      username: null
      auth: string
      address: string
      privateKey: `0x${string}`
      solanaAddress: string
      solanaSeed: `0x${string}`
    }
    expect(user).toMatchObject({ email, username: null, auth: 'email' })
    expect(user.privateKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(user.address).toBe(privateKeyToAccount(user.privateKey).address)
    expect(user.address).toMatch(/[A-F]/) // checksummed
    expect(user.solanaSeed).toMatch(/^0x[0-9a-f]{64}$/)
    expect(user.solanaSeed.slice(2)).not.toBe(user.privateKey.slice(2))
    expect(user.solanaAddress).toBe(ed25519Address(user.solanaSeed))

    // The approved device now gets a code straight away; a newer code replaces the older one.
    since = mark()
    expect((await call(service, 'POST', '/v1/email/connect', { email, deviceId: 'dev-1' })).body).toEqual({ action: 'VERIFY_OTP' })
    const first = (await nextMail(email, since)).code!
    since = mark()
    expect((await call(service, 'POST', '/v1/email/connect', { email, deviceId: 'dev-1' })).body).toEqual({ action: 'VERIFY_OTP' })
    const second = (await nextMail(email, since)).code!
    if (first !== second) expect((await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-1', otp: first })).body).toEqual({ error: 'Invalid code' })
    const relogin = await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-1', otp: second })
    expect(((await call(service, 'GET', '/v1/me', undefined, relogin.body.token as string)).body.user as { id: string }).id).toBe(user.id)

    // Another device of the same address needs its own approval.
    expect((await call(service, 'POST', '/v1/email/connect', { email, deviceId: 'dev-2' })).body).toEqual({ action: 'VERIFY_DEVICE' })
    expect((await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-2', otp: second })).body).toEqual({ error: 'No code requested' })
  })

  it('refuses an expired code', async () => {
    let clock = 1_700_000_000_000
    const service = await start({ now: () => clock, otpTtlMs: 60_000 })
    const email = 'expiry@example.test'
    const code = await approveDevice(service, email, 'dev-x')
    clock += 60_000
    expect(await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-x', otp: code })).toMatchObject({ status: 400, body: { error: 'Code expired' } })
    expect((await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-x', otp: code })).body).toEqual({ error: 'No code requested' })
    // A fresh code within its lifetime works.
    const since = mark()
    await call(service, 'POST', '/v1/email/connect', { email, deviceId: 'dev-x' })
    const fresh = (await nextMail(email, since)).code
    clock += 59_999
    expect((await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-x', otp: fresh })).status).toBe(200)
  })

  it('burns a code after five wrong tries', async () => {
    const service = await start()
    const email = 'tries@example.test'
    const code = await approveDevice(service, email, 'dev-t')
    for (let i = 1; i <= 4; i++) {
      expect((await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-t', otp: wrong(code, i) })).body).toEqual({ error: 'Invalid code' })
    }
    expect((await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-t', otp: wrong(code, 5) })).body).toEqual({ error: 'Too many attempts, request a new code' })
    const burnt = await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-t', otp: code })
    expect(burnt).toMatchObject({ status: 400, body: { error: 'Too many attempts, request a new code' } })
    const since = mark()
    await call(service, 'POST', '/v1/email/connect', { email, deviceId: 'dev-t' })
    const fresh = (await nextMail(email, since)).code
    expect((await call(service, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-t', otp: fresh })).status).toBe(200)
  })
})

describe.each(STORES)('auth service (%s): sessions and the e-mail change', (_, store) => {
  useStore(store)
  it('changes the e-mail with a code to the current and one to the new address', async () => {
    const service = await start()
    const token = await signIn(service, 'dora@example.test', 'dev-d')
    const other = await signIn(service, 'erin@example.test', 'dev-e')
    const userId = ((await call(service, 'GET', '/v1/me', undefined, token)).body.user as { id: string }).id

    expect(await call(service, 'POST', '/v1/email/update', { email: 'erin@example.test' }, token)).toMatchObject({ status: 409, body: { error: 'Email already in use' } })
    expect(await call(service, 'POST', '/v1/email/update', { email: 'DORA@example.test' }, token)).toMatchObject({ status: 400, body: { error: 'That is already your e-mail' } })
    expect((await call(service, 'POST', '/v1/email/update/primary', { otp: '123456' }, token)).body).toEqual({ error: 'No code requested' })
    expect((await call(service, 'POST', '/v1/email/update', { email: 'x@example.test' })).status).toBe(401)

    let since = mark()
    expect((await call(service, 'POST', '/v1/email/update', { email: 'Dora.New@Example.test' }, token)).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await nextMail('dora@example.test', since)
    expect(sink.messages('dora.new@example.test')).toEqual([])
    expect((await call(service, 'POST', '/v1/email/update/secondary', { otp: primary.code }, token)).body).toEqual({ error: 'No code requested' })
    expect((await call(service, 'POST', '/v1/email/update/primary', { otp: wrong(primary.code!) }, token)).body).toEqual({ error: 'Invalid code' })
    since = mark()
    expect((await call(service, 'POST', '/v1/email/update/primary', { otp: primary.code }, token)).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await nextMail('dora.new@example.test', since)
    expect(secondary.code).toMatch(/^\d{6}$/)
    expect((await call(service, 'POST', '/v1/email/update/secondary', { otp: secondary.code }, token)).body).toEqual({ email: 'dora.new@example.test' })

    const me = (await call(service, 'GET', '/v1/me', undefined, token)).body.user as { id: string; email: string }
    expect(me).toMatchObject({ id: userId, email: 'dora.new@example.test' })
    // The new address signs in to the same user, from the device already approved.
    since = mark()
    expect((await call(service, 'POST', '/v1/email/connect', { email: 'dora.new@example.test', deviceId: 'dev-d' })).body).toEqual({ action: 'VERIFY_OTP' })
    const login = await nextMail('dora.new@example.test', since)
    const again = await call(service, 'POST', '/v1/otp/verify', { email: 'dora.new@example.test', deviceId: 'dev-d', otp: login.code })
    expect(((await call(service, 'GET', '/v1/me', undefined, again.body.token as string)).body.user as { id: string }).id).toBe(userId)
    // And the other user cannot take it.
    expect((await call(service, 'POST', '/v1/email/update', { email: 'dora.new@example.test' }, other)).status).toBe(409)
  })

  it('ends sessions on sign-out, on expiry and on the control switch', async () => {
    let clock = Date.now()
    const service = await start({ now: () => clock, sessionTtlMs: 60_000 })
    const a = await signIn(service, 'sess@example.test', 'dev-s1')
    const b = await signIn(service, 'sess@example.test', 'dev-s2')
    const c = await signIn(service, 'sess@example.test', 'dev-s3')
    expect((await call(service, 'GET', '/v1/me', undefined, a)).status).toBe(200)
    expect((await call(service, 'POST', '/v1/signout', undefined, a)).body).toEqual({ ok: true })
    expect(await call(service, 'GET', '/v1/me', undefined, a)).toMatchObject({ status: 401, body: { error: 'Session Expired' } })
    expect((await call(service, 'GET', '/v1/me', undefined, b)).status).toBe(200)
    expect(await call(service, 'GET', '/v1/me')).toMatchObject({ status: 401, body: { error: 'Session Expired' } })
    expect((await call(service, 'GET', '/v1/me', undefined, 'made-up')).status).toBe(401)

    expect((await call(service, 'POST', '/_control/sessions/expire')).body).toEqual({ ok: true, expired: 2 })
    expect(await call(service, 'GET', '/v1/me', undefined, b)).toMatchObject({ status: 401, body: { error: 'Session Expired' } })
    expect((await call(service, 'GET', '/v1/me', undefined, c)).status).toBe(401)

    const d = (await call(service, 'POST', '/v1/otp/verify', { email: 'sess@example.test', deviceId: 'dev-s1', otp: '000000' })).body
    expect(d).toEqual({ error: 'No code requested' })
    const since = mark()
    await call(service, 'POST', '/v1/email/connect', { email: 'sess@example.test', deviceId: 'dev-s1' })
    const fresh = (await call(service, 'POST', '/v1/otp/verify', { email: 'sess@example.test', deviceId: 'dev-s1', otp: (await nextMail('sess@example.test', since)).code })).body.token as string
    clock += 59_999
    expect((await call(service, 'GET', '/v1/me', undefined, fresh)).status).toBe(200)
    clock += 1
    expect((await call(service, 'GET', '/v1/me', undefined, fresh)).body).toEqual({ error: 'Session Expired' })
    expect((await call(service, 'GET', '/_control/health')).body).toEqual({ ok: true })
  })

  it('keeps each service to its own users and sessions', async () => {
    const one = await start()
    const two = await start()
    const token = await signIn(one, 'solo@example.test', 'dev-1')
    expect((await call(one, 'GET', '/v1/me', undefined, token)).status).toBe(200)
    expect((await call(two, 'GET', '/v1/me', undefined, token)).status).toBe(401)
    expect((await call(two, 'POST', '/v1/email/connect', { email: 'solo@example.test', deviceId: 'dev-1' })).body).toEqual({ action: 'VERIFY_DEVICE' })
  })
})

describe('auth service: input, routes and the frame', () => {
  it('answers 400 naming the field for malformed bodies, 404 and 405 otherwise', async () => {
    const service = await start()
    const cases: Array<[string, unknown, string]> = [
      ['/v1/email/connect', '{"email":', 'Malformed JSON body'],
      ['/v1/email/connect', '', 'Missing JSON body'],
      ['/v1/email/connect', [1], 'The body must be a JSON object'],
      ['/v1/email/connect', {}, "Missing field 'email'"],
      ['/v1/email/connect', { email: 42, deviceId: 'd' }, "Invalid field 'email': expected a string"],
      ['/v1/email/connect', { email: 'not-an-address', deviceId: 'd' }, "Invalid field 'email': expected an e-mail address"],
      ['/v1/email/connect', { email: 'a@b', deviceId: 'd' }, "Invalid field 'email': expected an e-mail address"],
      ['/v1/email/connect', { email: 'a@example.test' }, "Missing field 'deviceId'"],
      ['/v1/email/connect', { email: 'a@example.test', deviceId: 'has space' }, "Invalid field 'deviceId': expected letters, digits and - _ . :"],
      ['/v1/device/status', { email: 'a@example.test', deviceId: '' }, "Missing field 'deviceId'"],
      ['/v1/otp/verify', { email: 'a@example.test', deviceId: 'd' }, "Missing field 'otp'"],
      ['/v1/otp/verify', { email: 'a@example.test', deviceId: 'd', otp: '12a456' }, "Invalid field 'otp': expected a 6-digit code"],
    ]
    for (const [path, body, error] of cases) {
      const reply = await call(service, 'POST', path, body)
      expect({ path, body, status: reply.status, error: reply.body.error }).toEqual({ path, body, status: 400, error })
    }
    const big = await call(service, 'POST', '/v1/email/connect', JSON.stringify({ email: 'a@example.test', deviceId: 'd', pad: 'x'.repeat(70 * 1024) }))
    expect(big).toMatchObject({ status: 413 })
    expect((await call(service, 'GET', '/v1/nothing')).body).toEqual({ error: 'Not found' })
    const wrongMethod = await call(service, 'GET', '/v1/email/connect')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('POST')
  })

  it('says whether its smart-account networks are pending, up, or why they did not start', async () => {
    const network = { chainId: 31337, bundlerUrl: 'http://127.0.0.1:1', environment: {} as never }
    let up!: (networks: (typeof network)[]) => void
    const starting = await start({ smartAccounts: new Promise((resolve) => (up = resolve)) })
    expect((await call(starting, 'GET', '/v1/smart-accounts')).body).toEqual({ networks: [], pending: true })
    up([network])
    await expect.poll(async () => (await call(starting, 'GET', '/v1/smart-accounts')).body).toEqual({ networks: [network] })

    const lines: string[] = []
    const failed = await start({ smartAccounts: Promise.reject(new Error('alto exited with code 1')), log: (line) => lines.push(line) })
    await expect.poll(async () => (await call(failed, 'GET', '/v1/smart-accounts')).body).toEqual({ networks: [], unavailable: 'alto exited with code 1' })
    expect(lines).toContain('auth: smart accounts unavailable: alto exited with code 1')

    expect((await call(await start(), 'GET', '/v1/smart-accounts')).body).toEqual({ networks: [] })
  })

  it('reaches extra routes, which sign users in through the context', async () => {
    const lines: string[] = []
    const seen: string[] = []
    const social: AuthRoute = async (req, res, url, ctx) => {
      seen.push(url.pathname)
      if (url.pathname === '/v1/test/teapot') throw new AuthHttpError(418, 'Short and stout')
      if (url.pathname === '/v1/test/broken') throw new Error('secret detail')
      if (req.method !== 'POST' || url.pathname !== '/v1/test/social') return false
      const user = await ctx.findOrCreateUser({ method: 'google', subject: url.searchParams.get('sub')!, email: url.searchParams.get('email'), username: 'Link' })
      sendJson(res, 200, { ...(await ctx.createSession(user.id)), userId: user.id, allowed: ctx.isAllowedOrigin('http://127.0.0.1:5173'), denied: ctx.isAllowedOrigin('https://evil.test') })
      return true
    }
    const never: AuthRoute = async () => false
    const service = await start({ routes: [never, social], log: (line) => lines.push(line) })
    expect(service.context.url).toBe(service.url)

    const emailToken = await signIn(service, 'link@example.test', 'dev-l')
    const emailUser = ((await call(service, 'GET', '/v1/me', undefined, emailToken)).body.user as { id: string }).id
    const reply = await call(service, 'POST', '/v1/test/social?sub=g-1&email=LINK@example.test')
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ userId: emailUser, allowed: true, denied: false })
    const me = (await call(service, 'GET', '/v1/me', undefined, reply.body.token as string)).body.user
    expect(me).toMatchObject({ id: emailUser, email: 'link@example.test', auth: 'google', username: 'Link' })
    // The same subject again is the same user; another subject without an e-mail is a new one.
    expect((await call(service, 'POST', '/v1/test/social?sub=g-1')).body.userId).toBe(emailUser)
    const stranger = await call(service, 'POST', '/v1/test/social?sub=g-2')
    expect(stranger.body.userId).not.toBe(emailUser)
    expect((await call(service, 'GET', '/v1/me', undefined, stranger.body.token as string)).body.user).toMatchObject({ email: null, auth: 'google' })
    // A user without an e-mail cannot change it.
    expect(await call(service, 'POST', '/v1/email/update', { email: 'new@example.test' }, stranger.body.token as string)).toMatchObject({ status: 400, body: { error: 'No e-mail to confirm from' } })

    expect(await call(service, 'GET', '/v1/test/teapot')).toMatchObject({ status: 418, body: { error: 'Short and stout' } })
    expect(await call(service, 'GET', '/v1/test/broken')).toMatchObject({ status: 500, body: { error: 'Internal error' } })
    expect(lines.some((line) => line.includes('secret detail'))).toBe(true)
    expect((await call(service, 'GET', '/v1/test/other')).status).toBe(404)
    expect(seen).toContain('/v1/test/other')
    // Routes do not see the service's own paths.
    expect(seen).not.toContain('/v1/me')
  })

  it('serves the frame folder with frame-ancestors and nothing outside it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gangway-frame-'))
    try {
      const frameDir = join(dir, 'frame')
      await mkdir(join(frameDir, 'assets'), { recursive: true })
      await writeFile(join(dir, 'secret.txt'), 'do not serve')
      await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
      await writeFile(join(frameDir, 'assets', 'app.js'), 'console.log(1)')
      await writeFile(join(frameDir, 'assets', 'app.css'), 'body{}')
      await writeFile(join(frameDir, 'assets', 'app.js.map'), '{}')
      await writeFile(join(frameDir, 'assets', 'logo.svg'), '<svg/>')
      await writeFile(join(frameDir, 'assets', 'data.json'), '{"a":1}')
      const service = await start({ frameDir, allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173/'] })

      for (const path of ['/frame/', '/frame/index.html']) {
        const page = await fetch(`${service.url}${path}`)
        expect(page.status).toBe(200)
        expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
        expect(page.headers.get('content-security-policy')).toBe('frame-ancestors http://127.0.0.1:5173 http://localhost:5173')
        expect(await page.text()).toContain('<title>frame</title>')
      }
      const types: Record<string, string> = {
        'app.js': 'text/javascript',
        'app.css': 'text/css',
        'app.js.map': 'application/json',
        'logo.svg': 'image/svg+xml',
        'data.json': 'application/json',
      }
      for (const [file, type] of Object.entries(types)) {
        const reply = await fetch(`${service.url}/frame/assets/${file}`)
        expect(reply.status).toBe(200)
        expect(reply.headers.get('content-type')?.split(';')[0]).toBe(type)
        expect(reply.headers.get('content-security-policy')).toBeNull()
      }
      const redirect = await fetch(`${service.url}/frame`, { redirect: 'manual' })
      expect(redirect.status).toBe(308)
      expect(redirect.headers.get('location')).toBe('/frame/')
      expect((await fetch(`${service.url}/frame/missing.js`)).status).toBe(404)
      for (const path of ['/frame/../package.json', '/frame/../secret.txt', '/frame/..%2fsecret.txt', '/frame/%2e%2e/secret.txt', '/frame/assets/..%5c..%5csecret.txt', '/frame/%00', '/frame/%E0%A4%A']) {
        const reply = await rawGet(service, path)
        expect({ path, status: reply.status }).toEqual({ path, status: 404 })
        expect(reply.text).not.toContain('do not serve')
        expect(reply.text).not.toContain('"name"')
      }
      expect(service.context.isAllowedOrigin('http://localhost:5173')).toBe(true)
      expect(service.context.isAllowedOrigin('http://127.0.0.1:9999')).toBe(false)

      const open = await start({ frameDir })
      expect((await fetch(`${open.url}/frame/`)).headers.get('content-security-policy')).toBe('frame-ancestors http://127.0.0.1:* http://localhost:*')
      expect(open.context.isAllowedOrigin('http://127.0.0.1:9999')).toBe(true)
      expect(open.context.isAllowedOrigin('http://localhost:3000')).toBe(true)
      expect(open.context.isAllowedOrigin('https://example.test')).toBe(false)
      const none = await start()
      expect((await fetch(`${none.url}/frame/`)).status).toBe(404)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('auth service on a shared database', () => {
  /** The user id of a session token, or the status when there is none. */
  const whoIs = async (service: AuthService, token: string) => {
    const me = await call(service, 'GET', '/v1/me', undefined, token)
    return me.status === 200 ? (me.body.user as { id: string }).id : me.status
  }

  /** Mails a login code for an approved device through `service`; returns it. */
  async function loginCode(service: AuthService, email: string, deviceId: string): Promise<string> {
    const since = mark()
    expect((await call(service, 'POST', '/v1/email/connect', { email, deviceId })).body).toEqual({ action: 'VERIFY_OTP' })
    return (await nextMail(email, since)).code!
  }

  // (PGlite runs the same SQL through the same driver code, held to it by the gateway's storage
  // suite; a PGlite start costs seconds, so these run on the PostgreSQL server.)
  it('keeps a signed-in session, an approved device and a pending code across a restart', async () => {
    const database = { url: await freshDatabase() }
    const first = await start({ database })
    const token = await signIn(first, 'restart@example.test', 'dev-r1')
    const userId = await whoIs(first, token)
    const pending = await loginCode(first, 'restart@example.test', 'dev-r1')
    await first.stop()

    const second = await start({ database })
    expect(await whoIs(second, token)).toBe(userId)
    const reply = await call(second, 'POST', '/v1/otp/verify', { email: 'restart@example.test', deviceId: 'dev-r1', otp: pending })
    expect(reply.status).toBe(200)
    expect(await whoIs(second, reply.body.token as string)).toBe(userId)
    // A device never approved still needs its link.
    expect((await call(second, 'POST', '/v1/email/connect', { email: 'restart@example.test', deviceId: 'dev-r2' })).body).toEqual({ action: 'VERIFY_DEVICE' })

    // The gateway migrates its own tables into the same database beside the service's.
    const gateway = await openStorage(database)
    await gateway.names.count()
    await gateway.close()
    expect(await whoIs(second, token)).toBe(userId)
    // The database holds no token that signs anybody in: only their hashes.
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ token_hash: string }>('SELECT token_hash FROM auth_sessions')
      expect(rows.length).toBe(2)
      expect(rows.map((r) => r.token_hash)).not.toContain(token)
    } finally {
      await client.end()
    }
  }, 30_000)

  it('shares sign-ins under way (social logins, Farcaster channels) between two services, each taken once', async () => {
    const database = { url: await freshDatabase() }
    const [one, two] = await Promise.all([start({ database }), start({ database })])
    const record = { provider: 'github', origin: 'http://127.0.0.1:5173', verifier: 'v', nonce: 'n' }
    await one.context.signIns.putSignIn('social-login', 'state-1', record, Date.now() + 60_000)
    expect(await two.context.signIns.getSignIn('social-login', 'state-1')).toEqual(record)
    // Kinds are apart.
    expect(await two.context.signIns.getSignIn('farcaster-channel', 'state-1')).toBeUndefined()
    // Taken at once through both: one gets it, and it is gone.
    const takes = await Promise.all([one, two].map((s) => s.context.signIns.takeSignIn('social-login', 'state-1')))
    expect(takes.filter((t) => t !== undefined)).toEqual([record])
    expect(await one.context.signIns.getSignIn('social-login', 'state-1')).toBeUndefined()
    // An expired one is neither read nor taken.
    await two.context.signIns.putSignIn('social-result', 'code-1', { userId: 'u_1' }, Date.now() - 1)
    expect(await one.context.signIns.getSignIn('social-result', 'code-1')).toBeUndefined()
    expect(await one.context.signIns.takeSignIn('social-result', 'code-1')).toBeUndefined()
  })

  it('shares users, sessions, device approvals and one-time codes between two services', async () => {
    const database = { url: await freshDatabase() }
    const [one, two] = await Promise.all([start({ database }), start({ database })])
    const email = 'shared@example.test'

    // The link mailed by one service approves the device for the other; the code goes out once.
    let since = mark()
    expect((await call(one, 'POST', '/v1/email/connect', { email, deviceId: 'dev-a' })).body).toEqual({ action: 'VERIFY_DEVICE' })
    const link = /https?:\/\/\S+\/v1\/device\/approve\?token=([0-9a-f]+)/.exec((await nextMail(email, since)).mail.text)![1]!
    expect((await fetch(`${two.url}/v1/device/approve?token=${link}`)).status).toBe(200)
    since = mark()
    expect((await call(two, 'POST', '/v1/device/status', { email, deviceId: 'dev-a' })).body).toEqual({ approved: true, action: 'VERIFY_OTP' })
    expect((await call(one, 'POST', '/v1/device/status', { email, deviceId: 'dev-a' })).body).toEqual({ approved: true })
    const code = (await nextMail(email, since)).code!

    // The code mailed through one service signs in through the other, once.
    const session = await call(two, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-a', otp: code })
    expect(session.status).toBe(200)
    expect((await call(one, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-a', otp: code })).body).toEqual({ error: 'No code requested' })
    const token = session.body.token as string
    const userId = await whoIs(one, token)
    expect(userId).toEqual(expect.stringMatching(/^u_/))
    expect(await whoIs(two, token)).toBe(userId)

    // Both services find the same user for an identity, even asked at the same moment.
    const [viaOne, viaTwo] = await Promise.all([
      one.context.findOrCreateUser({ method: 'google', subject: 'g-shared', email: 'SHARED@example.test', username: 'Shared' }),
      two.context.findOrCreateUser({ method: 'google', subject: 'g-shared', email: 'shared@example.test', username: 'Shared' }),
    ])
    expect([viaOne.id, viaTwo.id]).toEqual([userId, userId])
    const [newOne, newTwo] = await Promise.all([
      one.context.findOrCreateUser({ method: 'github', subject: 'gh-new' }),
      two.context.findOrCreateUser({ method: 'github', subject: 'gh-new' }),
    ])
    expect(newOne.id).toBe(newTwo.id)
    expect(newOne.privateKey).toBe(newTwo.privateKey)

    // Wrong tries count wherever they land: five, sent at once through both, burn the code.
    const fresh = await loginCode(one, email, 'dev-a')
    const tries = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => call(i % 2 ? one : two, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-a', otp: wrong(fresh, i) })))
    expect(tries.filter((t) => t.body.error === 'Invalid code').length).toBe(4)
    expect(tries.filter((t) => t.body.error === 'Too many attempts, request a new code').length).toBe(3)
    expect((await call(two, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-a', otp: fresh })).body).toEqual({ error: 'Too many attempts, request a new code' })
    expect((await call(one, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-a', otp: fresh })).body).toEqual({ error: 'Too many attempts, request a new code' })

    // A code asked for through one service and entered at once through both signs in once.
    const last = await loginCode(two, email, 'dev-a')
    const racing = await Promise.all([one, two].map((s) => call(s, 'POST', '/v1/otp/verify', { email, deviceId: 'dev-a', otp: last })))
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400])
    expect(racing.find((r) => r.status === 400)!.body).toEqual({ error: 'No code requested' })
    const winner = racing.find((r) => r.status === 200)!.body.token as string
    expect(await whoIs(one, winner)).toBe(userId)

    // Signing out through one service signs out of both; the control's switch too.
    expect((await call(one, 'POST', '/v1/signout', undefined, token)).status).toBe(200)
    expect(await whoIs(two, token)).toBe(401)
    expect((await call(two, 'POST', '/_control/sessions/expire')).body).toEqual({ ok: true, expired: 1 })
    expect(await whoIs(one, winner)).toBe(401)
  }, 30_000)

  it('runs on PGlite: sign-in, the e-mail change and sign-out', async () => {
    const service = await start({ database: {} })
    const token = await signIn(service, 'lite@example.test', 'dev-p')
    const userId = await whoIs(service, token)
    let since = mark()
    await call(service, 'POST', '/v1/email/update', { email: 'lite.new@example.test' }, token)
    const primary = (await nextMail('lite@example.test', since)).code
    since = mark()
    expect((await call(service, 'POST', '/v1/email/update/primary', { otp: primary }, token)).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = (await nextMail('lite.new@example.test', since)).code
    expect((await call(service, 'POST', '/v1/email/update/secondary', { otp: secondary }, token)).body).toEqual({ email: 'lite.new@example.test' })
    const again = await call(service, 'POST', '/v1/otp/verify', { email: 'lite.new@example.test', deviceId: 'dev-p', otp: await loginCode(service, 'lite.new@example.test', 'dev-p') })
    expect(await whoIs(service, again.body.token as string)).toBe(userId)
    expect((await call(service, 'POST', '/v1/signout', undefined, token)).status).toBe(200)
    expect(await whoIs(service, token)).toBe(401)
  }, 30_000)

  it('answers 503 while PostgreSQL is down and serves again once it is back, the code still good', async () => {
    const database = { url: await freshDatabase() }
    const service = await start({ database })
    const token = await signIn(service, 'outage@example.test', 'dev-o')
    const code = await loginCode(service, 'outage@example.test', 'dev-o')
    await postgres!.stop()
    try {
      expect(await call(service, 'GET', '/v1/me', undefined, token)).toMatchObject({ status: 503, body: { error: 'The wallet service is unavailable, try again' } })
      expect((await call(service, 'POST', '/v1/otp/verify', { email: 'outage@example.test', deviceId: 'dev-o', otp: code })).status).toBe(503)
    } finally {
      await postgres!.start()
    }
    await expect.poll(() => whoIs(service, token), { timeout: 10_000 }).toEqual(expect.stringMatching(/^u_/))
    expect((await call(service, 'POST', '/v1/otp/verify', { email: 'outage@example.test', deviceId: 'dev-o', otp: code })).status).toBe(200)
  }, 30_000)
})
