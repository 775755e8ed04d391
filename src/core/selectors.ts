import type { AccountType, ModalState, NamespaceConnection } from './state.js'
import type { Namespace } from './events/views.js'
import type { Network } from './domain/entities.js'
import type { BalanceEntry } from './reducers/connection/walletState.js'
import { accountTypeFor } from './domain/accountType.js'

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

/**
 * SIWXSignMessage may not be closed while sign-in is required and no session exists (spec §2):
 * a session of the connected account (any session when none is connected).
 */
export function selectCanClose(state: ModalState): boolean {
  if (state.router.view !== 'SIWXSignMessage') return true
  if (!state.settings.siwx?.required) return true
  const caipAddress = selectCaipAddress(state)
  return caipAddress ? state.siwx.sessions[caipAddress] !== undefined : Object.keys(state.siwx.sessions).length > 0
}

/** The active connection of a namespace (the active namespace by default), or null. */
export function selectActiveConnection(state: ModalState, namespace = state.connection.activeNamespace) {
  const ns = selectNamespaceConnection(state, namespace)
  return ns ? activeConnection(ns) : null
}

/** The connector of the active connection (its name and icon), or null. */
export function selectActiveConnector(state: ModalState, namespace = state.connection.activeNamespace) {
  const connectorId = selectActiveConnection(state, namespace)?.connectorId
  return state.wallets.connectors.find((c) => c.id === connectorId) ?? null
}

/** The host's networks of a namespace (the active namespace by default), in the host's order. */
export function selectNetworks(state: ModalState, namespace = state.connection.activeNamespace): Network[] {
  return (state.settings.networks ?? []).filter((n) => n.chainNamespace === namespace)
}

/**
 * The active network id: the connected wallet's chain, else the one chosen, else the first of
 * the host's list.
 */
/**
 * The address a send goes to: the receiver typed, or the address its name resolved to. A name
 * not resolved (yet) is returned as typed, which the address check refuses.
 */
export function selectSendReceiverAddress(state: ModalState): string | null {
  const { receiver, receiverName } = state.account.send
  const typed = receiver?.trim() ?? null
  return receiverName?.status === 'resolved' && receiverName.name === typed ? receiverName.address : receiver
}

export function selectActiveCaipNetworkId(state: ModalState, namespace = state.connection.activeNamespace): string | null {
  if (!namespace) return null
  if (selectIsConnected(state, namespace)) {
    const id = selectActiveConnection(state, namespace)?.caipNetworkId
    if (id) return id
  }
  return state.network.selected[namespace] ?? selectNetworks(state, namespace)[0]?.caipNetworkId ?? null
}

/**
 * The network a connect in `namespace` asks for: the one selected there, else the host's first
 * of that namespace; undefined when the host lists none.
 */
export function selectConnectNetwork(state: ModalState, namespace: Namespace): Network | undefined {
  const networks = selectNetworks(state, namespace)
  const selected = state.network.selected[namespace]
  return networks.find((n) => n.caipNetworkId === selected) ?? networks[0]
}

/** The host's Network data of the active network, or null when the host does not list it. */
export function selectActiveNetwork(state: ModalState): Network | null {
  const id = selectActiveCaipNetworkId(state)
  return (state.settings.networks ?? []).find((n) => n.caipNetworkId === id) ?? null
}

/** Connected on a network the host does not list (only when the host lists networks of that namespace). */
export function selectIsUnsupportedChain(state: ModalState): boolean {
  const namespace = state.connection.activeNamespace
  if (!namespace || !selectIsConnected(state, namespace)) return false
  const networks = selectNetworks(state, namespace)
  const id = selectActiveConnection(state, namespace)?.caipNetworkId
  return networks.length > 0 && !networks.some((n) => n.caipNetworkId === id)
}

/** The active account as a CAIP-10 id (`eip155:1:0xab…`), if connected. */
export function selectCaipAddress(state: ModalState): string | null {
  const address = selectAddress(state)
  const network = selectActiveCaipNetworkId(state)
  return address && network ? `${network}:${address}` : null
}

/** The active account's cached native balance, if fetched. */
export function selectBalance(state: ModalState): BalanceEntry | null {
  const caipAddress = selectCaipAddress(state)
  return caipAddress ? (state.account.balances[caipAddress] ?? null) : null
}

/**
 * The connector a ConnectingExternal view waits on: the one its router data names, else the
 * connect attempt's; null without either.
 */
export function selectConnectingConnectorId(state: ModalState): string | null {
  const named = (state.router.data as { connectorId?: unknown } | undefined)?.connectorId
  return typeof named === 'string' ? named : (state.wallets.attempt?.connectorId ?? null)
}

/** The slices of the features that join when first needed (LAZY_FEATURES). */
export type LazySliceKey = 'nameRegistration' | 'swap' | 'onramp' | 'calls' | 'permissions' | 'pay'

/**
 * A lazy feature's slice, read by that feature's own effects and views: they run only once it
 * has joined the state, so its absence is a bug, said as such.
 *
 * @example
 * const step = sliceOf(state$.value, 'swap').step
 */
export function sliceOf<K extends LazySliceKey>(state: ModalState, key: K): NonNullable<ModalState[K]> {
  const slice = state[key]
  if (slice === undefined) throw new Error(`the ${key} slice is read before its feature joined the state`)
  return slice as NonNullable<ModalState[K]>
}

/**
 * Whether the embedded wallet is moving between its EOA and its smart account (asked, not yet
 * answered): the address about to change, nothing is signed for it meanwhile.
 */
export const selectAccountTypeSwitching = (state: ModalState): boolean =>
  state.embeddedUser.accountTypeSwitch !== null && state.embeddedUser.accountTypeSwitch.error === null

/**
 * The account type the active EVM connection should be on (`accountTypeFor`): the visitor's
 * choice, else the smart account on the networks where the embedded wallet runs them.
 */
export function selectEvmAccountType(state: ModalState): AccountType {
  const caip = selectActiveConnection(state, 'eip155')?.caipNetworkId
  const chainId = caip?.startsWith('eip155:') ? Number(caip.slice('eip155:'.length)) : NaN
  return accountTypeFor({
    preferred: state.preferences.preferredAccountType.eip155,
    chainId: Number.isSafeInteger(chainId) ? chainId : null,
    enabledNetworks: state.network.smartAccountEnabledNetworks,
    smartAccountsEnabled: state.settings.smartAccounts?.enabled === true,
  })
}
