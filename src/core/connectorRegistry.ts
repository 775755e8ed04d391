import { combineLatest, map, throwError, type Observable } from 'rxjs'
import type { Connector, ConnectorType, Network } from './domain/entities.js'
import { GangwayError } from './errors/base.js'
import { ChainAdapterNotFoundError, ConnectorNotFoundError } from './errors/connection.js'
import type { Namespace } from './events/views.js'
import type { BitcoinCapabilities, ChainAdapter, ChainDeps, EvmCapabilities, SolanaCapabilities } from './ports.js'
import { walletAnswerError, type WalletAnswerKind } from './domain/walletAnswers.js'

/**
 * What a source does for the connectors it owns. The network reads (`getBalance`,
 * `waitForReceipt`) are optional: the namespace's chain adapter answers them, a source only
 * when the namespace has none.
 */
export type ConnectorSourceAdapter = Omit<ChainAdapter, 'namespace' | 'getBalance' | 'waitForReceipt'> &
  Partial<Pick<ChainAdapter, 'getBalance' | 'waitForReceipt'>>

/** Where the connectors of one namespace come from: a chain adapter, WalletConnect, the embedded wallet, … */
export type ConnectorSource = {
  readonly namespace: Namespace
  /**
   * The connectors this source owns, by id. Absent: the namespace's chain adapter, which owns
   * every connector no other source claims (the wallets it finds in this browser).
   */
  readonly connectorIds?: readonly string[] | ((connectorId: string) => boolean)
  /** The type of the connectors it owns, when it owns one kind (`WALLET_CONNECT`, `AUTH`). */
  readonly type?: ConnectorType
  readonly adapter: ConnectorSourceAdapter
}

/** What a connector can do beyond the `ChainAdapter` basics, read from its source. */
export type ConnectorCapabilities = { evm: boolean; solana: boolean; provider: boolean }

/**
 * One registry of every namespace's connectors. Sources register the connectors they own;
 * commands look a connector up by namespace and id, and the per-namespace `ChainAdapter` views
 * (`chainAdapter`) hand each call, with all its arguments, to the connector's source.
 *
 * Ownership: a source that names a connector id owns it over the chain adapter; when two sources
 * name the same id, the one registered last owns it (its entry is the one listed). A namespace
 * has one chain adapter: registering another replaces it.
 */
export interface ConnectorRegistry {
  register(source: ConnectorSource): void
  /** The namespaces some source serves. */
  namespaces(): Namespace[]
  /** The source owning a connector; throws ChainAdapterNotFoundError or ConnectorNotFoundError. */
  sourceFor(namespace: Namespace, connectorId: string): ConnectorSource
  /** The adapter of the source owning a connector (throws as `sourceFor`). */
  adapterFor(namespace: Namespace, connectorId: string): ConnectorSourceAdapter
  /** What the connector can do (throws as `sourceFor`). */
  capabilities(namespace: Namespace, connectorId: string): ConnectorCapabilities
  /** A chain adapter for `namespace` over its sources; undefined when none serves it. */
  chainAdapter(namespace: Namespace): ChainAdapter | undefined
  /** The chain adapters of every namespace served, as effects reach them (`deps.adapters`). */
  chainAdapters(): ChainDeps['adapters']
}

/**
 * Creates an empty connector registry.
 *
 * @example
 * const registry = createConnectorRegistry()
 * registry.register({ namespace: 'eip155', adapter: createEvmAdapter() })
 * registry.register({ namespace: 'eip155', connectorIds: ['walletConnect'], type: 'WALLET_CONNECT', adapter: walletConnect })
 * const deps = { adapters: registry.chainAdapters() }
 */
const rank = (source: ConnectorSource): number => (source.type === 'WALLET_CONNECT' ? 0 : source.type === 'AUTH' ? 1 : 2)

