import type { Draft } from 'immer'
import {
  modalCloseRequested,
  modalLoadingChanged,
  modalOpenRequested,
  modalShakeEnded,
  modalShakeRequested,
} from '../events/modal.js'
import type { StampedEvent } from '../events/defineEvent.js'
import type { ViewName } from '../events/views.js'
import { selectCanClose, selectIsConnected } from '../selectors.js'
import { SHAKE_MS } from '../domain/constants.js'
import type { ModalState } from '../state.js'
import { resetRouter } from './routerReducer.js'

export function modalReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  const m = draft.modal
  if (modalOpenRequested.match(event)) {
    const { view, namespace } = event.payload
    if (namespace && namespace !== draft.connection.activeNamespace) {
      draft.connection.activeNamespace = namespace
    }
    m.namespace = namespace ?? draft.connection.activeNamespace
    resetRouter(draft, view ?? defaultView(draft as ModalState))
    m.open = true
    m.loading = false
  } else if (modalCloseRequested.match(event)) {
    if (!m.open) return
    if (!selectCanClose(draft as ModalState)) {
      startShake(draft, event.at)
      return
    }
    m.open = false
    m.loading = false
    resetRouter(draft, closedView(draft as ModalState))
  } else if (modalShakeRequested.match(event)) {
    startShake(draft, event.at)
  } else if (modalShakeEnded.match(event)) {
    m.shake = false
    m.shakeStartedAt = null
  } else if (modalLoadingChanged.match(event)) {
    m.loading = event.payload.loading
  }
}

/** Shake lasts SHAKE_MS and does not retrigger while active (spec §4). */
function startShake(draft: Draft<ModalState>, at: number): void {
  const m = draft.modal
  if (m.shake && m.shakeStartedAt !== null && at - m.shakeStartedAt < SHAKE_MS) return
  m.shake = true
  m.shakeStartedAt = at
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
