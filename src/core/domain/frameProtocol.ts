/**
 * The embedded wallet frame's message protocol (spec §7): the modal posts requests to a hidden
 * frame on the wallet service's origin; every request gets a success or an error reply with the
 * same `id` (an error's payload holds the message). The frame announces itself ready (with its
 * protocol version) and sends session updates (the session token) on its own.
 *
 * Messages are plain data, so both sides check what they receive with `parseFrameMessage`.
 */

import { themeVariablesProblem, type ThemeVariableName } from '../events/modal/preferences.js'
import { isPlainObject } from '../events/schema.js'
import { THEME_COLOURS, type ThemeColourName } from './themePalette.js'

/** The protocol version the modal speaks; the frame announces the one it serves. */
export const FRAME_PROTOCOL_VERSION = 4

/** A prefix on every message, so other postMessage traffic on the page is told apart. */
export const FRAME_MESSAGE_PREFIX = '@gangway/frame/'

/**
 * The theme sync (spec §3): the modal's theme mode, the theme variables its host set (the
 * `themeVariables` option with those set at run time laid over it), and the colours the frame's
 * own prompt is drawn with: the modal's colours in that mode (`THEME_COLOUR_NAMES`), the host's
 * values where it set them. Every name is one of the modal's theme variables (`--gw-*`).
 */
export type FrameTheme = {
  themeMode: 'light' | 'dark'
  themeVariables: Record<string, string>
  w3mThemeVariables: Record<string, string>
}

/** The app's data as the frame gets it (spec §3), plus the app's EVM networks the frame signs and sends on. */
export type FrameAppData = {
  metadata: { name: string; description: string; url: string; icons: string[] }
  sdkVersion: string
  sdkType: string
  projectId: string
  /**
   * The app's EVM networks: `rpcUrls` every endpoint the modal reads the network through, in
   * order (the frame falls back across them as the modal does); `rpcUrl` the first of them.
   */
  networks: { caipNetworkId: string; name: string; rpcUrl: string; rpcUrls?: string[] }[]
}

/** Requests the modal sends and what each carries. */
export type FrameRequests = {
  ConnectEmail: { email: string }
  /** Waits until the device is approved (the link mailed to the address was opened). */
  ConnectDevice: Record<string, never>
  ConnectOtp: { otp: string }
  GetSocialRedirectUri: { provider: string; origin: string }
  ConnectSocial: { uri: string }
  GetFarcasterUri: Record<string, never>
  ConnectFarcaster: Record<string, never>
  GetUser: { caipNetworkId?: string; preferredAccountType?: 'eoa' | 'smartAccount' }
  /** `token` is the session the modal kept, for a frame that lost its own storage. */
  IsConnected: { token?: string }
  GetChainId: Record<string, never>
  SwitchNetwork: { caipNetworkId: string }
  Rpc: { method: string; params?: unknown }
  /**
   * Withdraws the request `id` (an `Rpc` whose prompt goes away, a device approval the frame
   * waits for): it is answered with 'Request was aborted'. Without `id`, every approval prompt
   * under way, shown or queued, and any device-approval wait.
   */
  RpcAbort: { id?: string }
  UpdateEmail: { email: string }
  UpdateEmailPrimaryOtp: { otp: string }
  UpdateEmailSecondaryOtp: { otp: string }
  SyncTheme: FrameTheme
  SyncDappData: FrameAppData
  SetPreferredAccount: { type: 'eoa' | 'smartAccount' }
  /** The chain ids where the wallet service gives users a smart account (spec: smartAccountEnabledNetworks). */
  GetSmartAccountEnabledNetworks: Record<string, never>
  /** The user's smart account on the current network: its address and whether it is deployed yet. */
  InitSmartAccount: Record<string, never>
  SignOut: Record<string, never>
  /** The frame answers, then loads its page afresh (its session is kept) and announces itself ready again. */
  Reload: Record<string, never>
}

/** The user as the frame reports it after a connect. */
export type FrameUser = {
  email: string | null
  username: string | null
  address: string
  /** The user's Solana account (base58), when the wallet service gives the user one. */
  solanaAddress?: string
  caipNetworkId: string
  /** `email`, a social provider or `farcaster`. */
  auth: string
  preferredAccountType: 'eoa' | 'smartAccount'
  smartAccountDeployed: boolean
  /**
   * The user's EVM accounts on the current network, the one in use (`address`) first: the EOA, and
   * the smart account where the network has smart accounts. Absent from frames that predate it.
   */
  accounts?: { address: string; type: 'eoa' | 'smartAccount' }[]
}

