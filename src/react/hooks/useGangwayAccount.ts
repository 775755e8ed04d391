import { selectAddress, selectCaipAddress, selectIsConnected, selectActiveConnection, selectNamespaceConnection } from '../../core/selectors.js'
import type { Namespace } from '../../core/events/views.js'
import type { ConnectionStatus, ModalState } from '../../core/state.js'
import { useModalState } from '../useModalState.js'
import { shallowEqual } from './shallowEqual.js'

/** The connected account as `useGangwayAccount` gives it. */
export type GangwayAccount = {
  /** The active account's address, or null when not connected. */
  address: string | null
  /** The same account as a CAIP-10 id (`eip155:1:0xab…`), or null. */
  caipAddress: string | null
  /** The active namespace's connection status. */
  status: ConnectionStatus
  isConnected: boolean
  /** The namespace the account belongs to (the active one). */
  namespace: Namespace | null
  /** The connector the account came through: its id, name and icon URL when known. */
  connectorId: string | null
  connectorName: string | null
  connectorIcon: string | null
  /** The account's profile name (its identity's, else the name registered for it), once looked up; null otherwise. */
  profileName: string | null
  /** The account's avatar URL (the identity's, else its registered name's `avatar` record), once looked up; null otherwise. */
  profileImage: string | null
}

/**
 * The account part of the state. Module-level, so `useModalState` keeps one memo, and compared
 * field by field, so an unrelated change (the modal opening, a banner) re-renders nothing.
 */
export function selectGangwayAccount(state: ModalState): GangwayAccount {
  const ns = selectNamespaceConnection(state)
  const isConnected = selectIsConnected(state)
  const connectorId = (isConnected && selectActiveConnection(state)?.connectorId) || null
  // A connector found in this browser names itself; a wallet connected before (WalletConnect) is remembered.
  const connector = connectorId ? state.wallets.connectors.find((c) => c.id === connectorId) : undefined
  const recent = connectorId ? state.wallets.memory.recent.find((w) => w.id === connectorId) : undefined
  const address = selectAddress(state)
  const profile = address ? state.accountSheet?.identities[address.toLowerCase()] : undefined
  return {
    address,
    caipAddress: selectCaipAddress(state),
    status: ns?.status ?? 'disconnected',
    isConnected,
    namespace: state.connection.activeNamespace,
    connectorId,
    connectorName: connector?.name ?? recent?.name ?? null,
    connectorIcon: connector?.imageUrl ?? connector?.info?.icon ?? recent?.imageUrl ?? null,
    profileName: profile?.name ?? null,
    profileImage: profile?.avatar ?? null,
  }
}

/**
 * The connected account: address, CAIP address, status ('connected', 'connecting',
 * 'reconnecting' or 'disconnected'), connector name and icon, profile name and avatar. Re-renders only when one of
 * these changes.
 *
 * @example
 * const { address, isConnected, connectorName } = useGangwayAccount()
 * return isConnected ? <span>{connectorName}: {address}</span> : null
 */
export function useGangwayAccount(): GangwayAccount {
  return useModalState(selectGangwayAccount, shallowEqual)
}
