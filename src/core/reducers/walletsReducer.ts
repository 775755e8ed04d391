import type { Draft } from 'immer'
import { addRecentWallet, RECENT_WALLETS_MAX } from '../domain/walletLists.js'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../events/connection.js'
import {
  accountDisconnected,
  accountsChanged,
  connectionSwitched,
  connectionSwitchFailed,
  connectionSwitchRequested,
  disconnectFailed,
  disconnectRequested,
  reconnectFinished,
  reconnectStarted,
} from '../events/connectionLifecycle.js'
import { connectorsChanged } from '../events/connectors.js'
import type { StampedEvent } from '../events/defineEvent.js'
import { storageHydrated } from '../events/storage.js'
import { NAMESPACES, type Namespace } from '../events/views.js'
import type { ModalState } from '../state.js'
import { namespaceDraft } from './connectionReducer.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'
import { closedView } from './modalReducer.js'
import { showUnsupportedChain } from './networkReducer.js'
import { resetRouter } from './routerReducer.js'
import type { RecentWallet, WalletMemory } from './walletState.js'

/**
 * Connectors, the connect attempt, reconnect runs, recent wallets and what a reload reconnects.
 * Runs after `connectionReducer`, which keeps the connections and the status per namespace.
 */
export function walletsReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  const w = draft.wallets
  if (storageHydrated.match(event)) {
    const memory = readMemory(event.payload.wallets)
    if (memory) w.memory = memory
  } else if (connectorsChanged.match(event)) {
    const { namespace, connectors } = event.payload
    w.connectors = [...w.connectors.filter((c) => c.chain !== namespace), ...connectors.map((c) => ({ ...c, chain: namespace }))]
  } else if (connectionRequested.match(event)) {
    const { connectorId, namespace } = event.payload
    if (isIgnoredConnectionEvent(draft as ModalState, event)) {
      // Clicking the wallet being waited on again just shows its waiting view.
      if (w.attempt?.status === 'connecting' && w.attempt.connectorId === connectorId) showConnecting(draft, connectorId)
      return
    }
    const history = draft.router.history
    w.attempt = {
      requestId: event.requestId ?? null,
      connectorId,
      namespace,
      status: 'connecting',
      startedAt: event.at,
      error: null,
      returnView: history.includes('ProfileWallets') ? 'ProfileWallets' : null,
    }
    // A visitor's choice ends a reconnect run still going on in that namespace.
    delete w.reconnect[namespace]
    w.disconnectError = null
    showConnecting(draft, connectorId)
  } else if (connectionSucceeded.match(event)) {
    if (isIgnoredConnectionEvent(draft as ModalState, event)) return
    const { connectorId, namespace, accounts } = event.payload
    if (accounts.length > 0) {
      remember(draft, namespace, connectorId)
      const connector = w.connectors.find((c) => c.id === connectorId && c.chain === namespace)
      const recent: RecentWallet = { id: connectorId, name: connector?.name ?? connectorId, namespace }
      if (connector?.imageUrl) recent.imageUrl = connector.imageUrl
      if (connector?.info?.rdns) recent.rdns = connector.info.rdns
      w.memory.recent = addRecentWallet(w.memory.recent, recent)
    }
    const attempt = w.attempt
    if (attempt && attempt.connectorId === connectorId && (event.requestId === undefined || attempt.requestId === event.requestId)) {
      w.attempt = null
      if (draft.modal.open && accounts.length > 0) afterConnect(draft, attempt.returnView)
    }
    showUnsupportedChain(draft)
  } else if (connectionFailed.match(event)) {
    if (isIgnoredConnectionEvent(draft as ModalState, event)) return
    const attempt = w.attempt
    if (attempt && attempt.connectorId === event.payload.connectorId && (event.requestId === undefined || attempt.requestId === event.requestId)) {
      attempt.status = 'failed'
      attempt.error = event.payload.error
    }
  } else if (connectionDisconnected.match(event)) {
    const ns = event.payload.namespace
    if (w.reconnect[ns] === undefined) {
      const live = new Set(draft.connection.byNamespace[ns]?.connections.map((c) => c.connectorId) ?? [])
      w.memory.connected[ns] = (w.memory.connected[ns] ?? []).filter((id) => live.has(id))
    }
  } else if (reconnectStarted.match(event)) {
    const { namespace } = event.payload
    w.reconnect[namespace] = event.requestId ?? 'reconnect'
    const ns = namespaceDraft(draft, namespace)
    if (ns.status !== 'connected') ns.status = 'reconnecting'
  } else if (reconnectFinished.match(event)) {
    const { namespace } = event.payload
    if (w.reconnect[namespace] !== (event.requestId ?? 'reconnect')) return
    delete w.reconnect[namespace]
    const ns = namespaceDraft(draft, namespace)
    const live = ns.connections.filter((c) => c.accounts.length > 0)
    // Nothing reconnected: disconnected, with no connections and nothing left to reconnect (spec §4).
    w.memory.connected[namespace] = (w.memory.connected[namespace] ?? []).filter((id) => live.some((c) => c.connectorId === id))
    if (live.length === 0) {
      ns.connections = []
      ns.activeConnectorId = null
      ns.status = 'disconnected'
    } else if (ns.status === 'reconnecting') {
      ns.status = 'connected'
    }
  } else if (accountsChanged.match(event)) {
    const { namespace, connectorId, accounts } = event.payload
    const connection = draft.connection.byNamespace[namespace]?.connections.find((c) => c.connectorId === connectorId)
    if (connection && accounts.length > 0) connection.accounts = accounts
  } else if (disconnectRequested.match(event)) {
    w.disconnectError = null
  } else if (disconnectFailed.match(event)) {
    w.disconnectError = event.payload.error
  } else if (accountDisconnected.match(event)) {
    w.attempt = null
    // The account views have nothing left to show.
    if (draft.modal.open && draft.router.view !== 'Connect') resetRouter(draft, 'Connect')
  } else if (connectionSwitchRequested.match(event)) {
    const { connectorId, status } = event.payload
    // A disconnected one goes through a connect instead; invalid statuses fail in this state.
    if (status !== 'disconnected') {
      w.switching = { requestId: event.requestId ?? null, connectorId, status: 'switching', error: null }
    }
  } else if (connectionSwitched.match(event)) {
    if (!isCurrentSwitch(draft, event.requestId)) return
    const { namespace, connectorId, accounts, caipNetworkId } = event.payload
    w.switching = null
    const ns = namespaceDraft(draft, namespace)
    const connection = ns.connections.find((c) => c.connectorId === connectorId)
    if (!connection || accounts.length === 0) return
    connection.accounts = accounts
    connection.caipNetworkId = caipNetworkId
    ns.activeConnectorId = connectorId
    draft.connection.activeNamespace = namespace
    remember(draft, namespace, connectorId)
    showUnsupportedChain(draft)
  } else if (connectionSwitchFailed.match(event)) {
    if (!isCurrentSwitch(draft, event.requestId)) return
    w.switching = { requestId: event.requestId ?? null, connectorId: event.payload.connectorId, status: 'failed', error: event.payload.error }
  }
}