/** What each request's success reply carries. */
export type FrameResponses = {
  ConnectEmail: { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }
  ConnectDevice: Record<string, never>
  ConnectOtp: FrameUser
  GetSocialRedirectUri: { uri: string }
  ConnectSocial: FrameUser
  GetFarcasterUri: { url: string }
  ConnectFarcaster: FrameUser
  GetUser: FrameUser
  IsConnected: { isConnected: boolean }
  GetChainId: { caipNetworkId: string }
  SwitchNetwork: { caipNetworkId: string }
  Rpc: { result: unknown }
  RpcAbort: Record<string, never>
  UpdateEmail: { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }
  UpdateEmailPrimaryOtp: { action: 'VERIFY_SECONDARY_OTP' }
  UpdateEmailSecondaryOtp: { newEmail: string }
  SyncTheme: Record<string, never>
  SyncDappData: Record<string, never>
  /** The user as they are now, on the account type asked for. */
  SetPreferredAccount: FrameUser
  GetSmartAccountEnabledNetworks: { smartAccountEnabledNetworks: number[] }
  InitSmartAccount: { address: string; isDeployed: boolean }
  SignOut: Record<string, never>
  Reload: Record<string, never>
}

export type FrameRequestName = keyof FrameRequests

export const FRAME_REQUEST_NAMES = Object.freeze([
  'ConnectEmail',
  'ConnectDevice',
  'ConnectOtp',
  'GetSocialRedirectUri',
  'ConnectSocial',
  'GetFarcasterUri',
  'ConnectFarcaster',
  'GetUser',
  'IsConnected',
  'GetChainId',
  'SwitchNetwork',
  'Rpc',
  'RpcAbort',
  'UpdateEmail',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
  'SyncTheme',
  'SyncDappData',
  'SetPreferredAccount',
  'GetSmartAccountEnabledNetworks',
  'InitSmartAccount',
  'SignOut',
  'Reload',
] as const satisfies readonly FrameRequestName[])

/** A message on the wire. */
export type FrameMessage =
  | { type: `${typeof FRAME_MESSAGE_PREFIX}request`; id: string; name: FrameRequestName; payload: unknown }
  | { type: `${typeof FRAME_MESSAGE_PREFIX}success`; id: string; name: FrameRequestName; payload: unknown }
  | { type: `${typeof FRAME_MESSAGE_PREFIX}error`; id: string; name: FrameRequestName; payload: { message: string; code?: number } }
  | { type: `${typeof FRAME_MESSAGE_PREFIX}ready`; version: number }
  | { type: `${typeof FRAME_MESSAGE_PREFIX}session`; token: string | null }
  /** The frame shows its own approval prompt (or took it down): the modal shows or hides it. */
  | { type: `${typeof FRAME_MESSAGE_PREFIX}prompt`; open: boolean }

const KINDS = new Set(['request', 'success', 'error', 'ready', 'session', 'prompt'])
const NAMES = new Set<string>(FRAME_REQUEST_NAMES)

/** The modal's colours the frame's prompt is drawn with (`w3mThemeVariables`): all but those of success and error. */
export type PromptColourName = Exclude<ThemeColourName, '--gw-success' | '--gw-error'>

export const PROMPT_COLOUR_NAMES: readonly PromptColourName[] = Object.freeze(
  (Object.keys(THEME_COLOURS.light) as ThemeColourName[]).filter((name): name is PromptColourName => name !== '--gw-success' && name !== '--gw-error'),
)

/**
 * The theme sync for the modal's theme mode and the theme variables its host set: the prompt's
 * colours are the host's where it set them, else the modal's own in that mode.
 *
 * @example
 * frameTheme('dark', { '--gw-accent': '#0a7' }).w3mThemeVariables // { '--gw-accent': '#0a7', '--gw-bg': '#18191b', … }
 */
export function frameTheme(themeMode: 'light' | 'dark', themeVariables: Partial<Record<ThemeVariableName, string>>): FrameTheme {
  const host: Record<string, string> = {}
  for (const [name, value] of Object.entries(themeVariables)) if (typeof value === 'string') host[name] = value
  const colours: Record<string, string> = {}
  for (const name of PROMPT_COLOUR_NAMES) colours[name] = host[name] ?? THEME_COLOURS[themeMode][name]
  return { themeMode, themeVariables: host, w3mThemeVariables: colours }
}

/** Longest texts of app data: a name, a description, a URL; at most this many icons and networks. */
const MAX_NAME = 256
const MAX_TEXT = 1_000
const MAX_URL = 2_048
const MAX_ICONS = 16
const MAX_NETWORKS = 256
const MAX_RPC_URLS = 16

const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100

/**
 * Whether `v` is an http(s) URL the protocol takes (an app's URL, its icons, a network's RPC URL).
 *
 * @example
 * isHttpUrl('https://app.example/icon.png') // true
 * isHttpUrl('http://') // false
 */
export function isHttpUrl(v: unknown): v is string {
  if (!text(v, MAX_URL)) return false
  try {
    const url = new URL(v)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== ''
  } catch {
    return false
  }
}

/** A set of the modal's theme variables, copied; undefined when one name or value is not one. */
function themeVariables(v: unknown): Record<string, string> | undefined {
  if (themeVariablesProblem(v, 'variables') !== null) return undefined
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(v as Record<string, unknown>)) if (typeof value === 'string') out[name] = value
  return out
}

