import { balanceFailed, balanceFetched, balanceRefreshRequested } from './balance.js'
import {
  accountDisconnected,
  accountsChanged,
  walletEventIgnored,
  connectionSwitched,
  connectionSwitchFailed,
  connectionSwitchRequested,
  disconnectFailed,
  disconnectRequested,
  reconnectFinished,
  reconnectStarted,
} from './connectionLifecycle.js'
import { connectorsChanged } from './connectors.js'
import { networkChanged, networkSwitched, networkSwitchFailed, networkSwitchRequested } from './network.js'
import {
  sendAmountSet,
  sendConfirmed,
  sendFailed,
  sendReceiverSet,
  sendRequested,
  sendReset,
  sendSubmitted,
  sendTokenSet,
} from './send.js'
import { signatureFailed, signatureRequested, signatureSucceeded } from './signature.js'

/** The events of wallet connections, networks, balances, signing and sending. */
export const WALLET_EVENTS = [
  connectorsChanged,
  reconnectStarted,
  reconnectFinished,
  disconnectRequested,
  disconnectFailed,
  accountsChanged,
  walletEventIgnored,
  accountDisconnected,
  connectionSwitchRequested,
  connectionSwitched,
  connectionSwitchFailed,
  networkSwitchRequested,
  networkSwitched,
  networkSwitchFailed,
  networkChanged,
  balanceRefreshRequested,
  balanceFetched,
  balanceFailed,
  sendTokenSet,
  sendAmountSet,
  sendReceiverSet,
  sendRequested,
  sendSubmitted,
  sendConfirmed,
  sendFailed,
  sendReset,
  signatureRequested,
  signatureSucceeded,
  signatureFailed,
] as const
