import type { Draft } from 'immer'
import { PAIRING_EXPIRY_MS } from '../domain/constants.js'
import { connectionRequested } from '../events/connection.js'
import type { StampedEvent } from '../events/defineEvent.js'
import { modalCloseRequested } from '../events/modal.js'
import { routerWentBack } from '../events/router.js'
import {
  pairingPrefetchRequested,
  pairingRefreshRequested,
  pairingUriReceived,
  WALLET_CONNECT_CONNECTOR_ID,
  walletConnectProviderFailed,
  walletConnectProviderLoaded,
  walletConnectWalletSelected,
  type WalletConnectWallet,
} from '../events/walletConnect.js'
import type { ModalState } from '../state.js'

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

const WC_VIEWS = ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'] as const

/** Whether a WalletConnect connect attempt is waiting on the wallet. */
export function isWalletConnectConnecting(state: ModalState): boolean {
  const a = state.wallets.attempt
  return !!a && a.connectorId === WALLET_CONNECT_CONNECTOR_ID && a.status === 'connecting'
}

/**
 * The WalletConnect pairing (spec §4, §5, §9): the URI of the attempt being waited on, its
 * expiry, refreshes, the wallet it is for, and the WalletConnect views. Runs after
 * `walletsReducer` (which takes connect requests up) and `modalReducer` (which closes).
 */
export function walletConnectReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  const wc = draft.walletConnect
  if (walletConnectProviderLoaded.match(event)) {
    wc.provider = 'ready'
  } else if (walletConnectProviderFailed.match(event)) {
    wc.provider = 'failed'
  } else if (walletConnectWalletSelected.match(event)) {
    wc.wallet = event.payload.wallet ? { ...event.payload.wallet } : null
  } else if (connectionRequested.match(event) && event.payload.connectorId === WALLET_CONNECT_CONNECTOR_ID) {
    const attempt = draft.wallets.attempt
    const takenUp = !!attempt && attempt.startedAt === event.at && attempt.requestId === (event.requestId ?? null) && attempt.connectorId === WALLET_CONNECT_CONNECTOR_ID
    if (takenUp) {
      wc.refreshes = 0
      // A pairing made ahead of the tap becomes this attempt's; any other is gone.
      if (wc.pairing && wc.pairing.requestId === null) wc.pairing.requestId = attempt.requestId
      else wc.pairing = null
      wc.prefetching = false
    }
    showWalletConnectView(draft)
  } else if (pairingPrefetchRequested.match(event)) {
    if (!isWalletConnectConnecting(draft as ModalState) && !wc.pairing) wc.prefetching = true
  } else if (pairingUriReceived.match(event)) {
    const requestId = event.requestId ?? null
    const forAttempt = isWalletConnectConnecting(draft as ModalState) && draft.wallets.attempt?.requestId === requestId
    const forPrefetch = requestId === null && wc.prefetching
    if (forAttempt || forPrefetch) {
      wc.pairing = { uri: event.payload.uri, requestId, receivedAt: event.at, expiresAt: event.at + PAIRING_EXPIRY_MS }
    }
  } else if (pairingRefreshRequested.match(event)) {
    if (wc.pairing && wc.pairing.requestId === (event.requestId ?? null)) {
      // Treated as expired: not shown or opened again while its replacement is made.
      wc.pairing = null
      wc.refreshes += 1
    }
  } else if (routerWentBack.match(event)) {
    // Back from a wallet's QR code: the plain WalletConnect entry is for no wallet in particular.
    if (!(WC_VIEWS as readonly string[]).includes(draft.router.view)) wc.wallet = null
  } else if (modalCloseRequested.match(event)) {
    // Close resets the pairing URI (spec §4); a connect still waiting is failed by its own event.
    if (!draft.modal.open) {
      wc.pairing = null
      wc.prefetching = false
      wc.wallet = null
    }
  }
  // A pairing lives only as long as its attempt waits (or, made ahead, while the modal is open).
  const p = wc.pairing
  if (p) {
    const alive = p.requestId === null ? draft.modal.open : isWalletConnectConnecting(draft as ModalState) && draft.wallets.attempt?.requestId === p.requestId
    if (!alive) wc.pairing = null
  }
}

/**
 * A WalletConnect connect waits on ConnectingWalletConnect rather than the browser-wallet view
 * the wallet slice pushed; from ConnectingWalletConnectBasic (or the QR view itself) it stays put.
 */
function showWalletConnectView(draft: Draft<ModalState>): void {
  const r = draft.router
  if (!draft.modal.open || r.view !== 'ConnectingExternal') return
  if ((r.data as { connectorId?: string } | undefined)?.connectorId !== WALLET_CONNECT_CONNECTOR_ID) return
  const below = r.history[r.history.length - 2]
  if (below !== undefined && (WC_VIEWS as readonly string[]).includes(below)) {
    r.history.pop()
    r.view = below
  } else {
    r.history[r.history.length - 1] = 'ConnectingWalletConnect'
    r.view = 'ConnectingWalletConnect'
  }
  r.data = { connectorId: WALLET_CONNECT_CONNECTOR_ID }
}