function themePayload(p: unknown): FrameTheme | undefined {
  if (!isPlainObject(p) || (p.themeMode !== 'light' && p.themeMode !== 'dark')) return undefined
  const host = themeVariables(p.themeVariables)
  const frame = themeVariables(p.w3mThemeVariables)
  return host && frame ? { themeMode: p.themeMode, themeVariables: host, w3mThemeVariables: frame } : undefined
}

function appDataPayload(p: unknown): FrameAppData | undefined {
  if (!isPlainObject(p) || !isPlainObject(p.metadata)) return undefined
  const { name, description, url, icons } = p.metadata
  if (!text(name, MAX_NAME) || !text(description, MAX_TEXT) || !isHttpUrl(url)) return undefined
  if (!Array.isArray(icons) || icons.length > MAX_ICONS || !icons.every(isHttpUrl)) return undefined
  const { sdkVersion, sdkType, projectId, networks } = p
  if (!isId(sdkVersion) || !isId(sdkType) || !text(projectId, MAX_NAME)) return undefined
  if (!Array.isArray(networks) || networks.length > MAX_NETWORKS) return undefined
  const checked: FrameAppData['networks'] = []
  for (const n of networks) {
    if (!isPlainObject(n) || !isId(n.caipNetworkId) || !text(n.name, MAX_NAME) || !isHttpUrl(n.rpcUrl)) return undefined
    const { rpcUrls } = n
    if (rpcUrls !== undefined && (!Array.isArray(rpcUrls) || rpcUrls.length === 0 || rpcUrls.length > MAX_RPC_URLS || !rpcUrls.every(isHttpUrl))) return undefined
    checked.push({ caipNetworkId: n.caipNetworkId, name: n.name, rpcUrl: n.rpcUrl, ...(rpcUrls ? { rpcUrls: [...rpcUrls] } : {}) })
  }
  return { metadata: { name, description, url, icons: [...icons] }, sdkVersion, sdkType, projectId, networks: checked }
}

/**
 * The payload of a request the protocol reads field by field (the theme and app-data syncs, the
 * abort and the reload), copied with only its known fields; undefined when it is malformed, and
 * then the whole message is ignored. Other requests' payloads are the frame's to check.
 */
const PAYLOADS: Partial<Record<FrameRequestName, (payload: unknown) => unknown>> = {
  SyncTheme: themePayload,
  SyncDappData: appDataPayload,
  RpcAbort: (p) => (!isPlainObject(p) ? undefined : p.id === undefined ? {} : isId(p.id) ? { id: p.id } : undefined),
  Reload: (p) => (isPlainObject(p) ? {} : undefined),
}

/**
 * The message, when `data` is a well-formed protocol message; null for anything else (other
 * scripts' messages, malformed or oversized data, a sync, abort or reload request whose payload
 * is not the protocol's).
 *
 * @example
 * parseFrameMessage({ type: '@gangway/frame/ready', version: 4 }) // { type: '@gangway/frame/ready', version: 4 }
 * parseFrameMessage({ type: 'other' }) // null
 */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null
  const m = data as Record<string, unknown>
  if (typeof m.type !== 'string' || !m.type.startsWith(FRAME_MESSAGE_PREFIX)) return null
  const kind = m.type.slice(FRAME_MESSAGE_PREFIX.length)
  if (!KINDS.has(kind)) return null
  if (kind === 'ready') return typeof m.version === 'number' && Number.isInteger(m.version) ? { type: m.type as never, version: m.version } : null
  if (kind === 'session') return m.token === null || (typeof m.token === 'string' && m.token.length <= 4096) ? { type: m.type as never, token: m.token as string | null } : null
  if (kind === 'prompt') return typeof m.open === 'boolean' ? { type: m.type as never, open: m.open } : null
  if (!isId(m.id)) return null
  if (typeof m.name !== 'string' || !NAMES.has(m.name)) return null
  const name = m.name as FrameRequestName
  if (kind === 'error') {
    const p = m.payload as Record<string, unknown> | null
    if (typeof p !== 'object' || p === null || typeof p.message !== 'string') return null
    return { type: m.type as never, id: m.id, name, payload: { message: p.message, ...(typeof p.code === 'number' ? { code: p.code } : {}) } }
  }
  const read = kind === 'request' ? PAYLOADS[name] : undefined
  if (!read) return { type: m.type as never, id: m.id, name, payload: m.payload }
  const payload = read(m.payload)
  return payload === undefined ? null : { type: m.type as never, id: m.id, name, payload }
}

/** The wire type of a message kind. */
export const frameType = <K extends 'request' | 'success' | 'error' | 'ready' | 'session' | 'prompt'>(kind: K) =>
  `${FRAME_MESSAGE_PREFIX}${kind}` as const
