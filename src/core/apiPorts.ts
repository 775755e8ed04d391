/**
 * The ports the core uses to reach the two HTTP services of spec §7 (the wallet directory API
 * and the blockchain data API) and analytics. Types only: the implementations live in
 * `src/adapters/api` and reach the core through effect `deps`, so tests pass fakes.
 *
 * Conventions shared by every method:
 * - failures reject with a `GangwayError` whose `shortMessage` is the spec's text (403 →
 *   'Invalid App Configuration', 429 → 'Rate Limited', 5xx → 'Server Error'), after the
 *   request retries of spec §9; the exceptions are noted on the method;
 * - a call scoped to a network the API does not support resolves with an empty result without
 *   a request (except gas price and swap calldata, which reject with the spec's message).
 *
 * @example
 * const page = await deps.directory.getWallets({ page: 1, entries: 40, search: 'vault' })
 */
import type { AnalyticsEvent } from './ports.js'
import type { HostedSession } from './domain/siwxSessions.js'
import type { Features } from './state.js'
import type {
  CaipAddress,
  CaipNetworkId,
  NameSuggestion,
  OnrampPaymentCurrency,
  OnrampProvider,
  OnrampPurchaseCurrency,
  OnrampQuote,
  SwapToken,
  NftItem,
  TokenBalance,
  Transaction,
  WalletRecord,
} from './domain/entities.js'

/** Per-call options: a signal aborts the request (and any retry wait) with 'Request was aborted'. */
export type RequestOptions = { signal?: AbortSignal }

// ---------------------------------------------------------------------------------------------
// Wallet directory API
// ---------------------------------------------------------------------------------------------

export type GetWalletsParams = {
  /** 1-based page number. */
  page: number
  entries: number
  /** Only these wallet ids. */
  include?: readonly string[]
  exclude?: readonly string[]
  /** CAIP-2 ids: keep wallets supporting any of them. */
  chains?: readonly string[]
  search?: string
  badgeType?: 'certified' | 'none'
}

export type WalletPage = { data: WalletRecord[]; count: number }

/** The project configuration, already read into feature flags (remote values override local ones). */
export type RemoteProjectConfig = { features: Partial<Features> }

export interface WalletDirectory {
  getWallets(params: GetWalletsParams, options?: RequestOptions): Promise<WalletPage>
  getProjectConfig(options?: RequestOptions): Promise<RemoteProjectConfig>
  getAllowedOrigins(options?: RequestOptions): Promise<string[]>
  getAnalyticsConfig(options?: RequestOptions): Promise<{ isAnalyticsEnabled: boolean }>
  /** Image URLs (with the common query), for `<img src>`; no request is made. */
  walletImageUrl(imageId: string): string
  assetImageUrl(imageId: string): string
  currencyImageUrl(currencyId: string): string
  tokenImageUrl(tokenId: string): string
}

// ---------------------------------------------------------------------------------------------
// Blockchain data API
// ---------------------------------------------------------------------------------------------

/** CAIP-2 ids the API serves, by transport. */
export type SupportedChains = { http: string[]; ws: string[] }

export type Identity = { name: string | null; avatar: string | null }

export type HistoryParams = {
  address: string
  cursor?: string | null
  /** Only this network (CAIP-2). */
  chainId?: CaipNetworkId | string
  /** `coinbase`: the account's on-ramp activity (what on-ramps delivered), never answered from a cache. */
  onramp?: 'coinbase'
}

export type HistoryPage = { data: Transaction[]; next: string | null }

export type BalanceParams = {
  address: string
  /** CAIP-2 id of the network to read. */
  chainId: CaipNetworkId | string
  currency?: 'usd'
  /** Bypass the 30 s cache (a token address asks the API to refresh that token). */
  forceUpdate?: string | boolean
}

/** A token's price; `address` the CAIP-10 id it was asked by, when the API says (match by symbol otherwise). */
export type FungiblePrice = { name: string; symbol: string; iconUrl: string; price: number; address?: string }

export type GasPrice = { standard: string; fast: string; instant: string }

export type SwapQuote = { id?: string; fromAmount: string; fromAccount: string; toAmount: string; toAccount: string }

