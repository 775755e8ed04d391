import type { Connector, Network } from '../../core/domain/entities.js'
import { AUTH_CONNECTOR_ID } from '../../core/events/embeddedWallet/embeddedWallet.js'

const EMAIL_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#555" stroke-width="1.8"><rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/></svg>')

/** The embedded wallet's connector as the eip155 adapter lists it. */
export function authConnector(networks: readonly Network[]): Connector {
  return {
    id: AUTH_CONNECTOR_ID,
    name: 'Email & Socials',
    chain: 'eip155',
    chains: networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId) as Connector['chains'],
    type: 'AUTH',
    imageUrl: EMAIL_ICON,
  }
}
