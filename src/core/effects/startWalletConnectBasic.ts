import { distinctUntilChanged, EMPTY, map, of, switchMap } from 'rxjs'
import { connectionRequested } from '../events/connection'
import { newRequestId } from '../events/newRequestId'
import { WALLET_CONNECT_CONNECTOR_ID } from '../events/walletConnect'
import { isWalletConnectConnecting } from '../reducers/walletConnectReducer'
import { selectIsConnected } from '../selectors'
import type { Effect } from './runEffects'
import type { WalletConnectDeps } from './walletConnectDeps'

/**
 * ConnectingWalletConnectBasic (the view without chain adapters or with manual control) is a
 * QR code from the start: arriving on it starts a WalletConnect connect.
 */
export const startWalletConnectBasic: Effect<WalletConnectDeps> = (_event$, state$, deps) =>
  state$.pipe(
    map((s) => s.modal.open && s.router.view === 'ConnectingWalletConnectBasic'),
    distinctUntilChanged(),
    switchMap((onBasic) => {
      const s = state$.value
      if (!onBasic || !deps.walletConnect || isWalletConnectConnecting(s) || selectIsConnected(s, 'eip155')) return EMPTY
      return of(connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155' }, { requestId: newRequestId() }))
    }),
  )
