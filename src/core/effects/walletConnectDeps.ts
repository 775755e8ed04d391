import type { Observable } from 'rxjs'
import type { SiwxSession } from '../domain/entities'
import type { WalletDeps } from './walletDeps'

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

/** What the WalletConnect effects use: the wallet deps and, when configured, the port. */
export type WalletConnectDeps = WalletDeps & { walletConnect?: WalletConnectPort | undefined }
