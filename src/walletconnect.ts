// The `gangway/walletconnect` entry: the WalletConnect adapter built by hand (the `walletConnect`
// option of createModal builds the same) and wallet deep links. `@walletconnect/universal-provider`
// is an optional peer dependency, loaded on first use.
export { createWalletConnectAdapter } from './adapters/walletconnect/createWalletConnectAdapter.js'
export { createLazyWalletConnectAdapter } from './adapters/walletconnect/lazyWalletConnectAdapter.js'
export type { WalletConnectAdapter, WalletConnectOptions } from './adapters/walletconnect/createWalletConnectAdapter.js'
export { walletLink, walletLinks } from './adapters/walletconnect/walletLink.js'
export type { WalletLinks } from './adapters/walletconnect/walletLink.js'
