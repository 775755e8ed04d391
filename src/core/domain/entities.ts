/**
 * The entities of spec §3 as plain, JSON-safe data types. Everything here can travel inside an
 * event, be persisted and be replayed: no class instances, no `bigint` (amounts are decimal
 * strings or hex strings), no providers (a connector's provider lives in its adapter, keyed by
 * the connector id).
 *
 * @example
 * import type { Network, Connection } from './entities.js'
 */

// ---------------------------------------------------------------------------------------------
// Chains and CAIP identifiers
// ---------------------------------------------------------------------------------------------

/** The chain namespaces Gangway knows (spec §3, §5). */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos'

/** Every known namespace, in spec order. */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const satisfies readonly ChainNamespace[]

/** A CAIP-2 network id: `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** A CAIP-10 account id: `namespace:reference:address`, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`

/** A network (chain) the modal can show and switch to. */
export type Network = {
  /** The chain reference: a number for EVM chains (`1`), a string elsewhere (a Solana genesis hash prefix). */
  id: number | string
  name: string
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: {
    default: { http: string[]; webSocket?: string[] }
    chainDefault?: { http: string[]; webSocket?: string[] }
    [name: string]: { http: string[]; webSocket?: string[] } | undefined
  }
  blockExplorers?: {
    default: BlockExplorer
    [name: string]: BlockExplorer | undefined
  }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}

export type BlockExplorer = { name: string; url: string; apiUrl?: string }

// ---------------------------------------------------------------------------------------------
// Connectors, wallets, connections, accounts
// ---------------------------------------------------------------------------------------------

/** How a connector reaches its wallet (spec §3). */
export type ConnectorType = 'AUTH' | 'INJECTED' | 'ANNOUNCED' | 'EXTERNAL' | 'MULTI_CHAIN' | 'WALLET_CONNECT'

/**
 * A way to connect a wallet. Serialisable: the provider object is kept by the adapter that
 * owns the connector, looked up by `id`.
 */
export type Connector = {
  id: string
  name: string
  /** The namespace this connector serves. */
  chain: ChainNamespace
  /** The networks it can serve, by CAIP-2 id (all of the namespace when absent). */
  chains?: CaipNetworkId[]
  type: ConnectorType
  imageId?: string
  imageUrl?: string
  /** EIP-6963 provider info of an announced wallet. */
  info?: { rdns?: string; name?: string; icon?: string; uuid?: string }
  /** The wallet directory id this connector matches, when known. */
  explorerId?: string
  /** Whether the wallet is present in this browser (browser-wallet visibility rule, spec §5). */
  installed?: boolean
  /** For MULTI_CHAIN connectors: the per-namespace connectors it groups, by id. */
  connectorIds?: string[]
}

/** A wallet of the wallet directory (spec §3; field names as the directory API sends them). */
export type WalletRecord = {
  id: string
  name: string
  image_id?: string | null
  image_url?: string | null
  homepage?: string | null
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  app_store?: string | null
  play_store?: string | null
  chrome_store?: string | null
  /** CAIP-2 ids the wallet supports. */
  chains?: string[]
  rdns?: string | null
  injected?: { namespace: string; injected_id: string }[] | null
  badge_type?: 'none' | 'certified' | null
}

/** The two account types of EVM (and embedded-wallet) accounts. */
export type AccountType = 'eoa' | 'smartAccount'

/** Bitcoin account purposes. */
export type BitcoinAccountType = 'payment' | 'ordinal'

/** Any account type a connection may carry. */
export type ConnectionAccountType = AccountType | BitcoinAccountType

/** An account as a wallet reports it (spec §3). */
export type Account = {
  namespace: ChainNamespace
  address: string
  type: ConnectionAccountType
  publicKey?: string
  path?: string
}

/** The social login providers (spec §5). */
export type SocialProvider = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const satisfies readonly SocialProvider[]

/** Default social list of the remote configuration (spec §1), which adds farcaster. */
export type SocialOption = SocialProvider | 'farcaster'

/** One wallet connection in a namespace (spec §3). */
export type Connection = {
  connectorId: string
  accounts: { address: string; type: ConnectionAccountType }[]
  /** The network the connection was made on. */
  caipNetworkId?: CaipNetworkId
  /** Set when connected through the embedded wallet with a social login. */
  auth?: { name?: SocialOption | string; username?: string }
}

/** Connection status per namespace (spec §4). */
export type ConnectionStatus = 'connecting' | 'reconnecting' | 'connected' | 'disconnected'

/** The status of a stored connection (spec §4): anything else is an error. */
export type StoredConnectionStatus = 'connected' | 'active' | 'disconnected'

export type ThemeMode = 'light' | 'dark'

// ---------------------------------------------------------------------------------------------
// Balances and assets
// ---------------------------------------------------------------------------------------------

