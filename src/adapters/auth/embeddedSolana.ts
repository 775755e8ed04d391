import { filter, map } from 'rxjs'
import type { Network } from '../../core/domain/entities.js'
import { GangwayError, serializeError } from '../../core/errors/base.js'
import { ChainAdapterNotFoundError } from '../../core/errors/connection.js'
import type { AuthConnector, AuthUser, ChainAdapter, WalletProviderEvent, WalletSession } from '../../core/ports.js'
import type { SolanaOperation } from '../solana/solanaErrors.js'
import type { SolanaToolkit } from '../solana/solanaToolkit.js'
import type { WalletConnectProvider } from '../walletconnect/walletConnectProvider.js'

/** The embedded wallet's frame as far as its Solana side needs it. */
export type EmbeddedSolanaFrame = Pick<AuthConnector, 'request' | 'isConnected' | 'getUser' | 'events'> & { readonly user: AuthUser | null }

/** What the Solana side does for the embedded wallet's connector (the Solana adapter does the rest). */
export type EmbeddedSolanaSide = Pick<ChainAdapter, 'connect' | 'reconnect' | 'disconnect' | 'events' | 'switchNetwork' | 'signMessage' | 'sendTransfer'> & {
  solana: NonNullable<ChainAdapter['solana']>
}

/**
 * The embedded wallet's Solana account in the solana namespace: the frame signs (`solana_signMessage`,
 * `solana_signTransaction`, the requests a WalletConnect wallet answers), and the Solana adapter's
 * runtime, lent by `lend`, builds, checks, sends and confirms the transactions over the network's
 * RPC. Only the embedded wallet's connector comes here.
 *
 * @example
 * const side = embeddedSolanaAdapter(frame, networks, solanaAdapter.loadSolanaToolkit)
 */
export function embeddedSolanaAdapter(frame: EmbeddedSolanaFrame, networks: readonly Network[], lend: (() => Promise<SolanaToolkit>) | undefined): EmbeddedSolanaSide {
  const chains = networks.filter((n) => n.chainNamespace === 'solana').map((n) => n.caipNetworkId)
  let current: string | null = null

  /** The signed-in user's Solana address, asking the frame when it has not said yet. */
  async function solanaAddress(): Promise<string | null> {
    let user = frame.user
    if (!user) {
      if (!(await frame.isConnected())) return null
      user = await frame.getUser({})
    }
    return user.solanaAddress ?? null
  }

  async function session(wanted: Network | undefined): Promise<WalletSession | null> {
    const address = await solanaAddress()
    const chain = wanted?.chainNamespace === 'solana' && chains.includes(wanted.caipNetworkId) ? wanted.caipNetworkId : (current ?? chains[0])
    if (!address || !chain) return null
    current = chain
    const auth = frame.user?.auth
    return { accounts: [{ address, type: 'eoa' }], caipNetworkId: chain, ...(auth ? { auth } : {}) }
  }

  /** The account as a wallet for the Solana runtime: each request goes to the frame. */
  async function wallet(operation: SolanaOperation, network?: Network) {
    if (!lend) throw new ChainAdapterNotFoundError('solana')
    const [toolkit, address] = await Promise.all([lend(), solanaAddress()])
    if (!address) throw new GangwayError('No ActiveCaipAddress found', { details: 'the embedded wallet has no Solana account' })
    const chain = network?.caipNetworkId ?? current ?? chains[0] ?? ''
    const provider = { request: ({ method, params }: { method: string; params?: unknown }) => frame.request({ method, params }) } as unknown as WalletConnectProvider
    return { rt: toolkit.runtime, wallet: toolkit.walletConnectWallet({ provider, accounts: [address], chains, chain }, operation) }
  }

  return {
    connect: async (_id, request) => {
      const s = await session(request?.network)
      if (!s) throw new GangwayError('Failed to connect', { details: 'the embedded wallet has no Solana account' })
      return s
    },
    reconnect: (_id, request) => session(request?.network).catch(() => null),
    // Signing out is the eip155 side's; this side only forgets where it stands.
    disconnect: async () => {
      current = null
    },
    // The frame signing out ends this side's connection too.
    events: () =>
      frame.events().pipe(
        filter((e) => e.type === 'signedOut'),
        map((): WalletProviderEvent => ({ type: 'disconnect', error: serializeError(new GangwayError('Provider disconnected', { code: 4900 })) })),
      ),
    switchNetwork: async (_id, network) => {
      if (!chains.includes(network.caipNetworkId)) throw new GangwayError('Network Not Found', { details: network.caipNetworkId })
      current = network.caipNetworkId
    },
    signMessage: async (_id, request) => {
      const { rt, wallet: w } = await wallet('signMessage')
      return rt.signMessage(w, request)
    },
    sendTransfer: async (_id, network, transfer) => {
      const { rt, wallet: w } = await wallet('sendTransaction', network)
      return transfer.token === undefined ? rt.sendSol(w, network, transfer) : rt.sendToken(w, network, { ...transfer, token: transfer.token })
    },
    solana: {
      signTransaction: async (_id, request) => {
        const { rt, wallet: w } = await wallet('signTransaction')
        return rt.signTransaction(w, request)
      },
      signAndSendTransaction: async (_id, network, request) => {
        const { rt, wallet: w } = await wallet('sendTransaction', network)
        return rt.signAndSendTransaction(w, network, request)
      },
    },
  }
}
