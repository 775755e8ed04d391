// The embedded wallet's auth service on 127.0.0.1: e-mail sign-in with one-time codes, device
// approval by mailed link, sessions, changing the e-mail, and the built frame page under /frame/.
// Other sign-in methods (social login, Farcaster) plug in as extra routes sharing its users and
// sessions. Its users, devices, sessions and codes are kept in the service's memory, or with
// `database` in PostgreSQL (PGlite or a server), where a restart keeps them and every service
// on the database shares them.
//
// API (JSON in and out, `{ error }` on failure, never cached):
// - POST /v1/email/connect {email, deviceId}         → { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }
// - GET  /v1/device/approve?token=                    → HTML page (400 when invalid or used)
// - POST /v1/device/status {email, deviceId}          → { approved, action?: 'VERIFY_OTP' }
// - POST /v1/otp/verify {email, deviceId, otp}        → { token, expiresAt }
// - GET  /v1/me (Bearer)                              → { user: { id, email, username, auth, address, privateKey,
//                                                          solanaAddress, solanaSeed } }
// - POST /v1/signout (Bearer)                         → { ok: true }
// - POST /v1/email/update {email} (Bearer)            → { action: 'VERIFY_PRIMARY_OTP' }
// - POST /v1/email/update/primary {otp} (Bearer)      → { action: 'VERIFY_SECONDARY_OTP' }
// - POST /v1/email/update/secondary {otp} (Bearer)    → { email }
// - POST /_control/sessions/expire                    → { ok: true, expired }
// - POST /_control/codes/expire                       → { ok: true, expired } (pending codes now say 'Code expired')
// - GET  /_control/health                             → { ok: true }
// - GET  /frame/…                                     → the frame's static files

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit'
import { hexToBytes } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import type { SmartAccountsEnvironment } from '../delegationFramework'
import { serveFrameFile } from './frame'
import { bearerToken, deviceIdField, emailField, otpField, readJson, sendHtml, sendJson } from './http'
import { approvalMail, codeMail, simplePage, type CodePurpose, type ServiceMail } from './messages'
import type { AuthDatabaseOptions } from './sqlStore'
import { createAuthStore, noCodeRequested, type AuthStore } from './store'
import { AuthHttpError, type AuthRoute, type AuthRouteContext, type AuthUserRecord } from './types'

export type AuthServiceOptions = {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number
  /** Sends the codes and approval links. */
  mailer: { send(mail: ServiceMail): Promise<void> }
  /** Origins whose pages may embed the frame (default: any http://127.0.0.1:* and http://localhost:*). */
  allowedOrigins?: string[]
  /** A built folder served at /frame/ (index.html, assets). */
  frameDir?: string
  /** Extra sign-in routes (social, Farcaster), tried in order before 404. */
  routes?: AuthRoute[]
  /** Session lifetime, ms (default 7 days). */
  sessionTtlMs?: number
  /** One-time code lifetime, ms (default 10 minutes). */
  otpTtlMs?: number
  /** The clock, ms since the epoch (default Date.now). */
  now?: () => number
  /**
   * Where users, devices, sessions and one-time codes are kept: `{ url }` a PostgreSQL server
   * (every service pointed at it shares them), `{ dataDir? }` PGlite (PostgreSQL in WASM) on disk
   * or in memory; the tables are made at start. Without it, the service's memory (a restart
   * signs everybody out).
   */
  database?: AuthDatabaseOptions
  /** Receives one line per request and any internal error. */
  log?: (line: string) => void
  /**
   * The networks whose users get an ERC-4337 smart account (spec: smartAccountEnabledNetworks),
   * each with the bundler and the optional sponsoring paymaster the wallet sends through. None by default.
   */
  smartAccounts?: SmartAccountNetworkConfig[] | Promise<SmartAccountNetworkConfig[]>
}

/**
 * A network the embedded wallet runs smart accounts on (GET /v1/smart-accounts): its bundler, an
 * optional sponsoring paymaster, and the addresses of the delegation framework the accounts are
 * made of (dev/auth/delegationFramework.ts).
 */
export type SmartAccountNetworkConfig = { chainId: number; bundlerUrl: string; paymasterUrl?: string; environment: SmartAccountsEnvironment }

