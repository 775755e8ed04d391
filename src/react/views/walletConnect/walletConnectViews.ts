// WalletConnect's views: one chunk, which the `walletConnect` option (or a WalletConnect adapter) brings.
import { ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasicView.js'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.js'
import type { ViewGroup } from '../viewProps.js'

export const walletConnectViews = {
  ConnectingWalletConnect: ConnectingWalletConnectView,
  ConnectingWalletConnectBasic: ConnectingWalletConnectBasicView,
} satisfies ViewGroup
