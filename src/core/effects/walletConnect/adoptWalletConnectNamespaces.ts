import { adoptNamespacesOf } from '../connection/adoptNamespaces.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'

/**
 * A WalletConnect session spans namespaces (a wallet approving eip155 and solana grants both in
 * one session): once its connector connects in one namespace, the session's accounts in the
 * host's other namespaces connect too (see `adoptNamespacesOf`).
 */
export const adoptWalletConnectNamespaces = adoptNamespacesOf<WalletConnectDeps>((connectorId, deps) => !!deps.walletConnect && connectorId === deps.walletConnect.connectorId)
