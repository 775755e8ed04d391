import { combineLatest, map, of } from 'rxjs'
import type { ChainAdapter, WalletSession } from '../../core/ports.js'
import { createEvmAdapter } from '../evm/createEvmAdapter.js'
import { AUTH_CONNECTOR_ID } from '../../core/events/embeddedWallet.js'
import type { FrameConnector } from './createFrameConnector.js'

/**
 * The eip155 adapter with the embedded wallet's connector beside the page's wallets: calls for
 * that connector go to the frame's provider (through the EVM wallet code, as any EIP-1193
 * wallet's), every other one to `inner`. A connection made through it carries the way the
 * visitor signed in (`email`, a social provider or `farcaster`).
 *
 * @example
 * adapters.eip155 = withEmbeddedWallet(adapters.eip155, createFrameConnector({ frameUrl }, networks))
 */
export function withEmbeddedWallet(inner: ChainAdapter | undefined, auth: FrameConnector): ChainAdapter & { readonly auth: FrameConnector } {
  const own = createEvmAdapter({ wallets: [{ connector: auth.connector, provider: auth.provider }], discover: false, prefetch: false })
  const to = (connectorId: string): ChainAdapter => (connectorId === AUTH_CONNECTOR_ID || !inner ? own : inner)
  const withAuth = (session: WalletSession): WalletSession => {
    const user = auth.user
    return user ? { ...session, auth: user.auth } : session
  }
  const data = inner ?? own
  return {
    namespace: 'eip155',
    auth,
    connectors: () =>
      inner ? combineLatest([of([auth.connector]), inner.connectors()]).pipe(map(([a, b]) => [...a, ...b.filter((c) => c.id !== AUTH_CONNECTOR_ID)])) : own.connectors(),
    connect: (id, request) => to(id).connect(id, request).then((s) => (id === AUTH_CONNECTOR_ID ? withAuth(s) : s)),
    reconnect: (id, request) => to(id).reconnect(id, request).then((s) => (s && id === AUTH_CONNECTOR_ID ? withAuth(s) : s)),
    disconnect: (id) => to(id).disconnect(id),
    events: (id) => to(id).events(id),
    switchNetwork: (id, network) => to(id).switchNetwork(id, network),
    signMessage: (id, request) => to(id).signMessage(id, request),
    sendTransfer: (id, network, transfer) => to(id).sendTransfer(id, network, transfer),
    getBalance: (network, address) => data.getBalance(network, address),
    waitForReceipt: (network, hash) => data.waitForReceipt(network, hash),
    ...(data.estimateTransferFee ? { estimateTransferFee: data.estimateTransferFee.bind(data) } : {}),
    evm: {
      signTypedData: (id, request) => to(id).evm!.signTypedData(id, request),
      sendTransaction: (id, network, tx) => to(id).evm!.sendTransaction(id, network, tx),
      getProvider: async (id) => to(id).evm?.getProvider?.(id),
    },
    ...(inner?.solana ? { solana: inner.solana } : {}),
  }
}
