// The account sheet's views beyond Account itself, and its tabs: one chunk.
import { AccountTabs } from './AccountTabs.js'
import { ProfileWalletsView } from './ProfileWalletsView.js'
import { ReceiveView } from './ReceiveView.js'
import { SendView } from './SendView.js'
import { SwitchActiveChainView } from './SwitchActiveChainView.js'
import type { ViewGroup } from '../viewProps.js'

export { AccountTabs }

export const accountViews = {
  ProfileWallets: ProfileWalletsView,
  SwitchActiveChain: SwitchActiveChainView,
  Receive: ReceiveView,
  WalletSend: SendView,
} satisfies ViewGroup