/** A transaction to sign, as the swap endpoints build it. */
export type SwapTransaction = {
  from: string
  to: string
  data: `0x${string}`
  /** Value (build-approve) or amount (build-transaction), as decimal text. */
  value?: string
  amount?: string
  eip155?: { gas?: string; gasPrice?: string }
}

export type NameProfile = {
  name: string
  registered?: number
  updated?: number
  /** By SLIP-44 coin type. */
  addresses: Record<string, { address: string; created?: string }>
  attributes?: Record<string, string>[] | Record<string, string>
}

export type OnrampOptions = {
  paymentCurrencies: OnrampPaymentCurrency[]
  purchaseCurrencies: OnrampPurchaseCurrency[]
  /** The providers the API offers (none when it lists none, or the options call failed). */
  providers: OnrampProvider[]
}

export type OnrampQuoteParams = {
  purchaseCurrency: OnrampPurchaseCurrency
  paymentCurrency: OnrampPaymentCurrency
  amount: string
  network: string
  /** The provider to quote (its `name`); the API's default without it. */
  provider?: string
  /** `card` (default) or `ach_bank_account`. */
  paymentMethod?: string
}

export type OnrampUrlParams = {
  /** The provider whose page the URL opens (its `name`); the API's default without it. */
  provider?: string
  destinationWallets: { address: string; blockchains?: string[]; assets?: string[]; supportedNetworks?: string[] }[]
  partnerUserId: string
  defaultNetwork?: string
  defaultExperience?: 'send' | 'buy'
  presetCryptoAmount?: number
  presetFiatAmount?: number
}

/** An exchange a payment can be paid from (`GET /v1/exchanges`): `imageUrl` an http(s) or data: image. */
export type PayExchangeInfo = { id: string; name: string; imageUrl?: string }

/** What an exchange payment session asks for: `asset` is 'native' or a CAIP-19 asset id on `network` (CAIP-2). */
export type ExchangePaymentParams = { exchangeId: string; recipient: string; amount: string; asset: string; network: string }

/** Where an exchange payment session is: confirmed with its transaction, failed with why, or cancelled on the exchange's page. */
export type ExchangePaymentStatus =
  | { status: 'pending' }
  | { status: 'confirmed'; txHash: string; blockNumber?: string }
  | { status: 'failed'; error: string; txHash?: string }
  | { status: 'cancelled' }

