import type { WalletConnectPort } from '../../ports.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** What the WalletConnect effects use: the wallet deps and, when configured, the port. */
export type WalletConnectDeps = WalletDeps & { walletConnect?: WalletConnectPort | undefined }