export function createConnectorRegistry(): ConnectorRegistry {
  const sources: ConnectorSource[] = []
  const views = new Map<Namespace, ChainAdapter>()

  const of = (namespace: Namespace) => sources.filter((s) => s.namespace === namespace)
  const primary = (namespace: Namespace) => of(namespace).find((s) => s.connectorIds === undefined)
  const claims = (source: ConnectorSource, connectorId: string) =>
    typeof source.connectorIds === 'function' ? source.connectorIds(connectorId) : !!source.connectorIds?.includes(connectorId)

  function owner(namespace: Namespace, connectorId: string): ConnectorSource | undefined {
    const list = of(namespace)
    for (let i = list.length - 1; i >= 0; i--) if (claims(list[i]!, connectorId)) return list[i]
    return primary(namespace)
  }

  function sourceFor(namespace: Namespace, connectorId: string): ConnectorSource {
    if (of(namespace).length === 0) throw new ChainAdapterNotFoundError(namespace)
    const source = owner(namespace, connectorId)
    if (!source) throw new ConnectorNotFoundError(connectorId)
    return source
  }

  const registry: ConnectorRegistry = {
    register(source) {
      // A view lists the capabilities its sources had when it was made: the next one is made anew.
      views.delete(source.namespace)
      // One chain adapter per namespace: a later one replaces it (as a host listing two would expect).
      if (source.connectorIds === undefined) {
        const before = primary(source.namespace)
        if (before) sources.splice(sources.indexOf(before), 1)
      }
      sources.push(source)
    },
    namespaces: () => [...new Set(sources.map((s) => s.namespace))],
    sourceFor,
    adapterFor: (namespace, connectorId) => sourceFor(namespace, connectorId).adapter,
    capabilities: (namespace, connectorId) => {
      const { adapter } = sourceFor(namespace, connectorId)
      return { evm: !!adapter.evm, solana: !!adapter.solana, provider: !!adapter.evm?.getProvider }
    },
    chainAdapter(namespace) {
      if (of(namespace).length === 0) return undefined
      let view = views.get(namespace)
      if (!view) views.set(namespace, (view = chainAdapterView(namespace)))
      return view
    },
    chainAdapters() {
      const out: ChainDeps['adapters'] = {}
      for (const namespace of registry.namespaces()) out[namespace] = registry.chainAdapter(namespace)
      return out
    },
  }

  /**
   * The namespace's sources as one chain adapter. Connector calls go to the connector's owner
   * with every argument; network reads to the chain adapter, else the first source that has them.
   * An EVM wallet's signatures and transaction hashes are checked on their way back (spec §5).
   */
  function chainAdapterView(namespace: Namespace): ChainAdapter {
    /** A lookup that throws becomes a rejection, as the port's calls fail. */
    const attempt = <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return call()
      } catch (error) {
        return Promise.reject(error)
      }
    }
    const to = <T>(connectorId: string, use: (adapter: ConnectorSourceAdapter) => Promise<T>): Promise<T> =>
      attempt(() => use(sourceFor(namespace, connectorId).adapter))
    /**
     * The source answering a network read: the chain adapter (without it, a fee estimate is not
     * offered), else the first source able to, so that no other source loads its code for a read.
     */
    const reader = (key: 'getBalance' | 'waitForReceipt' | 'estimateTransferFee'): ConnectorSourceAdapter => {
      const chain = primary(namespace)
      const source = chain ? (chain.adapter[key] ? chain : undefined) : of(namespace).find((s) => s.adapter[key])
      if (!source) throw new ChainAdapterNotFoundError(namespace)
      return source.adapter
    }
    const evm = (a: ConnectorSourceAdapter): EvmCapabilities => {
      if (!a.evm) throw new GangwayError('Unsupported chain namespace', { details: `${namespace} has no EVM capabilities` })
      return a.evm
    }
    const solana = (a: ConnectorSourceAdapter): SolanaCapabilities => {
      if (!a.solana) throw new GangwayError('Unsupported chain namespace', { details: `${namespace} has no Solana capabilities` })
      return a.solana
    }
    const bitcoin = (a: ConnectorSourceAdapter): BitcoinCapabilities => {
      if (!a.bitcoin) throw new GangwayError('Unsupported chain namespace', { details: `${namespace} has no Bitcoin capabilities` })
      return a.bitcoin
    }
    const has = (key: 'evm' | 'solana' | 'bitcoin') => of(namespace).some((s) => s.adapter[key] !== undefined)
    const chain = primary(namespace)

    // Spec §5: an EVM wallet's signature and transaction hash keep their formats; an answer that
    // breaks them fails the call (nothing of it is recorded: a send is not pending, a sign-in has
    // no session). Solana's answers are checked by the Solana adapters (@solana/kit decodes them).
    const answer =
      namespace === 'eip155'
        ? <T>(kind: WalletAnswerKind, call: Promise<T>): Promise<T> =>
            call.then((value) => {
              const junk = walletAnswerError(kind, value)
              if (junk) throw junk
              return value
            })
        : <T>(_kind: WalletAnswerKind, call: Promise<T>): Promise<T> => call

    const view: ChainAdapter = {
      namespace,
      // Every source's list: WalletConnect's, the embedded wallet's, then the others newest
      // registration first (the embedded wallet's registers once its chunk has loaded); a
      // connector appears once, from its owner.
      connectors: (): Observable<Connector[]> => {
        const list = [...of(namespace)].reverse().sort((a, b) => rank(a) - rank(b))
        return combineLatest(
          list.map((s) => s.adapter.connectors().pipe(map((connectors) => connectors.filter((c) => owner(namespace, c.id) === s)))),
        ).pipe(map((lists) => lists.flat()))
      },
      connect: (id, request) => to(id, (a) => a.connect(id, request)),
      reconnect: (id, request) => to(id, (a) => a.reconnect(id, request)),
      disconnect: (id) => to(id, (a) => a.disconnect(id)),
      events: (id) => {
        try {
          return sourceFor(namespace, id).adapter.events(id)
        } catch (error) {
          return throwError(() => error)
        }
      },
      switchNetwork: (id, network: Network) => to(id, (a) => a.switchNetwork(id, network)),
      signMessage: (id, request) => answer('signature', to(id, (a) => a.signMessage(id, request))),
      sendTransfer: (id, network, transfer) => answer('transactionHash', to(id, (a) => a.sendTransfer(id, network, transfer))),
      getBalance: (network, address) => attempt(() => reader('getBalance').getBalance!(network, address)),
      waitForReceipt: (network, hash) => attempt(() => reader('waitForReceipt').waitForReceipt!(network, hash)),
    }
    if (chain ? chain.adapter.estimateTransferFee : of(namespace).some((s) => s.adapter.estimateTransferFee)) {
      view.estimateTransferFee = (network, transfer) => attempt(() => reader('estimateTransferFee').estimateTransferFee!(network, transfer))
    }
    if (has('evm')) {
      ;(view as { evm: EvmCapabilities }).evm = {
        signTypedData: (id, request) => answer('signature', to(id, (a) => evm(a).signTypedData(id, request))),
        sendTransaction: (id, network, tx) => answer('transactionHash', to(id, (a) => evm(a).sendTransaction(id, network, tx))),
        // A connector whose source hands out no provider has none: asking never fails.
        ...(of(namespace).some((s) => s.adapter.evm?.getProvider) ? { getProvider: async (id: string) => owner(namespace, id)?.adapter.evm?.getProvider?.(id) } : {}),
      }
    }
    // The namespace's own address rules (Bitcoin's differ per network), from the source that has them.
    const checker = chain?.adapter.isAddress ? chain.adapter : of(namespace).find((s) => s.adapter.isAddress)?.adapter
    if (checker?.isAddress) view.isAddress = (network, address) => checker.isAddress!(network, address)
    if (has('bitcoin')) {
      ;(view as { bitcoin: BitcoinCapabilities }).bitcoin = {
        signPsbt: (id, network, request) => to(id, (a) => bitcoin(a).signPsbt(id, network, request)),
      }
    }
    if (has('solana')) {
      ;(view as { solana: SolanaCapabilities }).solana = {
        signTransaction: (id, request) => to(id, (a) => solana(a).signTransaction(id, request)),
        signAndSendTransaction: (id, network, request) => to(id, (a) => solana(a).signAndSendTransaction(id, network, request)),
      }
    }
    return view
  }

  return registry
}
