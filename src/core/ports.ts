import type { Observable, SchedulerLike } from 'rxjs'
import type { Connector, Network, SiwxSession } from './domain/entities.js'
import type { SerializedError } from './errors/base.js'
import type { Namespace } from './events/views.js'
import type { ThemeVariableName } from './events/modal/preferences.js'
import type { ThemeMode } from './state.js'

/** Where time comes from. The store stamps `at` from it; tests pass a fake. */
export interface Clock {
  now(): number
}

/**
 * Key-value persistence (IndexedDB in browsers, memory on the server). Values are JSON data.
 * Implementations namespace keys with a fixed prefix and a schema version.
 */
export interface Storage {
  get<T = unknown>(key: string): Promise<T | undefined>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
  /** Removes every key this storage owns. */
  clear(): Promise<void>
}

export type AnalyticsEvent = {
  event: 'MODAL_OPEN' | 'MODAL_CLOSE' | (string & {})
  properties?: Record<string, unknown>
}

/** Product analytics; the API adapter posts these to the analytics endpoint. */
export interface Analytics {
  track(event: AnalyticsEvent): void | Promise<void>
  /** Reports a failure the modal met (the sink limits how many it sends). */
  reportError?(report: { event: string; errorType: string; errorMessage: string }): void | Promise<unknown>
}

/**
 * Messages between the open tabs of one app (same origin, same project): what a tab posts
 * reaches every other tab, never itself (BroadcastChannel in browsers, a `storage` event where it
 * is missing). Messages are plain data; what arrives is checked before use.
 */
export interface TabChannel {
  post(message: unknown): void
  /** What the other tabs post, while subscribed. */
  messages(): Observable<unknown>
}

/** What every effect may use. Feature effects extend it with their own ports. */
export interface CoreDeps {
  clock: Clock
  scheduler: SchedulerLike
  storage: Storage
  analytics: Analytics
  /** The other open tabs of the app; absent outside a browser or with `tabSync: false`. */
  tabs?: TabChannel | undefined
}

/**
 * An account as the wallet reports it (spec §3): an externally owned account or a smart account;
 * on Bitcoin a payment or an ordinals account, with its public key (hex) and derivation path
 * when the wallet tells them.
 */
export type WalletAccount = { address: string; type: 'eoa' | 'smartAccount' | 'payment' | 'ordinal'; publicKey?: string; path?: string }

/**
 * What a wallet reports after a connect or a silent reconnect; `auth` is how the visitor signed
 * in to an embedded wallet (`email`, a social provider, `farcaster`).
 */
export type WalletSession = { accounts: WalletAccount[]; caipNetworkId: string; auth?: string; networks?: SessionNetworks }

/**
 * What a wallet that says so (a WalletConnect session) agreed to, network-wise (spec §3 Network
 * state): the networks the connect asked for, those it approved (CAIP-2), and whether it takes
 * networks beyond those (it can add a chain: `wallet_addEthereumChain`).
 */
export type SessionNetworks = { requested: string[]; approved: string[]; supportsAllNetworks: boolean }

/** A wallet's own news, as data (EIP-1193 `accountsChanged`, `chainChanged`, `disconnect`). */
export type WalletProviderEvent =
  | { type: 'accountsChanged'; accounts: WalletAccount[] }
  | { type: 'chainChanged'; caipNetworkId: string }
  | { type: 'disconnect'; error: SerializedError }
  /** The wallet sent something malformed; the adapter ignored it and says why (kept in the log). */
  | { type: 'ignored'; event: string; reason: string }

/** A transaction request as data: amounts are decimal integer strings in the smallest unit. */
export type WalletTransaction = { from: string; to: string; value?: string; data?: string }

/** A transfer of the native token (no `token`) or of a token contract, in the smallest unit. */
/**
 * A transfer in the token's smallest units: native when `token` is absent, else of the token at
 * that address, whose `decimals` let a wallet send a checked transfer (Solana's SPL tokens).
 */
export type WalletTransfer = { from: string; receiver: string; amount: string; token?: string; decimals?: number }

/** A confirmed transaction (EVM: mined; Solana: reached the spec's commitment). */
export type WalletReceipt = { status: 'success' | 'reverted'; blockNumber: string }

/**
 * A wallet's EIP-1193 provider, as a host gets it to make its own calls (viem's
 * `custom(provider)`, ethers' `BrowserProvider`, …). Requests go to the wallet; errors are the
 * wallet's own (`code` 4001 when the visitor refuses).
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
  /**
   * The type of one of the wallet's accounts, when the wallet knows it (the embedded wallet's
   * smart account); EIP-1193 says nothing of it, so other wallets' accounts count as EOAs.
   */
  accountType?(address: string): 'eoa' | 'smartAccount' | undefined
}

