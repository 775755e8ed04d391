import type { Draft } from 'immer'
import {
  connectionDisconnected,
  connectionFailed,
  connectionRequested,
  connectionSucceeded,
} from '../events/connection'
import type { StampedEvent } from '../events/defineEvent'
import type { Namespace } from '../events/views'
import type { ModalState, NamespaceConnection } from '../state'

/** Connection status per namespace (spec §4): disconnected → connecting → connected, and back. */
export function connectionReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  if (connectionRequested.match(event)) {
    const ns = namespaceDraft(draft, event.payload.namespace)
    if (ns.status !== 'connected') ns.status = 'connecting'
  } else if (connectionSucceeded.match(event)) {
    const { connectorId, namespace, accounts, caipNetworkId, auth } = event.payload
    const ns = namespaceDraft(draft, namespace)
    const connection = { connectorId, accounts, caipNetworkId, ...(auth ? { auth } : {}) }
    const i = ns.connections.findIndex((c) => c.connectorId === connectorId)
    if (i >= 0) ns.connections[i] = connection
    else ns.connections.push(connection)
    ns.activeConnectorId = connectorId
    ns.status = accounts.length > 0 ? 'connected' : 'disconnected'
    draft.connection.activeNamespace = namespace
  } else if (connectionFailed.match(event)) {
    const ns = namespaceDraft(draft, event.payload.namespace)
    ns.status = ns.connections.length > 0 && ns.activeConnectorId ? 'connected' : 'disconnected'
  } else if (connectionDisconnected.match(event)) {
    const { namespace, connectorId } = event.payload
    const ns = namespaceDraft(draft, namespace)
    const target = connectorId ?? ns.activeConnectorId
    ns.connections = ns.connections.filter((c) => c.connectorId !== target)
    if (ns.activeConnectorId === target) ns.activeConnectorId = ns.connections[0]?.connectorId ?? null
    ns.status = ns.connections.length > 0 ? 'connected' : 'disconnected'
  }
}

export function namespaceDraft(draft: Draft<ModalState>, namespace: Namespace): Draft<NamespaceConnection> {
  const existing = draft.connection.byNamespace[namespace]
  if (existing) return existing
  const created: NamespaceConnection = { status: 'disconnected', connections: [], activeConnectorId: null }
  draft.connection.byNamespace[namespace] = created
  return draft.connection.byNamespace[namespace] as Draft<NamespaceConnection>
}
