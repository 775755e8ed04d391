import {
  legalAcceptanceChanged,
  modalCloseRequested,
  modalLoadingChanged,
  modalOpenRequested,
  modalShakeEnded,
  modalShakeRequested,
} from '../../events/modal/modal.js'
import { connectionSucceeded } from '../../events/connection/connection.js'
import { walletListPageFailed, walletListPageLoaded } from '../../events/data/walletList.js'
import type { StampedEvent } from '../../events/defineEvent.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { selectPrefetchedWalletLists } from '../data/walletListSelectors.js'
import type { WalletListName } from '../data/dataState.js'
import { accountDisconnected, connectionSwitched } from '../../events/connection/connectionLifecycle.js'
import { networkChanged, networkSwitched } from '../../events/connection/network.js'
import type { Namespace, ViewName } from '../../events/views.js'
import { routerReset, routerWentBack } from '../../events/modal/router.js'
import { selectCanClose, selectIsConnected } from '../../selectors.js'
import { SHAKE_MS } from '../../domain/constants.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { isIgnoredConnectionEvent } from '../connection/isIgnoredConnectionEvent.js'
import {
  appliesConnectionSwitch,
  appliesNetworkChange,
  closesAfterConnect,
  closesAfterNetworkChange,
  closesAfterSwitch,
  isCurrentNetworkSwitch,
  showsUnsupportedChain,
} from '../navigation.js'
import { BASE_INITIAL } from '../baseInitialState.js'

export type ModalSliceState = ModalState['modal']

/**
 * Whether the modal is open, loading or shaking, and the namespace it was opened for. A flat
 * slice: its cases return the next value (see CaseReplacer).
 */
export const modalSlice = createSlice(
  'modal',
  BASE_INITIAL.modal,
  (b) =>
    b
      .addReplacer(legalAcceptanceChanged, (m, event) => modal(m, m.open, m.loading, m.namespace, m.connectFor, event.payload.accepted))
      // The connection slice already made a requested namespace the active one.
      .addReplacer(modalOpenRequested, (m, event, state) =>
        modal(m, true, prefetching(state), event.payload.namespace ?? state.connection.activeNamespace, connectForOpen(state, event.payload)),
      )
      // Back from the Connect of one namespace (to the view the visitor came from), or a new stack: Connect lists every namespace again.
      .addReplacer(routerWentBack, (m) => modal(m, m.open, m.loading, m.namespace, null), (m, _event, _state, prev) => m.connectFor !== null && prev.router.view === 'Connect' && prev.router.history.length > 1)
      .addReplacer(routerReset, (m) => modal(m, m.open, m.loading, m.namespace, null), (m) => m.connectFor !== null)
      // The account gone while the visitor was past Connect: the router starts a fresh Connect, with no Back to a filter's end.
      .addReplacer(accountDisconnected, (m) => modal(m, m.open, m.loading, m.namespace, null), (m, _event, _state, prev) => m.connectFor !== null && prev.modal.open && prev.router.view !== 'Connect')
      .addReplacer(walletListPageLoaded, prefetchAnswered, (m) => m.loading)
      .addReplacer(walletListPageFailed, prefetchAnswered, (m) => m.loading)
      .addReplacer(
        modalCloseRequested,
        (m, event, _state, prev) => (selectCanClose(prev) ? closed(m) : shaking(m, event.at)),
        (m) => m.open,
      )
      .addReplacer(modalShakeRequested, (m, event) => shaking(m, event.at))
      .addReplacer(modalShakeEnded, (m) => ({
        open: m.open,
        loading: m.loading,
        shake: false,
        shakeStartedAt: null,
        namespace: m.namespace,
        connectFor: m.connectFor,
        legalAccepted: m.legalAccepted,
      }))
      .addReplacer(modalLoadingChanged, (m, event) => modal(m, m.open, event.payload.loading, m.namespace, m.connectFor))
      .addReplacer(
        connectionSucceeded,
        (m, event, state, prev) =>
          showsUnsupportedChain(state)
            ? shown(m, state)
            : closesAfterConnect(prev, event)
              ? closed(m)
              : // Connected: Connect's namespace filter has done its job.
                m.connectFor !== null && event.payload.accounts.length > 0
                ? modal(m, m.open, m.loading, m.namespace, null)
                : m,
        (_m, event, _state, prev) => !isIgnoredConnectionEvent(prev, event),
      )
      .addReplacer(
        connectionSwitched,
        (m, _event, state) => shown(m, state),
        (_m, event, state, prev) => appliesConnectionSwitch(prev, event) && showsUnsupportedChain(state),
      )
      .addReplacer(
        networkSwitched,
        (m, event, state, prev) => (showsUnsupportedChain(state) ? shown(m, state) : closesAfterSwitch(prev, event) ? closed(m) : m),
        (_m, event, _state, prev) => isCurrentNetworkSwitch(prev, event.requestId),
      )
      .addReplacer(
        networkChanged,
        (m, _event, state, prev) => (showsUnsupportedChain(state) ? shown(m, state) : closesAfterNetworkChange(prev, state) ? closed(m) : m),
        (_m, event, _state, prev) => appliesNetworkChange(prev, event),
      ),
  { after: ['connection'] },
)

