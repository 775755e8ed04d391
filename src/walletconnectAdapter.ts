// The `gangway-kit/walletconnect/adapter` entry: the WalletConnect adapter built by hand over a chain
// adapter (the `walletConnect` option of createModal builds the same), eagerly or loaded on first
// use, and wallet deep links.
export { createWalletConnectAdapter } from './adapters/walletconnect/createWalletConnectAdapter.js'
export { createLazyWalletConnectAdapter } from './adapters/walletconnect/createLazyWalletConnectAdapter.js'
export type { WalletConnectAdapter, WalletConnectOptions } from './adapters/walletconnect/createWalletConnectAdapter.js'
export { walletLink, walletLinks } from './adapters/walletconnect/walletLink.js'
export type { WalletLinks } from './adapters/walletconnect/walletLink.js'
