import type { ChainAdapter } from '../../core/ports.js'
import { createConnectorRegistry, type ConnectorSource } from '../../core/connectorRegistry.js'
import type { WalletConnectAdapter, WalletConnectOptions } from './createWalletConnectAdapter.js'
import { createLazyWalletConnectSources } from './lazyWalletConnectAdapter.js'

/**
 * The WalletConnect adapter, loaded on first use (see `createLazyWalletConnectSources`), as a
 * chain adapter: the WalletConnect connector beside `inner`'s, each call going to the
 * connector's owner through a connector registry.
 *
 * @example
 * const adapter = createLazyWalletConnectAdapter({ projectId, networks, relayUrl }, createEvmAdapter())
 */
export function createLazyWalletConnectAdapter(options: WalletConnectOptions, inner?: ChainAdapter): WalletConnectAdapter {
  const sources = createLazyWalletConnectSources(options, () => import('./createWalletConnectAdapter.js'))
  const view = (source: ConnectorSource, chain: ChainAdapter | undefined): ChainAdapter => {
    const registry = createConnectorRegistry()
    if (chain) registry.register({ namespace: source.namespace, adapter: chain })
    registry.register(source)
    return registry.chainAdapter(source.namespace)!
  }
  let solanaSide: ChainAdapter | undefined
  let bitcoinSide: ChainAdapter | undefined
  return {
    ...view(sources.eip155, inner),
    walletConnect: sources.walletConnect,
    solanaAdapter: (solanaInner) => (solanaSide ??= view(sources.solana(solanaInner), solanaInner)),
    bitcoinAdapter: (bitcoinInner) => (bitcoinSide ??= view(sources.bitcoin(bitcoinInner), bitcoinInner)),
  }
}
