/**
 * The embedded wallet frame's message protocol (spec §7): the modal posts requests to a hidden
 * frame on the wallet service's origin; every request gets a success or an error reply with the
 * same `id` (an error's payload holds the message). The frame announces itself ready (with its
 * protocol version) and sends session updates (the session token) on its own.
 *
 * Messages are plain data, so both sides check what they receive with `parseFrameMessage`.
 */

/** The protocol version the modal speaks; the frame announces the one it serves. */
export const FRAME_PROTOCOL_VERSION = 4

/** A prefix on every message, so other postMessage traffic on the page is told apart. */
export const FRAME_MESSAGE_PREFIX = '@gangway/frame/'

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
  RpcAbort: Record<string, never>
  UpdateEmail: { email: string }
  UpdateEmailPrimaryOtp: { otp: string }
  UpdateEmailSecondaryOtp: { otp: string }
  SyncTheme: { themeMode: 'light' | 'dark' }
  /** The app's networks (with an RPC URL each), name and origin. */
  SyncDappData: { networks: { caipNetworkId: string; name: string; rpcUrl: string }[]; appName?: string }
  SetPreferredAccount: { type: 'eoa' | 'smartAccount' }
  /** The chain ids where the wallet service gives users a smart account (spec: smartAccountEnabledNetworks). */
  GetSmartAccountEnabledNetworks: Record<string, never>
  /** The user's smart account on the current network: its address and whether it is deployed yet. */
  InitSmartAccount: Record<string, never>
  SignOut: Record<string, never>
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

/**
 * The message, when `data` is a well-formed protocol message; null for anything else (other
 * scripts' messages, malformed or oversized data).
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
  if (typeof m.id !== 'string' || m.id.length === 0 || m.id.length > 100) return null
  if (typeof m.name !== 'string' || !NAMES.has(m.name)) return null
  if (kind === 'error') {
    const p = m.payload as Record<string, unknown> | null
    if (typeof p !== 'object' || p === null || typeof p.message !== 'string') return null
    return { type: m.type as never, id: m.id, name: m.name as FrameRequestName, payload: { message: p.message, ...(typeof p.code === 'number' ? { code: p.code } : {}) } }
  }
  return { type: m.type as never, id: m.id, name: m.name as FrameRequestName, payload: m.payload }
}

/** The wire type of a message kind. */
export const frameType = <K extends 'request' | 'success' | 'error' | 'ready' | 'session' | 'prompt'>(kind: K) =>
  `${FRAME_MESSAGE_PREFIX}${kind}` as const
