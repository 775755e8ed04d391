import type { ModalState, NamespaceConnection } from './state'
import type { Namespace } from './events/views'

/** The connection record of a namespace, or null when nothing was ever connected there. */
export function selectNamespaceConnection(state: ModalState, namespace = state.connection.activeNamespace) {
  return namespace ? (state.connection.byNamespace[namespace] ?? null) : null
}

/** Connected means: status connected and at least one account on the active connection. */
export function selectIsConnected(state: ModalState, namespace?: Namespace | null): boolean {
  const ns = selectNamespaceConnection(state, namespace ?? state.connection.activeNamespace)
  return !!ns && ns.status === 'connected' && !!activeConnection(ns)?.accounts.length
}

export function activeConnection(ns: NamespaceConnection) {
  return ns.connections.find((c) => c.connectorId === ns.activeConnectorId) ?? ns.connections[0] ?? null
}

/** The active account's address, if connected. */
export function selectAddress(state: ModalState): string | null {
  if (!selectIsConnected(state)) return null
  const ns = selectNamespaceConnection(state)
  return (ns && activeConnection(ns)?.accounts[0]?.address) ?? null
}

/** SIWXSignMessage may not be closed while sign-in is required and no session exists (spec §2). */
export function selectCanClose(state: ModalState): boolean {
  if (state.router.view !== 'SIWXSignMessage') return true
  if (!state.settings.siwx?.required) return true
  return Object.keys(state.siwx.sessions).length > 0
}
