import { filter, ignoreElements, pairwise, tap } from 'rxjs'
import { isWalletConnectConnecting } from '../../reducers/walletConnect/walletConnectReducer.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'
import { watchState } from '../runtime/watchState.js'
import { namesRequest } from '../../events/requestLifecycle.js'

/** Whether a WalletConnect pairing is still wanted: its attempt waits, or it was made ahead while the modal is open. */
function pairingWanted(s: ModalState): boolean {
  if (isWalletConnectConnecting(s)) return true
  const pairing = s.walletConnect.pairing
  return s.modal.open && (s.walletConnect.prefetching || (pairing !== null && !namesRequest(pairing)))
}

/**
 * Abandons the WalletConnect pairing once nothing waits on it (the attempt failed, was closed
 * with 'Modal closed', or the visitor picked another wallet), so a wallet that approves it
 * late is disconnected rather than silently connected.
 */
export const cancelWalletConnectPairing: Effect<WalletConnectDeps> = (_event$, state$, deps) =>
  watchState(state$, pairingWanted).pipe(
    pairwise(),
    filter(([before, now]) => before && !now),
    tap(() => deps.walletConnect?.cancelPairing()),
    ignoreElements(),
  )
