// The `gangway-kit/walletconnect/adapter` entry: the WalletConnect adapter built by hand over a chain
// adapter (the `walletConnect` option of createModal builds the same), eagerly or loaded on first
// use, and wallet deep links.
import type { ChainAdapter } from './core/ports.js'
import { createWalletConnectAdapter as eagerAdapter, type WalletConnectAdapter, type WalletConnectOptions } from './adapters/walletconnect/createWalletConnectAdapter.js'
import { createLazyWalletConnectAdapter as lazyAdapter } from './adapters/walletconnect/createLazyWalletConnectAdapter.js'
import { WALLET_CONNECT_FEATURE } from './walletConnectFeature.js'

/**
 * The WalletConnect adapter over `inner` (the host's EVM adapter): the WalletConnect connector
 * beside `inner`'s. Passed in `adapters`, it brings WalletConnect's effects and views with it.
 *
 * @example
 * createModal({ projectId, networks, adapters: [createWalletConnectAdapter({ projectId, networks }, createEvmAdapter())] })
 */
export function createWalletConnectAdapter(options: WalletConnectOptions, inner?: ChainAdapter): WalletConnectAdapter {
  return { ...eagerAdapter(options, inner), walletConnectFeature: WALLET_CONNECT_FEATURE }
}

/**
 * The same, loaded on first use: the WalletConnect SDK and the adapter's code come in a chunk
 * when the visitor picks WalletConnect (or it is prefetched when the page is idle).
 *
 * @example
 * createModal({ projectId, networks, adapters: [createLazyWalletConnectAdapter({ projectId, networks }, createEvmAdapter())] })
 */
export function createLazyWalletConnectAdapter(options: WalletConnectOptions, inner?: ChainAdapter): WalletConnectAdapter {
  return { ...lazyAdapter(options, inner), walletConnectFeature: WALLET_CONNECT_FEATURE }
}
export type { WalletConnectAdapter, WalletConnectOptions } from './adapters/walletconnect/createWalletConnectAdapter.js'
export { walletLink, walletLinks } from './adapters/walletconnect/walletLink.js'
export type { WalletLinks } from './adapters/walletconnect/walletLink.js'
