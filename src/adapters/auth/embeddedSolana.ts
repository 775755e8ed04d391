import { defer, filter, from, map, switchMap } from 'rxjs'
import type { Connector, Network } from '../../core/domain/entities.js'
import { GangwayError, serializeError } from '../../core/errors/base.js'
import { ChainAdapterNotFoundError } from '../../core/errors/connection.js'
import type { AuthConnector, AuthUser, ChainAdapter, SolanaCapabilities, WalletProviderEvent, WalletSession } from '../../core/ports.js'
import type { SolanaOperation } from '../solana/solanaErrors.js'
import type { LendsSolanaToolkit } from '../solana/solanaToolkit.js'
import type { WalletConnectProvider } from '../walletconnect/walletConnectProvider.js'
import { AUTH_CONNECTOR_ID } from '../../core/events/embeddedWallet.js'

/** The embedded wallet's frame as far as its Solana side needs it. */
export type EmbeddedSolanaFrame = Pick<AuthConnector, 'request' | 'isConnected' | 'getUser' | 'events'> & { readonly user: AuthUser | null }

/**
 * The embedded wallet's Solana account in the solana namespace: the frame signs (`solana_signMessage`,
 * `solana_signTransaction`, the requests a WalletConnect wallet answers), and the Solana adapter's
 * runtime, lent by `inner`, builds, checks, sends and confirms the transactions over the network's
 * RPC. Every other connector is `inner`'s.
 *
 * @example
 * adapters.solana = embeddedSolanaAdapter(() => loadFrame(), { networks, connector }, adapters.solana)
 */
export function embeddedSolanaAdapter(
  frame: () => Promise<EmbeddedSolanaFrame>,
  options: { networks: readonly Network[]; connector: Connector },
  inner: ChainAdapter,
): ChainAdapter & LendsSolanaToolkit {
  const id = AUTH_CONNECTOR_ID
  const chains = options.networks.filter((n) => n.chainNamespace === 'solana').map((n) => n.caipNetworkId)
  let current: string | null = null
  const lend = (inner as LendsSolanaToolkit).loadSolanaToolkit

  /** The signed-in user's Solana address, asking the frame when it has not said yet. */
  async function solanaAddress(): Promise<string | null> {
    const f = await frame()
    let user = f.user
    if (!user) {
      if (!(await f.isConnected())) return null
      user = await f.getUser({})
    }
    return user.solanaAddress ?? null
  }

  async function session(wanted: Network | undefined): Promise<WalletSession | null> {
    const address = await solanaAddress()
    const chain = wanted?.chainNamespace === 'solana' && chains.includes(wanted.caipNetworkId) ? wanted.caipNetworkId : (current ?? chains[0])
    if (!address || !chain) return null
    current = chain
    const user = (await frame()).user
    return { accounts: [{ address, type: 'eoa' }], caipNetworkId: chain, ...(user?.auth ? { auth: user.auth } : {}) }
  }

  /** The account as a wallet for the Solana runtime: each request goes to the frame. */
  async function wallet(operation: SolanaOperation, network?: Network) {
    if (!lend) throw new ChainAdapterNotFoundError('solana')
    const [toolkit, f, address] = await Promise.all([lend(), frame(), solanaAddress()])
    if (!address) throw new GangwayError('No ActiveCaipAddress found', { details: 'the embedded wallet has no Solana account' })
    const chain = network?.caipNetworkId ?? current ?? chains[0] ?? ''
    const provider = { request: ({ method, params }: { method: string; params?: unknown }) => f.request({ method, params }) } as unknown as WalletConnectProvider
    return { rt: toolkit.runtime, wallet: toolkit.walletConnectWallet({ provider, accounts: [address], chains, chain }, operation) }
  }

  const innerSolana = (): SolanaCapabilities => {
    if (!inner.solana) throw new GangwayError('Unsupported chain namespace', { details: `${inner.namespace} has no Solana capabilities` })
    return inner.solana
  }

  return {
    namespace: 'solana',
    ...(lend ? { loadSolanaToolkit: lend } : {}),
    connectors: () => inner.connectors().pipe(map((list) => [options.connector, ...list.filter((c) => c.id !== id)])),
    connect: async (connectorId, request) => {
      if (connectorId !== id) return inner.connect(connectorId, request)
      const s = await session(request?.network)
      if (!s) throw new GangwayError('Failed to connect', { details: 'the embedded wallet has no Solana account' })
      return s
    },
    reconnect: async (connectorId, request) => (connectorId !== id ? inner.reconnect(connectorId, request) : session(request?.network).catch(() => null)),
    // Signing out is the eip155 side's; this side only forgets where it stands.
    disconnect: async (connectorId) => {
      if (connectorId !== id) return inner.disconnect(connectorId)
      current = null
    },
    events: (connectorId) => (connectorId !== id ? inner.events(connectorId) : defer(() => from(frame())).pipe(switchMap(embeddedSolanaEvents))),
    switchNetwork: async (connectorId, network) => {
      if (connectorId !== id) return inner.switchNetwork(connectorId, network)
      if (!chains.includes(network.caipNetworkId)) throw new GangwayError('Network Not Found', { details: network.caipNetworkId })
      current = network.caipNetworkId
    },
    signMessage: async (connectorId, request) => {
      if (connectorId !== id) return inner.signMessage(connectorId, request)
      const { rt, wallet: w } = await wallet('signMessage')
      return rt.signMessage(w, request)
    },
    sendTransfer: async (connectorId, network, transfer) => {
      if (connectorId !== id) return inner.sendTransfer(connectorId, network, transfer)
      const { rt, wallet: w } = await wallet('sendTransaction', network)
      return transfer.token === undefined ? rt.sendSol(w, network, transfer) : rt.sendToken(w, network, { ...transfer, token: transfer.token })
    },
    getBalance: (network, address) => inner.getBalance(network, address),
    waitForReceipt: (network, signature) => inner.waitForReceipt(network, signature),
    ...(inner.estimateTransferFee ? { estimateTransferFee: inner.estimateTransferFee.bind(inner) } : {}),
    solana: {
      signTransaction: async (connectorId, request) => {
        if (connectorId !== id) return innerSolana().signTransaction(connectorId, request)
        const { rt, wallet: w } = await wallet('signTransaction')
        return rt.signTransaction(w, request)
      },
      signAndSendTransaction: async (connectorId, network, request) => {
        if (connectorId !== id) return innerSolana().signAndSendTransaction(connectorId, network, request)
        const { rt, wallet: w } = await wallet('sendTransaction', network)
        return rt.signAndSendTransaction(w, network, request)
      },
    },
  }
}

/** The frame signing out ends the Solana side's connection too. */
export function embeddedSolanaEvents(frame: EmbeddedSolanaFrame) {
  return frame.events().pipe(
    filter((e) => e.type === 'signedOut'),
    map((): WalletProviderEvent => ({ type: 'disconnect', error: serializeError(new GangwayError('Provider disconnected', { code: 4900 })) })),
  )
}
