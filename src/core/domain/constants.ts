/**
 * The business constants and limits of spec §9 (and the defaults of spec §1), as data. Rules
 * that use them live in their own files (`timing.ts`, `walletLists.ts`, `onramp.ts`, …).
 *
 * @example
 * import { EMAIL_LOGIN_COOLDOWN_MS } from './constants.js'
 */
import type { ChainNamespace, SocialOption } from './entities.js'

const SECOND = 1_000
const MINUTE = 60 * SECOND

/** The address (ERC-7528) a network's native token goes by where an API or a wallet names tokens by address. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

// Timing ----------------------------------------------------------------------------------------

/** E-mail login may not repeat within this long of the last one. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30 * SECOND
/** Balance and native-balance cache lifetime. */
export const BALANCE_CACHE_MS = 30 * SECOND
/** ENS name and identity cache lifetime. */
export const ENS_CACHE_MS = 5 * MINUTE
export const IDENTITY_CACHE_MS = 5 * MINUTE
/** Token balances are not re-fetched for this long after a failure. */
export const TOKEN_BALANCE_RETRY_BLOCK_MS = 30 * SECOND
/** A pairing with this much time left or less counts as expired. */
export const PAIRING_EXPIRY_MARGIN_MS = 10 * SECOND
/** How long a WalletConnect pairing lives. */
export const PAIRING_EXPIRY_MS = 4 * MINUTE
/** A retry is allowed only this long after the last attempt. */
export const RETRY_MIN_INTERVAL_MS = 1 * SECOND
export const IMAGE_PRELOAD_TIMEOUT_MS = 2 * SECOND
export const SHAKE_MS = 500
export const SOCIAL_POPUP_POLL_MS = 1 * SECOND
export const NOTIFICATION_REPLACE_DELAY_MS = 150
export const EMBEDDED_FRAME_LOAD_TIMEOUT_MS = 20 * SECOND
/** E-mail, social and OTP requests to the embedded wallet frame. */
export const EMBEDDED_REQUEST_TIMEOUT_MS = 120 * SECOND
export const SIGN_OUT_WAIT_MS = 3 * SECOND
/** How long after the embedded wallet frame announced itself ready the modal waits before its first message. */
export const FRAME_READY_DELAY_MS = 500
export const WALLET_SEARCH_DELAY_MS = 300
/** How long the send form waits after typing stops before resolving a receiver name. */
export const NAME_LOOKUP_DELAY_MS = 300

// Retries ---------------------------------------------------------------------------------------

/** Default retries of an API request, with backoff min(1000·2^n, 30000) ms. */
export const REQUEST_RETRIES = 3
export const REQUEST_BACKOFF_BASE_MS = 1_000
export const REQUEST_BACKOFF_MAX_MS = 30_000
/** JSON-RPC retries, from 150 ms doubling. */
export const RPC_RETRIES = 3
export const RPC_RETRY_BASE_MS = 150
/** HTTP statuses on which a JSON-RPC call is retried. */
export const RPC_RETRY_STATUSES: readonly number[] = /* @__PURE__ */ Object.freeze([403, 408, 413, 429, 500, 502, 503, 504])
export const RPC_TIMEOUT_MS = 10 * SECOND
/** The most JSON-RPC requests sent in one batch (one HTTP POST). */
export const RPC_BATCH_MAX = 1_000
/** How long a batch waits for more requests before it is sent: 0, the end of the current task. */
export const BATCH_WAIT_MS = 0
/** A network with several RPC endpoints pings each this often to rank them. */
export const FALLBACK_POLLING_MS = 4 * SECOND
/** How many of the latest pings (or calls) an endpoint's rank is computed from. */
export const FALLBACK_PING_SAMPLES = 10
/** How an endpoint's score weighs its success rate (stability) against its speed (latency). */
export const FALLBACK_WEIGHTS = /* @__PURE__ */ Object.freeze({ stability: 0.7, latency: 0.3 })

// Analytics -------------------------------------------------------------------------------------

/** At most this many error reports per span of ERROR_REPORTS_WINDOW_MS. */
export const ERROR_REPORTS_MAX = 5
export const ERROR_REPORTS_WINDOW_MS = 60 * SECOND

// Lists -----------------------------------------------------------------------------------------

export const RECENT_WALLETS_MAX = 2
export const RECOMMENDED_WALLETS_COUNT = 4
export const WALLETS_PAGE_SIZE = 40
export const WALLET_SEARCH_ENTRIES = 100
/** The most transactions still pending the modal holds (batched calls): beyond it the oldest is no longer followed. */
export const PENDING_TRANSACTIONS_MAX = 99

