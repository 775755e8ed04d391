import type { NamedEffect } from '../../features/defineFeature.js'
import { connectionAnalytics } from './connectionAnalytics.js'
import { connectWallet } from './connectWallet.js'
import { disconnectAbandonedConnect } from './disconnectAbandonedConnect.js'
import { disconnectWallet } from './disconnectWallet.js'
import { discoverConnectors } from './discoverConnectors.js'
import { emitAccountDisconnected } from './emitAccountDisconnected.js'
import { estimateSendFee } from './estimateSendFee.js'
import { failConnectOnClose } from './failConnectOnClose.js'
import { fetchBalance } from './fetchBalance.js'
import { followOtherTabs } from './followOtherTabs.js'
import { reconnectOnLoad } from './reconnectOnLoad.js'
import { resolveReceiverName } from './resolveReceiverName.js'
import { sendFromWallet } from './sendFromWallet.js'
import { signWithWallet } from './signWithWallet.js'
import { switchConnection } from './switchConnection.js'
import { switchNetwork } from './switchNetwork.js'
import { watchWalletEvents } from './watchWalletEvents.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** The effects of wallet connections, networks, balances, signing and sending. */
export const walletEffects: NamedEffect<WalletDeps>[] = [
  { name: 'discoverConnectors', effect: discoverConnectors },
  { name: 'reconnectOnLoad', effect: reconnectOnLoad },
  { name: 'followOtherTabs', effect: followOtherTabs },
  { name: 'connectWallet', effect: connectWallet },
  { name: 'failConnectOnClose', effect: failConnectOnClose },
  { name: 'disconnectAbandonedConnect', effect: disconnectAbandonedConnect },
  { name: 'disconnectWallet', effect: disconnectWallet },
  { name: 'watchWalletEvents', effect: watchWalletEvents },
  { name: 'emitAccountDisconnected', effect: emitAccountDisconnected },
  { name: 'switchConnection', effect: switchConnection },
  { name: 'switchNetwork', effect: switchNetwork },
  { name: 'fetchBalance', effect: fetchBalance },
  { name: 'signWithWallet', effect: signWithWallet },
  { name: 'sendFromWallet', effect: sendFromWallet },
  { name: 'estimateSendFee', effect: estimateSendFee },
  { name: 'resolveReceiverName', effect: resolveReceiverName },
  { name: 'connectionAnalytics', effect: connectionAnalytics },
]
