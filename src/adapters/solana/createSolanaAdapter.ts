import { defer, distinctUntilChanged, filter, firstValueFrom, from, map, Observable, race, switchMap, timer } from 'rxjs'
import type { Connector, Network } from '../../core/domain/entities.js'
import type { SolanaCommitment } from '../../core/domain/transactionRules.js'
import { InvalidInputError } from '../../core/errors/base.js'
import { ConnectorNotFoundError } from '../../core/errors/connection.js'
import { WalletUnrecognizedChainError } from '../../core/errors/wallet.js'
import type { ChainAdapter, RpcGateway, SolanaCapabilities, WalletProviderEvent, WalletSession } from '../../core/ports.js'
import { loadOnce } from '../loadOnce.js'
import { importOptionalPeer } from '../optionalPeer.js'
import { pageIdle } from '../pageIdle.js'
import type { SolanaConfirmation, SolanaRuntime } from './createSolanaRuntime.js'
import type { SolanaToolkit } from './solanaToolkit.js'
import { solanaDevnet, solanaMainnet, solanaTestnet } from './defineSolanaNetwork.js'
import type { SolanaWalletDiscovery, Wallet } from './discoverSolanaWallets.js'

export type SolanaAdapterOptions = {
  /**
   * The networks a connect may report, in order of preference: the first one the wallet lists
   * (default mainnet, devnet, testnet). Give the same Solana networks as the modal's `networks`.
   */
  networks?: Network[]
  /** How long a connect or reconnect waits for a remembered wallet to register itself (default 1000 ms). */
  discoveryTimeoutMs?: number
  /** How often a pending transaction's status is polled (default 400 ms). */
  receiptPollingMs?: number
  /**
   * The commitment balances are read at and a sent transaction must reach (spec §5's values;
   * `recent` means processed, `single` / `singleGossip` confirmed, `root` / `max` finalized).
   * Default `confirmed`.
   */
  commitment?: SolanaCommitment
  /**
   * Load the wallet code (@wallet-standard/app and @solana/kit) when the page is idle after
   * loading (default true); false loads it on first use only.
   */
  prefetch?: boolean
  /** The page whose idle time the prefetch waits for (default the global window; none on a server). */
  window?: Window
}

/** What a connect may be told by a caller that knows the network chosen in the modal. */
export type SolanaConnectRequest = { network?: Network }

/**
 * The Solana chain adapter; `connect` and `reconnect` take the network chosen in the modal when
 * the caller passes it (the first of the adapter's `networks` the wallet lists otherwise).
 */
export type SolanaAdapter = ChainAdapter & {
  readonly namespace: 'solana'
  connect(connectorId: string, request?: SolanaConnectRequest): Promise<WalletSession>
  reconnect(connectorId: string, request?: SolanaConnectRequest): Promise<WalletSession | null>
  readonly solana: SolanaCapabilities
  /** Lends WalletConnect's Solana side this adapter's runtime (see `solanaToolkit.ts`). */
  loadSolanaToolkit(): Promise<SolanaToolkit>
  setRpcGateway(gateway: RpcGateway): void
}

const COMMITMENTS: Record<SolanaCommitment, SolanaConfirmation> = {
  processed: 'processed',
  recent: 'processed',
  confirmed: 'confirmed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  finalized: 'finalized',
  root: 'finalized',
  max: 'finalized',
}

const FEATURE = 'Solana wallets'

/**
 * The Solana chain adapter: Wallet Standard wallets (discovered with @wallet-standard/app,
 * deduplicated by name), connect / silent reconnect / disconnect, account and disconnect events,
 * message signing, transactions signed or signed and sent, SOL transfers, balances and
 * confirmations over the network's RPC with @solana/kit. Wallets stay here, by connector id (the
 * wallet's name); the core only sees data.
 *
 * What it returns carries neither kit nor the Wallet Standard: discovery and the wallet calls
 * load in chunks of their own on first need, prefetched when the page is idle after loading.
 * Whatever a wallet sends is checked there; junk events come out as `{ type: 'ignored' }`.
 * @solana/kit and @wallet-standard/app are optional peers: without them a Solana call fails with
 * an error naming the package to install.
 *
 * @example
 * const modal = createModal({ projectId, networks: [solanaMainnet], adapters: [createEvmAdapter(), createSolanaAdapter()] })
 */
