import { Observable } from 'rxjs'
import type { Connector, Network } from '../../core/domain/entities.js'
import { GangwayError, serializeError } from '../../core/errors/base.js'
import { WalletConnectChainNotSupportedError } from '../../core/errors/walletConnect.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/events/walletConnect/walletConnect.js'
import type { ChainAdapter, SolanaCapabilities, WalletAccount, WalletProviderEvent, WalletSession } from '../../core/ports.js'
import type { SolanaRuntime } from '../solana/createSolanaRuntime.js'
import type { LendsSolanaToolkit, SolanaToolkit } from '../solana/solanaToolkit.js'
import { ChainAdapterNotFoundError } from '../../core/errors/connection.js'
import type { SolanaOperation } from '../solana/solanaErrors.js'
import { sessionGrant, startChain, type SessionGrant } from './sessionNamespaces.js'
import { sideCalls } from './walletConnectSide.js'
import type { WalletConnectProvider, WalletConnectSession } from './walletConnectProvider.js'

/** Which side of a session ended it (the other side then reports the disconnect). */
export type SessionEnd = { namespace: 'eip155' | 'solana' | 'bip122' }

/** What the Solana and Bitcoin sides share with the WalletConnect adapter: one provider, one pairing, one session. */
export type WalletConnectSessionAccess = {
  /** The started provider (loading it on first call). */
  provider(): Promise<WalletConnectProvider>
  /** Whether the provider was ever started (nothing to disconnect or hand out otherwise). */
  started(): boolean
  /** The pending pairing's approved session (a new pairing when none is pending). */
  pair(): Promise<WalletConnectSession>
  /** Ends the session (the provider's disconnect), telling the other side. */
  end(from: SessionEnd['namespace']): Promise<void>
  /** The session's ends, by the side that ended it. */
  ended(): Observable<SessionEnd>
}

export type WalletConnectSolanaOptions = {
  /** The host's networks; its Solana ones are the session's Solana chains, in the host's order of preference. */
  networks: readonly Network[]
  connector: Connector
}

/** The Solana part of the session: its accounts (base58) and chains. */
export function solanaGrant(session: WalletConnectSession | undefined): SessionGrant {
  return sessionGrant(session?.namespaces, 'solana')
}

/**
 * The WalletConnect connector in the solana namespace, on the session the eip155 side pairs
 * (one session for both: a wallet approving the `solana` namespace grants Solana accounts in the
 * same session). Requests go to the wallet over the relay on the session's Solana chain:
 * `solana_signMessage`, `solana_signTransaction`; transactions are built, checked, sent and
 * confirmed by the Solana adapter's runtime over the network's RPC. Every other connector is
 * `inner`'s (the Wallet Standard adapter).
 *
 * @example
 * const solana = createWalletConnectAdapter(options, createEvmAdapter()).solanaAdapter(createSolanaAdapter({ networks }))
 */
