import type { connectionSucceeded } from '../../events/connection/connection.js'
import type { Namespace } from '../../events/views.js'
import type { WalletSession } from '../../ports.js'

type SucceededPayload = Parameters<typeof connectionSucceeded>[0]

/**
 * The `connection/succeeded` payload of a session a wallet gave: its accounts as data, its
 * network, and what it agreed to network-wise when it says (a WalletConnect session).
 *
 * @example
 * connectionSucceeded(sessionPayload('mm', 'eip155', session), meta)
 */
export function sessionPayload(connectorId: string, namespace: Namespace, session: WalletSession): SucceededPayload {
  const payload: SucceededPayload = {
    connectorId,
    namespace,
    accounts: session.accounts.map(({ address, type }) => ({ address, type })),
    caipNetworkId: session.caipNetworkId,
  }
  if (session.auth) payload.auth = session.auth
  if (session.networks) payload.networks = { ...session.networks }
  return payload
}
