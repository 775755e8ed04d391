import type { Draft } from 'immer'
import { routerPushed, routerReplaced, routerReset, routerWentBack } from '../events/router.js'
import { modalCloseRequested, modalOpenRequested } from '../events/modal.js'
import { networkChanged, networkSwitched, networkSwitchFailed, networkSwitchRequested } from '../events/network.js'
import { connectionRequested, connectionSucceeded } from '../events/connection.js'
import { accountDisconnected, connectionSwitched } from '../events/connectionLifecycle.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../events/walletConnect.js'
import type { ViewName } from '../events/views.js'
import { selectIsConnected } from '../selectors.js'
import type { ModalState } from '../state.js'
import { createSlice } from './createSlice.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'
import { closedView, defaultView, isCurrentNetworkSwitch } from './modalReducer.js'
import {
  appliesConnectionSwitch,
  appliesNetworkChange,
  closesAfterConnect,
  closesAfterNetworkChange,
  closesAfterSwitch,
  returnsToProfileWallets,
  showsUnsupportedChain,
} from './navigation.js'

export type RouterState = ModalState['router']

const WC_VIEWS: readonly string[] = ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic']

/** The view stack: its top is the current view; it is never empty. */
export const routerSlice = createSlice(
  'router',
  (): RouterState => ({ view: 'Connect', history: ['Connect'], data: undefined }),
  (b) =>
    b
      .addCase(routerPushed, (r, event) => {
        r.history.push(event.payload.view)
        r.view = event.payload.view
        r.data = event.payload.data
      })
      .addCase(routerReplaced, (r, event) => {
        r.history[r.history.length - 1] = event.payload.view
        r.view = event.payload.view
        r.data = event.payload.data
      })
      .addCase(routerWentBack, (r) => {
        if (r.history.length > 1) r.history.pop()
        r.view = r.history[r.history.length - 1] as ViewName
        r.data = undefined
      })
      .addCase(routerReset, (r, event) => reset(r, event.payload.view))
      .addCase(modalOpenRequested, (r, event, state) => reset(r, event.payload.view ?? defaultView(state)))
      .addCase(modalCloseRequested, (r, _event, state, prev) => {
        if (prev.modal.open && !state.modal.open) reset(r, closedView(state))
      })
      .addCase(networkSwitchRequested, (r, event, _state, prev) => {
        // The wallet is asked only when connected; its approval is awaited on SwitchNetwork.
        if (!prev.modal.open || !selectIsConnected(prev, event.payload.namespace)) return
        if (r.view === 'SwitchNetwork') r.history[r.history.length - 1] = 'SwitchNetwork'
        else r.history.push('SwitchNetwork')
        r.view = 'SwitchNetwork'
        r.data = { caipNetworkId: event.payload.caipNetworkId }
      })
      .addCase(networkSwitched, (r, event, state, prev) => {
        if (!isCurrentNetworkSwitch(prev, event.requestId)) return
        if (prev.modal.open && event.requestId !== undefined) {
          const index = r.history.indexOf('Networks')
          if (index >= 1) {
            r.history = r.history.slice(0, index)
            r.view = r.history[r.history.length - 1] as ViewName
            r.data = undefined
          }
        }
        if (closesAfterSwitch(prev, event)) reset(r, closedView(state))
        if (showsUnsupportedChain(state)) reset(r, 'UnsupportedChain')
      })
      .addCase(networkSwitchFailed, (r, event, _state, prev) => {
        if (!isCurrentNetworkSwitch(prev, event.requestId)) return
        // A failed switch goes back one view (spec §4); the view below shows the error.
        if (r.view === 'SwitchNetwork' && r.history.length > 1) {
          r.history.pop()
          r.view = r.history[r.history.length - 1] as ViewName
          r.data = undefined
        }
      })
      .addCase(networkChanged, (r, event, state, prev) => {
        if (!appliesNetworkChange(prev, event)) return
        if (showsUnsupportedChain(state)) reset(r, 'UnsupportedChain')
        else if (closesAfterNetworkChange(prev, state)) reset(r, closedView(state))
      })
      .addCase(connectionRequested, (r, event, _state, prev) => {
        const { connectorId } = event.payload
        if (isIgnoredConnectionEvent(prev, event)) {
          // Clicking the wallet being waited on again just shows its waiting view.
          const attempt = prev.wallets.attempt
          if (attempt?.status === 'connecting' && attempt.connectorId === connectorId) showConnecting(r, prev, connectorId)
        } else {
          showConnecting(r, prev, connectorId)
        }
        if (connectorId === WALLET_CONNECT_CONNECTOR_ID) showWalletConnectView(r, prev)
      })
      .addCase(connectionSucceeded, (r, event, state, prev) => {
        if (isIgnoredConnectionEvent(prev, event)) return
        if (returnsToProfileWallets(prev, event)) {
          r.history = r.history.slice(0, r.history.indexOf('ProfileWallets') + 1)
          r.view = 'ProfileWallets'
          r.data = undefined
        } else if (closesAfterConnect(prev, event)) {
          reset(r, closedView(state))
        }
        if (showsUnsupportedChain(state)) reset(r, 'UnsupportedChain')
      })
      .addCase(connectionSwitched, (r, event, state, prev) => {
        if (appliesConnectionSwitch(prev, event) && showsUnsupportedChain(state)) reset(r, 'UnsupportedChain')
      })
      .addCase(accountDisconnected, (r, _event, _state, prev) => {
        // The account views have nothing left to show.
        if (prev.modal.open && r.view !== 'Connect') reset(r, 'Connect')
      }),
  { after: ['connection', 'modal'] },
)

function reset(r: Draft<RouterState>, view: ViewName): void {
  r.history = [view]
  r.view = view
  r.data = undefined
}

function showConnecting(r: Draft<RouterState>, prev: ModalState, connectorId: string): void {
  if (!prev.modal.open) return
  if (r.view !== 'ConnectingExternal') {
    r.history.push('ConnectingExternal')
    r.view = 'ConnectingExternal'
  }
  r.data = { connectorId }
}

/**
 * A WalletConnect connect waits on ConnectingWalletConnect rather than the browser-wallet view;
 * from ConnectingWalletConnectBasic (or the QR view itself) it stays put.
 */
function showWalletConnectView(r: Draft<RouterState>, prev: ModalState): void {
  if (!prev.modal.open || r.view !== 'ConnectingExternal') return
  if ((r.data as { connectorId?: string } | undefined)?.connectorId !== WALLET_CONNECT_CONNECTOR_ID) return
  const below = r.history[r.history.length - 2]
  if (below !== undefined && WC_VIEWS.includes(below)) {
    r.history.pop()
    r.view = below
  } else {
    r.history[r.history.length - 1] = 'ConnectingWalletConnect'
    r.view = 'ConnectingWalletConnect'
  }
  r.data = { connectorId: WALLET_CONNECT_CONNECTOR_ID }
}
