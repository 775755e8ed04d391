import { WALLET_CONNECT_CONNECTOR_ID, type WalletConnectWallet } from '../../events/walletConnect/walletConnect.js'
import type { Namespace } from '../../events/views.js'
import type { ModalState } from '../../state.js'

/** The views that show a WalletConnect pairing (QR code, deep links). */
export const WALLET_CONNECT_VIEWS: readonly string[] = ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic']

/** A pairing URI and its lifetime (event times). */
export type Pairing = {
  uri: string
  /** The connect attempt it belongs to; null while it was made ahead of the visitor's tap. */
  requestId: string | null
  receivedAt: number
  /** Spec §9: 4 min after it arrived; refreshed once 10 s or less are left. */
  expiresAt: number
}

export type WalletConnectState = {
  /** Whether the provider is loaded (prefetching makes the first QR code quick). */
  provider: 'idle' | 'ready' | 'failed'
  /** The pairing URI shown as QR code and used by deep links, while its attempt waits. */
  pairing: Pairing | null
  /** A pairing is being made ahead of a tap (mobile), not yet for an attempt. */
  prefetching: boolean
  /** How often the current attempt's pairing URI was refreshed. */
  refreshes: number
  /** The wallet the pairing is meant for, if the visitor picked one. */
  wallet: WalletConnectWallet | null
}

export function initialWalletConnectState(): WalletConnectState {
  return { provider: 'idle', pairing: null, prefetching: false, refreshes: 0, wallet: null }
}

/**
 * The namespace a WalletConnect connect asks in: EVM, unless Connect was opened for another
 * family the WalletConnect adapter also serves (its Solana or Bitcoin side). The session's other
 * families are adopted without changing the active one, so the family the visitor switched to
 * stays active rather than EVM taking over.
 *
 * @example
 * modal.dispatch(connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: walletConnectNamespace(modal.getState()) }))
 */
export function walletConnectNamespace(state: ModalState): Namespace {
  const wanted = state.modal.connectFor
  if (wanted === null || wanted === 'eip155') return 'eip155'
  return state.wallets.connectors.some((c) => c.id === WALLET_CONNECT_CONNECTOR_ID && c.chain === wanted) ? wanted : 'eip155'
}
