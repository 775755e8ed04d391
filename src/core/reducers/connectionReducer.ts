import type { Draft } from 'immer'
import {
  connectionDisconnected,
  connectionFailed,
  connectionRequested,
  connectionSucceeded,
} from '../events/connection.js'
import type { StampedEvent } from '../events/defineEvent.js'
import type { Namespace } from '../events/views.js'
import type { ModalState, NamespaceConnection } from '../state.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'

/** Connection status per namespace (spec §4): disconnected → connecting → connected, and back. */
export function connectionReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  if (isIgnoredConnectionEvent(draft as ModalState, event)) return
  if (connectionRequested.match(event)) {
    const ns = namespaceDraft(draft, event.payload.namespace)
    if (ns.status !== 'connected') ns.status = 'connecting'
  } else if (connectionSucceeded.match(event)) {
    const { connectorId, namespace, accounts, caipNetworkId, auth } = event.payload
    const ns = namespaceDraft(draft, namespace)
    const connection = { connectorId, accounts, caipNetworkId, ...(auth ? { auth } : {}) }
    // Without multiWallet a namespace holds one connection: a new wallet replaces the old one.
    if (accounts.length > 0 && !draft.features.multiWallet) ns.connections = ns.connections.filter((c) => c.connectorId === connectorId)
    const i = ns.connections.findIndex((c) => c.connectorId === connectorId)
    // A connection without accounts is no connection: it is dropped, not stored.
    if (accounts.length === 0) {
      if (i >= 0) ns.connections.splice(i, 1)
      if (ns.activeConnectorId === connectorId) ns.activeConnectorId = ns.connections[0]?.connectorId ?? null
    } else {
      if (i >= 0) ns.connections[i] = connection
      else ns.connections.push(connection)
      ns.activeConnectorId = connectorId
      draft.connection.activeNamespace = namespace
    }
    ns.status = settledStatus(ns)
  } else if (connectionFailed.match(event)) {
    const ns = namespaceDraft(draft, event.payload.namespace)
    ns.status = settledStatus(ns)
  } else if (connectionDisconnected.match(event)) {
    const { namespace, connectorId } = event.payload
    const ns = namespaceDraft(draft, namespace)
    const target = connectorId ?? ns.activeConnectorId
    ns.connections = ns.connections.filter((c) => c.connectorId !== target)
    if (ns.activeConnectorId === target) ns.activeConnectorId = ns.connections[0]?.connectorId ?? null
    ns.status = settledStatus(ns)
  }
}

/** After an outcome: connected while any connection has an account. */
function settledStatus(ns: NamespaceConnection): NamespaceConnection['status'] {
  return ns.connections.some((c) => c.accounts.length > 0) ? 'connected' : 'disconnected'
}

export function namespaceDraft(draft: Draft<ModalState>, namespace: Namespace): Draft<NamespaceConnection> {
  const existing = draft.connection.byNamespace[namespace]
  if (existing) return existing
  const created: NamespaceConnection = { status: 'disconnected', connections: [], activeConnectorId: null }
  draft.connection.byNamespace[namespace] = created
  return draft.connection.byNamespace[namespace] as Draft<NamespaceConnection>
}