/** A token balance of the blockchain data API (spec §3). */
/** An NFT an account holds (the gateway's `/v1/account/{address}/nfts`). */
export type NftItem = {
  /** CAIP-2 id of its chain. */
  chainId: string
  contract: string
  tokenId: string
  name: string
  collection: string
  imageUrl?: string
  /** An unsolicited airdrop: not shown. */
  spam: boolean
}

export type TokenBalance = {
  name: string
  symbol: string
  /** CAIP-2 id of the token's chain. */
  chainId: string
  /** The token contract (a CAIP-10 id or a plain address); absent for the native token. */
  address?: string
  /** Value in dollars. */
  value?: number
  /** Price in dollars per token. */
  price: number
  /** Decimals as text, and the amount as a decimal string. */
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

/** A token of the swap token list (spec §3). */
export type SwapToken = {
  name?: string
  symbol?: string
  /** CAIP-10 id of the token. */
  address: string
  decimals: number
  logoUri: string
  eip2612?: boolean
  /** Amount as a decimal string. */
  quantity: { decimals: string; numeric: string }
  price: number
  value: number
}

// ---------------------------------------------------------------------------------------------
// Caches (spec §3, freshness rules in timing.ts)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// On-ramp
// ---------------------------------------------------------------------------------------------

export type OnrampQuote = {
  purchaseAmount: { amount: string; currency: string }
  paymentSubtotal: { amount: string; currency: string }
  paymentTotal: { amount: string; currency: string }
  networkFee: { amount: string; currency: string }
  coinbaseFee?: { amount: string; currency: string }
  quoteId: string
}

export type OnrampPurchaseCurrency = {
  id: string
  name: string
  symbol: string
  networks: { name: string; display_name: string; chain_id: string; contract_address: string }[]
}

export type PaymentMethodLimit = { id: string; min: string; max: string }

export type OnrampPaymentCurrency = { id: string; payment_method_limits: PaymentMethodLimit[] }

export type OnrampProvider = { name: string; label?: string; url: string; feeRange?: string; supportedChains?: ChainNamespace[] }

// ---------------------------------------------------------------------------------------------
// Sign-in (SIWX, CAIP-122 / EIP-4361)
// ---------------------------------------------------------------------------------------------

/**
 * The fields of a sign-in message (spec §3). Times are ISO 8601 strings, as they appear in the
 * message text. `chainId` is the CAIP-2 id of the network being signed in on.
 */
export type SiwxMessage = {
  accountAddress: string
  chainId: CaipNetworkId
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  resources?: string[]
  requestId?: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  /** The exact text that was (or will be) signed. */
  serializedMessage?: string
}

/** A stored sign-in session (spec §3). */
export type SiwxSession = {
  data: SiwxMessage
  message: string
  signature: string
  cacao?: unknown
}

// ---------------------------------------------------------------------------------------------
// Activity
// ---------------------------------------------------------------------------------------------

export type TransactionDirection = 'in' | 'out' | 'self'
export type TransactionStatus = 'confirmed' | 'failed' | 'pending'

/** One transfer inside a transaction of the history API (spec §3). */
export type Transfer = {
  direction?: TransactionDirection
  /** Amount as a decimal string. */
  quantity?: { numeric: string }
  value?: number
  price?: number
  fungible_info?: { name?: string; symbol?: string; icon?: { url: string } }
  nft_info?: {
    name?: string
    content?: { preview?: { url: string } }
    flags?: { is_spam?: boolean }
  }
}

/** A transaction of the history API (spec §3). */
export type Transaction = {
  id: string
  metadata: {
    /** ISO 8601 time the transaction was mined. */
    minedAt: string
    /** CAIP-2 id of the chain. */
    chain: string
    operationType?: string
    hash?: string
    sentFrom?: string
    sentTo?: string
    status?: TransactionStatus
    nonce?: number
    application?: { name?: string; iconUrl?: string }
  }
  transfers: Transfer[]
}

/** Transactions of one month (1–12) of one year, newest first. */
export type TransactionMonthGroup = { month: number; transactions: Transaction[] }

/** Transactions of one year, months newest first. */
export type TransactionYearGroup = { year: number; months: TransactionMonthGroup[] }

// ---------------------------------------------------------------------------------------------
// Embedded wallet, sync payloads, WalletConnect namespaces, names
// ---------------------------------------------------------------------------------------------

export type SessionNamespace = {
  methods: string[]
  events: string[]
  chains: string[]
  rpcMap?: Record<string, string>
  accounts?: string[]
}

export type NameSuggestion = { name: string; registered?: boolean; [field: string]: unknown }

// ---------------------------------------------------------------------------------------------
// Guards for the closed sets of spec §5
// ---------------------------------------------------------------------------------------------

/** Whether `value` is one of the known chain namespaces. */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}
