import { isUnsupportedMethod } from '../../domain/calls.js'
import type { GangwayError } from '../../errors/base.js'
import { WalletPermissionsUnsupportedError } from '../../errors/permissions.js'
import { evmWalletRequest } from '../shared/evmWallet.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** Whether a wallet's refusal says it does not know the method (EIP-1193 4200, JSON-RPC -32601 / -32004). */
export function isUnknownMethod(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' && isUnsupportedMethod(code)
}

/** A request by ERC-7715's current name, and by the name an older wallet knows it. */
export type PermissionsMethod = { readonly method: string; readonly params: readonly unknown[] | Record<string, unknown> | undefined }

/**
 * Asks the wallet with ERC-7715's method, then, when it does not know that one, with the older
 * name (`wallet_grantPermissions`, `wallet_revokePermissions`); a wallet that knows neither is
 * refused with `WalletPermissionsUnsupportedError` saying `what`.
 *
 * @example
 * await askPermissions(deps, connectorId, [{ method: 'wallet_requestExecutionPermissions', params: requests }, { method: 'wallet_grantPermissions', params: requests }], 'This wallet cannot grant permissions')
 */
export async function askPermissions(deps: WalletDeps, connectorId: string, methods: readonly [PermissionsMethod, PermissionsMethod], what: string): Promise<unknown> {
  let last: unknown
  for (const { method, params } of methods) {
    try {
      return await evmWalletRequest(deps, connectorId, method, params)
    } catch (error) {
      if (!isUnknownMethod(error)) throw error
      last = error
    }
  }
  // The wallet's own words say why (the embedded wallet's EOA: 'switch to the smart account first').
  const words = (last as Partial<GangwayError> | undefined)?.details
  const asked = `the wallet refused ${methods.map((m) => m.method).join(' and ')} as unsupported`
  throw new WalletPermissionsUnsupportedError(what, { details: words ? `${asked}: ${words}` : asked, cause: last })
}
