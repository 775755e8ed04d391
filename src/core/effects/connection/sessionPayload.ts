import type { connectionSucceeded } from '../../events/connection/connection.js'
import type { Namespace } from '../../events/views.js'
import type { WalletAccount, WalletSession } from '../../ports.js'
import type { Account } from '../../state.js'

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
    accounts: session.accounts.map(accountData),
    caipNetworkId: session.caipNetworkId,
  }
  if (session.auth) payload.auth = session.auth
  if (session.networks) payload.networks = { ...session.networks }
  return payload
}

/**
 * An account as data: address and type, and a Bitcoin account's public key and path when the
 * wallet gave them (nothing else a wallet's object carries).
 *
 * @example
 * accountData({ address: 'bc1q…', type: 'payment', publicKey: '02…' }) // the same fields, copied
 */
export function accountData(account: WalletAccount): Account {
  const { address, type, publicKey, path } = account
  return { address, type, ...(typeof publicKey === 'string' ? { publicKey } : {}), ...(typeof path === 'string' ? { path } : {}) }
}
