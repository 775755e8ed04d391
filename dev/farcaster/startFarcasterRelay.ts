// A local Sign In With Farcaster relay and a dev "Farcaster client", on 127.0.0.1: enough of the
// hosted relay (relay.farcaster.xyz) for @farcaster/auth-client 0.7 to create a channel, watch it
// and verify the signed message without the internet.
//
// The relay API (`/v1`, as the hosted relay answers it; see ../../../shared/OFFLINE-NOTES.md,
// "Social login (OIDC), e-mail codes (SMTP), Farcaster"):
// - POST /v1/channel {siweUri, domain, nonce?, notBefore?, expirationTime?, requestId?,
//   redirectUrl?, acceptAuthAddress?} → 201 {channelToken, url, connectUri, nonce}; a body that
//   breaks the relay's schema → 400 {error: 'Validation error', message};
// - GET /v1/channel/status (Authorization: Bearer <channelToken>) → 202 with the channel while it
//   is pending, 200 once completed, and then the channel is closed: the next read is 401;
// - POST /v1/channel/authenticate (Bearer <channelToken>, X-Farcaster-Auth-Relay-Key) → 201 with
//   the completed channel (the fid's custody address looked up in the dev users, the ID registry
//   stand-in); a wrong key or an unknown channel → 401;
// - the older /v1/connect, /v1/connect/status and /v1/connect/authenticate names answer the same;
// - channels expire 5 minutes after they were opened (a read then is 401); every reply is JSON.
//
// The dev Farcaster client (what a visitor reaches from the QR code or the deep link):
// - GET /client?uri=<sign-in URL> → an HTML page showing the app's domain and the request, the
//   dev account, and "Approve sign-in" / "Cancel";
// - POST /client/approve {uri, fid?} builds the SIWF message for the channel, signs it with the
//   fid's custody key and completes the channel as /v1/channel/authenticate would → 201;
// - POST /client/cancel {uri} closes the pending channel (the app's next status read is 401). The
//   hosted relay has no such call: a real client that declines just never answers.
// - GET /client/pfp/<fid>.svg is the dev accounts' profile picture.

