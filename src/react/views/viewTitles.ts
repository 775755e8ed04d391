import type { ViewName } from '../../core/events/views.js'

/** The header title of every view. */
export const VIEW_TITLES: Record<ViewName, string> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingExternal: 'Connecting',
  ConnectingFarcaster: 'Farcaster',
  EmailLogin: 'Email',
  ProfileWallets: 'Wallets',
  UpdateEmailWallet: 'Edit Email',
  ApproveTransaction: 'Approve Transaction',
  Swap: 'Swap',
  SIWXSignMessage: 'Sign In',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  SwitchNetwork: 'Switch Network',
  SwitchActiveChain: 'Switch Chain',
  UnsupportedChain: 'Switch Network',
  Networks: 'Choose Network',
  Receive: 'Receive',
  WalletSend: 'Send',
  SiwxSessions: 'Sessions',
  OnRamp: 'Buy',
}