/** What only EVM wallets can do: EIP-712 typed data and raw calldata. */
export interface EvmCapabilities {
  signTypedData(connectorId: string, request: { address: string; typedData: unknown }): Promise<string>
  /** Sends a transaction on `network`; resolves with its hash. */
  sendTransaction(connectorId: string, network: Network, tx: WalletTransaction): Promise<string>
  /**
   * The EIP-1193 provider of a connector, for the host's own contract calls: undefined when the
   * adapter has none for it (a wallet no longer announced, no WalletConnect session). Async,
   * because an adapter may have to finish loading its wallet code first; it never prompts.
   * Optional: an adapter that cannot hand out a provider leaves it out.
   */
  getProvider?(connectorId: string): Promise<Eip1193Provider | undefined>
}

/** What the core tells an adapter when it connects a wallet. */
export type ConnectRequest = { network?: Network }

/**
 * The blockchain data API's JSON-RPC (spec §7: `POST {apiUrl}/v1/?chainId=<CAIP-2>&projectId=…`),
 * which adapters read each network through besides the network's own RPC URLs.
 */
export type RpcGateway = { apiUrl: string; projectId: string }

/** What only Solana wallets can do: sign, or sign and send, a serialised transaction (base64). */
export interface SolanaCapabilities {
  signTransaction(connectorId: string, request: { address: string; transaction: string }): Promise<string>
  /** Resolves with the transaction's signature (base58). */
  signAndSendTransaction(connectorId: string, network: Network, request: { address: string; transaction: string }): Promise<string>
}

/** Which inputs of a PSBT a Bitcoin wallet signs, by address (the Wallet Standard's `inputsToSign`). */
export type PsbtInputsToSign = { address: string; signingIndexes: number[]; sigHash?: number }[]

/** What only Bitcoin wallets can do: sign a PSBT (base64), and optionally send it. */
export interface BitcoinCapabilities {
  /**
   * Has the wallet sign the named inputs of `psbt`; resolves with the signed PSBT (base64) and,
   * with `broadcast`, the id of the transaction finalized from it and sent on `network`.
   */
  signPsbt(connectorId: string, network: Network, request: { psbt: string; inputsToSign: PsbtInputsToSign; broadcast?: boolean }): Promise<{ psbt: string; txid?: string }>
}

/**
 * A chain adapter: the wallets of one namespace. Everything it hands the core is data; the
 * wallet providers themselves stay inside the adapter, looked up by connector id. Failures
 * reject with a GangwayError carrying the spec's message (e.g. 'Connection rejected').
 * What is particular to one namespace lives in an optional capability object (`evm`, `solana`).
 */
export interface ChainAdapter {
  readonly namespace: Namespace
  /** The connectors found in this browser; emits the whole list whenever it changes. */
  connectors(): Observable<Connector[]>
  /**
   * Asks the wallet for its accounts (it may prompt the visitor). `request.network` is the
   * namespace's selected network (else the host's first of that namespace), for wallets that
   * connect on a chain of the app's choosing; an adapter may ignore it.
   */
  connect(connectorId: string, request?: ConnectRequest): Promise<WalletSession>
  /** Silently asks a previously authorised wallet for its accounts; null when it has none. */
  reconnect(connectorId: string, request?: ConnectRequest): Promise<WalletSession | null>
  disconnect(connectorId: string): Promise<void>
  /** The wallet's events while subscribed. */
  events(connectorId: string): Observable<WalletProviderEvent>
  /** Switches the wallet to `network`, adding the network to the wallet first if it does not know it. */
  switchNetwork(connectorId: string, network: Network): Promise<void>
  signMessage(connectorId: string, request: { address: string; message: string }): Promise<string>
  /** Sends a native or token transfer on `network`; resolves with its hash (or signature). */
  sendTransfer(connectorId: string, network: Network, transfer: WalletTransfer): Promise<string>
  /** The native balance of `address` over the network's RPC, in the smallest unit. */
  getBalance(network: Network, address: string): Promise<string>
  waitForReceipt(network: Network, hash: string): Promise<WalletReceipt>
  /**
   * What the network would charge to send `transfer`, in the smallest native unit, read from
   * the node (no prompt). Optional: without it the send review shows no fee.
   */
  estimateTransferFee?(network: Network, transfer: WalletTransfer): Promise<string>
  /**
   * Told once by the modal when it has an `apiUrl` and a `projectId`: from then on the adapter
   * reads each network (balances, fees, receipts) over the gateway's JSON-RPC as well as the
   * network's own URLs, whichever answers. Optional: an adapter without it reads the URLs only.
   */
  setRpcGateway?(gateway: RpcGateway): void
  /**
   * Whether `address` is an address of `network`, for namespaces whose address format depends
   * on the network (Bitcoin's prefixes); synchronous and light. Optional: without it the core's
   * namespace check is all.
   */
  isAddress?(network: Network, address: string): boolean
  readonly evm?: EvmCapabilities
  readonly solana?: SolanaCapabilities
  readonly bitcoin?: BitcoinCapabilities
}

/** The chain adapters effects reach, by namespace. */
export interface ChainDeps {
  adapters: Partial<Record<Namespace, ChainAdapter>>
}

/** What the WalletConnect connector reports besides the connection itself. */
export type WalletConnectActivity =
  /** A pairing URI of the pairing in progress (a new one after each refresh). */
  | { type: 'pairingUri'; uri: string }
  /** The wallet signed in while connecting (one CAIP-122 session per chain). */
  | { type: 'signedIn'; sessions: { caipAddress: string; session: SiwxSession }[] }