/** Shake lasts SHAKE_MS and does not retrigger while active (spec §4). */
function shaking(m: ModalSliceState, at: number): ModalSliceState {
  if (m.shake && m.shakeStartedAt !== null && at - m.shakeStartedAt < SHAKE_MS) return m
  return { open: m.open, loading: m.loading, shake: true, shakeStartedAt: at, namespace: m.namespace, connectFor: m.connectFor, legalAccepted: m.legalAccepted }
}

/**
 * Whether an open waits on wallet data (spec §4: open prefetches wallet data and sets loading):
 * a list it prefetches is not loaded yet.
 */
function prefetching(state: ModalState): boolean {
  if (!state.settings.services?.walletDirectory) return false
  return selectPrefetchedWalletLists(state).some((list) => state.walletList.lists[list].status !== 'loaded')
}

/**
 * A wallet list answered (a page or a failure): loading ends once no list an open prefetches is
 * still waiting. This slice reduces before the walletList slice, so `state` still shows the
 * request the answer is for.
 */
function prefetchAnswered(m: ModalSliceState, event: StampedEvent<string, { list: WalletListName }>, state: ModalState): ModalSliceState {
  const { lists } = state.walletList
  const { list } = event.payload
  // An answer to a superseded request (dropped by the walletList slice) settles nothing.
  const pending = lists[list].pending
  if (!pending || !isCurrentRequest(pending.requestId, event)) return m
  const waiting = selectPrefetchedWalletLists(state).some((l) => l !== list && lists[l].pending !== null)
  return waiting ? m : modal(m, m.open, false, m.namespace, m.connectFor)
}

function closed(m: ModalSliceState): ModalSliceState {
  return m.open || m.loading || m.connectFor !== null ? modal(m, false, false, m.namespace, null) : m
}

function shown(m: ModalSliceState, state: ModalState): ModalSliceState {
  return modal(m, true, false, state.connection.activeNamespace, null)
}

/**
 * The slice with these fields changed, written out in full. Optimization: objects spread from
 * one another took a new hidden class every few events, which left the code reading them
 * megamorphic; one literal keeps them all of one shape.
 */
function modal(
  m: ModalSliceState,
  open: boolean,
  loading: boolean,
  namespace: ModalSliceState['namespace'],
  connectFor: ModalSliceState['connectFor'],
  legalAccepted = m.legalAccepted,
): ModalSliceState {
  return { open, loading, shake: m.shake, shakeStartedAt: m.shakeStartedAt, namespace, connectFor, legalAccepted }
}


/**
 * The view an open without a requested view lands on (spec §2): Account when connected;
 * with no chain adapters (WalletConnect alone) or with manual WalletConnect control, AllWallets on mobile and
 * ConnectingWalletConnectBasic on desktop; else Connect.
 */
export function defaultView(state: ModalState): ViewName {
  if (selectIsConnected(state)) return 'Account'
  if (state.settings.adapters.length === 0 || state.settings.noChainAdapters || state.settings.manualControl) {
    return state.settings.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic'
  }
  return 'Connect'
}

/**
 * The views that show a connected account: opened while the namespace they are for (the one
 * asked for, else the active one) has no connection, the modal shows how to connect instead.
 */
export const ACCOUNT_VIEWS: ReadonlySet<ViewName> = new Set(['Account', 'ProfileWallets', 'Receive', 'WalletSend'])

/**
 * The view an open lands on: the one asked for, else the default (spec §2); an account view
 * asked for while its namespace is not connected gives way to the default of a disconnected
 * modal (Connect). `state` is after the connection slice made a requested namespace active.
 */
export function openedView(state: ModalState, payload: { view?: ViewName | undefined; namespace?: Namespace | undefined }): ViewName {
  const view = payload.view ?? defaultView(state)
  return ACCOUNT_VIEWS.has(view) && !selectIsConnected(state, payload.namespace) ? defaultView(state) : view
}

/** The namespace whose wallets alone an open's Connect lists: the one asked for, when the open lands on Connect. */
export function connectForOpen(state: ModalState, payload: { view?: ViewName | undefined; namespace?: Namespace | undefined }): Namespace | null {
  return payload.namespace !== undefined && openedView(state, payload) === 'Connect' ? payload.namespace : null
}

/** Closing resets to Connect; in embedded mode to Account when connected (spec §2). */
export function closedView(state: ModalState): ViewName {
  return state.settings.embedded && selectIsConnected(state) ? 'Account' : 'Connect'
}
