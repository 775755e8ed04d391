import type { Draft } from 'immer'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../../events/connection/connection.js'
import { accountsChanged, connectionSwitched, reconnectFinished, reconnectStarted } from '../../events/connection/connectionLifecycle.js'
import { modalOpenRequested } from '../../events/modal/modal.js'
import { networkChanged, networkSwitched } from '../../events/connection/network.js'
import type { Namespace } from '../../events/views.js'
import type { ModalState, NamespaceConnection } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'
import { restorableLastUsed } from './lastUsedNetwork.js'
import { sessionStarted } from '../../events/modal/session.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { appliesConnectionSwitch, appliesNetworkChange, isCurrentNetworkSwitch } from '../navigation.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { BASE_INITIAL } from '../baseInitialState.js'

export type ConnectionState = ModalState['connection']

/** Connections per namespace (spec §4): disconnected → connecting → connected, and back. */
export const connectionSlice = createSlice(
  'connection',
  BASE_INITIAL.connection,
  (b) =>
    b
      // Optimization: the connect path (request, outcome, disconnect) is the hot one; its cases
      // replace the namespace's record instead of drafting the nested connections.
      .addReplacer(
        connectionRequested,
        (c, event) => {
          const ns = c.byNamespace[event.payload.namespace] ?? EMPTY_NAMESPACE
          return ns.status === 'connected'
            ? c
            : withNamespace(c, event.payload.namespace, { status: 'connecting', connections: ns.connections, activeConnectorId: ns.activeConnectorId })
        },
        (_c, event, _state, prev) => !isIgnoredConnectionEvent(prev, event),
      )
      .addReplacer(
        connectionSucceeded,
        (c, event, state) => {
          const { connectorId, namespace, accounts, caipNetworkId, auth } = event.payload
          const connection = { connectorId, accounts, caipNetworkId, ...(auth ? { auth } : {}) }
          const before = c.byNamespace[namespace]?.connections ?? []
          let active = c.byNamespace[namespace]?.activeConnectorId ?? null
          if (accounts.length === 0) {
            // A connection without accounts is no connection: it is dropped, not stored.
            const connections = before.filter((x) => x.connectorId !== connectorId)
            if (active === connectorId) active = connections[0]?.connectorId ?? null
            return withNamespace(c, namespace, { status: settledStatus({ connections }), connections, activeConnectorId: active })
          }
          // Without multiWallet a namespace holds one connection: a new wallet replaces the old one.
          const kept = state.features.multiWallet ? before : before.filter((x) => x.connectorId === connectorId)
          const i = kept.findIndex((x) => x.connectorId === connectorId)
          const connections = i >= 0 ? kept.map((x, j) => (j === i ? connection : x)) : [...kept, connection]
          const next = withNamespace(c, namespace, { status: settledStatus({ connections }), connections, activeConnectorId: connectorId })
          return event.payload.adopted && !event.payload.activates ? next : { activeNamespace: namespace, byNamespace: next.byNamespace }
        },
        (_c, event, _state, prev) => !isIgnoredConnectionEvent(prev, event),
      )
      .addReplacer(
        connectionFailed,
        (c, event) => {
          const ns = c.byNamespace[event.payload.namespace]
          const status = settledStatus(ns ?? EMPTY_NAMESPACE)
          const from = ns ?? EMPTY_NAMESPACE
          return ns && ns.status === status ? c : withNamespace(c, event.payload.namespace, { status, connections: from.connections, activeConnectorId: from.activeConnectorId })
        },
        (_c, event, _state, prev) => !isIgnoredConnectionEvent(prev, event),
      )
      .addReplacer(connectionDisconnected, (c, event) => {
        const { namespace, connectorId } = event.payload
        const ns = c.byNamespace[namespace] ?? EMPTY_NAMESPACE
        const target = connectorId ?? ns.activeConnectorId
        const connections = ns.connections.filter((x) => x.connectorId !== target)
        const active = ns.activeConnectorId === target ? (connections[0]?.connectorId ?? null) : ns.activeConnectorId
        const next = withNamespace(c, namespace, { status: settledStatus({ connections }), connections, activeConnectorId: active })
        // The active family's last wallet gone, a family that still has one becomes the active one.
        if (connections.length > 0 || c.activeNamespace !== namespace) return next
        const stillConnected = (Object.keys(c.byNamespace) as Namespace[]).find((n) => n !== namespace && (c.byNamespace[n]?.connections.length ?? 0) > 0)
        return stillConnected ? { activeNamespace: stillConnected, byNamespace: next.byNamespace } : next
      })
      .addCase(reconnectStarted, (c, event) => {
        const ns = namespaceDraft(c, event.payload.namespace)
        if (ns.status !== 'connected') ns.status = 'reconnecting'
      })
      .addCase(reconnectFinished, (c, event, _state, prev) => {
        const { namespace } = event.payload
        if (!isCurrentRequest(prev.wallets.reconnect[namespace], event.requestId ?? 'reconnect')) return
        const ns = namespaceDraft(c, namespace)
        // Nothing reconnected: disconnected, with no connections and nothing left to reconnect (spec §4).
        if (!ns.connections.some((x) => x.accounts.length > 0)) {
          ns.connections = []
          ns.activeConnectorId = null
          ns.status = 'disconnected'
        } else if (ns.status === 'reconnecting') {
          ns.status = 'connected'
        }
      })
      // A page load: the namespace of the network last in use is the active one again, while no
      // wallet is connected yet (a reconnect makes its own namespace the active one); through the
      // start from the replayed log, or with what storage/hydrated brings.
      .addReplacer(sessionStarted, (_c, _event, state, prev) => activeOnLastUsed(state.connection, restorableLastUsed(prev.network.lastUsed, state.settings)))
      .addReplacer(storageHydrated, (c, event, state) => activeOnLastUsed(c, restorableLastUsed(event.payload.network?.lastUsed, state.settings)))
      .addCase(accountsChanged, (c, event) => {
        const { namespace, connectorId, accounts } = event.payload
        const connection = c.byNamespace[namespace]?.connections.find((x) => x.connectorId === connectorId)
        if (connection && accounts.length > 0) connection.accounts = accounts
      })
      .addCase(connectionSwitched, (c, event, _state, prev) => {
        if (!appliesConnectionSwitch(prev, event)) return
        const { namespace, connectorId, accounts, caipNetworkId } = event.payload
        const ns = namespaceDraft(c, namespace)
        const connection = ns.connections.find((x) => x.connectorId === connectorId)
        if (!connection) return
        connection.accounts = accounts
        connection.caipNetworkId = caipNetworkId
        ns.activeConnectorId = connectorId
        c.activeNamespace = namespace
      })
      .addCase(
        modalOpenRequested,
        (c, event) => {
          c.activeNamespace = event.payload.namespace ?? c.activeNamespace
        },
        (c, event) => event.payload.namespace !== undefined && event.payload.namespace !== c.activeNamespace,
      )
      .addCase(networkSwitched, (c, event, _state, prev) => {
        if (!isCurrentNetworkSwitch(prev, event.requestId)) return
        const ns = c.byNamespace[event.payload.namespace]
        const connection = ns?.connections.find((x) => x.connectorId === ns.activeConnectorId)
        if (connection) connection.caipNetworkId = event.payload.caipNetworkId
      })
      .addCase(networkChanged, (c, event, _state, prev) => {
        if (!appliesNetworkChange(prev, event)) return
        const { namespace, connectorId, caipNetworkId } = event.payload
        const ns = namespaceDraft(c, namespace)
        const connection = ns.connections.find((x) => x.connectorId === (connectorId ?? ns.activeConnectorId))
        if (connection) connection.caipNetworkId = caipNetworkId
      }),
)