import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletClient, type CreateClientArgs } from '@farcaster/auth-client'
import { createPublicClient, custom, isAddressEqual, recoverAddress, zeroAddress, type Address, type Chain, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { optimism } from 'viem/chains'
import { generateSiweNonce } from 'viem/siwe'
import { avatarSvg, clientPage, clientPageCsp, type ClientPageAccount, type ClientPageRequest } from './clientPage'

/** A Farcaster account of the dev stack: its fid, profile, and the custody key that owns the fid. */
export type DevFarcasterUser = {
  fid: number
  username: string
  displayName: string
  custodyPrivateKey: `0x${string}`
}

/** The `X-Farcaster-Auth-Relay-Key` the dev relay accepts on /v1/channel/authenticate. */
export const DEV_FARCASTER_RELAY_KEY = 'gangway-dev-farcaster-relay-key'

/** Where a sign-in URL points (the hosted relay's default); the dev client reads it from `/client?uri=`. */
export const DEFAULT_SIGN_IN_URL_BASE = 'https://farcaster.xyz/~/siwf'

/** How long a channel lives after it was opened, ms. */
export const DEFAULT_CHANNEL_TTL_MS = 5 * 60_000

/** The statement of every Sign In With Farcaster message. */
export const SIWF_STATEMENT = 'Farcaster Auth'

/** Most open channels kept; one more drops the oldest. */
const MAX_CHANNELS = 10_000
/** Largest request body, bytes. */
const MAX_BODY_BYTES = 64 * 1024
const SWEEP_MS = 30_000
const TOKEN_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
const TOKEN_LENGTH = 16
/** Domains the hosted relay refuses to open channels for (phishing targets). */
const RESTRICTED_DOMAINS = ['farcaster.xyz']
const DOMAIN_PATTERN = /^[a-zA-Z0-9.-]+(:[0-9]+)?$/
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\.eth$/
const SIGNATURE_PATTERN = /^0x[a-fA-F0-9]{130}$/
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i

/** How startFarcasterRelay runs; every field is optional. */
export type FarcasterRelayOptions = {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number
  /** The accounts the dev client signs in with and the ID registry stand-in (default: one account, fid 7777, `gangway-dev`, with a fresh custody key). */
  users?: DevFarcasterUser[]
  /** How long a channel lives after it was opened, ms (default 5 minutes). */
  channelTtlMs?: number
  /** The base of the sign-in URLs handed out (default https://farcaster.xyz/~/siwf). */
  signInUrlBase?: string
  /** Receives one line per notable event. */
  log?: (line: string) => void
  /** The time in ms that channel lifetimes are counted in (default `Date.now`). */
  now?: () => number
}

/** A running dev Farcaster relay and client. */
export type FarcasterRelay = {
  /** http://127.0.0.1:PORT, the `relay` option of @farcaster/auth-client. */
  url: string
  port: number
  /** The accounts in use (the default one, with its generated key, when none were given). */
  users: DevFarcasterUser[]
  stop(): Promise<void>
}

/** A channel as the relay keeps it and reports it (status replies leave out `url` and `connectUri`). */
export type FarcasterChannelState = {
  state: 'pending' | 'completed'
  nonce: string
  url: string
  connectUri: string
  acceptAuthAddress: boolean
  signatureParams: ChannelRequest & { nonce: string }
  metadata: { ip: string; userAgent: string }
  message?: string
  signature?: Hex
  authMethod?: 'custody' | 'authAddress'
  fid?: number
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
  custody?: Address
  verifications?: string[]
}

/** What an app asks a channel for (the body of POST /v1/channel). */
type ChannelRequest = {
  siweUri: string
  domain: string
  nonce?: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
  redirectUrl?: string
  acceptAuthAddress?: boolean
}

type AuthenticateRequest = {
  message: string
  signature: Hex
  authMethod?: 'custody' | 'authAddress'
  fid: number
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
}

type Channel = { token: string; expiresAt: number; state: FarcasterChannelState }

type Reply = { status: number; body: unknown }

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`)
  }
}

/**
 * The `ethereum` connector @farcaster/auth-client verifies with, backed by the dev accounts
 * instead of Optimism's ID and key registries: `getFid` maps a custody address to its fid (0n for
 * an address that owns none, as the ID registry answers), no address is an auth address, and
 * signatures are checked by ECDSA recovery (the dev custody accounts are plain keys). The public
 * client has no node behind it and never retries.
 */
export function devFarcasterConnector(users: readonly DevFarcasterUser[]): CreateClientArgs['ethereum'] {
  const fidByCustody = new Map<string, bigint>()
  for (const user of users) fidByCustody.set(custodyAddress(user).toLowerCase(), BigInt(user.fid))
  const chain: Chain = {
    ...optimism,
    verifyHash: async (_client, { address, hash, signature }) => {
      try {
        const signer = await recoverAddress({ hash, signature: signature as Hex })
        return isAddressEqual(signer, address)
      } catch {
        return false
      }
    },
  }
  const publicClient = createPublicClient({
    chain,
    transport: custom(
      {
        async request({ method }: { method: string }) {
          throw new Error(`The dev Farcaster stack has no Optimism node (${method})`)
        },
      },
      { retryCount: 0 },
    ),
  })
  return {
    getFid: async (custody: Address) => fidByCustody.get(custody.toLowerCase()) ?? 0n,
    isValidAuthAddress: async () => false,
    publicClient,
  }
}

/** The custody address of a dev account. */
export function custodyAddress(user: Pick<DevFarcasterUser, 'custodyPrivateKey'>): Address {
  return privateKeyToAccount(user.custodyPrivateKey).address
}

/** The dev client's page for a sign-in URL: `<relay>/client?uri=<url>`. */
export function clientPageUrl(relayUrl: string, signInUrl: string): string {
  return `${relayUrl.replace(/\/+$/, '')}/client?uri=${encodeURIComponent(signInUrl)}`
}

/**
 * Approves a sign-in as the dev client's Approve button does: the relay signs the channel's SIWF
 * message with the custody key of `fid` (default: its first account) and completes the channel.
 * Resolves with the completed channel; rejects with the relay's error otherwise.
 *
 * @example
 * const { url } = await appClient.createChannel({ siweUri: 'http://127.0.0.1:5123', domain: '127.0.0.1:5123' })
 * await approveChannel(relay.url, url)
 */
export async function approveChannel(relayUrl: string, uri: string, fid?: number): Promise<FarcasterChannelState> {
  return (await clientPost(relayUrl, '/client/approve', fid === undefined ? { uri } : { uri, fid })) as FarcasterChannelState
}

/** Declines a sign-in as the dev client's Cancel button does: the relay closes the pending channel. */
export async function cancelChannel(relayUrl: string, uri: string): Promise<void> {
  await clientPost(relayUrl, '/client/cancel', { uri })
}

async function clientPost(relayUrl: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${relayUrl.replace(/\/+$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json: unknown = await res.json().catch(() => ({}))
  if (!res.ok) {
    const error = isRecord(json) && typeof json.error === 'string' ? json.error : 'no reason given'
    throw new Error(`Farcaster relay ${path} failed (${res.status}): ${error}`)
  }
  return json
}

function checkUsers(users: DevFarcasterUser[] | undefined): DevFarcasterUser[] {
  const list = users ?? [{ fid: 7777, username: 'gangway-dev', displayName: 'Gangway Dev', custodyPrivateKey: generatePrivateKey() }]
  if (list.length === 0) throw new TypeError('The Farcaster relay needs at least one dev user')
  const fids = new Set<number>()
  const custodies = new Set<string>()
  return list.map((user) => {
    if (!Number.isSafeInteger(user.fid) || user.fid < 1) throw new TypeError(`Farcaster fid must be a positive integer, got ${String(user.fid)}`)
    if (fids.has(user.fid)) throw new TypeError(`Farcaster fid ${user.fid} is listed twice`)
    if (!USERNAME_PATTERN.test(user.username)) throw new TypeError(`Farcaster username '${user.username}' is not a valid fname`)
    if (typeof user.displayName !== 'string') throw new TypeError(`Farcaster fid ${user.fid} needs a display name`)
    if (!/^0x[0-9a-fA-F]{64}$/.test(user.custodyPrivateKey)) throw new TypeError(`Farcaster fid ${user.fid} needs a 32-byte hex custody key`)
    const custody = custodyAddress(user).toLowerCase()
    if (custodies.has(custody)) throw new TypeError(`Farcaster fid ${user.fid} shares its custody address with another fid`)
    fids.add(user.fid)
    custodies.add(custody)
    return { fid: user.fid, username: user.username, displayName: user.displayName, custodyPrivateKey: user.custodyPrivateKey }
  })
}

function channelToken(): string {
  // 32 symbols: every byte maps without bias.
  return [...randomBytes(TOKEN_LENGTH)].map((b) => TOKEN_ALPHABET[b % TOKEN_ALPHABET.length]).join('')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isAbsoluteUri(value: string): boolean {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(value)) return false
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

function isDateTime(value: string): boolean {
  return DATE_TIME_PATTERN.test(value) && !Number.isNaN(Date.parse(value))
}

function validationError(message: string): HttpFailure {
  return new HttpFailure(400, { error: 'Validation error', message })
}

/** Checks a POST /v1/channel body as the hosted relay's schema does. */
function parseChannelRequest(body: unknown): ChannelRequest {
  if (!isRecord(body)) throw validationError('body must be object')
  const allowed = ['siweUri', 'domain', 'nonce', 'notBefore', 'expirationTime', 'requestId', 'redirectUrl', 'acceptAuthAddress']
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw validationError('body must NOT have additional properties')
  for (const key of ['siweUri', 'domain']) if (!(key in body)) throw validationError(`body must have required property '${key}'`)
  for (const key of allowed) {
    if (key in body && key !== 'acceptAuthAddress' && typeof body[key] !== 'string') throw validationError(`body/${key} must be string`)
  }
  const request = body as ChannelRequest
  if (!isAbsoluteUri(request.siweUri)) throw validationError('body/siweUri must match format "uri"')
  if (!DOMAIN_PATTERN.test(request.domain)) throw validationError(`body/domain must match pattern "${DOMAIN_PATTERN.source}"`)
  for (const key of ['notBefore', 'expirationTime'] as const) {
    const value = request[key]
    if (value !== undefined && !isDateTime(value)) throw validationError(`body/${key} must match format "date-time"`)
  }
  if ('acceptAuthAddress' in body && typeof body.acceptAuthAddress !== 'boolean') throw validationError('body/acceptAuthAddress must be boolean')
  return request
}

/** Checks a POST /v1/channel/authenticate body as the hosted relay's schema does. */
function parseAuthenticateRequest(body: unknown): AuthenticateRequest {
  if (!isRecord(body)) throw validationError('body must be object')
  const allowed = ['message', 'signature', 'authMethod', 'fid', 'username', 'bio', 'displayName', 'pfpUrl']
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw validationError('body must NOT have additional properties')
  for (const key of ['message', 'signature', 'fid']) if (!(key in body)) throw validationError(`body must have required property '${key}'`)
  for (const key of ['message', 'signature', 'authMethod', 'username', 'bio', 'displayName', 'pfpUrl']) {
    if (key in body && typeof body[key] !== 'string') throw validationError(`body/${key} must be string`)
  }
  const request = body as AuthenticateRequest
  if (!SIGNATURE_PATTERN.test(request.signature)) throw validationError(`body/signature must match pattern "${SIGNATURE_PATTERN.source}"`)
  if (!Number.isSafeInteger(request.fid)) throw validationError('body/fid must be integer')
  if (request.authMethod !== undefined && request.authMethod !== 'custody' && request.authMethod !== 'authAddress') {
    throw validationError('body/authMethod must be equal to one of the allowed values')
  }
  if (request.username !== undefined && !USERNAME_PATTERN.test(request.username)) throw validationError('body/username must match pattern')
  if (request.pfpUrl !== undefined && !isAbsoluteUri(request.pfpUrl)) throw validationError('body/pfpUrl must match format "uri"')
  return request
}

/** The JSON body, at most MAX_BODY_BYTES (past that it rejects with 413 at once). */
function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
      else reject(new HttpFailure(413, { error: 'Request body is too large' }))
    })
    req.on('error', reject)
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return
      const text = Buffer.concat(chunks).toString('utf8')
      if (text.trim() === '') return reject(new HttpFailure(400, { error: 'Body cannot be empty' }))
      try {
        resolve(JSON.parse(text) as unknown)
      } catch {
        reject(new HttpFailure(400, { error: 'Body is not valid JSON' }))
      }
    })
  })
}

function bearer(req: IncomingMessage): string | undefined {
  const token = req.headers.authorization?.split(' ')[1]
  return token ? token : undefined
}

/**
 * Starts the dev Farcaster relay and client on 127.0.0.1.
 *
 * @example
 * const relay = await startFarcasterRelay()
 * const app = createAppClient({ relay: relay.url, ethereum: devFarcasterConnector(relay.users) })
 */
export async function startFarcasterRelay(options: FarcasterRelayOptions = {}): Promise<FarcasterRelay> {
  const log = options.log ?? (() => {})
  const now = options.now ?? Date.now
  const users = checkUsers(options.users)
  const ttlMs = options.channelTtlMs ?? DEFAULT_CHANNEL_TTL_MS
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new TypeError(`channelTtlMs must be positive, got ${String(ttlMs)}`)
  const signInUrlBase = options.signInUrlBase ?? DEFAULT_SIGN_IN_URL_BASE
  if (!isAbsoluteUri(signInUrlBase)) throw new TypeError(`signInUrlBase must be an absolute URL, got '${signInUrlBase}'`)

  /** Open channels by token; map order is opening order, so the first is the oldest. */
  const channels = new Map<string, Channel>()
  let origin = ''
  // The wallet side of @farcaster/auth-client, for its message builder.
  const wallet = createWalletClient({ relay: 'http://127.0.0.1', ethereum: devFarcasterConnector(users) })

  function pfpUrl(fid: number): string {
    return `${origin}/client/pfp/${fid}.svg`
  }

  function readChannel(token: string): Channel | undefined {
    const channel = channels.get(token)
    if (channel && channel.expiresAt <= now()) {
      channels.delete(token)
      log(`farcaster relay: channel ${token.slice(0, 4)}… expired`)
      return undefined
    }
    return channel
  }

  function sweep(): void {
    const at = now()
    for (const [token, channel] of channels) if (channel.expiresAt <= at) channels.delete(token)
  }

  function openChannel(request: ChannelRequest, req: IncomingMessage): Reply {
    if (RESTRICTED_DOMAINS.some((d) => request.domain.includes(d))) return { status: 400, body: { error: 'Domain not allowed' } }
    let token = channelToken()
    while (channels.has(token)) token = channelToken()
    const nonce = request.nonce ?? generateSiweNonce()
    // The sign-in URL carries the request, so a client can show what it signs.
    const query = new URLSearchParams({ channelToken: token, nonce })
    for (const key of ['siweUri', 'domain', 'notBefore', 'expirationTime', 'requestId', 'redirectUrl'] as const) {
      const value = request[key]
      if (value !== undefined) query.set(key, value)
    }
    const url = `${signInUrlBase}?${query.toString()}`
    while (channels.size >= MAX_CHANNELS) channels.delete(channels.keys().next().value as string)
    channels.set(token, {
      token,
      expiresAt: now() + ttlMs,
      state: {
        state: 'pending',
        nonce,
        url,
        connectUri: url,
        acceptAuthAddress: request.acceptAuthAddress ?? true,
        signatureParams: { ...request, nonce },
        metadata: { userAgent: req.headers['user-agent'] ?? 'Unknown', ip: req.socket.remoteAddress ?? '' },
      },
    })
    log(`farcaster relay: channel ${token.slice(0, 4)}… opened for ${request.domain}`)
    return { status: 201, body: { channelToken: token, url, connectUri: url, nonce } }
  }

  function status(token: string | undefined): Reply {
    const channel = token === undefined ? undefined : readChannel(token)
    if (!channel) return { status: 401, body: { error: 'Unauthorized' } }
    const { url: _url, connectUri: _connectUri, ...state } = channel.state
    if (state.state === 'completed') {
      channels.delete(channel.token)
      log(`farcaster relay: channel ${channel.token.slice(0, 4)}… read completed, closed`)
      return { status: 200, body: state }
    }
    return { status: 202, body: state }
  }

  /** Completes a channel with a signed message, as /v1/channel/authenticate does. */
  function complete(token: string, request: AuthenticateRequest): Reply {
    const user = users.find((u) => u.fid === request.fid)
    // The ID registry answers the zero address for an fid nobody owns.
    const custody = user ? custodyAddress(user) : zeroAddress
    const channel = readChannel(token)
    if (!channel) return { status: 401, body: { error: 'Unauthorized' } }
    channel.state = {
      ...channel.state,
      state: 'completed',
      message: request.message,
      signature: request.signature,
      authMethod: request.authMethod ?? 'custody',
      fid: request.fid,
      username: request.username,
      displayName: request.displayName,
      bio: request.bio,
      pfpUrl: request.pfpUrl,
      custody,
      verifications: [],
    }
    log(`farcaster relay: channel ${token.slice(0, 4)}… completed by fid ${request.fid}`)
    return { status: 201, body: channel.state }
  }

  /** The sign-in request a client URL names: its channel and what it asks to sign. */
  function resolveRequest(uri: unknown): { channel: Channel; request: ClientPageRequest } {
    if (typeof uri !== 'string' || uri === '') throw new HttpFailure(400, { error: 'No sign-in URL given' })
    let params: URLSearchParams
    try {
      params = new URL(uri).searchParams
    } catch {
      throw new HttpFailure(400, { error: 'The sign-in URL is not a URL' })
    }
    const token = params.get('channelToken')
    if (!token) throw new HttpFailure(400, { error: 'The sign-in URL names no channel' })
    const channel = readChannel(token)
    if (!channel) throw new HttpFailure(404, { error: 'This sign-in request has expired or was already answered' })
    if (channel.state.state === 'completed') throw new HttpFailure(409, { error: 'This sign-in request was already approved' })
    // What the URL says is what the visitor sees and signs; the channel fills in what it leaves out.
    const asked = channel.state.signatureParams
    const pick = (key: 'domain' | 'siweUri' | 'nonce' | 'notBefore' | 'expirationTime' | 'redirectUrl'): string | null =>
      params.get(key) ?? asked[key] ?? null
    const redirect = pick('redirectUrl')
    return {
      channel,
      request: {
        domain: pick('domain') ?? '',
        siweUri: pick('siweUri') ?? '',
        statement: SIWF_STATEMENT,
        nonce: pick('nonce') ?? channel.state.nonce,
        notBefore: pick('notBefore'),
        expirationTime: pick('expirationTime'),
        redirectUrl: redirect !== null && /^https?:\/\//i.test(redirect) ? redirect : null,
      },
    }
  }

  async function approve(body: unknown): Promise<Reply> {
    if (!isRecord(body)) throw new HttpFailure(400, { error: 'Expected {uri, fid?}' })
    const { channel, request } = resolveRequest(body.uri)
    if (body.fid !== undefined && !Number.isSafeInteger(body.fid)) throw new HttpFailure(400, { error: 'fid must be an integer' })
    const user = body.fid === undefined ? users[0] : users.find((u) => u.fid === body.fid)
    if (!user) throw new HttpFailure(400, { error: `No dev Farcaster account has fid ${String(body.fid)}` })
    const requestId = new URL(body.uri as string).searchParams.get('requestId') ?? channel.state.signatureParams.requestId
    const account = privateKeyToAccount(user.custodyPrivateKey)
    const built = wallet.buildSignInMessage({
      domain: request.domain,
      uri: request.siweUri,
      address: account.address,
      nonce: request.nonce,
      fid: user.fid,
      ...(request.notBefore ? { notBefore: new Date(request.notBefore) } : {}),
      ...(request.expirationTime ? { expirationTime: new Date(request.expirationTime) } : {}),
      ...(requestId ? { requestId } : {}),
    })
    if (built.isError) throw new HttpFailure(400, { error: `Cannot sign this request: ${built.error?.message ?? 'invalid message'}` })
    const signature = await account.signMessage({ message: built.message })
    return complete(channel.token, {
      message: built.message,
      signature,
      authMethod: 'custody',
      fid: user.fid,
      username: user.username,
      displayName: user.displayName,
      bio: '',
      pfpUrl: pfpUrl(user.fid),
    })
  }

  function cancel(body: unknown): Reply {
    if (!isRecord(body)) throw new HttpFailure(400, { error: 'Expected {uri}' })
    const { channel } = resolveRequest(body.uri)
    channels.delete(channel.token)
    log(`farcaster relay: channel ${channel.token.slice(0, 4)}… cancelled`)
    return { status: 200, body: { state: 'cancelled' } }
  }

  function accounts(): ClientPageAccount[] {
    return users.map((u) => ({ fid: u.fid, username: u.username, displayName: u.displayName, custody: custodyAddress(u), pfpUrl: pfpUrl(u.fid) }))
  }

  function sendPage(res: ServerResponse, uri: string): void {
    let request: ClientPageRequest | null = null
    let problem: string | null = null
    let status = 200
    try {
      request = resolveRequest(uri).request
    } catch (e) {
      if (!(e instanceof HttpFailure)) throw e
      status = e.status
      problem = e.message
    }
    const cspNonce = randomBytes(16).toString('base64')
    const html = clientPage({ uri, request, problem, accounts: accounts(), approvePath: '/client/approve', cancelPath: '/client/cancel', cspNonce })
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': clientPageCsp(cspNonce),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    res.end(html)
  }

  function sendJson(res: ServerResponse, reply: Reply): void {
    // A refused oversized body is not read to its end: that connection is not reused.
    if (reply.status === 413) res.setHeader('connection', 'close')
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    res.end(JSON.stringify(reply.body))
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    const method = req.method ?? 'GET'
    if (path.startsWith('/v1/')) {
      // Apps call the hosted relay straight from their pages.
      res.setHeader('access-control-allow-origin', '*')
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'authorization, content-type, x-farcaster-auth-relay-key, x-farcaster-connect-auth-key',
          'access-control-max-age': '600',
        })
        res.end()
        return
      }
    }
    const call = `${method} ${path}`
    switch (call) {
      case 'GET /healthcheck':
        return sendJson(res, { status: 200, body: { status: 'OK' } })
      case 'POST /v1/channel':
      case 'POST /v1/connect':
        return sendJson(res, openChannel(parseChannelRequest(await readBody(req)), req))
      case 'GET /v1/channel/status':
      case 'GET /v1/connect/status':
        return sendJson(res, status(bearer(req)))
      case 'POST /v1/channel/authenticate':
      case 'POST /v1/connect/authenticate': {
        const request = parseAuthenticateRequest(await readBody(req))
        const token = bearer(req)
        if (token === undefined) return sendJson(res, { status: 401, body: { error: 'Unauthorized' } })
        const key = req.headers['x-farcaster-auth-relay-key'] ?? req.headers['x-farcaster-connect-auth-key']
        if (key !== DEV_FARCASTER_RELAY_KEY) return sendJson(res, { status: 401, body: { error: 'Unauthorized' } })
        return sendJson(res, complete(token, request))
      }
      case 'GET /client':
        return sendPage(res, url.searchParams.get('uri') ?? '')
      case 'POST /client/approve':
        return sendJson(res, await approve(await readBody(req)))
      case 'POST /client/cancel':
        return sendJson(res, cancel(await readBody(req)))
    }
    const pfp = /^\/client\/pfp\/(\d{1,15})\.svg$/.exec(path)
    const user = pfp && method === 'GET' ? users.find((u) => u.fid === Number(pfp[1])) : undefined
    if (user) {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600', 'x-content-type-options': 'nosniff' })
      res.end(avatarSvg(user.fid, user.displayName || user.username))
      return
    }
    sendJson(res, { status: 404, body: { error: 'Not Found', message: `Route ${method}:${path} not found` } })
  }

  const http: Server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
      const failure = e instanceof HttpFailure ? e : new HttpFailure(500, { error: e instanceof Error ? e.message : String(e) })
      if (failure.status >= 500) log(`farcaster relay: ${req.method} ${req.url} failed: ${failure.message}`)
      if (res.headersSent) {
        res.destroy()
        return
      }
      sendJson(res, { status: failure.status, body: failure.body })
    })
  })
  http.on('clientError', (_e, socket) => socket.destroy())

  const sweeper = setInterval(sweep, SWEEP_MS)
  sweeper.unref()

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, '127.0.0.1', () => {
      http.off('error', reject)
      resolve()
    })
  })
  http.on('error', (e) => log(`farcaster relay: http error: ${e.message}`))
  const port = (http.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  log(`farcaster relay: listening on ${origin}`)

  let stopping: Promise<void> | undefined
  return {
    url: origin,
    port,
    users: users.map((u) => ({ ...u })),
    stop(): Promise<void> {
      stopping ??= (async () => {
        clearInterval(sweeper)
        channels.clear()
        await new Promise<void>((resolve) => {
          http.close(() => resolve())
          http.closeAllConnections()
        })
        log('farcaster relay: stopped')
      })()
      return stopping
    },
  }
}
