import type { ChainDeps } from '../core/ports.js'
import type { Store } from '../core/store.js'
import type { GangwayWalletClient, WalletClientOptions } from '../walletClient.js'

/**
 * `modal.getWalletClient`: a viem WalletClient on the connected wallet, made on each call.
 *
 * @example
 * const client = await modal.getWalletClient()
 */
export function getWalletClient(store: Pick<Store, 'getState'>, adapters: ChainDeps['adapters']): (options?: WalletClientOptions) => Promise<GangwayWalletClient> {
  // Optimization: viem's wallet client loads on first use, never with the start-up bundle.
  return (options) => import('../walletClient.js').then((m) => m.createActiveWalletClient(store.getState(), adapters, options))
}
