import { selectActiveConnection, selectIsConnected } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { Namespace } from '../../events/views.js'

/**
 * What the payment needs before the wallet can be asked: a wallet connected in its network's
 * namespace (the active one) first ('connect'), then that wallet on its network ('switch');
 * 'ready' once both hold.
 *
 * @example
 * selectPayStep(state, { network: 'eip155:31337' }) // 'switch' while the wallet is on eip155:31338
 */
export function selectPayStep(state: ModalState, payment: { network: string }): 'connect' | 'switch' | 'ready' {
  const namespace = payment.network.split(':')[0] as Namespace
  if (state.connection.activeNamespace !== namespace || !selectIsConnected(state, namespace)) return 'connect'
  return selectActiveConnection(state, namespace)?.caipNetworkId === payment.network ? 'ready' : 'switch'
}
