import type { Connector, Network } from '../../core/domain/entities.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/events/walletConnect/walletConnect.js'
import { WALLET_CONNECT_ICON } from './walletConnectIcon.js'

/**
 * The WalletConnect connector as the modal lists it in `namespace` (eip155 unless said), for
 * that namespace's networks of those given.
 */
export function walletConnectConnector(networks: readonly Network[], namespace: 'eip155' | 'solana' | 'bip122' = 'eip155'): Connector {
  return {
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    chain: namespace,
    chains: networks.filter((n) => n.chainNamespace === namespace).map((n) => n.caipNetworkId) as Connector['chains'],
    type: 'WALLET_CONNECT',
    imageUrl: WALLET_CONNECT_ICON,
  }
}