/** After an outcome: connected while any connection has an account. */
function settledStatus(ns: Pick<NamespaceConnection, 'connections'>): NamespaceConnection['status'] {
  return ns.connections.some((c) => c.accounts.length > 0) ? 'connected' : 'disconnected'
}

const EMPTY_NAMESPACE: NamespaceConnection = { status: 'disconnected', connections: [], activeConnectorId: null }

/**
 * The state with this namespace's record replaced. Optimization: the slice's objects are written
 * out in full rather than spread from one another, which gave them a new hidden class every few
 * events and left the code reading them megamorphic (the records keyed by namespace stay spread).
 */
function withNamespace(c: ConnectionState, namespace: Namespace, ns: NamespaceConnection): ConnectionState {
  return { activeNamespace: c.activeNamespace, byNamespace: { ...c.byNamespace, [namespace]: ns } }
}

function namespaceDraft(c: Draft<ConnectionState>, namespace: Namespace): Draft<NamespaceConnection> {
  const existing = c.byNamespace[namespace]
  if (existing) return existing
  c.byNamespace[namespace] = { status: 'disconnected', connections: [], activeConnectorId: null }
  return c.byNamespace[namespace] as Draft<NamespaceConnection>
}

/** `c` with the namespace of the network last in use active, while no wallet is connected. */
function activeOnLastUsed(c: ConnectionState, lastUsed: ReturnType<typeof restorableLastUsed>): ConnectionState {
  if (!lastUsed || lastUsed.namespace === c.activeNamespace) return c
  const connected = Object.values(c.byNamespace).some((ns) => (ns?.connections.length ?? 0) > 0)
  return connected ? c : { activeNamespace: lastUsed.namespace, byNamespace: c.byNamespace }
}