export function createSolanaAdapter(options: SolanaAdapterOptions = {}): SolanaAdapter {
  const win = options.window ?? (typeof window !== 'undefined' ? window : undefined)
  const networks = options.networks ?? [solanaMainnet, solanaDevnet, solanaTestnet]
  for (const network of networks) {
    if (network?.chainNamespace !== 'solana') throw new InvalidInputError('Unsupported chain namespace', { details: `${String(network?.caipNetworkId)} is not a Solana network` })
  }
  const commitment = COMMITMENTS[options.commitment ?? 'confirmed']
  if (!commitment) throw new InvalidInputError('Invalid Solana commitment', { details: String(options.commitment) })
  const discoveryTimeoutMs = options.discoveryTimeoutMs ?? 1_000
  const receiptPollingMs = options.receiptPollingMs ?? 400
  /** The registry once loaded (with `loaded`, listening to a wallet starts synchronously). */
  let discovered: SolanaWalletDiscovery | null = null
  /** The kit part once loaded: listening to a wallet then starts at once, so no event is missed. */
  let loaded: SolanaRuntime | null = null
  /** The modal's gateway JSON-RPC, read besides each network's own URLs once the modal tells it. */
  let rpcGateway: RpcGateway | undefined

  /** The wallet registry, loaded and watched once (again after a failed load). */
  const loadDiscovery = loadOnce(() =>
    importOptionalPeer('@wallet-standard/app', FEATURE, () => import('./discoverSolanaWallets.js')).then((m) => (discovered = m.discoverSolanaWallets())),
  )

  /** The kit part, loaded once (again after a failed load). */
  const loadRuntime = loadOnce(
    (): Promise<SolanaRuntime> =>
      importOptionalPeer('@solana/kit', FEATURE, () => import('./createSolanaRuntime.js')).then(
        (m) => (loaded = m.createSolanaRuntime({ receiptPollingMs, commitment, rpcGateway: () => rpcGateway })),
      ),
  )

  // Prefetch after the page loaded, when the browser is idle: a connect is then as quick as with
  // static imports, and the host's first bundle and first click never pay for kit.
  if (options.prefetch !== false) {
    void pageIdle(win)
      .then((idle) => (idle ? Promise.all([loadDiscovery(), loadRuntime()]).then(() => undefined) : undefined))
      .catch(() => undefined)
  }

  /** The wallet of a connector, waiting up to `waitMs` for it to register. */
  async function walletOf(connectorId: string, waitMs: number): Promise<Wallet> {
    const found = await loadDiscovery()
    const now = found.find(connectorId)
    if (now) return now.wallet
    if (waitMs <= 0) throw new ConnectorNotFoundError(connectorId)
    const later = await firstValueFrom(
      race(
        found.changed$.pipe(map(() => found.find(connectorId)), filter((w) => w !== undefined)),
        timer(waitMs).pipe(map(() => null)),
      ),
    )
    if (!later) throw new ConnectorNotFoundError(connectorId)
    return later.wallet
  }

  async function session(connectorId: string, silent: boolean, request: SolanaConnectRequest | undefined): Promise<WalletSession | null> {
    const wallet = await walletOf(connectorId, discoveryTimeoutMs)
    const rt = await loadRuntime()
    const accounts = await rt.connect(wallet, { silent })
    if (accounts.length === 0) {
      if (silent) return null
      throw rt.invalidResponse('connect', 'standard:connect: no Solana account')
    }
    const wanted = request?.network?.chainNamespace === 'solana' ? [request.network, ...networks] : networks
    const network = wanted.find((n) => rt.walletChainOf(wallet, n) !== null)
    if (!network) {
      throw new WalletUnrecognizedChainError('The connector does not support any of the requested chains', {
        details: `${connectorId} lists none of ${wanted.map((n) => n.caipNetworkId).join(', ')}`,
      })
    }
    return { accounts: accounts.map((a) => ({ address: a.address, type: 'eoa' as const })), caipNetworkId: network.caipNetworkId }
  }

  const solana: SolanaCapabilities = {
    signTransaction: async (connectorId, request) => (await loadRuntime()).signTransaction(await walletOf(connectorId, 0), request),
    signAndSendTransaction: async (connectorId, network, request) =>
      (await loadRuntime()).signAndSendTransaction(await walletOf(connectorId, 0), network, request),
  }

  return {
    namespace: 'solana',
    setRpcGateway: (gateway) => void (rpcGateway = gateway),

    loadSolanaToolkit: () =>
      Promise.all([loadRuntime(), import('./walletConnectSolanaWallet.js')]).then(([runtime, m]) => ({ runtime, walletConnectWallet: m.walletConnectSolanaWallet })),

    connectors: () =>
      defer(() => from(loadDiscovery())).pipe(
        switchMap((found) => found.wallets$),
        map((list) => list.map((w) => w.connector)),
        distinctUntilChanged((a: Connector[], b: Connector[]) => a.length === b.length && a.every((c, i) => c === b[i])),
      ),

    connect: async (connectorId: string, request?: SolanaConnectRequest) => (await session(connectorId, false, request))!,

    reconnect: async (connectorId: string, request?: SolanaConnectRequest) => {
      try {
        await walletOf(connectorId, discoveryTimeoutMs)
      } catch (error) {
        if (error instanceof ConnectorNotFoundError) return null // Not in this browser (any more).
        throw error
      }
      return session(connectorId, true, request)
    },

    disconnect: async (connectorId) => {
      let wallet: Wallet
      try {
        wallet = await walletOf(connectorId, 0)
      } catch {
        return // Nothing left to tell a wallet that is gone.
      }
      await (await loadRuntime()).disconnect(wallet)
    },

    events: (connectorId) =>
      defer(() => {
        const listen = (found: SolanaWalletDiscovery, rt: SolanaRuntime): Observable<WalletProviderEvent> => {
          const wallet = found.find(connectorId)?.wallet
          return wallet ? rt.events(wallet) : new Observable<WalletProviderEvent>(() => undefined)
        }
        // Both parts loaded (prefetched): the listener is attached at once, so no event is missed.
        if (discovered && loaded) return listen(discovered, loaded)
        return from(Promise.all([loadDiscovery(), loadRuntime()])).pipe(switchMap(([found, rt]) => listen(found, rt)))
      }),

    // A Wallet Standard wallet has no current chain: the app names one in each request, so a
    // switch only checks that the wallet lists the network.
    switchNetwork: async (connectorId, network) => {
      const wallet = await walletOf(connectorId, 0)
      const rt = await loadRuntime()
      if (network.chainNamespace !== 'solana' || rt.walletChainOf(wallet, network) === null) {
        throw new WalletUnrecognizedChainError('Chain is not supported', { details: `${connectorId} does not list ${network.caipNetworkId}` })
      }
    },

    signMessage: async (connectorId, request) => (await loadRuntime()).signMessage(await walletOf(connectorId, 0), request),

    sendTransfer: async (connectorId, network, transfer) => {
      const rt = await loadRuntime()
      const wallet = await walletOf(connectorId, 0)
      return transfer.token === undefined ? rt.sendSol(wallet, network, transfer) : rt.sendToken(wallet, network, { ...transfer, token: transfer.token })
    },

    getBalance: async (network, address) => (await loadRuntime()).getBalance(network, address),

    waitForReceipt: async (network, signature) => (await loadRuntime()).waitForReceipt(network, signature),

    estimateTransferFee: async (network, transfer) => (await loadRuntime()).estimateTransferFee(network, transfer),

    solana,
  }
}
