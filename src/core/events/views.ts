import { CHAIN_NAMESPACES } from '../domain/entities.js'
import { literal } from './schema.js'

/** Every view of the modal (spec §2). The router renders one of these by name. */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'ConnectingSocial',
  'EmailLogin',
  'ProfileWallets',
  'UpdateEmailWallet',
  'ApproveTransaction',
  'Swap',
  'SIWXSignMessage',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'Networks',
  'Receive',
  'WalletSend',
  'SiwxSessions',
  'OnRamp',
  'WhatIsAWallet',
  'GetWallet',
  'ReviewPermissions',
  'Permissions',
  'ConnectWallets',
  'Pay',
] as const

export type ViewName = (typeof VIEWS)[number]
export const viewSchema = literal(...VIEWS)

/** The chain namespaces (one list: the domain's). */
export const NAMESPACES = CHAIN_NAMESPACES
export type Namespace = (typeof NAMESPACES)[number]
export const namespaceSchema = literal(...NAMESPACES)