export interface BlockchainApi {
  /** Fetched once per client and reused. */
  getSupportedChains(options?: RequestOptions): Promise<SupportedChains>
  isNetworkSupported(chainId: string, options?: RequestOptions): Promise<boolean>
  /** Cached 5 min per address. With `chainId` on an unsupported network: `{ name: null, avatar: null }`. */
  getIdentity(params: { address: string; sender?: string; chainId?: string }, options?: RequestOptions): Promise<Identity>
  getHistory(params: HistoryParams, options?: RequestOptions): Promise<HistoryPage>
  /** The NFTs the account holds (on `chainId` only when given); malformed items are left out. */
  getNfts(params: { address: string; chainId?: string }, options?: RequestOptions): Promise<NftItem[]>
  /**
   * Cached 30 s. Never rejects on an API failure: resolves `null` (the caller falls back), and
   * further lookups of the same account resolve `null` without a request for 30 s. Callers
   * asking for the same account at once share one request; one caller's abort rejects only its
   * own promise ('Request was aborted'), is not a failure and caches nothing.
   */
  getBalance(params: BalanceParams, options?: RequestOptions): Promise<TokenBalance[] | null>
  /** Prices of tokens by CAIP-10 id; ids on unsupported networks are left out. */
  getFungiblePrices(params: { addresses: readonly CaipAddress[] | readonly string[]; currency?: 'usd' }, options?: RequestOptions): Promise<FungiblePrice[]>
  getSwapTokens(params: { chainId: string }, options?: RequestOptions): Promise<SwapToken[]>
  getSwapQuotes(
    params: { amount: string; userAddress: string; from: string; to: string; gasPrice: string },
    options?: RequestOptions,
  ): Promise<SwapQuote[]>
  /** `'0'` on an unsupported network. */
  getSwapAllowance(params: { tokenAddress: string; userAddress: string }, options?: RequestOptions): Promise<string>
  /** Rejects with 'Network not supported for Gas Price' on an unsupported network. */
  getGasPrice(params: { chainId: string }, options?: RequestOptions): Promise<GasPrice>
  /** Rejects with 'Network not supported for Swaps' on an unsupported network. */
  buildSwapTransaction(
    params: { amount: string; userAddress: string; from: string; to: string; slippage?: number; disableEstimate?: boolean },
    options?: RequestOptions,
  ): Promise<SwapTransaction>
  /** Rejects with 'Network not supported for Swaps' on an unsupported network. */
  buildApproveTransaction(params: { userAddress: string; from: string; to: string }, options?: RequestOptions): Promise<SwapTransaction>
  /** Rejects with the server's first reason, else 'Error resolving name'. */
  lookupName(params: { name: string }, options?: RequestOptions): Promise<NameProfile>
  /** Cached 5 min per address. Rejects with the server's first reason, else 'Error fetching names for address'. */
  reverseLookupNames(params: { address: string; sender?: string }, options?: RequestOptions): Promise<NameProfile[]>
  /** Rejects with the server's first reason, else 'Error fetching name suggestions'. */
  getNameSuggestions(params: { name: string; zone?: string }, options?: RequestOptions): Promise<NameSuggestion[]>
  /** `message` is the JSON text the user signed. Rejects with the server's first reason, else 'Error registering name {name}'. */
  registerName(
    params: { name: string; coinType: number; address: string; message: string; signature: string },
    options?: RequestOptions,
  ): Promise<boolean>
  /** On failure, resolves the built-in USD / EUR defaults (spec §7). */
  getOnrampOptions(options?: RequestOptions): Promise<OnrampOptions>
  getOnrampQuote(params: OnrampQuoteParams, options?: RequestOptions): Promise<OnrampQuote>
  generateOnrampUrl(params: OnrampUrlParams, options?: RequestOptions): Promise<string>
  /** Pay from an exchange: the exchanges that pay `asset` on `network` (none when the API has no such route). */
  getPayExchanges?(params: { network: string; asset: string }, options?: RequestOptions): Promise<PayExchangeInfo[]>
  /** Pay from an exchange: a payment session with the exchange, its page (`url`, http(s)) where the visitor confirms. */
  createExchangePayment?(params: ExchangePaymentParams, options?: RequestOptions): Promise<{ sessionId: string; url: string }>
  /** Pay from an exchange: where the session is. Never cached. */
  getExchangePayment?(params: { sessionId: string }, options?: RequestOptions): Promise<ExchangePaymentStatus>
  /** The address's hosted sign-in sessions, newest first; malformed items are left out. */
  getSessions(params: { address: string }, options?: RequestOptions): Promise<HostedSession[]>
  /** Hands a signed sign-in message (EIP-4361, or Sign-In With Solana) to the hosted session store, which verifies it. A refusal rejects with 'Error signing message', the store's reason in the details. */
  createSession(params: { address: string; message: string; signature: string }, options?: RequestOptions): Promise<HostedSession>
  /** `signature` signs `revokeSessionMessage(address, pci)`. A refusal rejects with 'Something went wrong', the store's reason in the details. */
  revokeSession(params: { address: string; pci: string; signature: string }, options?: RequestOptions): Promise<void>
}

// ---------------------------------------------------------------------------------------------
// Analytics
// ---------------------------------------------------------------------------------------------

export type AnalyticsSkipReason = 'MODAL_CREATED' | 'not-browser' | 'disabled' | 'rate-limited'

/** What became of one event. Sending never rejects: a failure is reported here. */
export type AnalyticsResult =
  | { status: 'sent' }
  | { status: 'skipped'; reason: AnalyticsSkipReason }
  | { status: 'failed'; error: { name: string; shortMessage: string; code?: number | string | undefined; details?: string | undefined } }

export type ErrorReport = { event: string; errorType: string; errorMessage: string; stackTrace?: string }

/**
 * Product analytics over HTTP. Structurally close to the core's `Analytics` port, but `track`
 * resolves what became of the event, so it is adapted with `{ track: (e) => void sink.track(e) }`.
 */
export interface AnalyticsSink {
  track(event: AnalyticsEvent): Promise<AnalyticsResult>
  /** Error reports: at most 5 per 60 s, the rest skipped as 'rate-limited'. */
  reportError(report: ErrorReport): Promise<AnalyticsResult>
}
