import { resultAcknowledged, routerPushed, routerReplaced, routerReset, routerWentBack } from '../../events/modal/router.js'
import { modalCloseRequested, modalOpenRequested } from '../../events/modal/modal.js'
import { networkChanged, networkSwitched, networkSwitchFailed, networkSwitchRequested } from '../../events/connection/network.js'
import { connectionRequested, connectionSucceeded } from '../../events/connection/connection.js'
import { accountDisconnected, connectionSwitched } from '../../events/connection/connectionLifecycle.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../events/walletConnect/walletConnect.js'
import type { ViewName } from '../../events/views.js'
import { selectIsConnected } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { WALLET_CONNECT_VIEWS } from '../walletConnect/walletConnectState.js'
import { isIgnoredConnectionEvent } from '../connection/isIgnoredConnectionEvent.js'
import { closedView, defaultView, openedView } from './modalReducer.js'
import {
  appliesConnectionSwitch,
  appliesNetworkChange,
  closesAfterConnect,
  closesAfterNetworkChange,
  closesAfterSwitch,
  returnsToView,
  showsUnsupportedChain,
  showsAccountAfterReconnect,
  isCurrentNetworkSwitch,
} from '../navigation.js'
import { namesRequest } from '../../events/requestLifecycle.js'
import { BASE_INITIAL, freshRouter as fresh } from '../baseInitialState.js'

export type RouterState = ModalState['router']


/**
 * The view stack: its top is the current view; it is never empty. Its cases return the next
 * (small) router from the current one rather than editing the history through a draft, which
 * would cost immer an array proxy on every navigation.
 */
