import {
  modalCloseRequested,
  modalLoadingChanged,
  modalOpenRequested,
  modalShakeEnded,
  modalShakeRequested,
} from '../events/modal.js'
import { connectionSucceeded } from '../events/connection.js'
import { connectionSwitched } from '../events/connectionLifecycle.js'
import { networkChanged, networkSwitched } from '../events/network.js'
import type { ViewName } from '../events/views.js'
import { selectCanClose, selectIsConnected } from '../selectors.js'
import { SHAKE_MS } from '../domain/constants.js'
import type { ModalState } from '../state.js'
import { createSlice } from './createSlice.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'
import {
  appliesConnectionSwitch,
  appliesNetworkChange,
  closesAfterConnect,
  closesAfterNetworkChange,
  closesAfterSwitch,
  showsUnsupportedChain,
} from './navigation.js'

export type ModalSliceState = ModalState['modal']

/** Whether the modal is open, loading or shaking, and the namespace it was opened for. */
export const modalSlice = createSlice(
  'modal',
  (): ModalSliceState => ({ open: false, loading: false, shake: false, shakeStartedAt: null, namespace: null }),
  (b) =>
    b
      .addCase(modalOpenRequested, (m, event, state) => {
        // The connection slice already made a requested namespace the active one.
        m.namespace = event.payload.namespace ?? state.connection.activeNamespace
        m.open = true
        m.loading = false
      })
      .addCase(modalCloseRequested, (m, event, _state, prev) => {
        if (!m.open) return
        if (!selectCanClose(prev)) return startShake(m, event.at)
        m.open = false
        m.loading = false
      })
      .addCase(modalShakeRequested, (m, event) => startShake(m, event.at))
      .addCase(modalShakeEnded, (m) => {
        m.shake = false
        m.shakeStartedAt = null
      })
      .addCase(modalLoadingChanged, (m, event) => {
        m.loading = event.payload.loading
      })
      .addCase(connectionSucceeded, (m, event, state, prev) => {
        if (isIgnoredConnectionEvent(prev, event)) return
        if (closesAfterConnect(prev, event)) close(m)
        if (showsUnsupportedChain(state)) show(m, state)
      })
      .addCase(connectionSwitched, (m, event, state, prev) => {
        if (appliesConnectionSwitch(prev, event) && showsUnsupportedChain(state)) show(m, state)
      })
      .addCase(networkSwitched, (m, event, state, prev) => {
        if (!isCurrentNetworkSwitch(prev, event.requestId)) return
        if (closesAfterSwitch(prev, event)) close(m)
        if (showsUnsupportedChain(state)) show(m, state)
      })
      .addCase(networkChanged, (m, event, state, prev) => {
        if (!appliesNetworkChange(prev, event)) return
        if (showsUnsupportedChain(state)) show(m, state)
        else if (closesAfterNetworkChange(prev, state)) close(m)
      }),
  { after: ['connection'] },
)

/** Shake lasts SHAKE_MS and does not retrigger while active (spec §4). */
function startShake(m: { shake: boolean; shakeStartedAt: number | null }, at: number): void {
  if (m.shake && m.shakeStartedAt !== null && at - m.shakeStartedAt < SHAKE_MS) return
  m.shake = true
  m.shakeStartedAt = at
}

function close(m: ModalSliceState): void {
  m.open = false
  m.loading = false
}

function show(m: ModalSliceState, state: ModalState): void {
  m.open = true
  m.loading = false
  m.namespace = state.connection.activeNamespace
}

export function isCurrentNetworkSwitch(prev: ModalState, requestId: string | undefined): boolean {
  const s = prev.network.switch
  return requestId === undefined || (s !== null && s.requestId === requestId)
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

/** Closing resets to Connect; in embedded mode to Account when connected (spec §2). */
export function closedView(state: ModalState): ViewName {
  return state.settings.embedded && selectIsConnected(state) ? 'Account' : 'Connect'
}