export type AuthService = {
  /** http://127.0.0.1:PORT */
  url: string
  port: number
  stop(): Promise<void>
  /** What extra routes are handed: users, sessions, origins. */
  context: AuthRouteContext
}

/** What /v1/me tells about a user: `address` is the EVM key's, `solanaAddress` the Solana seed's (base58). */
export type AuthMeUser = Pick<AuthUserRecord, 'id' | 'email' | 'username' | 'auth' | 'privateKey' | 'solanaSeed'> & {
  address: `0x${string}`
  solanaAddress: string
}

/**
 * The Solana address (base58 of the Ed25519 public key) of a 32-byte seed.
 *
 * @example
 * await solanaAddressOfSeed(`0x${'00'.repeat(32)}`) // '4zvwRjXUKGfvwnParsHAS3HuSVzV5cA4McphgmoCtajS'
 */
export async function solanaAddressOfSeed(seed: `0x${string}`): Promise<string> {
  return (await createKeyPairSignerFromPrivateKeyBytes(hexToBytes(seed))).address
}

const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
const DEFAULT_OTP_TTL_MS = 10 * 60 * 1000
/** The frame-ancestors sources when no origins are listed. */
const DEFAULT_FRAME_ANCESTORS = 'http://127.0.0.1:* http://localhost:*'
const DEFAULT_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d{1,5})?$/

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>

/** The status of an error meant for the client (an AuthHttpError, or any error carrying one), else null. */
function clientStatus(error: unknown): number | null {
  if (error instanceof AuthHttpError) return error.status
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status
    if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599) return status
  }
  return null
}

/** An origin's canonical form; throws on a value that is not an http(s) origin. */
function canonicalOrigin(origin: string): string {
  const url = new URL(origin)
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) throw new Error(`Not an origin: ${origin}`)
  return url.origin
}

/**
 * Starts the auth service on 127.0.0.1. Without `database` its state lives in this service only:
 * two services share nothing; with one, every service on it shares users, sessions and codes.
 *
 * @example
 * const auth = await startAuthService({ mailer: createMailer({ port: sink.smtpPort }) })
 * await fetch(`${auth.url}/v1/email/connect`, { method: 'POST', body: JSON.stringify({ email, deviceId }) })
 * await auth.stop()
 */