// Sizes -----------------------------------------------------------------------------------------

export const LOG_BUFFER_BYTES = 1_024_000
/** The most data a blob transaction can carry. */
export const BLOB_MAX_BYTES = 761_855

// Display ---------------------------------------------------------------------------------------

/** Balances show this many decimals, truncated. */
export const BALANCE_DECIMALS = 3
/** Locale-formatted amounts show this many decimals. */
export const LOCALE_AMOUNT_DECIMALS = 2
/** E-mails longer than this are shortened with an ellipsis. */
export const EMAIL_DISPLAY_MAX = 30

// Swaps -----------------------------------------------------------------------------------------

export const SWAP_SLIPPAGE_TOLERANCE = 1
/** A swap quote is asked for once typing has paused this long. */
export const SWAP_QUOTE_DELAY_MS = 300
/** The Swap view asks for a new quote this often while one is shown. */
export const SWAP_QUOTE_REFRESH_MS = 15 * SECOND

// On-ramp ----------------------------------------------------------------------------------------

/** On-ramp quotes are asked for once typing has paused this long. */
export const ONRAMP_QUOTE_DELAY_MS = 300
/** While a purchase is waited for, the balances are fetched again this often. */
export const ONRAMP_DELIVERY_POLL_MS = 4 * SECOND
/** A purchase whose tokens have not arrived after this long fails. */
export const ONRAMP_DELIVERY_TIMEOUT_MS = 10 * MINUTE
/** How often Pay asks the exchange about a payment the visitor is confirming on the exchange's page. */
export const PAY_EXCHANGE_POLL_MS = 2 * SECOND
/** How long Pay waits for the exchange: a payment still pending then fails. */
export const PAY_EXCHANGE_TIMEOUT_MS = 10 * MINUTE

// Defaults (spec §1, §9) --------------------------------------------------------------------------

export type WalletAction = 'onramp' | 'swaps' | 'receive' | 'send'
export const DEFAULT_WALLET_ACTIONS: readonly WalletAction[] = /* @__PURE__ */ Object.freeze(['onramp', 'swaps', 'receive', 'send'])

export const DEFAULT_SOCIALS: readonly SocialOption[] = /* @__PURE__ */ Object.freeze(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])

/** The sections of the connect view, in the order a host may choose (spec §1). */
export type ConnectorGroup = 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended'

export const DEFAULT_CONNECTOR_ORDER: readonly ConnectorGroup[] = /* @__PURE__ */ Object.freeze([
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
])

/** The ways to connect offered by the connect view: the e-mail field, the social logins, the wallets. */
export type ConnectMethod = 'email' | 'social' | 'wallet'

/** Spec §1's connect-method order; also every method there is. */
export const DEFAULT_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = /* @__PURE__ */ Object.freeze(['email', 'social', 'wallet'])
/** The connect-method order when an installed wallet is detected (spec §1). */
export const INSTALLED_WALLET_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = /* @__PURE__ */ Object.freeze(['wallet', 'email', 'social'])

/** Namespaces each feature supports (spec §1). */
export const FEATURE_NAMESPACES = /* @__PURE__ */ Object.freeze({
  balances: ['eip155', 'solana', 'bip122'],
  names: ['eip155'],
  onramp: ['eip155', 'solana'],
  swaps: ['eip155'],
  // Spec §1 lists activity on EVM; Solana's comes from the data API's history and NFT routes over
  // the cluster (issue #29), so the Account view's Activity and NFTs tabs show for it too.
  activity: ['eip155', 'solana'],
  send: ['eip155', 'solana', 'bip122'],
  embeddedWallet: ['eip155', 'solana'],
} as const satisfies Record<string, readonly ChainNamespace[]>)

/** Whether `feature` is supported on `namespace` (spec §1). */
export function isFeatureSupported(feature: keyof typeof FEATURE_NAMESPACES, namespace: ChainNamespace): boolean {
  return (FEATURE_NAMESPACES[feature] as readonly ChainNamespace[]).includes(namespace)
}

/** How long a sign-in session lasts: the EIP-4361 message's expiration time after it was issued (24 h). */
export const SIWX_SESSION_MS = 24 * 60 * 60 * 1000

/** How often a batch sent with `wallet_sendCalls` is asked for its status until it is done. */
export const CALLS_POLL_MS = 1 * SECOND
/** How long a batch is followed before the modal stops asking (a host can still ask). */
export const CALLS_TRACK_MS = 10 * 60 * SECOND
