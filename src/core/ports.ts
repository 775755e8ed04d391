import type { Observable, SchedulerLike } from 'rxjs'
import type { Connector, Network, SiwxSession } from './domain/entities.js'
import type { SerializedError } from './errors.js'
import type { Namespace } from './events/views.js'

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

/** What every effect may use. Feature effects extend it with their own ports. */
export interface CoreDeps {
  clock: Clock
  scheduler: SchedulerLike
  storage: Storage
  analytics: Analytics
}

/** What a wallet reports after a connect or a silent reconnect. */
export type WalletSession = { accounts: string[]; caipNetworkId: string }

/** A wallet's own news, as data (EIP-1193 `accountsChanged`, `chainChanged`, `disconnect`). */
export type WalletProviderEvent =
  | { type: 'accountsChanged'; accounts: string[] }
  | { type: 'chainChanged'; caipNetworkId: string }
  | { type: 'disconnect'; error: SerializedError }

/** A transaction request as data: amounts are decimal integer strings in the smallest unit. */
export type WalletTransaction = { from: string; to: string; value?: string; data?: string }

/** A transfer of the native token (no `token`) or of a token contract, in the smallest unit. */
export type WalletTransfer = { from: string; receiver: string; amount: string; token?: string }

/** A mined transaction. */
export type WalletReceipt = { status: 'success' | 'reverted'; blockNumber: string }

/**
 * A chain adapter: the wallets of one namespace. Everything it hands the core is data; the
 * wallet providers themselves stay inside the adapter, looked up by connector id. Failures
 * reject with a GangwayError carrying the spec's message (e.g. 'Connection rejected').
 */
export interface ChainAdapter {
  readonly namespace: Namespace
  /** The connectors found in this browser; emits the whole list whenever it changes. */
  connectors(): Observable<Connector[]>
  /** Asks the wallet for its accounts (it may prompt the visitor). */
  connect(connectorId: string): Promise<WalletSession>
  /** Silently asks a previously authorised wallet for its accounts; null when it has none. */
  reconnect(connectorId: string): Promise<WalletSession | null>
  disconnect(connectorId: string): Promise<void>
  /** The wallet's events while subscribed. */
  events(connectorId: string): Observable<WalletProviderEvent>
  /** Switches the wallet to `network`, adding the network to the wallet first if it does not know it. */
  switchNetwork(connectorId: string, network: Network): Promise<void>
  signMessage(connectorId: string, request: { address: string; message: string }): Promise<string>
  signTypedData(connectorId: string, request: { address: string; typedData: unknown }): Promise<string>
  /** Sends a transaction on `network`; resolves with its hash. */
  sendTransaction(connectorId: string, network: Network, tx: WalletTransaction): Promise<string>
  /** Sends a native or token transfer on `network`; resolves with its hash. */
  sendTransfer(connectorId: string, network: Network, transfer: WalletTransfer): Promise<string>
  /** The native balance of `address` over the network's RPC, in the smallest unit. */
  getBalance(network: Network, address: string): Promise<string>
  waitForReceipt(network: Network, hash: string): Promise<WalletReceipt>
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
  /** Loads and starts the provider ahead of use; false when the host turned prefetching off. */
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
