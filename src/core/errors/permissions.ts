/**
 * The errors of session permissions (ERC-7715): a wallet that cannot grant them, and a project
 * whose configuration turns them off. They load with `deserializeError`, not with the first
 * bundle.
 *
 * @example
 * try { await modal.requestPermissions({ type: 'native-token-periodic', to, amount: '0.01', period: 86_400 }) }
 * catch (e) { if (e instanceof WalletPermissionsUnsupportedError) offerAnotherWallet() }
 */
import { GangwayError } from './base.js'
import { WalletRpcError } from './wallet.js'

/**
 * 4200 to ERC-7715's methods (`wallet_requestExecutionPermissions`, and `wallet_grantPermissions`
 * asked after it): the connected wallet grants no session permissions.
 */
export class WalletPermissionsUnsupportedError extends WalletRpcError {
  override readonly name = 'WalletPermissionsUnsupportedError'
  override readonly kind = 'WALLET_PERMISSIONS_UNSUPPORTED'
  static override code = 4200
}

/**
 * Session permissions asked for while the project's configuration turns them off (the
 * `smartSessions` feature flag, spec §1, §6: 'Action not allowed').
 */
export class PermissionsNotAllowedError extends GangwayError {
  override readonly name = 'PermissionsNotAllowedError'
  override readonly kind = 'PERMISSIONS_NOT_ALLOWED'
  constructor() {
    super('Action not allowed', { details: "session permissions are off in this project's configuration (the smartSessions feature)" })
  }
}