export function createWalletConnectSolanaAdapter(access: WalletConnectSessionAccess, options: WalletConnectSolanaOptions, inner?: ChainAdapter): ChainAdapter {
  const id = WALLET_CONNECT_CONNECTOR_ID
  const networks = options.networks.filter((n) => n.chainNamespace === 'solana')
  const preferred = networks.map((n) => n.caipNetworkId)
  const { connector } = options
  /** The Solana chain requests name: where the connection stands (set by connect, reconnect, switch). */
  let current: string | null = null
  /**
   * The Solana runtime and the session's wallet facade, lent by the Solana adapter (`inner`):
   * nothing of Solana is imported here, so an app without `gangway-kit/solana` carries none of it.
   */
  const load = async (): Promise<{ rt: SolanaRuntime; wallet: SolanaToolkit['walletConnectWallet'] }> => {
    const lend = (inner as LendsSolanaToolkit | undefined)?.loadSolanaToolkit
    if (!lend) throw new ChainAdapterNotFoundError('solana')
    const toolkit = await lend()
    return { rt: toolkit.runtime, wallet: toolkit.walletConnectWallet }
  }

  /** The session as the core sees it in the solana namespace. */
  function toWalletSession(session: WalletConnectSession, wanted: Network | undefined): WalletSession {
    const grant = solanaGrant(session)
    if (grant.accounts.length === 0) throw new GangwayError('Failed to connect', { details: 'the wallet approved no solana account' })
    const chain = wanted?.chainNamespace === 'solana' && grant.chains.includes(wanted.caipNetworkId) ? wanted.caipNetworkId : startChain(grant.chains, preferred)
    if (!chain) throw new GangwayError('Failed to connect', { details: 'the wallet approved no solana chain' })
    current = chain
    return { accounts: grant.accounts.map((address) => ({ address, type: 'eoa' as const })), caipNetworkId: chain }
  }

  /** The live session's Solana side as a wallet for the runtime, on `network` (else where the connection stands). */
  async function wallet(operation: SolanaOperation, network?: Network) {
    const { rt, wallet: facade } = await load()
    const provider = await access.provider()
    const session = provider.session
    if (!session) throw new GangwayError('No ActiveCaipAddress found', { details: 'no WalletConnect session' })
    const grant = solanaGrant(session)
    const chain = network ? network.caipNetworkId : current && grant.chains.includes(current) ? current : startChain(grant.chains, preferred)
    if (!chain || !grant.chains.includes(chain)) throw new WalletConnectChainNotSupportedError(chain ?? 'solana')
    return { rt, wallet: facade({ provider, accounts: grant.accounts, chains: grant.chains, chain }, operation) }
  }

  const { innerOf, ...calls } = sideCalls({
    namespace: 'solana',
    access,
    connector,
    inner,
    toWalletSession,
    providerEvents: solanaProviderEvents,
    switched: (chain) => void (current = chain),
  })

  const solana: SolanaCapabilities = {
    signTransaction: async (connectorId, request) => {
      if (connectorId !== id) return innerSolana(innerOf(connectorId)).signTransaction(connectorId, request)
      const { rt, wallet: w } = await wallet('signTransaction')
      return rt.signTransaction(w, request)
    },
    signAndSendTransaction: async (connectorId, network, request) => {
      if (connectorId !== id) return innerSolana(innerOf(connectorId)).signAndSendTransaction(connectorId, network, request)
      const { rt, wallet: w } = await wallet('sendTransaction', network)
      return rt.signAndSendTransaction(w, network, request)
    },
  }

  return {
    namespace: 'solana',

    ...calls,

    signMessage: async (connectorId, request) => {
      if (connectorId !== id) return innerOf(connectorId).signMessage(connectorId, request)
      const { rt, wallet: w } = await wallet('signMessage')
      return rt.signMessage(w, request)
    },

    sendTransfer: async (connectorId, network, transfer) => {
      if (connectorId !== id) return innerOf(connectorId).sendTransfer(connectorId, network, transfer)
      const { rt, wallet: w } = await wallet('sendTransaction', network)
      return transfer.token === undefined ? rt.sendSol(w, network, transfer) : rt.sendToken(w, network, { ...transfer, token: transfer.token })
    },

    getBalance: async (network, address) => (inner ? inner.getBalance(network, address) : (await load()).rt.getBalance(network, address)),

    waitForReceipt: async (network, signature) => (inner ? inner.waitForReceipt(network, signature) : (await load()).rt.waitForReceipt(network, signature)),

    estimateTransferFee: async (network, transfer) =>
      inner?.estimateTransferFee ? inner.estimateTransferFee(network, transfer) : (await load()).rt.estimateTransferFee(network, transfer),

    solana,
  }
}

function innerSolana(adapter: ChainAdapter): SolanaCapabilities {
  if (!adapter.solana) throw new GangwayError('Unsupported chain namespace', { details: `${adapter.namespace} has no Solana capabilities` })
  return adapter.solana
}

/**
 * The session's news for its Solana side: its end (deleted by the wallet, expired, the provider
 * disconnected), and updated Solana accounts. The provider's `accountsChanged` / `chainChanged`
 * are its eip155 side's and are not read here.
 */
export function solanaProviderEvents(p: WalletConnectProvider): Observable<WalletProviderEvent> {
  return sideProviderEvents(p, 'solana', (session) => solanaGrant(session).accounts.map((address) => ({ address, type: 'eoa' as const })))
}

/**
 * The session's news for one of its non-EVM sides (`namespace`): its end (deleted by the wallet,
 * expired, the provider disconnected), and the side's accounts after a `session_update`
 * (`accountsOf` reads them from the session; none is reported as ignored).
 */
export function sideProviderEvents(
  p: WalletConnectProvider,
  namespace: string,
  accountsOf: (session: WalletConnectSession | undefined) => WalletAccount[],
): Observable<WalletProviderEvent> {
  return new Observable<WalletProviderEvent>((subscriber) => {
    let ended = false
    const end = (message: string) => {
      if (ended) return
      ended = true
      subscriber.next({ type: 'disconnect', error: serializeError(new GangwayError(message, { code: 4900 })) })
    }
    const onUpdate = () => {
      try {
        const accounts = accountsOf(p.session)
        if (accounts.length > 0) subscriber.next({ type: 'accountsChanged', accounts })
        else subscriber.next({ type: 'ignored', event: 'session_update', reason: `the session has no ${namespace} account` })
      } catch {
        subscriber.next({ type: 'ignored', event: 'session_update', reason: 'the session could not be read' })
      }
    }
    const onDelete = () => end('Provider disconnected')
    const onExpire = () => end('Session Expired')
    const listeners: [string, () => void][] = [
      ['session_update', onUpdate],
      ['session_delete', onDelete],
      ['disconnect', onDelete],
      ['session_expire', onExpire],
    ]
    for (const [name, fn] of listeners) p.on(name, fn)
    return () => {
      for (const [name, fn] of listeners) p.removeListener(name, fn)
    }
  })
}
