import type { Namespace } from '../core/events/views.js'
import type { ChainDeps, Eip1193Provider } from '../core/ports.js'
import type { Store } from '../core/store.js'
import { activeProvider } from '../walletProvider.js'

/**
 * `modal.getProvider`: the EIP-1193 provider of the active connection in a namespace (default
 * eip155), or undefined; asking never loads an adapter, nor prompts.
 *
 * @example
 * const provider = await modal.getProvider()
 */
export function getProvider(store: Pick<Store, 'getState'>, adapters: ChainDeps['adapters']): (namespace?: Namespace) => Promise<Eip1193Provider | undefined> {
  return (namespace) => activeProvider(store.getState(), adapters, namespace)
}
