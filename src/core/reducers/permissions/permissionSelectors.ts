import type { PermissionRequestContext } from '../../domain/permissions/permissionRequests.js'
import { activeEvmWallet } from '../../effects/shared/evmWallet.js'
import type { ModalState } from '../../state.js'

/**
 * What a host's permission requests are read against: the connected EVM account and network,
 * the host's EVM networks and the ERC-20 tokens the modal has data of. Null when no EVM wallet is
 * connected.
 *
 * @example
 * const context = selectPermissionRequestContext(store.getState())
 */
export function selectPermissionRequestContext(state: ModalState): PermissionRequestContext | null {
  const wallet = activeEvmWallet(state)
  if (!wallet) return null
  const networks = (state.settings.networks ?? []).flatMap((n) =>
    n.chainNamespace === 'eip155' && Number.isSafeInteger(Number(n.id)) ? [{ chainId: Number(n.id), symbol: n.nativeCurrency.symbol, decimals: n.nativeCurrency.decimals }] : [],
  )
  const tokens: PermissionRequestContext['tokens'][number][] = []
  for (const account of Object.values(state.tokenBalances.byAccount)) {
    for (const b of account?.balances ?? []) {
      const chainId = Number(b.chainId.split(':')[1])
      const decimals = Number(b.quantity.decimals)
      if (!b.address || !b.chainId.startsWith('eip155:') || !Number.isSafeInteger(chainId) || !Number.isInteger(decimals) || decimals < 0 || decimals > 77) continue
      tokens.push({ chainId, address: b.address.split(':').pop() as string, symbol: b.symbol, decimals })
    }
  }
  return { account: wallet.address, chainId: wallet.chainId, networks, tokens }
}