function isCurrentSwitch(draft: Draft<ModalState>, requestId: string | undefined): boolean {
  const s = draft.wallets.switching
  return requestId === undefined || (s !== null && s.requestId === requestId)
}

/** Puts the connector first in the namespace's reconnect list (alone without multiWallet). */
function remember(draft: Draft<ModalState>, namespace: Namespace, connectorId: string): void {
  const others = draft.features.multiWallet ? (draft.wallets.memory.connected[namespace] ?? []).filter((id) => id !== connectorId) : []
  draft.wallets.memory.connected[namespace] = [connectorId, ...others]
}

function showConnecting(draft: Draft<ModalState>, connectorId: string): void {
  if (!draft.modal.open) return
  const r = draft.router
  const data = { connectorId }
  if (r.view === 'ConnectingExternal') r.data = data
  else {
    r.history.push('ConnectingExternal')
    r.view = 'ConnectingExternal'
    r.data = data
  }
}

/** A connect from ProfileWallets returns there; any other closes the modal. */
function afterConnect(draft: Draft<ModalState>, returnView: string | null): void {
  const r = draft.router
  const index = returnView === null ? -1 : r.history.indexOf('ProfileWallets')
  if (index >= 0) {
    r.history = r.history.slice(0, index + 1)
    r.view = 'ProfileWallets'
    r.data = undefined
    return
  }
  draft.modal.open = false
  draft.modal.loading = false
  resetRouter(draft, closedView(draft as ModalState))
}

function readMemory(value: unknown): WalletMemory | null {
  if (!value || typeof value !== 'object') return null
  const v = value as Partial<WalletMemory>
  const recent = Array.isArray(v.recent)
    ? v.recent.filter((r): r is RecentWallet => !!r && typeof r.id === 'string' && typeof r.name === 'string' && (NAMESPACES as readonly string[]).includes(r.namespace))
    : []
  const connected: WalletMemory['connected'] = {}
  if (v.connected && typeof v.connected === 'object') {
    for (const ns of NAMESPACES) {
      const ids = v.connected[ns]
      if (Array.isArray(ids)) connected[ns] = ids.filter((id): id is string => typeof id === 'string')
    }
  }
  return { recent: recent.slice(0, RECENT_WALLETS_MAX).map((r) => ({ ...r })), connected }
}
