import { defer, from, switchMap } from 'rxjs'
import type { Connector, Network } from '../../core/domain/entities.js'
import { GangwayError } from '../../core/errors/base.js'
import { ChainAdapterNotFoundError } from '../../core/errors/connection.js'
import { WalletConnectChainNotSupportedError } from '../../core/errors/walletConnect.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/events/walletConnect/walletConnect.js'
import type { BitcoinCapabilities, ChainAdapter, WalletSession } from '../../core/ports.js'
import type { BitcoinToolkit, LendsBitcoinToolkit } from '../bitcoin/bitcoinToolkit.js'
import { sessionGrant, startChain, type SessionGrant } from './sessionNamespaces.js'
import { sideCalls } from './walletConnectSide.js'
import type { WalletConnectProvider, WalletConnectSession } from './walletConnectProvider.js'
import { sideProviderEvents, type WalletConnectSessionAccess } from './walletConnectSolana.js'

export type WalletConnectBitcoinOptions = {
  /** The host's networks; its Bitcoin ones are the session's `bip122` chains, in the host's order of preference. */
  networks: readonly Network[]
  connector: Connector
}

/** The Bitcoin part of the session: its addresses and chains. */
export function bitcoinGrant(session: WalletConnectSession | undefined): SessionGrant {
  return sessionGrant(session?.namespaces, 'bip122')
}

/**
 * The WalletConnect connector in the bip122 namespace, on the session the eip155 side pairs (one
 * session for every namespace: a wallet approving `bip122` grants its payment and ordinals
 * addresses in the same session). Requests go to the wallet over the relay on the session's
 * Bitcoin chain (Reown's Bitcoin RPC reference: `signMessage` BIP-322, `signPsbt`); sends are
 * built as PSBTs, checked, finalized and broadcast by the Bitcoin adapter's runtime over Esplora,
 * as for any Bitcoin wallet. Every other connector is `inner`'s (the Bitcoin adapter), which also
 * lends its runtime: nothing of Bitcoin is imported here.
 *
 * @example
 * const bitcoin = createWalletConnectAdapter(options, createEvmAdapter()).bitcoinAdapter(createBitcoinAdapter({ networks }))
 */
