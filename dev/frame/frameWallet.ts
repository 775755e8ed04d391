// The embedded wallet frame's logic: answers the modal's frame-protocol requests with the auth
// service's HTTP API (on the frame's own origin), holds the signed-in user's EVM key and signs or
// sends on the app's networks after the user approved in the frame's own prompt. It also holds
// the user's Solana key and answers the WalletConnect Solana requests (`solana_signMessage`,
// `solana_signTransaction`) the modal sends through `Rpc`, signed with @solana/kit (Web Crypto)
// in the page. DOM-free: the page (main.ts) hands in fetch, storage, postMessage and the prompt.

import {
  createKeyPairSignerFromPrivateKeyBytes,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit'
import {
  bytesToHex,
  createWalletClient,
  formatEther,
  hexToBytes,
  hexToNumber,
  isHex,
  numberToHex,
  size,
  type Hex,
  type Transport,
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import {
  FRAME_PROTOCOL_VERSION,
  frameType,
  parseFrameMessage,
  type FrameMessage,
  type FrameRequestName,
  type FrameRequests,
  type FrameResponses,
  type FrameUser,
  type PromptColourName,
} from '../../src/core/domain/frameProtocol'
import { classifyRpcMethod } from '../../src/core/domain/rpcPolicy'
import {
  batchIdParam,
  batchPromptDetails,
  batchStatusDetails,
  callsErrors,
  describeCall,
  callsStatus,
  getCapabilities,
  prepareSendCalls,
  sendBatch,
  type BatchMode,
  type BatchRecord,
  type CallsRpc,
} from '../wallet/batchedCalls'
import type { GrantedPermissionResponse, StoredPermission } from './permissionRequests'
// The smart account's code (the delegation framework's kit) loads only once a smart account is used.
import type { OwnedSmartAccount, SmartAccountNetwork, UserOperationCall } from './smartAccount'
import { localChain } from '../chain/viemChain'
import { evmTransport } from '../../src/adapters/evm/evmTransport'
import type { Network as GangwayNetwork } from '../../src/core/domain/entities'

/** The first error named `name` along `error`'s causes, or null. */
function causeNamed(error: unknown, name: string): object | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { name?: unknown }).name === name) return e
  }
  return null
}
const smartAccountModule = () => import('./smartAccount')
// ERC-7715 permissions load on their first request (the delegations' part with the kit).
const permissionRequestsModule = () => import('./permissionRequests')
type PermissionRequests = Awaited<ReturnType<typeof permissionRequestsModule>>
const permissionModule = () => import('./permissionDelegation')

/** Storage key of the session token. */
export const TOKEN_KEY = 'gangway-frame:token'
/** Storage key of this browser's device id. */
export const DEVICE_KEY = 'gangway-frame:device'
/** Storage key of the account type the user prefers on networks with smart accounts ('eoa' unless set). */
export const ACCOUNT_TYPE_KEY = 'gangway-frame:account-type'
/** Storage key of the EIP-5792 batches the wallet sent (id → record), for their status after a reload. */
export const BATCHES_KEY = 'gangway-frame:batches'
/** Prefix of the storage keys of the ERC-7715 permissions a user's smart account granted (see `permissionsKey`). */
export const PERMISSIONS_KEY = 'gangway-frame:permissions'

/**
 * Storage key of the ERC-7715 permissions `smartAccount` (owned by `owner`) granted: a JSON array
 * of records `{ id, chainId, status: 'active' | 'revoked', grantedAt, revokedAt?, revokedIn?, summary, response }`.
 *
 * @example
 * permissionsKey(owner, smartAccount) // 'gangway-frame:permissions:0xabc…:0xdef…'
 */
export function permissionsKey(owner: string, smartAccount: string): string {
  return `${PERMISSIONS_KEY}:${owner.toLowerCase()}:${smartAccount.toLowerCase()}`
}

/** The ERC-7715 methods the frame answers itself (the policy of spec §6 predates them). */
const PERMISSION_METHODS = new Set([
  'wallet_requestExecutionPermissions',
  'wallet_grantPermissions',
  'wallet_getGrantedExecutionPermissions',
  'wallet_getSupportedExecutionPermissions',
  'wallet_revokeExecutionPermission',
])

/** A synchronous key-value store (the page's localStorage). */
export type FrameStorage = {
  get(key: string): string | null
  set(key: string, value: string): void
  del(key: string): void
}

/** One line of an approval prompt. */
export type FramePromptDetail = { label: string; value: string }

/** What the approval prompt shows; `signal` aborts when the request was withdrawn. */
export type FramePrompt = {
  method: string
  title: string
  /** Who asks: the app's name, else the parent's origin. */
  requestedBy: string
  details: FramePromptDetail[]
  signal: AbortSignal
  /** A third choice besides Approve and Reject (its button label); `confirm` then may resolve 'alternative'. */
  alternative?: string
  /** 'info': a panel with a Close button only (`confirm` resolves when it is closed). Default 'approval'. */
  kind?: 'approval' | 'info'
}

/** What the frame wallet needs from its page. */
export type FrameWalletDeps = {
  /** Reaches the auth service (same-origin paths such as `/v1/me`) and the networks' RPC URLs. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>
  storage: FrameStorage
  /** Posts a protocol message to the parent window. */
  post(message: FrameMessage): void
  /** Shows the approval prompt; resolves true on Approve, false on Reject, 'alternative' on the third choice. */
  confirm(prompt: FramePrompt): Promise<boolean | 'alternative'>
  createDeviceId(): string
  /** The parent window's origin: messages from anywhere else are ignored. */
  parentOrigin: string
  /** Applies the app's theme (SyncTheme): the mode, and the frame's own CSS variables (`--frame-*`) to override. */
  setTheme?(theme: { mode: 'light' | 'dark'; variables: Record<string, string> }): void
  /** Prefix of the auth service's API paths; '' (same origin) by default. */
  apiBase?: string
  /** Delay between device-approval checks; 1 s by default. */
  devicePollMs?: number
  /** How long to wait for the device approval; 10 min by default. */
  deviceTimeoutMs?: number
}

/** An incoming window message, reduced to what the frame checks. */
export type IncomingMessage = { data: unknown; origin: string; fromParent: boolean }

/** The frame's own CSS variables (frame.css), by the modal's colour each is drawn with. */
const PROMPT_VARIABLES: Readonly<Record<PromptColourName, string>> = {
  '--gw-accent': '--frame-accent',
  '--gw-accent-text': '--frame-accent-fg',
  '--gw-bg': '--frame-bg',
  '--gw-bg-2': '--frame-detail-bg',
  '--gw-fg': '--frame-fg',
  '--gw-fg-2': '--frame-muted',
  '--gw-border': '--frame-border',
  '--gw-overlay': '--frame-backdrop',
  '--gw-focus': '--frame-focus',
}

/** Text and the background it sits on, with the least contrast the prompt keeps (WCAG AA: 4.5:1 for text). */
const READABLE: readonly [text: string, background: string, least: number][] = [
  ['--gw-fg', '--gw-bg', 4.5],
  ['--gw-fg', '--gw-bg-2', 4.5],
  ['--gw-fg-2', '--gw-bg', 4.5],
  ['--gw-accent-text', '--gw-accent', 4.5],
]

/** An opaque colour's sRGB channels (0–255) from `#rgb`, `#rrggbb` or `rgb(r, g, b)`; null otherwise. */
function opaqueRgb(value: string): [number, number, number] | null {
  const v = value.trim().toLowerCase()
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v)
  if (short) return [parseInt(short[1]! + short[1]!, 16), parseInt(short[2]! + short[2]!, 16), parseInt(short[3]! + short[3]!, 16)]
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(v)
  if (long) return [parseInt(long[1]!, 16), parseInt(long[2]!, 16), parseInt(long[3]!, 16)]
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(v)
  if (!rgb) return null
  const channels = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] as [number, number, number]
  return channels.every((c) => c <= 255) ? channels : null
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = (rgb: [number, number, number]) => {
    const [r, g, bl] = rgb.map((c) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/**
 * The frame's CSS variables for the modal's prompt colours, or null when the prompt would not
 * stay readable with them: a colour the frame cannot read (only `#rgb`, `#rrggbb`, `rgb()`, and
 * `rgba()` for the backdrop), or text too faint on its background. The app asks for the
 * signatures: it may make the prompt look like its modal, never hide what the prompt says.
 *
 * @example
 * promptColours({ '--gw-bg': '#18191b', '--gw-fg': '#f2f3f5', … }) // { '--frame-bg': '#18191b', '--frame-fg': '#f2f3f5', … }
 */
export function promptColours(colours: Record<string, string>): Record<string, string> | null {
  const variables: Record<string, string> = {}
  for (const [name, frameName] of Object.entries(PROMPT_VARIABLES)) {
    const value = colours[name]
    if (value === undefined) continue
    const readable = name === '--gw-overlay' ? /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/.test(value.trim()) || opaqueRgb(value) : opaqueRgb(value)
    if (!readable) return null
    variables[frameName] = value.trim()
  }
  for (const [text, background, least] of READABLE) {
    const a = colours[text]
    const b = colours[background]
    if (a === undefined || b === undefined) return null
    if (contrast(opaqueRgb(a)!, opaqueRgb(b)!) < least) return null
  }
  return variables
}

/** A failure reported to the modal as the request's error reply. */
export class FrameRequestError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message)
    this.name = 'FrameRequestError'
  }
}

