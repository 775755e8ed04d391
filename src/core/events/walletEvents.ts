import { balanceFailed, balanceFetched, balanceRefreshRequested } from './balance'
import {
  accountDisconnected,
  accountsChanged,
  connectionSwitched,
  connectionSwitchFailed,
  connectionSwitchRequested,
  disconnectFailed,
  disconnectRequested,
  reconnectFinished,
  reconnectStarted,
} from './connectionLifecycle'
import { connectorsChanged } from './connectors'
import { networkChanged, networkSwitched, networkSwitchFailed, networkSwitchRequested } from './network'
import {
  sendAmountSet,
  sendConfirmed,
  sendFailed,
  sendReceiverSet,
  sendRequested,
  sendReset,
  sendSubmitted,
  sendTokenSet,
} from './send'
import { signatureFailed, signatureRequested, signatureSucceeded } from './signature'

/** The events of wallet connections, networks, balances, signing and sending. */
export const WALLET_EVENTS = [
  connectorsChanged,
  reconnectStarted,
  reconnectFinished,
  disconnectRequested,
  disconnectFailed,
  accountsChanged,
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
