import type { ComponentType } from 'react'
import type { Modal } from '../../createModal'
import type { ViewName } from '../../core/events/views'
import { AccountView } from './AccountView'
import { AllWalletsView } from './AllWalletsView'
import { ConnectView } from './ConnectView'
import { ConnectingExternalView } from './ConnectingExternalView'
import { ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasicView'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView'
import { NetworksView } from './NetworksView'
import { ProfileWalletsView } from './ProfileWalletsView'
import { SwitchNetworkView } from './SwitchNetworkView'
import { UnsupportedChainView } from './UnsupportedChainView'
import { UnavailableView } from './UnavailableView'

export type ViewProps = { view: ViewName; modal: Modal }

/** The component the router renders for each view; features register theirs here. */
export const VIEW_COMPONENTS: Partial<Record<ViewName, ComponentType<ViewProps>>> = {
  Connect: ConnectView,
  Account: AccountView,
  AllWallets: AllWalletsView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  ConnectingWalletConnectBasic: ConnectingWalletConnectBasicView,
  Networks: NetworksView,
  SwitchNetwork: SwitchNetworkView,
  UnsupportedChain: UnsupportedChainView,
  ProfileWallets: ProfileWalletsView,
}

export function viewComponent(view: ViewName): ComponentType<ViewProps> {
  return VIEW_COMPONENTS[view] ?? UnavailableView
}