const USER_REJECTED = 'User rejected the request.'
const userRejected = () => new FrameRequestError(USER_REJECTED, 4001)
/** A request the modal withdrew (spec §8's message). */
const requestAborted = () => new FrameRequestError('Request was aborted')

/** An EVM network of the app; `rpcUrls`: every endpoint the modal sent, fallen back across as the modal does. */
type Network = { caipNetworkId: string; chainId: number; name: string; rpcUrl: string; rpcUrls: string[] }
type SessionUser = {
  email: string | null
  username: string | null
  auth: string
  account: PrivateKeyAccount
  /** The user's Solana key; null when the wallet service gave none. */
  solana: KeyPairSigner | null
}
type Json = Record<string, unknown>

const LOCAL_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/

/**
 * The parent origin named by the frame URL's `parentOrigin` query parameter, when it is allowed:
 * http(s) on 127.0.0.1 or localhost (any port), or one of the origins in the comma-separated
 * `allowed` parameter. Null when missing, malformed or not allowed.
 *
 * @example
 * resolveParentOrigin('?parentOrigin=http%3A%2F%2F127.0.0.1%3A5173') // 'http://127.0.0.1:5173'
 * resolveParentOrigin('?parentOrigin=https%3A%2F%2Fevil.example') // null
 */
export function resolveParentOrigin(search: string): string | null {
  const params = new URLSearchParams(search)
  const origin = normalizeOrigin(params.get('parentOrigin'))
  if (!origin) return null
  if (LOCAL_ORIGIN.test(origin)) return origin
  const allowed = (params.get('allowed') ?? '')
    .split(',')
    .map((s) => normalizeOrigin(s.trim()))
    .filter((s): s is string => s !== null)
  return allowed.includes(origin) ? origin : null
}

function normalizeOrigin(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    // Only a bare origin is accepted, not a page URL.
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null
    return url.origin
  } catch {
    return null
  }
}

/**
 * The error payload of a reply: the most specific message a failure carries. For viem's errors
 * that is the node's own text (`details`) when there is one, else the first line of the summary.
 */
export function errorPayload(e: unknown): { message: string; code?: number } {
  const err = e as { shortMessage?: unknown; message?: unknown; code?: unknown; details?: unknown; version?: unknown; walk?: unknown } | null
  let code = typeof err?.code === 'number' ? err.code : undefined
  const firstLine = (v: unknown) => (typeof v === 'string' ? (v.split('\n')[0] ?? '').trim() : '')
  let message = ''
  if (err && typeof err === 'object') {
    const fromViem = typeof err.version === 'string' && 'docsPath' in err && typeof err.shortMessage === 'string'
    if (fromViem) {
      message = firstLine(err.details).slice(0, 500)
      // The JSON-RPC code of the node's error, deeper in the cause chain.
      if (code === undefined && typeof err.walk === 'function') {
        const coded = (err.walk as (fn: (x: unknown) => boolean) => unknown)((x) => typeof (x as { code?: unknown } | null)?.code === 'number')
        code = (coded as { code?: number } | null)?.code
      }
    }
    if (!message) message = firstLine(err.shortMessage)
    if (!message) message = firstLine(err.message)
  } else if (typeof e === 'string') message = firstLine(e)
  return { message: message || 'The embedded wallet could not complete the request', ...(code !== undefined ? { code } : {}) }
}

function field(payload: unknown, key: string): unknown {
  return typeof payload === 'object' && payload !== null ? (payload as Json)[key] : undefined
}

function requireString(payload: unknown, key: string): string {
  const v = field(payload, key)
  if (typeof v !== 'string' || v.length === 0) throw new FrameRequestError(`Missing or invalid "${key}"`)
  return v
}

function optionalString(payload: unknown, key: string): string | undefined {
  const v = field(payload, key)
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw new FrameRequestError(`Invalid "${key}"`)
  return v
}

const sleep = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms))

function isAddress(v: unknown): v is Hex {
  return typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)
}

function paramsArray(params: unknown): unknown[] {
  if (!Array.isArray(params)) throw new FrameRequestError('Expected an array of params', -32602)
  return params
}

function bigintField(tx: Json, key: string): bigint | undefined {
  const v = tx[key]
  if (v === undefined || v === null) return undefined
  try {
    if (typeof v === 'string' || typeof v === 'number') return BigInt(v)
  } catch {
    // falls through to the error below
  }
  throw new FrameRequestError(`Invalid transaction field "${key}"`, -32602)
}

/** The message of personal_sign as text: hex decoded as UTF-8 when it is printable. */
function messageText(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return text
  } catch {
    // not UTF-8: shown as hex
  }
  return message
}

type TypedData = { domain?: Json; types: Json; primaryType: string; message: Json }

function parseTypedData(raw: unknown): TypedData {
  let doc: unknown = raw
  if (typeof raw === 'string') {
    try {
      doc = JSON.parse(raw)
    } catch {
      throw new FrameRequestError('Typed data is not valid JSON', -32602)
    }
  }
  const t = doc as Partial<TypedData> | null
  if (!t || typeof t !== 'object' || typeof t.primaryType !== 'string' || typeof t.types !== 'object' || t.types === null || typeof t.message !== 'object' || t.message === null) {
    throw new FrameRequestError('Typed data needs types, primaryType and message', -32602)
  }
  return t as TypedData
}

/**
 * The Solana key of a 32-byte seed (`0x` hex) from the wallet service, checked against the
 * address the service names. No seed: no Solana account. A browser without Ed25519 in Web
 * Crypto keeps the EVM account only.
 */
async function solanaSigner(seed: unknown, address: unknown): Promise<KeyPairSigner | null> {
  if (seed === undefined || seed === null) return null
  if (typeof seed !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(seed)) throw new FrameRequestError('The wallet service sent an invalid Solana key')
  let signer: KeyPairSigner
  try {
    signer = await createKeyPairSignerFromPrivateKeyBytes(hexToBytes(seed as Hex))
  } catch {
    return null
  }
  if (address !== undefined && address !== null && address !== signer.address) {
    throw new FrameRequestError('The Solana account key does not match its address')
  }
  return signer
}

function paramsObject(params: unknown): Json {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new FrameRequestError('Expected an object of params', -32602)
  return params as Json
}

/** The bytes of a base58 field of a Solana request. */
function base58Field(p: Json, key: string): Uint8Array {
  const v = p[key]
  if (typeof v !== 'string') throw new FrameRequestError(`"${key}" must be a base58 string`, -32602)
  try {
    return new Uint8Array(getBase58Encoder().encode(v))
  } catch {
    throw new FrameRequestError(`"${key}" is not base58`, -32602)
  }
}

/** The wire transaction (base64) of a `solana_signTransaction` request. */
function solanaTransaction(p: Json): Transaction {
  const v = p.transaction
  if (typeof v !== 'string' || v.length === 0) throw new FrameRequestError('"transaction" must be a base64 string', -32602)
  try {
    return getTransactionDecoder().decode(getBase64Encoder().encode(v)) as Transaction
  } catch {
    throw new FrameRequestError('"transaction" is not a base64 wire transaction', -32602)
  }
}

/** The fee payer and instruction count of a transaction's message, for the prompt. */
function solanaTransactionSummary(tx: Transaction): { feePayer: string; instructions: number } {
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
  } catch {
    throw new FrameRequestError('The transaction message does not decode', -32602)
  }
  const feePayer = message.staticAccounts[0]
  if (feePayer === undefined) throw new FrameRequestError('The transaction has no fee payer', -32602)
  return { feePayer, instructions: 'instructions' in message ? message.instructions.length : message.numInstructions }
}

type ParsedTx = { to: Hex | null; value?: bigint; data?: Hex; gas?: bigint; nonce?: bigint; gasPrice?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint }

/**
 * The embedded wallet behind the frame page. Feed it the window's messages with `receive`; it
 * replies to every request through `post`.
 */