export async function startAuthService(options: AuthServiceOptions): Promise<AuthService> {
  const log = options.log ?? (() => {})
  const now = options.now ?? Date.now
  const otpTtlMs = options.otpTtlMs ?? DEFAULT_OTP_TTL_MS
  const storeOptions = { now, otpTtlMs, sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS }
  const store: AuthStore = options.database
    ? await import('./sqlStore').then((m) => m.openSqlAuthStore(options.database!, storeOptions))
    : createAuthStore(storeOptions)
  const allowed = options.allowedOrigins ? new Set(options.allowedOrigins.map(canonicalOrigin)) : null
  const frameAncestors = allowed ? (allowed.size ? [...allowed].join(' ') : "'none'") : DEFAULT_FRAME_ANCESTORS
  const extraRoutes = options.routes ?? []
  let baseUrl = ''
  // The smart-account networks once known (a promise settles later); failed to start: none.
  let smartAccountNetworks: SmartAccountNetworkConfig[] | null = Array.isArray(options.smartAccounts) ? options.smartAccounts : options.smartAccounts ? null : []
  /** Why the smart-account networks did not come up, said in GET /v1/smart-accounts. */
  let smartAccountsUnavailable: string | null = null
  if (options.smartAccounts instanceof Promise) {
    options.smartAccounts.then(
      (networks) => (smartAccountNetworks = networks),
      (error: unknown) => {
        smartAccountsUnavailable = error instanceof Error ? error.message : String(error)
        log(`auth: smart accounts unavailable: ${smartAccountsUnavailable}`)
        smartAccountNetworks = []
      },
    )
  }

  const context: AuthRouteContext = {
    get url() {
      return baseUrl
    },
    isAllowedOrigin: (origin) => (allowed ? allowed.has(origin) : DEFAULT_ORIGIN.test(origin)),
    findOrCreateUser: (identity) => store.findOrCreateUser(identity),
    createSession: (userId) => store.createSession(userId),
    signIns: store,
    now,
  }

  /** Sends a mail; a mailer failure becomes 502 for the client and a log line. */
  async function mail(message: ServiceMail): Promise<void> {
    try {
      await options.mailer.send(message)
    } catch (error) {
      log(`auth: mail to ${message.to} failed: ${error instanceof Error ? error.message : String(error)}`)
      throw new AuthHttpError(502, 'Could not send the e-mail, try again')
    }
  }

  /** Mails a fresh code. */
  async function mailCode(to: string, code: string, purpose: CodePurpose): Promise<void> {
    await mail(codeMail(to, code, purpose, otpTtlMs))
  }

  /** The signed-in user of the request; 401 `Session Expired` otherwise. */
  async function requireUser(req: IncomingMessage): Promise<AuthUserRecord> {
    const user = await store.sessionUser(bearerToken(req))
    if (!user) throw new AuthHttpError(401, 'Session Expired')
    return user
  }

  /** Mails a new login code to the address for the device. */
  async function sendLoginCode(email: string, deviceId: string): Promise<void> {
    await mailCode(email, await store.newLoginCode(email, deviceId), 'login')
  }

  const api: Record<string, Record<string, Handler>> = {
    '/v1/email/connect': {
      POST: async (req, res) => {
        const body = await readJson(req)
        const email = emailField(body)
        const deviceId = deviceIdField(body)
        if (await store.isDeviceApproved(email, deviceId)) {
          await store.takeApprovalNotice(email, deviceId)
          await sendLoginCode(email, deviceId)
          sendJson(res, 200, { action: 'VERIFY_OTP' })
          return
        }
        const token = await store.approvalToken(email, deviceId)
        await mail(approvalMail(email, `${baseUrl}/v1/device/approve?token=${token}`))
        sendJson(res, 200, { action: 'VERIFY_DEVICE' })
      },
    },
    '/v1/device/approve': {
      GET: async (_req, res, url) => {
        const token = url.searchParams.get('token') ?? ''
        const approved = /^[0-9a-f]{64}$/.test(token) ? await store.approve(token) : null
        if (!approved) {
          sendHtml(res, 400, simplePage('Link invalid', 'This approval link is invalid or was already used. Sign in again from the app to get a new one.'))
          return
        }
        log(`auth: device approved for ${approved.email}`)
        sendHtml(res, 200, simplePage('Device approved', 'Device approved. You can return to the app.'))
      },
    },
    '/v1/device/status': {
      POST: async (req, res) => {
        const body = await readJson(req)
        const email = emailField(body)
        const deviceId = deviceIdField(body)
        if (!(await store.isDeviceApproved(email, deviceId))) {
          sendJson(res, 200, { approved: false })
          return
        }
        if (await store.takeApprovalNotice(email, deviceId)) {
          await sendLoginCode(email, deviceId)
          sendJson(res, 200, { approved: true, action: 'VERIFY_OTP' })
          return
        }
        sendJson(res, 200, { approved: true })
      },
    },
    '/v1/otp/verify': {
      POST: async (req, res) => {
        const body = await readJson(req)
        const email = emailField(body)
        const deviceId = deviceIdField(body)
        const otp = otpField(body)
        const spend = await store.checkLoginCode(email, deviceId, otp)
        // The code is spent last: a failure before it (the database gone) leaves it to be entered again.
        const user = await store.findOrCreateUser({ method: 'email', subject: email, email })
        const session = await store.createSession(user.id)
        if (!(await spend())) {
          await store.endSession(session.token)
          throw noCodeRequested()
        }
        sendJson(res, 200, session)
      },
    },
    '/v1/smart-accounts': {
      GET: async (_req, res) => {
        // Still starting (a bundler, the framework's deployment): none yet, and the frame asks again later.
        // Failed to start: none, and why.
        sendJson(
          res,
          200,
          smartAccountNetworks === null
            ? { networks: [], pending: true }
            : smartAccountsUnavailable !== null
              ? { networks: [], unavailable: smartAccountsUnavailable }
              : { networks: smartAccountNetworks },
        )
      },
    },
    '/v1/me': {
      GET: async (req, res) => {
        const user = await requireUser(req)
        const me: AuthMeUser = {
          id: user.id,
          email: user.email,
          username: user.username,
          auth: user.auth,
          address: privateKeyToAddress(user.privateKey),
          privateKey: user.privateKey,
          solanaAddress: await solanaAddressOfSeed(user.solanaSeed),
          solanaSeed: user.solanaSeed,
        }
        sendJson(res, 200, { user: me })
      },
    },
    '/v1/signout': {
      POST: async (req, res) => {
        const token = bearerToken(req)
        if (token === null) throw new AuthHttpError(401, 'Session Expired')
        await store.endSession(token)
        sendJson(res, 200, { ok: true })
      },
    },
    '/v1/email/update': {
      POST: async (req, res) => {
        const user = await requireUser(req)
        const email = emailField(await readJson(req))
        const { currentEmail, code } = await store.startEmailUpdate(user, email)
        await mailCode(currentEmail, code, 'confirm-current')
        sendJson(res, 200, { action: 'VERIFY_PRIMARY_OTP' })
      },
    },
    '/v1/email/update/primary': {
      POST: async (req, res) => {
        const user = await requireUser(req)
        const otp = otpField(await readJson(req))
        const { newEmail, code } = await store.confirmPrimary(user, otp)
        await mailCode(newEmail, code, 'confirm-new')
        sendJson(res, 200, { action: 'VERIFY_SECONDARY_OTP' })
      },
    },
    '/v1/email/update/secondary': {
      POST: async (req, res) => {
        const user = await requireUser(req)
        const otp = otpField(await readJson(req))
        sendJson(res, 200, { email: await store.confirmSecondary(user, otp) })
      },
    },
    '/_control/sessions/expire': {
      POST: async (_req, res) => {
        sendJson(res, 200, { ok: true, expired: await store.expireSessions() })
      },
    },
    '/_control/codes/expire': {
      POST: async (_req, res) => {
        sendJson(res, 200, { ok: true, expired: await store.expireCodes() })
      },
    },
    '/_control/health': {
      GET: async (_req, res) => {
        sendJson(res, 200, { ok: true })
      },
    },
  }

  /** Answers one request: the API, the frame, the extra routes, else 404 (405 for a known path). */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl)
    const method = req.method ?? 'GET'
    const own = api[url.pathname]
    const handler = own?.[method]
    if (handler) return handler(req, res, url)
    if (url.pathname === '/frame' || url.pathname.startsWith('/frame/')) {
      if (method === 'GET' || method === 'HEAD') {
        if (url.pathname === '/frame') {
          res.writeHead(308, { location: `/frame/${url.search}` }).end()
          return
        }
        if (options.frameDir && (await serveFrameFile(res, options.frameDir, url.pathname.slice('/frame/'.length), frameAncestors, method === 'HEAD'))) return
      }
      sendJson(res, 404, { error: 'Not found' })
      return
    }
    for (const route of extraRoutes) if (await route(req, res, url, context)) return
    if (own) sendJson(res, 405, { error: 'Method not allowed' }, { allow: Object.keys(own).join(', ') })
    else sendJson(res, 404, { error: 'Not found' })
  }

  /** Answers an error: a client error with its status and message, anything else 500 (logged). */
  function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    const status = clientStatus(error)
    if (status === null) log(`auth: ${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    if (res.headersSent) {
      res.destroy()
      return
    }
    const message = status === null ? 'Internal error' : (error as Error).message
    // The rest of an oversized body is not read: the connection ends with the reply.
    sendJson(res, status ?? 500, { error: message }, status === 413 ? { connection: 'close' } : {})
  }

  const server = createServer((req, res) => {
    const started = Date.now()
    res.once('finish', () => log(`auth: ${req.method} ${req.url?.split('?')[0]} ${res.statusCode} ${Date.now() - started}ms`))
    handle(req, res).catch((error: unknown) => fail(req, res, error))
  })
  try {
    await new Promise<void>((ok, failed) => {
      server.once('error', failed)
      server.listen(options.port ?? 0, '127.0.0.1', () => ok())
    })
  } catch (error) {
    await store.close().catch(() => {})
    throw error
  }
  const { port } = server.address() as AddressInfo
  baseUrl = `http://127.0.0.1:${port}`

  let stopping: Promise<void> | undefined
  return {
    url: baseUrl,
    port,
    context,
    stop() {
      stopping ??= new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }).then(() => store.close())
      return stopping
    },
  }
}