export function createWalletConnectBitcoinAdapter(access: WalletConnectSessionAccess, options: WalletConnectBitcoinOptions, inner?: ChainAdapter): ChainAdapter {
  const id = WALLET_CONNECT_CONNECTOR_ID
  const networks = options.networks.filter((n) => n.chainNamespace === 'bip122')
  const preferred = networks.map((n) => n.caipNetworkId)
  const { connector } = options
  /** The Bitcoin chain requests name: where the connection stands (set by connect, reconnect, switch). */
  let current: string | null = null

  const load = async (): Promise<BitcoinToolkit> => {
    const lend = (inner as LendsBitcoinToolkit | undefined)?.loadBitcoinToolkit
    if (!lend) throw new ChainAdapterNotFoundError('bip122')
    return lend()
  }

  const networkOf = (chain: string): Network | undefined => networks.find((n) => n.caipNetworkId === chain)

  /** The chain a session stands on: `wanted` when the session has it, else the host's first the wallet approved. */
  function chainOf(grant: SessionGrant, wanted?: Network): string | null {
    if (wanted?.chainNamespace === 'bip122' && grant.chains.includes(wanted.caipNetworkId)) return wanted.caipNetworkId
    if (current && grant.chains.includes(current)) return current
    return startChain(grant.chains.filter((c) => networkOf(c) !== undefined), preferred)
  }

  /** The session's Bitcoin side as the toolkit's wallet, on `chain`. */
  function bitcoinSession(toolkit: BitcoinToolkit, provider: WalletConnectProvider, session: WalletConnectSession, chain: string) {
    const grant = bitcoinGrant(session)
    const network = networkOf(chain)
    if (!network) throw new WalletConnectChainNotSupportedError(chain)
    const facade = { provider, accounts: grant.accounts, chains: grant.chains, network, sessionProperties: session.sessionProperties }
    return { network, wallet: toolkit.walletConnectWallet(facade), accounts: toolkit.walletConnectAccounts(facade) }
  }

  /** The session as the core sees it in the bip122 namespace: payment account first. */
  async function toWalletSession(session: WalletConnectSession, wanted: Network | undefined): Promise<WalletSession> {
    const toolkit = await load()
    const chain = chainOf(bitcoinGrant(session), wanted)
    if (!chain) throw new GangwayError('Failed to connect', { details: 'the wallet approved none of the Bitcoin networks asked for' })
    const { accounts } = bitcoinSession(toolkit, await access.provider(), session, chain)
    if (accounts.length === 0) throw new GangwayError('Failed to connect', { details: `the wallet approved no address of ${chain}` })
    current = chain
    return { accounts, caipNetworkId: chain }
  }

  /** The live session's Bitcoin side, on `network` (else where the connection stands). */
  async function wallet(network?: Network) {
    const toolkit = await load()
    const provider = await access.provider()
    const session = provider.session
    if (!session) throw new GangwayError('No ActiveCaipAddress found', { details: 'no WalletConnect session' })
    const grant = bitcoinGrant(session)
    const chain = network ? network.caipNetworkId : chainOf(grant)
    if (!chain || !grant.chains.includes(chain)) throw new WalletConnectChainNotSupportedError(chain ?? 'bip122')
    return { rt: toolkit.runtime, ...bitcoinSession(toolkit, provider, session, chain) }
  }

  const { innerOf, ...calls } = sideCalls({
    namespace: 'bip122',
    access,
    connector,
    inner,
    toWalletSession,
    // An updated session's accounts are read as a connect reads them (the toolkit checks them against the network).
    providerEvents: (p) =>
      defer(() => from(load())).pipe(
        switchMap((toolkit) =>
          sideProviderEvents(p, 'bip122', (session) => {
            const chain = session ? chainOf(bitcoinGrant(session)) : null
            return session && chain ? bitcoinSession(toolkit, p, session, chain).accounts : []
          }),
        ),
      ),
    switched: (chain) => void (current = chain),
  })

  const bitcoin: BitcoinCapabilities = {
    signPsbt: async (connectorId, network, request) => {
      if (connectorId !== id) {
        const capabilities = innerOf(connectorId).bitcoin
        if (!capabilities) throw new GangwayError('Unsupported chain namespace', { details: `${connectorId} has no Bitcoin capabilities` })
        return capabilities.signPsbt(connectorId, network, request)
      }
      const { rt, wallet: w } = await wallet(network)
      return rt.signPsbt(w, network, request)
    },
  }

  return {
    namespace: 'bip122',

    ...calls,

    // BIP-322 from the payment address, as with any Bitcoin wallet.
    signMessage: async (connectorId, request) => {
      if (connectorId !== id) return innerOf(connectorId).signMessage(connectorId, request)
      const { wallet: w } = await wallet()
      return w.signMessage(request)
    },

    sendTransfer: async (connectorId, network, transfer) => {
      if (connectorId !== id) return innerOf(connectorId).sendTransfer(connectorId, network, transfer)
      const { rt, wallet: w, accounts } = await wallet(network)
      const payment = accounts.find((a) => a.address === transfer.from) ?? accounts[0]
      if (!payment || payment.address !== transfer.from) throw new GangwayError('No ActiveCaipAddress found', { details: `${transfer.from} is not the session's payment address` })
      return rt.sendTransfer(w, network, payment, transfer)
    },

    getBalance: async (network, address) => (inner ? inner.getBalance(network, address) : (await load()).runtime.getBalance(network, address)),

    waitForReceipt: async (network, txid) => (inner ? inner.waitForReceipt(network, txid) : (await load()).runtime.waitForReceipt(network, txid)),

    estimateTransferFee: async (network, transfer) => {
      if (inner?.estimateTransferFee) return inner.estimateTransferFee(network, transfer)
      const { rt, accounts } = await wallet(network)
      const payment = accounts.find((a) => a.address === transfer.from) ?? { address: transfer.from, type: 'payment' as const, publicKey: '' }
      return rt.estimateTransferFee(network, payment, transfer)
    },

    bitcoin,
  }
}
