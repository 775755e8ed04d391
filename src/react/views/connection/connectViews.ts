// The views of connecting a wallet beyond Connect itself: one chunk, loaded when idle or on first use.
import { AllWalletsView } from './AllWalletsView.js'
import { ConnectingExternalView } from './ConnectingExternalView.js'
import { ConnectWalletsView } from './ConnectWalletsView.js'
import { GetWalletView } from './GetWalletView.js'
import { NetworksView } from './NetworksView.js'
import { SwitchNetworkView } from './SwitchNetworkView.js'
import { UnsupportedChainView } from './UnsupportedChainView.js'
import { WhatIsAWalletView } from './WhatIsAWalletView.js'
import type { ViewGroup } from '../viewProps.js'

export const connectViews = {
  AllWallets: AllWalletsView,
  ConnectWallets: ConnectWalletsView,
  ConnectingExternal: ConnectingExternalView,
  WhatIsAWallet: WhatIsAWalletView,
  GetWallet: GetWalletView,
  Networks: NetworksView,
  SwitchNetwork: SwitchNetworkView,
  UnsupportedChain: UnsupportedChainView,
} satisfies ViewGroup
