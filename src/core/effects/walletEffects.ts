import type { NamedEffect } from '../store'
import { connectionAnalytics } from './connectionAnalytics'
import { connectWallet } from './connectWallet'
import { disconnectWallet } from './disconnectWallet'
import { discoverConnectors } from './discoverConnectors'
import { emitAccountDisconnected } from './emitAccountDisconnected'
import { failConnectOnClose } from './failConnectOnClose'
import { fetchBalance } from './fetchBalance'
import { reconnectOnLoad } from './reconnectOnLoad'
import { sendFromWallet } from './sendFromWallet'
import { signWithWallet } from './signWithWallet'
import { switchConnection } from './switchConnection'
import { switchNetwork } from './switchNetwork'
import { watchWalletEvents } from './watchWalletEvents'
import type { WalletDeps } from './walletDeps'

/** The effects of wallet connections, networks, balances, signing and sending. */
export const walletEffects: NamedEffect<WalletDeps>[] = [
  { name: 'discoverConnectors', effect: discoverConnectors },
  { name: 'reconnectOnLoad', effect: reconnectOnLoad },
  { name: 'connectWallet', effect: connectWallet },
  { name: 'failConnectOnClose', effect: failConnectOnClose },
  { name: 'disconnectWallet', effect: disconnectWallet },
  { name: 'watchWalletEvents', effect: watchWalletEvents },
  { name: 'emitAccountDisconnected', effect: emitAccountDisconnected },
  { name: 'switchConnection', effect: switchConnection },
  { name: 'switchNetwork', effect: switchNetwork },
  { name: 'fetchBalance', effect: fetchBalance },
  { name: 'signWithWallet', effect: signWithWallet },
  { name: 'sendFromWallet', effect: sendFromWallet },
  { name: 'connectionAnalytics', effect: connectionAnalytics },
]