export class FrameWallet {
  private readonly deps: FrameWalletDeps
  private user: SessionUser | null = null
  private email: string | null = null
  private pendingNewEmail: string | null = null
  private networks: Network[] = []
  private currentNetwork: Network | null = null
  private readonly transports = new Map<string, Transport>()
  private appName: string | undefined
  private farcasterChannel: string | null = null
  /** Bumped to stop a running device-approval wait. */
  private deviceWait = 0
  private readonly pendingApprovals = new Set<AbortController>()
  /** The requests being answered, by id: RpcAbort withdraws one, or all. */
  private readonly requests = new Map<string, AbortController>()
  private promptQueue: Promise<unknown> = Promise.resolve()
  /** Approved sends, one after the other, so two never read the same pending nonce. */
  private sending: Promise<unknown> = Promise.resolve()
  /** Batch ids of wallet_sendCalls requests still being prompted or sent. */
  private readonly reservedBatchIds = new Set<string>()
  /** The wallet service's smart-account networks (GET /v1/smart-accounts), asked once. */
  private smartNetworks: Promise<SmartAccountNetwork[]> | null = null
  /** Smart accounts by owner and chain: their address is read from the factory once. */
  private readonly smartAccounts = new Map<string, Promise<OwnedSmartAccount>>()

  constructor(deps: FrameWalletDeps) {
    this.deps = deps
  }

