import type { Connector, Network } from '../../core/domain/entities.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/events/walletConnect.js'
import { WALLET_CONNECT_ICON } from './walletConnectIcon.js'

/** The WalletConnect connector as the modal lists it, for the eip155 networks given. */
export function walletConnectConnector(networks: readonly Network[]): Connector {
  return {
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    chain: 'eip155',
    chains: networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId) as Connector['chains'],
    type: 'WALLET_CONNECT',
    imageUrl: WALLET_CONNECT_ICON,
  }
}