/**
 * The WalletConnect connector's own controls, beside its chain adapter (port of the
 * WalletConnect adapter). A connect of its connector goes through the chain adapter as usual;
 * this port shows the pairing URI, keeps it fresh and loads the provider ahead of use.
 */
export interface WalletConnectPort {
  /** The connector id it serves (type WALLET_CONNECT, eip155). */
  readonly connectorId: string
  /**
   * Loads and starts the provider ahead of use, once the page is idle after loading; resolves
   * false outside a browser or when the host turned prefetching off.
   */
  prefetch(): Promise<boolean>
  /** Starts a pairing before the visitor picks a wallet, so a deep link can open from their tap. */
  prefetchPairing(): void
  /** Pairing URIs and sign-ins, as they happen. */
  activity(): Observable<WalletConnectActivity>
  /** Replaces the pending pairing with a fresh one (its URI follows as activity). */
  refreshPairing(): void
  /** Abandons the pending pairing: a wallet that approves it later is disconnected. */
  cancelPairing(): void
}

/** Where an embedded-wallet e-mail connect stands after a step (spec §7 frame protocol). */
export type AuthConnectStep = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

/** The embedded wallet's user after a connect. */
export type AuthUser = {
  email?: string
  username?: string
  accounts: WalletAccount[]
  /** The user's Solana account (base58), when the wallet service gives one. */
  solanaAddress?: string
  caipNetworkId: string
  /** The social provider (`google`, `x`, …) or `email`. */
  auth: string
  smartAccountDeployed?: boolean
  preferredAccountType?: 'eoa' | 'smartAccount'
}

/**
 * The embedded wallet (e-mail one-time code, social login, Farcaster), behind the frame protocol
 * of spec §7. Multi-step: `connectEmail` answers which step comes next; `connectDevice` waits for
 * the device approval; `connectOtp` checks the code; then the user is connected. Every call may
 * be aborted with an AbortSignal (closing the modal mid-flow). Failures reject with a
 * GangwayError carrying the spec's message.
 */
export interface AuthConnector {
  readonly connectorId: string
  /** Loads the frame; resolves when it announced itself ready. */
  load(signal?: AbortSignal): Promise<void>
  connectEmail(request: { email: string }, signal?: AbortSignal): Promise<{ action: AuthConnectStep }>
  connectDevice(signal?: AbortSignal): Promise<void>
  connectOtp(request: { otp: string }, signal?: AbortSignal): Promise<void>
  getSocialRedirectUri(request: { provider: string }, signal?: AbortSignal): Promise<{ uri: string }>
  connectSocial(request: { uri: string }, signal?: AbortSignal): Promise<AuthUser>
  getFarcasterUri(signal?: AbortSignal): Promise<{ url: string }>
  connectFarcaster(signal?: AbortSignal): Promise<AuthUser>
  getUser(request: { caipNetworkId?: string; preferredAccountType?: 'eoa' | 'smartAccount' }, signal?: AbortSignal): Promise<AuthUser>
  isConnected(signal?: AbortSignal): Promise<boolean>
  switchNetwork(request: { caipNetworkId: string }, signal?: AbortSignal): Promise<void>
  /** An RPC request the frame signs or sends (not-safe methods show the frame's own prompt). */
  request(request: { method: string; params?: unknown }, signal?: AbortSignal): Promise<unknown>
  /**
   * Withdraws the frame's approval prompts, shown or queued (the modal gave up on what they
   * ask): the frame answers their requests 'Request was aborted'. Does nothing before the frame
   * was loaded.
   */
  abortRequest(): Promise<void>
  /**
   * The modal's theme mode and the theme variables set at run time (laid over the host's
   * `themeVariables` option): the frame's prompt is drawn with them, from its load on and
   * whenever they change. Never loads the frame.
   */
  syncTheme(theme: { themeMode: ThemeMode; themeVariables: Partial<Record<ThemeVariableName, string>> }): void
  updateEmail(request: { email: string }, signal?: AbortSignal): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  updateEmailPrimaryOtp(request: { otp: string }, signal?: AbortSignal): Promise<void>
  updateEmailSecondaryOtp(request: { otp: string }, signal?: AbortSignal): Promise<{ newEmail: string }>
  setPreferredAccountType(request: { type: 'eoa' | 'smartAccount' }, signal?: AbortSignal): Promise<void>
  /** The EVM chain ids where the wallet service gives its users a smart account (spec §3: smartAccountEnabledNetworks). Optional. */
  getSmartAccountEnabledNetworks?(signal?: AbortSignal): Promise<number[]>
  signOut(): Promise<void>
  /** Session updates (a new token, a signed-out user) as they happen. */
  events(): Observable<{ type: 'sessionUpdated'; sessionToken: string } | { type: 'signedOut' }>
  /**
   * The session the modal kept from an earlier visit, offered to a frame that lost its own
   * storage (its next `isConnected` uses it). Optional.
   */
  restoreSession?(sessionToken: string): void
}