export const routerSlice = createSlice(
  'router',
  BASE_INITIAL.router,
  (b) =>
    b
      .addReplacer(routerPushed, (r, event) => ({ view: event.payload.view, history: [...r.history, event.payload.view], data: event.payload.data }))
      .addReplacer(routerReplaced, (r, event) => ({
        view: event.payload.view,
        history: [...r.history.slice(0, -1), event.payload.view],
        data: event.payload.data,
      }))
      .addReplacer(routerWentBack, (r) => (r.history.length > 1 ? top(r.history.slice(0, -1)) : top(r.history)))
      .addReplacer(routerReset, (_r, event) => fresh(event.payload.view))
      // A finished flow ends where the visitor started it from: Account when connected.
      .addReplacer(resultAcknowledged, (_r, _event, state) => fresh(defaultView(state)))
      .addReplacer(modalOpenRequested, (r, event, state, prev) => {
        const view = openedView(state, event.payload)
        // Connect for one namespace asked for from an open modal (a switch to a chain family with
        // no connection) goes on top of the view the visitor was on, so Back returns there.
        if (view === 'Connect' && event.payload.namespace !== undefined && prev.modal.open && r.view !== 'Connect') {
          return { view, history: [...r.history, view], data: undefined }
        }
        return fresh(view)
      })
      .addReplacer(
        modalCloseRequested,
        (_r, _event, state) => fresh(closedView(state)),
        (_r, _event, state, prev) => prev.modal.open && !state.modal.open,
      )
      .addReplacer(
        networkSwitchRequested,
        // The wallet is asked only when connected; its approval is awaited on SwitchNetwork.
        (r, event) => ({
          view: 'SwitchNetwork',
          history: r.view === 'SwitchNetwork' ? r.history : [...r.history, 'SwitchNetwork'],
          data: { caipNetworkId: event.payload.caipNetworkId },
        }),
        (_r, event, _state, prev) => prev.modal.open && selectIsConnected(prev, event.payload.namespace),
      )
      .addReplacer(
        networkSwitched,
        (r, event, state, prev) => {
          if (showsUnsupportedChain(state)) return fresh('UnsupportedChain')
          if (closesAfterSwitch(prev, event)) return fresh(closedView(state))
          if (!prev.modal.open || !namesRequest(event)) return r
          const index = r.history.indexOf('Networks')
          if (index >= 1) return top(r.history.slice(0, index))
          // A switch asked for to pay goes back to the payment.
          const pay = r.history.indexOf('Pay')
          return pay >= 0 ? top(r.history.slice(0, pay + 1)) : r
        },
        (_r, event, _state, prev) => isCurrentNetworkSwitch(prev, event.requestId),
      )
      .addReplacer(
        networkSwitchFailed,
        // A failed switch goes back one view (spec §4); the view below shows the error.
        (r) => top(r.history.slice(0, -1)),
        (r, event, _state, prev) => isCurrentNetworkSwitch(prev, event.requestId) && r.view === 'SwitchNetwork' && r.history.length > 1,
      )
      .addReplacer(
        networkChanged,
        (r, _event, state, prev) => {
          if (showsUnsupportedChain(state)) return fresh('UnsupportedChain')
          return closesAfterNetworkChange(prev, state) ? fresh(closedView(state)) : r
        },
        (_r, event, _state, prev) => appliesNetworkChange(prev, event),
      )
      .addReplacer(connectionRequested, (r, event, _state, prev) => {
        const { connectorId } = event.payload
        const attempt = prev.wallets.attempt
        // Clicking the wallet being waited on again just shows its waiting view.
        const shows = !isIgnoredConnectionEvent(prev, event) || (attempt?.status === 'connecting' && attempt.connectorId === connectorId)
        const next = shows ? showConnecting(r, prev, connectorId) : r
        return connectorId === WALLET_CONNECT_CONNECTOR_ID ? showWalletConnectView(next, prev) : next
      })
      .addReplacer(
        connectionSucceeded,
        (r, event, state, prev) => {
          if (showsUnsupportedChain(state)) return fresh('UnsupportedChain')
          const back = returnsToView(prev, event)
          if (back) return top(r.history.slice(0, r.history.lastIndexOf(back) + 1))
          if (showsAccountAfterReconnect(prev, event)) return fresh(defaultView(state))
          return closesAfterConnect(prev, event) ? fresh(closedView(state)) : r
        },
        (_r, event, _state, prev) => !isIgnoredConnectionEvent(prev, event),
      )
      .addReplacer(
        connectionSwitched,
        () => fresh('UnsupportedChain'),
        (_r, event, state, prev) => appliesConnectionSwitch(prev, event) && showsUnsupportedChain(state),
      )
      .addReplacer(
        accountDisconnected,
        // The account views have nothing left to show.
        () => fresh('Connect'),
        (r, _event, _state, prev) => prev.modal.open && r.view !== 'Connect',
      ),
  { after: ['connection', 'modal'] },
)

/** The router whose history this is: its last view is shown, with no data. */
function top(history: readonly ViewName[]): RouterState {
  return { view: history[history.length - 1] as ViewName, history: [...history], data: undefined }
}

function showConnecting(r: RouterState, prev: ModalState, connectorId: string): RouterState {
  if (!prev.modal.open) return r
  const history = r.view === 'ConnectingExternal' ? r.history : [...r.history, 'ConnectingExternal' as const]
  return { view: 'ConnectingExternal', history, data: { connectorId } }
}

/**
 * A WalletConnect connect waits on ConnectingWalletConnect rather than the browser-wallet view;
 * from ConnectingWalletConnectBasic (or the QR view itself) it stays put.
 */
function showWalletConnectView(r: RouterState, prev: ModalState): RouterState {
  if (!prev.modal.open || r.view !== 'ConnectingExternal') return r
  if ((r.data as { connectorId?: string } | undefined)?.connectorId !== WALLET_CONNECT_CONNECTOR_ID) return r
  const below = r.history[r.history.length - 2]
  const history: ViewName[] =
    below !== undefined && WALLET_CONNECT_VIEWS.includes(below) ? r.history.slice(0, -1) : [...r.history.slice(0, -1), 'ConnectingWalletConnect']
  return { view: history[history.length - 1] as ViewName, history, data: { connectorId: WALLET_CONNECT_CONNECTOR_ID } }
}