  /** Announces the frame to the parent. */
  start(): void {
    this.deps.post({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
  }

  /**
   * Handles a window message: a well-formed request from the parent window on the parent
   * origin is answered (asynchronously); anything else is ignored. True when it was accepted.
   */
  receive(event: IncomingMessage): boolean {
    if (!event.fromParent || event.origin !== this.deps.parentOrigin) return false
    const message = parseFrameMessage(event.data)
    if (!message || message.type !== frameType('request')) return false
    void this.answer(message.id, message.name, message.payload)
    return true
  }

  /** Runs one request and posts its success or error reply. */
  async answer(id: string, name: FrameRequestName, payload: unknown): Promise<void> {
    const controller = new AbortController()
    if (name !== 'RpcAbort') this.requests.set(id, controller)
    try {
      const result = await this.dispatch(name, payload, controller.signal)
      this.deps.post({ type: frameType('success'), id, name, payload: result })
    } catch (e) {
      this.deps.post({ type: frameType('error'), id, name, payload: errorPayload(e) })
    } finally {
      // An id sent again meanwhile has its own.
      if (this.requests.get(id) === controller) this.requests.delete(id)
    }
  }

  /** Runs one request; `signal` aborts when the modal withdraws it. Sync, abort and reload payloads come checked by the parser. */
  private dispatch(name: FrameRequestName, payload: unknown, signal: AbortSignal): Promise<unknown> {
    switch (name) {
      case 'ConnectEmail':
        return this.connectEmail(requireString(payload, 'email'))
      case 'ConnectDevice':
        return this.connectDevice(signal)
      case 'ConnectOtp':
        return this.connectOtp(requireString(payload, 'otp'))
      case 'GetSocialRedirectUri':
        return this.socialRedirectUri(requireString(payload, 'provider'), requireString(payload, 'origin'))
      case 'ConnectSocial':
        return this.connectSocial(requireString(payload, 'uri'))
      case 'GetFarcasterUri':
        return this.farcasterUri()
      case 'ConnectFarcaster':
        return this.connectFarcaster()
      case 'GetUser':
        return this.getUser(payload as FrameRequests['GetUser'])
      case 'IsConnected':
        return this.isConnected(optionalString(payload, 'token'))
      case 'GetChainId':
        return Promise.resolve({ caipNetworkId: this.network().caipNetworkId })
      case 'SwitchNetwork':
        return Promise.resolve(this.switchNetwork(requireString(payload, 'caipNetworkId')))
      case 'Rpc':
        return this.rpc(field(payload, 'method'), field(payload, 'params'), signal)
      case 'RpcAbort':
        return Promise.resolve(this.abort((payload as FrameRequests['RpcAbort']).id))
      case 'UpdateEmail':
        return this.updateEmail(requireString(payload, 'email'))
      case 'UpdateEmailPrimaryOtp':
        return this.updateEmailPrimaryOtp(requireString(payload, 'otp'))
      case 'UpdateEmailSecondaryOtp':
        return this.updateEmailSecondaryOtp(requireString(payload, 'otp'))
      case 'SyncTheme':
        return Promise.resolve(this.syncTheme(payload as FrameRequests['SyncTheme']))
      case 'SyncDappData':
        return Promise.resolve(this.syncDappData(payload as FrameRequests['SyncDappData']))
      case 'SetPreferredAccount':
        return this.setPreferredAccount(field(payload, 'type'))
      case 'GetSmartAccountEnabledNetworks':
        return this.smartAccountEnabledNetworks()
      case 'InitSmartAccount':
        return this.initSmartAccount()
      case 'SignOut':
        return this.signOut()
      case 'Reload':
        // The page reloads once this is answered (main.ts): nothing under way survives it.
        return Promise.resolve(this.abort())
    }
  }

  // ── the auth service ──────────────────────────────────────────────────────────────────

  private get token(): string | null {
    return this.deps.storage.get(TOKEN_KEY)
  }

  private deviceId(): string {
    let id = this.deps.storage.get(DEVICE_KEY)
    if (!id) {
      id = this.deps.createDeviceId()
      this.deps.storage.set(DEVICE_KEY, id)
    }
    return id
  }

  /**
   * Calls the auth service. Rejects with the service's `error` text; a 401 on a call with the
   * session token ends the session (unless `keepSession`).
   */
  private async api(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; bearer?: string; keepSession?: boolean } = {},
  ): Promise<Json> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    if (options.bearer) headers['authorization'] = `Bearer ${options.bearer}`
    let res: Response
    try {
      res = await this.deps.fetch(`${this.deps.apiBase ?? ''}${path}`, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      })
    } catch {
      throw new FrameRequestError('Could not reach the wallet service')
    }
    let json: unknown = null
    try {
      json = await res.json()
    } catch {
      // a body that is not JSON: only the status counts
    }
    const error = field(json, 'error')
    if (!res.ok) {
      if (res.status === 401 && options.bearer) {
        if (!options.keepSession) this.endSession()
        throw new FrameRequestError(typeof error === 'string' && error ? error : 'Session Expired', 401)
      }
      throw new FrameRequestError(typeof error === 'string' && error ? error : `The wallet service answered ${res.status}`, res.status)
    }
    if (typeof json !== 'object' || json === null) throw new FrameRequestError('The wallet service sent an invalid answer')
    return json as Json
  }

  private bearer(): string {
    const token = this.token
    if (!token) throw new FrameRequestError('Not connected', 4100)
    return token
  }

  /** Forgets the token and key and tells the parent. */
  private endSession(): void {
    this.deps.storage.del(TOKEN_KEY)
    this.user = null
    this.abort()
    this.deps.post({ type: frameType('session'), token: null })
  }

  /** Loads the user and keys of the session. */
  private async loadUser(token: string): Promise<SessionUser> {
    const body = await this.api('GET', '/v1/me', { bearer: token })
    const u = field(body, 'user') as Json | undefined
    const privateKey = u?.privateKey
    if (!u || typeof privateKey !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(privateKey)) {
      throw new FrameRequestError('The wallet service sent no key for this account')
    }
    const account = privateKeyToAccount(privateKey as Hex)
    if (isAddress(u.address) && u.address.toLowerCase() !== account.address.toLowerCase()) {
      throw new FrameRequestError('The account key does not match its address')
    }
    const solana = await solanaSigner(u.solanaSeed, u.solanaAddress)
    const user: SessionUser = {
      email: typeof u.email === 'string' ? u.email : null,
      username: typeof u.username === 'string' ? u.username : null,
      auth: typeof u.auth === 'string' ? u.auth : 'email',
      account,
      solana,
    }
    this.user = user
    return user
  }

  private async currentUser(): Promise<SessionUser> {
    if (this.user) return this.user
    return this.loadUser(this.bearer())
  }

  private async frameUser(user: SessionUser): Promise<FrameUser> {
    const network = this.network()
    const smart = await this.smartAccountOn(user, network)
    const active = smart !== null && this.preferredType() === 'smartAccount'
    const eoa = { address: user.account.address, type: 'eoa' as const }
    const accounts = smart === null ? [eoa] : active ? [{ address: smart.address, type: 'smartAccount' as const }, eoa] : [eoa, { address: smart.address, type: 'smartAccount' as const }]
    return {
      email: user.email,
      username: user.username,
      address: accounts[0]!.address,
      ...(user.solana ? { solanaAddress: user.solana.address } : {}),
      caipNetworkId: network.caipNetworkId,
      auth: user.auth,
      preferredAccountType: active ? 'smartAccount' : 'eoa',
      smartAccountDeployed: smart !== null && (await smart.account.isDeployed()),
      accounts,
    }
  }

  // ── smart accounts (ERC-4337) ─────────────────────────────────────────────────────────

  private preferredType(): 'eoa' | 'smartAccount' {
    return this.deps.storage.get(ACCOUNT_TYPE_KEY) === 'smartAccount' ? 'smartAccount' : 'eoa'
  }

  /** The wallet service's smart-account networks; none when it has none or cannot say. */
  private smartAccountNetworks(): Promise<SmartAccountNetwork[]> {
    this.smartNetworks ??= this.api('GET', '/v1/smart-accounts').then(
      (body) => {
        // The service's smart accounts are still starting: none for now, asked again next time.
        if (body.pending === true) this.smartNetworks = null
        const list = Array.isArray(body.networks) ? (body.networks as unknown[]) : []
        return list.flatMap((n): SmartAccountNetwork[] => {
          const chainId = field(n, 'chainId')
          const bundlerUrl = field(n, 'bundlerUrl')
          const paymasterUrl = field(n, 'paymasterUrl')
          const environment = field(n, 'environment') as SmartAccountNetwork['environment'] | undefined
          if (typeof chainId !== 'number' || typeof bundlerUrl !== 'string' || !/^https?:\/\//.test(bundlerUrl)) return []
          if (!environment || !isAddress(environment.SimpleFactory) || !isAddress(environment.EntryPoint) || !isAddress(environment.implementations?.HybridDeleGatorImpl)) return []
          return [{ chainId, bundlerUrl, environment, ...(typeof paymasterUrl === 'string' && /^https?:\/\//.test(paymasterUrl) ? { paymasterUrl } : {}) }]
        })
      },
      () => {
        // Asked again next time: the service may have been briefly unreachable.
        this.smartNetworks = null
        return []
      },
    )
    return this.smartNetworks
  }

  private async smartAccountConfig(network: Network): Promise<SmartAccountNetwork | null> {
    return (await this.smartAccountNetworks()).find((n) => n.chainId === network.chainId) ?? null
  }

  /** The user's smart account on `network`, or null where the network has none. */
  private async smartAccountOn(user: SessionUser, network: Network): Promise<OwnedSmartAccount | null> {
    const config = await this.smartAccountConfig(network)
    if (!config) return null
    const key = `${user.account.address}:${network.chainId}`
    let smart = this.smartAccounts.get(key)
    if (!smart) {
      const made = smartAccountModule().then(({ embeddedSmartAccount }) =>
        embeddedSmartAccount({
        owner: user.account,
        chainId: network.chainId,
        rpcUrl: network.rpcUrl,
        nodeTransport: this.transportOf(network),
        bundlerUrl: config.bundlerUrl,
          environment: config.environment,
          fetch: this.deps.fetch,
        }),
      )
      this.smartAccounts.set(key, made)
      made.catch(() => this.smartAccounts.delete(key))
      smart = made
    }
    return smart
  }

  /** The smart account in use on the current network: null when the user uses the EOA there. */
  private async activeSmartAccount(user: SessionUser): Promise<OwnedSmartAccount | null> {
    if (this.preferredType() !== 'smartAccount') return null
    return this.smartAccountOn(user, this.network())
  }

  private async setPreferredAccount(type: unknown): Promise<FrameUser> {
    if (type !== 'eoa' && type !== 'smartAccount') throw new FrameRequestError('Missing or invalid "type"')
    const user = await this.signedInUser()
    if (type === 'smartAccount' && !(await this.smartAccountConfig(this.network()))) {
      throw new FrameRequestError(`Smart accounts are not enabled on ${this.network().name}`, 4100)
    }
    this.deps.storage.set(ACCOUNT_TYPE_KEY, type)
    return this.frameUser(user)
  }

  private async smartAccountEnabledNetworks(): Promise<FrameResponses['GetSmartAccountEnabledNetworks']> {
    const enabled = await this.smartAccountNetworks()
    return { smartAccountEnabledNetworks: this.networks.filter((n) => enabled.some((e) => e.chainId === n.chainId)).map((n) => n.chainId) }
  }

  private async initSmartAccount(): Promise<FrameResponses['InitSmartAccount']> {
    const user = await this.signedInUser()
    const smart = await this.smartAccountOn(user, this.network())
    if (!smart) throw new FrameRequestError(`Smart accounts are not enabled on ${this.network().name}`, 4100)
    return { address: smart.address, isDeployed: await smart.account.isDeployed() }
  }

  /**
   * Sends calls from the smart account as one user operation (sponsored when `paymasterUrl` is
   * given) and waits for it: a user operation whose calls reverted took no effect, and is refused.
   */
  private async sendFromSmartAccount(smart: OwnedSmartAccount, calls: UserOperationCall[], paymasterUrl?: string) {
    const sent = this.sending.then(async () => (await smartAccountModule()).sendUserOperation(smart, calls, { fetch: this.deps.fetch, ...(paymasterUrl ? { paymasterUrl } : {}) }))
    this.sending = sent.catch(() => undefined)
    try {
      return await sent
    } catch (e) {
      throw new FrameRequestError(userOperationFailure(e), -32003)
    }
  }

  /** Keeps a new session token, tells the parent, and loads the user. */
  private async signIn(body: Json): Promise<FrameUser> {
    const token = body.token
    if (typeof token !== 'string' || token.length === 0) throw new FrameRequestError('The wallet service sent no session')
    this.user = null
    this.deps.storage.set(TOKEN_KEY, token)
    this.deps.post({ type: frameType('session'), token })
    return this.frameUser(await this.loadUser(token))
  }

  // ── sign-in ───────────────────────────────────────────────────────────────────────────

  private async connectEmail(email: string): Promise<FrameResponses['ConnectEmail']> {
    this.deviceWait++
    const body = await this.api('POST', '/v1/email/connect', { body: { email, deviceId: this.deviceId() } })
    const action = body.action
    if (action !== 'VERIFY_DEVICE' && action !== 'VERIFY_OTP' && action !== 'CONNECT') {
      throw new FrameRequestError('The wallet service sent an unknown next step')
    }
    this.email = email
    return { action }
  }

  private async connectDevice(signal: AbortSignal): Promise<Record<string, never>> {
    const email = this.email
    if (!email) throw new FrameRequestError('Enter your e-mail address first')
    const wait = ++this.deviceWait
    const interval = this.deps.devicePollMs ?? 1000
    const deadline = Date.now() + (this.deps.deviceTimeoutMs ?? 10 * 60_000)
    for (;;) {
      const body = await this.api('POST', '/v1/device/status', { body: { email, deviceId: this.deviceId() } })
      if (wait !== this.deviceWait || signal.aborted) throw new FrameRequestError('Device approval was cancelled')
      if (body.approved === true) return {}
      if (Date.now() + interval > deadline) throw new FrameRequestError('Device approval timed out')
      await sleep(interval)
      if (wait !== this.deviceWait || signal.aborted) throw new FrameRequestError('Device approval was cancelled')
    }
  }

  private async connectOtp(otp: string): Promise<FrameUser> {
    const email = this.email
    if (!email) throw new FrameRequestError('Enter your e-mail address first')
    const body = await this.api('POST', '/v1/otp/verify', { body: { email, deviceId: this.deviceId(), otp } })
    return this.signIn(body)
  }

  private async socialRedirectUri(provider: string, origin: string): Promise<{ uri: string }> {
    const query = new URLSearchParams({ provider, origin })
    const body = await this.api('GET', `/v1/social/uri?${query}`)
    if (typeof body.uri !== 'string') throw new FrameRequestError('The wallet service sent no sign-in address')
    return { uri: body.uri }
  }

  private async connectSocial(uri: string): Promise<FrameUser> {
    return this.signIn(await this.api('POST', '/v1/social/connect', { body: { resultUri: uri } }))
  }

  private async farcasterUri(): Promise<{ url: string; clientUrl?: string }> {
    const body = await this.api('POST', '/v1/farcaster/channel')
    if (typeof body.channelToken !== 'string' || typeof body.url !== 'string') {
      throw new FrameRequestError('The wallet service sent no Farcaster channel')
    }
    this.farcasterChannel = body.channelToken
    return { url: body.url, ...(typeof body.clientUrl === 'string' ? { clientUrl: body.clientUrl } : {}) }
  }

  private async connectFarcaster(): Promise<FrameUser> {
    const channelToken = this.farcasterChannel
    if (!channelToken) throw new FrameRequestError('Open the Farcaster sign-in first')
    const user = await this.signIn(await this.api('POST', '/v1/farcaster/connect', { body: { channelToken } }))
    this.farcasterChannel = null
    return user
  }

  // ── session ───────────────────────────────────────────────────────────────────────────

  private async getUser(payload: FrameRequests['GetUser']): Promise<FrameUser> {
    const caipNetworkId = optionalString(payload, 'caipNetworkId')
    if (caipNetworkId !== undefined) this.switchNetwork(caipNetworkId)
    if (!this.token && !this.user) throw new FrameRequestError('Not connected', 4100)
    const preferred = field(payload, 'preferredAccountType')
    if (preferred === 'eoa' || preferred === 'smartAccount') this.deps.storage.set(ACCOUNT_TYPE_KEY, preferred)
    return this.frameUser(await this.currentUser())
  }

  private async isConnected(given: string | undefined): Promise<{ isConnected: boolean }> {
    const stored = this.token
    const token = stored ?? given
    if (!token) return { isConnected: false }
    try {
      await this.loadUser(token)
    } catch (e) {
      // A 401 already ended the session (and told the parent).
      if (e instanceof FrameRequestError && e.code === 401) return { isConnected: false }
      throw e
    }
    // The parent's copy of the session, for a frame that lost its own storage.
    if (!stored) this.deps.storage.set(TOKEN_KEY, token)
    return { isConnected: true }
  }

  private async updateEmail(email: string): Promise<FrameResponses['UpdateEmail']> {
    const body = await this.api('POST', '/v1/email/update', { body: { email }, bearer: this.bearer() })
    if (body.action !== 'VERIFY_PRIMARY_OTP' && body.action !== 'VERIFY_SECONDARY_OTP') {
      throw new FrameRequestError('The wallet service sent an unknown next step')
    }
    this.pendingNewEmail = email
    return { action: body.action }
  }

  private async updateEmailPrimaryOtp(otp: string): Promise<FrameResponses['UpdateEmailPrimaryOtp']> {
    const body = await this.api('POST', '/v1/email/update/primary', { body: { otp }, bearer: this.bearer() })
    if (body.action !== undefined && body.action !== 'VERIFY_SECONDARY_OTP') {
      throw new FrameRequestError('The wallet service sent an unknown next step')
    }
    return { action: 'VERIFY_SECONDARY_OTP' }
  }

  private async updateEmailSecondaryOtp(otp: string): Promise<FrameResponses['UpdateEmailSecondaryOtp']> {
    const body = await this.api('POST', '/v1/email/update/secondary', { body: { otp }, bearer: this.bearer() })
    const newEmail = [body.email, body.newEmail, this.pendingNewEmail].find((v): v is string => typeof v === 'string' && v.length > 0)
    if (!newEmail) throw new FrameRequestError('The wallet service sent no e-mail address')
    this.pendingNewEmail = null
    if (this.user) this.user = { ...this.user, email: newEmail }
    this.email = newEmail
    return { newEmail }
  }

  private async signOut(): Promise<Record<string, never>> {
    const token = this.token
    if (token) {
      try {
        await this.api('POST', '/v1/signout', { bearer: token, keepSession: true })
      } catch {
        // signed out locally all the same
      }
    }
    this.deps.storage.del(TOKEN_KEY)
    this.user = null
    this.email = null
    this.abort()
    this.deps.post({ type: frameType('session'), token: null })
    return {}
  }

  // ── app data ──────────────────────────────────────────────────────────────────────────

  private network(): Network {
    const network = this.currentNetwork ?? this.networks[0]
    if (!network) throw new FrameRequestError('No networks have been synced')
    return network
  }

  private switchNetwork(caipNetworkId: string): { caipNetworkId: string } {
    const network = this.networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new FrameRequestError('Network Not Found', 4902)
    this.currentNetwork = network
    return { caipNetworkId }
  }

  /** The app's data (checked by the parser): its networks (the EVM ones), its name for the prompt. */
  private syncDappData(data: FrameRequests['SyncDappData']): Record<string, never> {
    const networks: Network[] = []
    for (const { caipNetworkId: id, name, rpcUrl, rpcUrls } of data.networks) {
      // Other namespaces (e.g. Solana) are the modal's business, not this EVM wallet's.
      if (!/^eip155:\d{1,15}$/.test(id)) continue
      networks.push({ caipNetworkId: id, chainId: Number(id.slice('eip155:'.length)), name: name || id, rpcUrl, rpcUrls: rpcUrls ?? [rpcUrl] })
    }
    this.networks = networks
    const current = this.currentNetwork
    this.currentNetwork = (current && networks.find((n) => n.caipNetworkId === current.caipNetworkId)) ?? networks[0] ?? null
    this.appName = data.metadata.name.trim() || undefined
    return {}
  }

  /**
   * The modal's theme (checked by the parser): its mode, and its colours for the prompt when
   * they keep the prompt readable (`promptColours`); else the frame's own for that mode.
   */
  private syncTheme(theme: FrameRequests['SyncTheme']): Record<string, never> {
    this.deps.setTheme?.({ mode: theme.themeMode, variables: promptColours(theme.w3mThemeVariables) ?? {} })
    return {}
  }

  // ── RPC ───────────────────────────────────────────────────────────────────────────────

  private async rpc(method: unknown, params: unknown, signal: AbortSignal): Promise<{ result: unknown }> {
    // EIP-5792 is the wallet's own business, not the node's. wallet_showCallsStatus only shows the
    // wallet's panel for a batch it sent, so it is answered although the policy does not list it.
    if (method === 'wallet_getCapabilities' || method === 'wallet_sendCalls' || method === 'wallet_getCallsStatus' || method === 'wallet_showCallsStatus') {
      return { result: await this.batchedCalls(method, params, signal) }
    }
    // ERC-7715 likewise. wallet_revokePermissions is ERC-7715's revocation only with a permission
    // context; EIP-2255's `{ eth_accounts: {} }` keeps the answer it had.
    if (typeof method === 'string' && (PERMISSION_METHODS.has(method) || (method === 'wallet_revokePermissions' && (await permissionRequestsModule()).revokeRequest(params) !== null))) {
      return { result: await this.executionPermissions(method, params, signal) }
    }
    let kind: 'safe' | 'approval'
    try {
      kind = classifyRpcMethod(method as string)
    } catch (e) {
      throw new FrameRequestError(errorPayload(e).message, 4200)
    }
    const m = method as string
    if (kind === 'safe') return { result: await this.safeRpc(m, params) }
    return { result: await this.approvalRpc(m, params, signal) }
  }

  private async safeRpc(method: string, params: unknown): Promise<unknown> {
    if (method === 'eth_accounts') return this.user ? ((await this.frameUser(this.user)).accounts ?? []).map((a) => a.address) : []
    if (method === 'eth_chainId') return numberToHex(this.network().chainId)
    return this.nodeRequest(this.network(), method, params)
  }

  /**
   * A network's endpoints through the modal's own transport (viem `fallback` across every URL the
   * app sent, ranked, batched and retried as the modal's EVM adapter reads them), made once per
   * network and set of URLs.
   */
  private transportOf(network: Network): Transport {
    const key = `${network.caipNetworkId} ${network.rpcUrls.join(' ')}`
    let transport = this.transports.get(key)
    if (!transport) {
      const endpoints: GangwayNetwork = {
        id: network.chainId,
        name: network.name,
        chainNamespace: 'eip155',
        caipNetworkId: network.caipNetworkId as GangwayNetwork['caipNetworkId'],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [...network.rpcUrls] } },
      }
      transport = evmTransport(endpoints, undefined, undefined, (input, init) => this.deps.fetch(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, init))
      this.transports.set(key, transport)
    }
    return transport
  }

  /** One JSON-RPC request to a network's nodes; a node's error comes back with its code and text. */
  private async nodeRequest(network: Network, method: string, params: unknown): Promise<unknown> {
    const { request } = this.transportOf(network)({ chain: localChain(network) })
    try {
      return (await request({ method, params: (params ?? []) as unknown[] })) ?? null
    } catch (error) {
      const node = causeNamed(error, 'RpcRequestError') as { code?: unknown; details?: unknown } | null
      if (node) throw new FrameRequestError(typeof node.details === 'string' && node.details ? node.details : 'The node rejected the request', typeof node.code === 'number' ? node.code : -32603)
      const status = (causeNamed(error, 'HttpRequestError') as { status?: unknown } | null)?.status
      throw new FrameRequestError(typeof status === 'number' ? `${network.name} answered ${status}` : `Could not reach ${network.name}`, -32603)
    }
  }

  private async approvalRpc(method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
    if (method === 'solana_signMessage' || method === 'solana_signTransaction') return this.solanaRpc(method, params, signal)
    if (method !== 'personal_sign' && method !== 'eth_signTypedData_v4' && method !== 'eth_sendTransaction' && method !== 'eth_sendUserOperation') {
      throw new FrameRequestError('Method not supported by the embedded wallet', 4200)
    }
    const user = this.user ?? (this.token ? await this.currentUser() : null)
    if (!user) throw new FrameRequestError('Not connected', 4100)
    const account = user.account
    const smart = await this.activeSmartAccount(user)
    const p = paramsArray(params)
    const assertOurs = (address: unknown) => {
      if (address === undefined) return
      const ours = smart?.address ?? account.address
      if (!isAddress(address) || address.toLowerCase() !== ours.toLowerCase()) {
        throw new FrameRequestError(`Unknown account ${String(address)}`, 4100)
      }
    }
    if (method === 'eth_sendUserOperation') return this.userOperationRpc(smart, p, signal)
    // The smart account signs for itself (ERC-1271; ERC-6492 while it is not deployed yet).
    const signer = smart ? smart.account : account
    const asSmart: FramePromptDetail[] = smart ? [{ label: 'Account', value: `Smart account ${smart.address}` }] : []

    if (method === 'personal_sign') {
      const [message, address] = p
      if (typeof message !== 'string') throw new FrameRequestError('Message must be a string', -32602)
      assertOurs(address)
      await this.approve(signal, method, 'Sign message', [{ label: 'Message', value: messageText(message) }, ...asSmart])
      return isHex(message) ? signer.signMessage({ message: { raw: message } }) : signer.signMessage({ message })
    }

    if (method === 'eth_signTypedData_v4') {
      const [address, raw] = p
      assertOurs(address)
      const typed = parseTypedData(raw)
      const domain = typed.domain ?? {}
      const details: FramePromptDetail[] = [{ label: 'Type', value: typed.primaryType }]
      if (typeof domain.name === 'string') details.push({ label: 'Domain', value: typeof domain.version === 'string' ? `${domain.name} (version ${domain.version})` : domain.name })
      if (domain.chainId !== undefined) details.push({ label: 'Chain', value: String(domain.chainId) })
      if (typeof domain.verifyingContract === 'string') details.push({ label: 'Contract', value: domain.verifyingContract })
      await this.approve(signal, method, 'Sign typed data', [...details, ...asSmart])
      return signer.signTypedData(typed as unknown as Parameters<PrivateKeyAccount['signTypedData']>[0])
    }

    // eth_sendTransaction
    const network = this.network()
    const tx = this.parseTransaction(p[0], network, assertOurs)
    const details: FramePromptDetail[] = [
      { label: 'To', value: tx.to ?? 'New contract' },
      { label: 'Value', value: `${formatEther(tx.value ?? 0n)} ETH` },
      { label: 'Data', value: tx.data ? `${size(tx.data)} bytes` : 'None' },
      { label: 'Network', value: network.name },
    ]
    if (smart) {
      if (tx.to === null) throw new FrameRequestError('A smart account cannot create contracts: send it from the EOA', -32602)
      const deployed = await smart.account.isDeployed()
      details.push({ label: 'From', value: `Smart account ${smart.address}${deployed ? '' : ' (deployed with this transaction)'}` })
      await this.approve(signal, method, 'Send transaction', details)
      const receipt = await this.sendFromSmartAccount(smart, [{ to: tx.to, value: tx.value ?? 0n, data: tx.data ?? '0x' }])
      if (!receipt.success) throw new FrameRequestError(`The transaction reverted (user operation ${receipt.userOpHash})`, -32003)
      return receipt.receipt.transactionHash
    }
    await this.approve(signal, method, 'Send transaction', details)
    const chain = localChain(network)
    const client = createWalletClient({
      account,
      chain,
      transport: this.transportOf(network),
    })
    const fees =
      tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined
        ? { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }
        : tx.gasPrice !== undefined
          ? { gasPrice: tx.gasPrice }
          : {}
    const sent = this.sending.then(() =>
      client.sendTransaction({
        account,
        chain,
        to: tx.to,
        value: tx.value,
        data: tx.data,
        ...(tx.gas !== undefined ? { gas: tx.gas } : {}),
        ...(tx.nonce !== undefined ? { nonce: Number(tx.nonce) } : {}),
        ...fees,
      } as Parameters<typeof client.sendTransaction>[0]),
    )
    this.sending = sent.catch(() => undefined)
    return sent
  }

  /**
   * `eth_sendUserOperation([userOperation, entryPoint])` from the smart account: the calls its
   * `callData` makes are shown in the prompt; once approved, the wallet fills in the nonce, gas
   * and signature and hands it to the bundler. Answers the user operation's hash.
   */
  private async userOperationRpc(smart: OwnedSmartAccount | null, p: unknown[], signal: AbortSignal): Promise<Hex> {
    if (!smart) throw new FrameRequestError('eth_sendUserOperation needs the smart account: switch to it first', 4200)
    const [raw, entryPoint] = p
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new FrameRequestError('Expected a user operation object', -32602)
    const op = raw as Json
    const entryPoint07 = smart.account.entryPoint.address
    if (entryPoint !== undefined && (typeof entryPoint !== 'string' || entryPoint.toLowerCase() !== entryPoint07.toLowerCase())) {
      throw new FrameRequestError(`Unsupported EntryPoint ${String(entryPoint)}: this account uses EntryPoint 0.7 (${entryPoint07})`, -32602)
    }
    if (op.sender !== undefined && (!isAddress(op.sender) || op.sender.toLowerCase() !== smart.address.toLowerCase())) {
      throw new FrameRequestError(`Unknown account ${String(op.sender)}`, 4100)
    }
    if (!isHex(op.callData) || op.callData === '0x') throw new FrameRequestError('Expected hex "callData"', -32602)
    const callData = op.callData
    let calls: UserOperationCall[]
    try {
      calls = (await smartAccountModule()).decodeAccountCalls(callData)
    } catch {
      throw new FrameRequestError("The callData is not a call of this account's execute (ERC-7579)", -32602)
    }
    const network = this.network()
    const deployed = await smart.account.isDeployed()
    await this.approve(signal, 'eth_sendUserOperation', 'Send user operation', [
      ...calls.map((call, i) => ({ label: `Call ${i + 1}`, value: describeCall(call) })),
      { label: 'From', value: `Smart account ${smart.address}${deployed ? '' : ' (deployed with this operation)'}` },
      { label: 'Network', value: network.name },
    ])
    const sent = this.sending.then(() => smart.bundler.sendUserOperation({ account: smart.account, callData }))
    this.sending = sent.catch(() => undefined)
    try {
      return await sent
    } catch (e) {
      throw new FrameRequestError(userOperationFailure(e), -32003)
    }
  }

  // ── ERC-7715 execution permissions (delegations of the smart account) ──────────────────

  private async executionPermissions(method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
    const requests = await permissionRequestsModule()
    switch (method) {
      case 'wallet_getSupportedExecutionPermissions':
        return this.supportedPermissions(requests)
      case 'wallet_getGrantedExecutionPermissions': {
        const user = await this.signedInUser()
        const smart = await this.activeSmartAccount(user)
        // The EOA grants none.
        if (!smart) return []
        return this.storedPermissions(requests, user, smart.address)
          .filter((p) => p.status === 'active')
          .map((p) => p.response)
      }
      case 'wallet_requestExecutionPermissions':
      case 'wallet_grantPermissions':
        return this.grantPermissions(requests, method, params, signal)
      default:
        return this.revokePermission(requests, method, params, signal)
    }
  }

  /** `{ [type]: { chainIds, ruleTypes } }` for the synced networks with smart accounts whose framework can make it. */
  private async supportedPermissions(p: PermissionRequests): Promise<Record<string, { chainIds: Hex[]; ruleTypes: string[] }>> {
    const enabled = (await this.smartAccountNetworks()).filter((n) => this.networks.some((synced) => synced.chainId === n.chainId))
    const supported: Record<string, { chainIds: Hex[]; ruleTypes: string[] }> = {}
    for (const type of p.SUPPORTED_PERMISSION_TYPES) {
      const chainIds = enabled.filter((n) => p.supportedPermissionTypes(n.environment).includes(type)).map((n) => numberToHex(n.chainId))
      if (chainIds.length > 0) supported[type] = { chainIds, ruleTypes: [...p.SUPPORTED_RULE_TYPES] }
    }
    return supported
  }

  /**
   * `wallet_requestExecutionPermissions` (and ERC-7715's earlier name, `wallet_grantPermissions`):
   * the requests checked, one prompt for all, then one signed delegation each from the smart
   * account to the request's `to`. Answers ERC-7715's `PermissionResponse[]` and keeps them.
   */
  private async grantPermissions(p: PermissionRequests, method: string, params: unknown, signal: AbortSignal): Promise<GrantedPermissionResponse[]> {
    const user = await this.signedInUser()
    const smart = await this.activeSmartAccount(user)
    if (!smart) throw new FrameRequestError(`${method} needs the smart account: switch to it first`, 4200)
    const network = this.network()
    const requests = p.parsePermissionRequests(params, { chainId: network.chainId, account: smart.address, supportedTypes: p.supportedPermissionTypes(smart.environment) })
    const now = await this.chainTime(network)
    p.assertNotExpired(requests, now)
    const tokens = await p.readTokenInfos(requests, { network: network.name, call: (to, data) => this.nodeRequest(network, 'eth_call', [{ to, data }, 'latest']) as Promise<Hex> })
    const deployed = await smart.account.isDeployed()
    await this.approve(signal, 
      method,
      'Grant permission',
      p.grantPromptDetails(requests, { tokens, account: `Smart account ${smart.address}${deployed ? '' : ' (not deployed yet: deployed on first use)'}`, network: network.name }),
    )
    const { permissionDelegation } = await permissionModule()
    // A counterfactual account is deployed (by anyone) with its factory call before a redemption.
    const factoryArgs = deployed ? null : await smart.account.getFactoryArgs()
    const dependencies = factoryArgs?.factory && factoryArgs.factoryData ? [{ factory: factoryArgs.factory, factoryData: factoryArgs.factoryData }] : []
    const granted: StoredPermission[] = []
    for (const request of requests) {
      const startTime = request.startTime ?? now
      const grant = await permissionDelegation(smart, request, startTime)
      granted.push({
        id: grant.id,
        chainId: request.chainId,
        status: 'active',
        grantedAt: Date.now(),
        summary: p.permissionSummary(request, request.tokenAddress ? (tokens.get(request.tokenAddress) ?? null) : null),
        response: { ...p.echoRequest(request, smart.address, startTime), context: grant.context, dependencies, delegationManager: smart.environment.DelegationManager },
      })
    }
    this.updatePermissions(user, smart.address, (stored) => [...stored, ...granted])
    return granted.map((g) => g.response)
  }

  /**
   * `wallet_revokeExecutionPermission({ permissionContext })` (or `wallet_revokePermissions` with
   * one): after the prompt, one user operation from the smart account disables the delegation at
   * DelegationManager (deploying the account first when it is still counterfactual). Answers `{}`
   * once it is mined; the kept permission is marked revoked.
   */
  private async revokePermission(p: PermissionRequests, method: string, params: unknown, signal: AbortSignal): Promise<Record<string, never>> {
    const user = await this.signedInUser()
    const smart = await this.activeSmartAccount(user)
    if (!smart) throw new FrameRequestError(`${method} needs the smart account: switch to it first`, 4200)
    const context = p.revokeRequest(params)?.permissionContext
    if (typeof context !== 'string' || !/^0x[0-9a-fA-F]+$/.test(context)) throw new FrameRequestError('Missing or invalid "permissionContext"', -32602)
    const record = this.storedPermissions(p, user, smart.address).find((r) => r.response.context.toLowerCase() === context.toLowerCase())
    if (!record) throw new FrameRequestError('No such permission', -32602)
    if (record.status === 'revoked') throw new FrameRequestError('The permission is already revoked', -32602)
    const network = this.networks.find((n) => n.chainId === record.chainId)
    if (!network) throw new FrameRequestError(`The network of this permission (chain ${record.chainId}) is not synced`, -32603)
    const owner = await this.smartAccountOn(user, network)
    if (!owner) throw new FrameRequestError(`Smart accounts are not enabled on ${network.name}`, 4100)
    const { contextDelegation, disableDelegationCall, isDelegationDisabled } = await permissionModule()
    const delegation = contextDelegation(record.response.context)
    if (!delegation) throw new FrameRequestError('No such permission', -32602)
    const revoked = (revokedIn?: Hex) =>
      this.updatePermissions(user, smart.address, (stored) =>
        stored.map((r) => (p.isStoredPermission(r) && r.id === record.id ? { ...r, status: 'revoked', revokedAt: Date.now(), ...(revokedIn ? { revokedIn } : {}) } : r)),
      )
    // Disabled already (from another device): nothing to sign, only to note.
    if (await isDelegationDisabled(owner, delegation)) {
      revoked()
      return {}
    }
    const expiry = p.responseExpiry(record.response)
    const deployed = await owner.account.isDeployed()
    await this.approve(signal, method, 'Revoke permission', [
      { label: 'Permission', value: record.summary },
      { label: 'To', value: record.response.to },
      { label: 'Granted', value: p.formatTime(Math.floor(record.grantedAt / 1000)) },
      { label: 'Until', value: expiry === null ? 'No end date' : p.formatTime(expiry) },
      { label: 'From', value: `Smart account ${owner.address}${deployed ? '' : ' (deployed with this operation)'}` },
      { label: 'Network', value: network.name },
    ])
    const receipt = await this.sendFromSmartAccount(owner, [disableDelegationCall(owner.environment, delegation)])
    if (!receipt.success) throw new FrameRequestError(`The revocation reverted (user operation ${receipt.userOpHash})`, -32003)
    revoked(receipt.receipt.transactionHash)
    return {}
  }

  /** The chain's time: the latest block's timestamp (Unix seconds). */
  private async chainTime(network: Network): Promise<number> {
    const block = await this.nodeRequest(network, 'eth_getBlockByNumber', ['latest', false])
    const timestamp = field(block, 'timestamp')
    if (!isHex(timestamp)) throw new FrameRequestError(`${network.name} sent no block time`, -32603)
    return hexToNumber(timestamp)
  }

  /** What this frame's storage holds for `smartAccount`, as stored (entries it cannot read included). */
  private storedPermissionEntries(user: SessionUser, smartAccount: string): unknown[] {
    try {
      const stored = JSON.parse(this.deps.storage.get(permissionsKey(user.account.address, smartAccount)) ?? '[]') as unknown
      return Array.isArray(stored) ? stored : []
    } catch {
      return []
    }
  }

  private storedPermissions(p: PermissionRequests, user: SessionUser, smartAccount: string): StoredPermission[] {
    return this.storedPermissionEntries(user, smartAccount).filter(p.isStoredPermission)
  }

  /** Rewrites the kept permissions; entries this wallet cannot read pass through untouched. */
  private updatePermissions(user: SessionUser, smartAccount: string, update: (stored: unknown[]) => unknown[]): void {
    this.deps.storage.set(permissionsKey(user.account.address, smartAccount), JSON.stringify(update(this.storedPermissionEntries(user, smartAccount))))
  }

  // ── EIP-5792 batches (shared with the other dev wallets: ../wallet/batchedCalls) ───────────

  private async batchedCalls(method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
    switch (method) {
      case 'wallet_getCapabilities': {
        const user = await this.signedInUser()
        const smart = await this.activeSmartAccount(user)
        const enabled = await this.smartAccountNetworks()
        return getCapabilities(params, {
          account: user.account.address,
          chains: this.networks.map((network) => ({ chainId: network.chainId, rpc: this.networkRpc(network) })),
          // The smart account batches atomically by itself and takes an ERC-7677 paymaster, on its networks.
          ...(smart ? { smartAccount: { address: smart.address, chainIds: enabled.map((n) => n.chainId) } } : {}),
        })
      }
      case 'wallet_sendCalls':
        return this.sendCalls(params, signal)
      case 'wallet_getCallsStatus': {
        const record = this.storedBatch(batchIdParam(params))
        // A user operation's own outcome, not its bundle transaction's, says whether the calls applied.
        return callsStatus(record, this.networkRpc(this.batchNetwork(record)))
      }
      default: {
        // wallet_showCallsStatus: the wallet's panel; the app gets null without waiting for it.
        const record = this.storedBatch(batchIdParam(params))
        const network = this.batchNetwork(record)
        const status = await callsStatus(record, this.networkRpc(network))
        void this.decide(signal, 'wallet_showCallsStatus', 'Batch status', batchStatusDetails(record, status, network.name), { kind: 'info' }).catch(() => undefined)
        return null
      }
    }
  }

  private async signedInUser(): Promise<SessionUser> {
    const user = this.user ?? (this.token ? await this.currentUser() : null)
    if (!user) throw new FrameRequestError('Not connected', 4100)
    return user
  }

  private networkRpc(network: Network): CallsRpc {
    return (method, params) => this.nodeRequest(network, method, params)
  }

  private batches(): Record<string, BatchRecord> {
    try {
      const stored = JSON.parse(this.deps.storage.get(BATCHES_KEY) ?? '{}') as unknown
      return typeof stored === 'object' && stored !== null ? (stored as Record<string, BatchRecord>) : {}
    } catch {
      return {}
    }
  }

  private storedBatch(id: string): BatchRecord {
    const record = this.batches()[id]
    if (record === undefined) throw callsErrors.unknownBundle()
    return record
  }

  private batchNetwork(record: BatchRecord): Network {
    const network = this.networks.find((n) => n.chainId === record.chainId)
    if (!network) throw new FrameRequestError(`The network of batch ${record.id} (chain ${record.chainId}) is not synced`, -32603)
    return network
  }

  private async sendCalls(params: unknown, signal: AbortSignal): Promise<{ id: string }> {
    const user = await this.signedInUser()
    const network = this.network()
    const rpc = this.networkRpc(network)
    const smart = await this.activeSmartAccount(user)
    const batch = await prepareSendCalls(params, {
      account: smart?.address ?? user.account.address,
      chainId: network.chainId,
      rpc,
      hasBatch: (id) => this.reservedBatchIds.has(id) || this.batches()[id] !== undefined,
      ...(smart ? { smartAccount: true } : {}),
    })
    this.reservedBatchIds.add(batch.id)
    try {
      if (smart) {
        const paymasterUrl = batch.paymasterUrl
        const deployed = await smart.account.isDeployed()
        await this.approve(signal, 'wallet_sendCalls', 'Send calls', [
          ...batchPromptDetails(batch, { network: network.name }),
          { label: 'From', value: `Smart account ${smart.address}${deployed ? '' : ' (deployed with this batch)'}` },
          ...(paymasterUrl ? [{ label: 'Network fee', value: `Paid by the app's paymaster (${new URL(paymasterUrl).host})` }] : []),
        ])
        const receipt = await this.sendFromSmartAccount(smart, batch.calls, paymasterUrl)
        const record: BatchRecord = {
          id: batch.id,
          chainId: batch.chainId,
          atomic: true,
          hashes: [receipt.receipt.transactionHash],
          calls: batch.calls.map((call) => describeCall(call)),
          upgraded: false,
          userOperation: { hash: receipt.userOpHash, success: receipt.success },
        }
        this.deps.storage.set(BATCHES_KEY, JSON.stringify({ ...this.batches(), [record.id]: record }))
        return { id: record.id }
      }
      // EIP-5792: a user who declines the upgrade may still send the calls one by one, unless the
      // app requires atomicity (5750).
      const choice = await this.decide(signal, 'wallet_sendCalls', 'Send calls', batchPromptDetails(batch, { network: network.name }), {
        ...(batch.status === 'ready' ? { alternative: 'Keep regular account' } : {}),
      })
      let mode: BatchMode = batch.status === 'unsupported' ? 'sequential' : 'atomic'
      if (choice === 'alternative') {
        if (batch.atomicRequired) throw callsErrors.upgradeRejected()
        mode = 'sequential'
      }
      const sent = this.sending.then(() => sendBatch(batch, { rpc, account: user.account, mode }))
      this.sending = sent.catch(() => undefined)
      const record = await sent
      this.deps.storage.set(BATCHES_KEY, JSON.stringify({ ...this.batches(), [record.id]: record }))
      return { id: record.id }
    } finally {
      this.reservedBatchIds.delete(batch.id)
    }
  }

  /**
   * `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`, and
   * `solana_signTransaction` `{ transaction: base64 }` → `{ signature: base58, transaction: base64 }`
   * (the user's signature slot filled, other signatures kept), after the user approved.
   */
  private async solanaRpc(method: 'solana_signMessage' | 'solana_signTransaction', params: unknown, signal: AbortSignal): Promise<unknown> {
    const user = this.user ?? (this.token ? await this.currentUser() : null)
    if (!user) throw new FrameRequestError('Not connected', 4100)
    const signer = user.solana
    if (!signer) throw new FrameRequestError('This account has no Solana key', 4100)
    const p = paramsObject(params)

    if (method === 'solana_signMessage') {
      if (p.pubkey !== signer.address) throw new FrameRequestError('Unknown account', 4100)
      const message = base58Field(p, 'message')
      await this.approve(signal, method, 'Sign message', [
        { label: 'Message', value: messageText(bytesToHex(message)) },
        { label: 'Account', value: signer.address },
      ])
      const signature = await signBytes(signer.keyPair.privateKey, message)
      return { signature: getBase58Decoder().decode(signature) }
    }

    const tx = solanaTransaction(p)
    if (!Object.prototype.hasOwnProperty.call(tx.signatures, signer.address)) {
      throw new FrameRequestError("The transaction does not need this account's signature", 4100)
    }
    const summary = solanaTransactionSummary(tx)
    await this.approve(signal, method, 'Sign a Solana transaction', [
      { label: 'Fee payer', value: summary.feePayer === signer.address ? `${summary.feePayer} (you)` : summary.feePayer },
      { label: 'Instructions', value: String(summary.instructions) },
      { label: 'Account', value: signer.address },
    ])
    const signed = await partiallySignTransaction([signer.keyPair], tx)
    const signature = signed.signatures[signer.address]
    if (!signature) throw new FrameRequestError('The transaction could not be signed')
    return {
      signature: getBase58Decoder().decode(signature),
      transaction: getBase64Decoder().decode(getTransactionEncoder().encode(signed)),
    }
  }

  private parseTransaction(raw: unknown, network: Network, assertOurs: (a: unknown) => void): ParsedTx {
    if (typeof raw !== 'object' || raw === null) throw new FrameRequestError('Expected a transaction object', -32602)
    const tx = raw as Json
    assertOurs(tx.from ?? undefined)
    if (tx.to !== undefined && tx.to !== null && !isAddress(tx.to)) throw new FrameRequestError('Invalid "to" address', -32602)
    const data = tx.data ?? tx.input
    if (data !== undefined && data !== null && !isHex(data)) throw new FrameRequestError('Invalid "data"', -32602)
    const chainId = bigintField(tx, 'chainId')
    if (chainId !== undefined && chainId !== BigInt(network.chainId)) {
      throw new FrameRequestError(`The transaction is for chain ${chainId}, the wallet is on ${network.name}`, -32602)
    }
    const out: ParsedTx = { to: (tx.to as Hex | null | undefined) ?? null }
    if (typeof data === 'string' && data !== '0x') out.data = data as Hex
    for (const key of ['value', 'gas', 'nonce', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
      const v = bigintField(tx, key)
      if (v !== undefined) out[key] = v
    }
    return out
  }

  /**
   * Shows the approval prompt (one at a time, in order) with the parent showing the frame;
   * resolves when approved, rejects with 4001 when rejected, with 'Request was aborted' when
   * withdrawn (its request's `signal`: RpcAbort, sign-out).
   */
  private async approve(signal: AbortSignal, method: string, title: string, details: FramePromptDetail[]): Promise<void> {
    await this.decide(signal, method, title, details)
  }

  /**
   * `approve` with the prompt's optional third choice ('alternative') or as an info panel
   * (resolves 'approve' once closed); rejects with 4001 when rejected, 'Request was aborted'
   * when withdrawn.
   */
  private async decide(
    request: AbortSignal,
    method: string,
    title: string,
    details: FramePromptDetail[],
    options: { alternative?: string; kind?: 'info' } = {},
  ): Promise<'approve' | 'alternative'> {
    // Withdrawn with its request, or with every prompt (an RpcAbort without id, a sign-out).
    const controller = new AbortController()
    const withdraw = () => controller.abort()
    request.addEventListener('abort', withdraw, { once: true })
    if (request.aborted) controller.abort()
    this.pendingApprovals.add(controller)
    const { signal } = controller
    const run = async (): Promise<boolean | 'alternative'> => {
      if (signal.aborted) return false
      this.deps.post({ type: frameType('prompt'), open: true })
      try {
        const aborted = new Promise<boolean>((ok) => signal.addEventListener('abort', () => ok(false), { once: true }))
        const prompt: FramePrompt = { method, title, requestedBy: this.appName ?? this.deps.parentOrigin, details, signal, ...options }
        const answered = this.deps.confirm(prompt).then((v) => {
          if (signal.aborted) return false
          if (options.kind === 'info') return true
          return v === 'alternative' && options.alternative !== undefined ? 'alternative' : v === true
        })
        return await Promise.race([answered, aborted])
      } finally {
        this.deps.post({ type: frameType('prompt'), open: false })
      }
    }
    const result = this.promptQueue.then(run, run)
    this.promptQueue = result.catch(() => undefined)
    try {
      const choice = await result
      if (signal.aborted) throw requestAborted()
      if (choice === false) throw userRejected()
      return choice === 'alternative' ? 'alternative' : 'approve'
    } finally {
      request.removeEventListener('abort', withdraw)
      this.pendingApprovals.delete(controller)
    }
  }

  /**
   * Withdraws the request `id` (its prompt, shown or queued; its device-approval wait), or
   * without `id` every request and prompt under way and any device-approval wait.
   */
  private abort(id?: string): Record<string, never> {
    if (id !== undefined) {
      this.requests.get(id)?.abort()
      return {}
    }
    this.deviceWait++
    for (const c of this.requests.values()) c.abort()
    for (const c of this.pendingApprovals) c.abort()
    this.pendingApprovals.clear()
    return {}
  }
}

/** Creates the frame wallet (see `FrameWallet`). */
export function createFrameWallet(deps: FrameWalletDeps): FrameWallet {
  return new FrameWallet(deps)
}

/** The first line of why a bundler or paymaster refused a user operation (viem's details, else its message). */
function userOperationFailure(e: unknown): string {
  const error = e as { details?: unknown; shortMessage?: unknown; message?: unknown } | null
  const text = [error?.details, error?.shortMessage, error?.message].find((t): t is string => typeof t === 'string' && t.length > 0)
  return (text ?? 'The bundler refused the user operation').split('\n')[0]!
}
