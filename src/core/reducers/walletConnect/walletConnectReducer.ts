import { PAIRING_EXPIRY_MS } from '../../domain/constants.js'
import { connectionRequested } from '../../events/connection/connection.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { routerWentBack } from '../../events/modal/router.js'
import {
  pairingPrefetchRequested,
  pairingRefreshRequested,
  pairingUriReceived,
  WALLET_CONNECT_CONNECTOR_ID,
  walletConnectProviderFailed,
  walletConnectProviderLoaded,
  walletConnectWalletSelected,
} from '../../events/walletConnect/walletConnect.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { initialWalletConnectState, WALLET_CONNECT_VIEWS } from './walletConnectState.js'
import { isCurrentRequest, namesRequest } from '../../events/requestLifecycle.js'


/** Whether a WalletConnect connect attempt is waiting on the wallet. */
export function isWalletConnectConnecting(state: ModalState): boolean {
  const a = state.wallets.attempt
  return !!a && a.connectorId === WALLET_CONNECT_CONNECTOR_ID && a.status === 'connecting'
}

/**
 * The WalletConnect pairing (spec §4, §5, §9): the URI of the attempt being waited on, its
 * expiry, refreshes and the wallet it is for. A pairing lives only as long as its attempt waits
 * (or, made ahead of a tap, while the modal is open): checked after anything the modal or wallet
 * slices handle.
 */
export const walletConnectSlice = createSlice('walletConnect', initialWalletConnectState, (b) =>
  b
    .addCase(walletConnectProviderLoaded, (wc) => {
      wc.provider = 'ready'
    })
    .addCase(walletConnectProviderFailed, (wc) => {
      wc.provider = 'failed'
    })
    .addCase(walletConnectWalletSelected, (wc, event) => {
      wc.wallet = event.payload.wallet ? { ...event.payload.wallet } : null
    })
    .addCase(
      connectionRequested,
      (wc, event, state) => {
        const attempt = state.wallets.attempt
        const takenUp =
          !!attempt && attempt.startedAt === event.at && isCurrentRequest(attempt.requestId, event) && attempt.connectorId === WALLET_CONNECT_CONNECTOR_ID
        if (!takenUp) return
        wc.refreshes = 0
        // A pairing made ahead of the tap becomes this attempt's; any other is gone.
        if (wc.pairing && !namesRequest(wc.pairing)) wc.pairing.requestId = attempt.requestId
        else wc.pairing = null
        wc.prefetching = false
      },
      (_wc, event) => event.payload.connectorId === WALLET_CONNECT_CONNECTOR_ID,
    )
    .addCase(pairingPrefetchRequested, (wc, _event, state) => {
      if (!isWalletConnectConnecting(state) && !wc.pairing) wc.prefetching = true
    })
    .addCase(pairingUriReceived, (wc, event, state) => {
      const requestId = event.requestId ?? null
      const forAttempt = isWalletConnectConnecting(state) && isCurrentRequest(state.wallets.attempt?.requestId, event)
      const forPrefetch = !namesRequest(event) && wc.prefetching
      if (forAttempt || forPrefetch) {
        wc.pairing = { uri: event.payload.uri, requestId, receivedAt: event.at, expiresAt: event.at + PAIRING_EXPIRY_MS }
      }
    })
    .addCase(pairingRefreshRequested, (wc, event) => {
      if (wc.pairing && isCurrentRequest(wc.pairing.requestId, event)) {
        // Treated as expired: not shown or opened again while its replacement is made.
        wc.pairing = null
        wc.refreshes += 1
      }
    })
    .addCase(
      routerWentBack,
      (wc) => {
        // Back from a wallet's QR code: the plain WalletConnect entry is for no wallet in particular.
        wc.wallet = null
      },
      (wc, _event, state) => wc.wallet !== null && !WALLET_CONNECT_VIEWS.includes(state.router.view),
    )
    .addCase(
      modalCloseRequested,
      (wc) => {
        // Close resets the pairing URI (spec §4); a connect still waiting is failed by its own event.
        wc.pairing = null
        wc.prefetching = false
        wc.wallet = null
      },
      (wc, _event, state) => !state.modal.open && (wc.pairing !== null || wc.prefetching || wc.wallet !== null),
    )
    .addFollower(
      ['modal', 'wallets'],
      (wc) => {
        wc.pairing = null
      },
      (wc, _event, state) => {
        const p = wc.pairing
        if (!p) return false
        const alive = !namesRequest(p) ? state.modal.open : isWalletConnectConnecting(state) && isCurrentRequest(state.wallets.attempt?.requestId, p)
        return !alive
      },
    ),
  { after: ['wallets', 'modal', 'router'] },
)
