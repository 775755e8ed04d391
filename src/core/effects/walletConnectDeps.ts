import type { WalletConnectPort } from '../ports'
import type { WalletDeps } from './walletDeps'

/** What the WalletConnect effects use: the wallet deps and, when configured, the port. */
export type WalletConnectDeps = WalletDeps & { walletConnect?: WalletConnectPort | undefined }
