// The `gangway-kit/walletconnect` entry: `walletConnect()`, the `walletConnect` option of createModal.
// `@walletconnect/universal-provider` and `@walletconnect/utils` are optional peer dependencies
// that only this entry reaches (through a dynamic import), loaded on first use. The adapter built by hand and wallet deep links are `gangway-kit/walletconnect/adapter`:
// apart, so that this entry adds nothing to the host's first bundle but the option itself.
import type { WalletConnectModalOptions, WalletConnectSetup } from './options/modalOptions.js'
import { WALLET_CONNECT_FEATURE } from './walletConnectFeature.js'

/**
 * The `walletConnect` option of `createModal`: WalletConnect's options (relay URL, the app's
 * metadata, …; the project id and networks default to the modal's) and what loads it (its
 * connector, effects and views, each a chunk of its own). The modal
 * itself does not import WalletConnect, so a host that does not use it builds without its packages.
 *
 * @example
 * import { walletConnect } from 'gangway-kit/walletconnect'
 * createModal({ projectId, networks, walletConnect: walletConnect({ metadata: { name: 'My app', description: 'My app', url: location.origin, icons: [] } }) })
 */
export function walletConnect(options: WalletConnectModalOptions = {}): WalletConnectSetup {
  return { ...options, ...WALLET_CONNECT_FEATURE, load: () => import('./adapters/walletconnect/createWalletConnectAdapter.js') }
}
export type { WalletConnectModalOptions, WalletConnectSetup }
export type { WalletConnectOptions } from './adapters/walletconnect/createWalletConnectAdapter.js'
