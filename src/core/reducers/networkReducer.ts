import type { Draft } from 'immer'
import type { StampedEvent } from '../events/defineEvent.js'
import { networkChanged, networkSwitched, networkSwitchFailed, networkSwitchRequested } from '../events/network.js'
import { selectIsConnected, selectIsUnsupportedChain } from '../selectors.js'
import type { ModalState } from '../state.js'
import { namespaceDraft } from './connectionReducer.js'
import { closedView } from './modalReducer.js'
import { resetRouter } from './routerReducer.js'

/** The network per namespace, network switches and the unsupported-network rule (spec §4). */
export function networkReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  const n = draft.network
  if (networkSwitchRequested.match(event)) {
    const { namespace, caipNetworkId } = event.payload
    n.switch = { requestId: event.requestId ?? null, namespace, caipNetworkId, status: 'switching', error: null }
    // The wallet is asked only when connected; its approval is awaited on SwitchNetwork.
    if (draft.modal.open && selectIsConnected(draft as ModalState, namespace)) {
      const r = draft.router
      if (r.view === 'SwitchNetwork') r.history[r.history.length - 1] = 'SwitchNetwork'
      else r.history.push('SwitchNetwork')
      r.view = 'SwitchNetwork'
      r.data = { caipNetworkId }
    }
  } else if (networkSwitched.match(event)) {
    if (!isCurrent(draft, event.requestId)) return
    const { namespace, caipNetworkId } = event.payload
    n.switch = null
    n.selected[namespace] = caipNetworkId
    const ns = draft.connection.byNamespace[namespace]
    const connection = ns?.connections.find((c) => c.connectorId === ns.activeConnectorId)
    if (connection) connection.caipNetworkId = caipNetworkId
    if (draft.modal.open && event.requestId !== undefined) navigateAfterSwitch(draft)
    showUnsupportedChain(draft)
  } else if (networkSwitchFailed.match(event)) {
    if (!isCurrent(draft, event.requestId)) return
    const { namespace, caipNetworkId, error } = event.payload
    n.switch = { requestId: event.requestId ?? null, namespace, caipNetworkId, status: 'failed', error }
    // A failed switch goes back one view (spec §4); the view below shows the error.
    const r = draft.router
    if (r.view === 'SwitchNetwork' && r.history.length > 1) {
      r.history.pop()
      r.view = r.history[r.history.length - 1] as typeof r.view
      r.data = undefined
    }
  } else if (networkChanged.match(event)) {
    const { namespace, connectorId, caipNetworkId } = event.payload
    const ns = namespaceDraft(draft, namespace)
    const id = connectorId ?? ns.activeConnectorId
    const connection = ns.connections.find((c) => c.connectorId === id)
    if (!connection) return
    connection.caipNetworkId = caipNetworkId
    if (ns.activeConnectorId === id) n.selected[namespace] = caipNetworkId
    const wasUnsupported = draft.router.view === 'UnsupportedChain'
    showUnsupportedChain(draft)
    // The wallet came back to a supported network by itself: the warning has done its job.
    if (wasUnsupported && draft.modal.open && !selectIsUnsupportedChain(draft as ModalState)) closeModal(draft)
  }
}

function isCurrent(draft: Draft<ModalState>, requestId: string | undefined): boolean {
  const s = draft.network.switch
  return requestId === undefined || (s !== null && s.requestId === requestId)
}

/**
 * After a successful switch: back to the view before the network list when there is one,
 * else the modal closes (spec §4: success may close the modal).
 */
function navigateAfterSwitch(draft: Draft<ModalState>): void {
  const r = draft.router
  const index = r.history.indexOf('Networks')
  if (index >= 1) {
    r.history = r.history.slice(0, index)
    r.view = r.history[r.history.length - 1] as typeof r.view
    r.data = undefined
  } else {
    closeModal(draft)
  }
}

function closeModal(draft: Draft<ModalState>): void {
  draft.modal.open = false
  draft.modal.loading = false
  resetRouter(draft, closedView(draft as ModalState))
}

/**
 * Connected on a network the host does not list: the modal opens on UnsupportedChain, unless
 * the host allows unsupported networks or has switching turned off (spec §4).
 */
export function showUnsupportedChain(draft: Draft<ModalState>): void {
  const s = draft.settings
  if (s.allowUnsupportedChain || s.enableNetworkSwitch === false) return
  if (!selectIsUnsupportedChain(draft as ModalState)) return
  draft.modal.open = true
  draft.modal.loading = false
  draft.modal.namespace = draft.connection.activeNamespace
  resetRouter(draft, 'UnsupportedChain')
}
