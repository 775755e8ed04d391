import { defer, distinctUntilChanged, filter, firstValueFrom, from, interval, map, merge, Observable, race, switchMap, tap, timer } from 'rxjs'
import type { Connector, Network } from '../../core/domain/entities.js'
import { InvalidInputError } from '../../core/errors/base.js'
import { ConnectorNotFoundError, NoActiveAddressError } from '../../core/errors/connection.js'
import { WalletUnrecognizedChainError } from '../../core/errors/wallet.js'
import type { BitcoinCapabilities, ChainAdapter, ConnectRequest, RpcGateway, WalletProviderEvent, WalletSession } from '../../core/ports.js'
import { loadOnce } from '../loadOnce.js'
import { importOptionalPeer } from '../optionalPeer.js'
import { pageIdle } from '../pageIdle.js'
import type { BitcoinToolkit } from './bitcoinToolkit.js'
import type { BitcoinRuntime } from './createBitcoinRuntime.js'
import { bitcoinMainnet, bitcoinRegtest, bitcoinTestnet } from './defineBitcoinNetwork.js'
import type { BitcoinWalletDiscovery } from './discoverBitcoinWallets.js'
import type { BitcoinAccount, BitcoinWalletApi } from './bitcoinWallets.js'
import { isBitcoinAddress } from './isBitcoinAddress.js'

export type BitcoinAdapterOptions = {
  /**
   * The networks a connect may report, in order of preference: the first whose addresses the
   * wallet's payment address is of (default mainnet, testnet, regtest). Give the same Bitcoin
   * networks as the modal's `networks`.
   */
  networks?: Network[]
  /** How long a connect or reconnect waits for a remembered wallet to show up (default 1000 ms). */
  discoveryTimeoutMs?: number
  /** How often a sent transaction's status is polled (default 2000 ms). */
  receiptPollingMs?: number
  /**
   * Load the wallet code (@wallet-standard/app and @scure/btc-signer) when the page is idle after
   * loading (default true); false loads it on first use only.
   */
  prefetch?: boolean
  /** The page whose wallets are discovered and whose idle time the prefetch waits for (default the global window). */
  window?: Window
  /** The fetch Esplora is reached with (default the global fetch). */
  fetch?: typeof fetch
}

/** The Bitcoin chain adapter (namespace `bip122`). */
export type BitcoinAdapter = ChainAdapter & {
  readonly namespace: 'bip122'
  readonly bitcoin: BitcoinCapabilities
  isAddress(network: Network, address: string): boolean
  setRpcGateway(gateway: RpcGateway): void
  /** Lends WalletConnect's Bitcoin side this adapter's runtime (see `bitcoinToolkit.ts`). */
  loadBitcoinToolkit(): Promise<BitcoinToolkit>
}

const FEATURE = 'Bitcoin wallets'
/** The optional peers Bitcoin needs; the package's build puts both parts in one chunk, which imports both. */
const PEERS = ['@wallet-standard/app', '@scure/btc-signer']

/**
 * The Bitcoin chain adapter: wallets found both ways they offer themselves (Wallet Standard
 * `bitcoin:connect`, and `window.btc_providers` of the sats-connect convention; one per name),
 * connect with the payment and ordinals accounts (payment first: it is the one shown and used),
 * silent reconnect, account and disconnect events, BIP-322 message signing from the payment
 * address, PSBT signing for hosts, BTC sends built as PSBTs, balances, fees and confirmations over
 * Esplora (the gateway's routes, then the network's own URLs).
 *
 * What it returns carries neither the Wallet Standard registry nor @scure/btc-signer: they load in
 * chunks of their own on first need, prefetched when the page is idle after loading. Both are
 * optional peers: without them a Bitcoin call fails with an error naming the package to install.
 *
 * @example
 * const modal = createModal({ projectId, networks: [mainnet, bitcoinMainnet], adapters: [createEvmAdapter(), createBitcoinAdapter()] })
 */
export function createBitcoinAdapter(options: BitcoinAdapterOptions = {}): BitcoinAdapter {
  const win = options.window ?? (typeof window !== 'undefined' ? window : undefined)
  const networks = options.networks ?? [bitcoinMainnet, bitcoinTestnet, bitcoinRegtest]
  for (const network of networks) {
    if (network?.chainNamespace !== 'bip122') throw new InvalidInputError('Unsupported chain namespace', { details: `${String(network?.caipNetworkId)} is not a Bitcoin network` })
  }
  const discoveryTimeoutMs = options.discoveryTimeoutMs ?? 1_000
  const receiptPollingMs = options.receiptPollingMs ?? 2_000
  let discovered: BitcoinWalletDiscovery | null = null
  let rpcGateway: RpcGateway | undefined
  /** The accounts each connector connected with (their public keys build a send's inputs). */
  const accounts = new Map<string, BitcoinAccount[]>()

  const loadDiscovery = loadOnce(() =>
    importOptionalPeer(PEERS, FEATURE, () => import('./discoverBitcoinWallets.js')).then((m) => (discovered = m.discoverBitcoinWallets(win))),
  )
  const loadRuntime = loadOnce(
    (): Promise<BitcoinRuntime> =>
      importOptionalPeer(PEERS, FEATURE, () => import('./createBitcoinRuntime.js')).then((m) =>
        m.createBitcoinRuntime({ receiptPollingMs, gateway: () => rpcGateway, ...(options.fetch ? { fetch: options.fetch } : {}) }),
      ),
  )

  if (options.prefetch !== false) {
    void pageIdle(win)
      .then((idle) => (idle ? Promise.all([loadDiscovery(), loadRuntime()]).then(() => undefined) : undefined))
      .catch(() => undefined)
  }

  /** The wallet of a connector, waiting up to `waitMs` for it to show up. */
  async function walletOf(connectorId: string, waitMs: number): Promise<BitcoinWalletApi> {
    const found = await loadDiscovery()
    found.rescan()
    const now = found.find(connectorId)
    if (now) return now.wallet
    if (waitMs <= 0) throw new ConnectorNotFoundError(connectorId)
    // Wallet Standard wallets announce themselves; btc_providers is read again meanwhile.
    const later = await firstValueFrom(
      race(
        merge(found.changed$, interval(100).pipe(tap(() => found.rescan()))).pipe(map(() => found.find(connectorId)), filter((w) => w !== undefined)),
        timer(waitMs).pipe(map(() => null)),
      ),
    )
    if (!later) throw new ConnectorNotFoundError(connectorId)
    return later.wallet
  }

  /** The first network (the one asked for first) that the wallet lists, if it says, and whose addresses the payment one is. */
  function networkOf(wallet: BitcoinWalletApi, payment: string, request: ConnectRequest | undefined): Network | undefined {
    const listed = wallet.chains()
    const wanted = request?.network?.chainNamespace === 'bip122' ? [request.network, ...networks] : networks
    return wanted.find((n) => (listed.length === 0 || listed.includes(n.caipNetworkId)) && isBitcoinAddress(n, payment))
  }

  async function session(connectorId: string, silent: boolean, request: ConnectRequest | undefined): Promise<WalletSession | null> {
    const wallet = await walletOf(connectorId, discoveryTimeoutMs)
    const found = await wallet.connect(silent)
    if (!found) return null
    const payment = found[0] as BitcoinAccount
    const network = networkOf(wallet, payment.address, request)
    if (!network) {
      throw new WalletUnrecognizedChainError('The connector does not support any of the requested chains', {
        details: `${connectorId}'s payment address ${payment.address} is of none of ${networks.map((n) => n.caipNetworkId).join(', ')}`,
      })
    }
    accounts.set(connectorId, found)
    return { accounts: found.map((a) => ({ ...a })), caipNetworkId: network.caipNetworkId }
  }

  /** The connected account that sends from `address` (its public key is needed for some address types). */
  function accountOf(connectorId: string | undefined, address: string): BitcoinAccount {
    const known = connectorId ? accounts.get(connectorId) : [...accounts.values()].flat()
    return known?.find((a) => a.address === address) ?? { address, type: 'payment', publicKey: '' }
  }

  const bitcoin: BitcoinCapabilities = {
    signPsbt: async (connectorId, network, request) => {
      const [rt, wallet] = await Promise.all([loadRuntime(), walletOf(connectorId, 0)])
      return rt.signPsbt(wallet, network, request)
    },
  }

  return {
    namespace: 'bip122',
    setRpcGateway: (gateway) => void (rpcGateway = gateway),
    isAddress: (network, address) => isBitcoinAddress(network, address),

    loadBitcoinToolkit: () =>
      Promise.all([loadRuntime(), import('./walletConnectBitcoinWallet.js')]).then(([runtime, m]) => ({
        runtime,
        walletConnectWallet: m.walletConnectBitcoinWallet,
        walletConnectAccounts: m.walletConnectBitcoinAccounts,
      })),

    connectors: () =>
      defer(() => from(loadDiscovery())).pipe(
        switchMap((found) => found.wallets$),
        map((list) => list.map((w) => w.connector)),
        distinctUntilChanged((a: Connector[], b: Connector[]) => a.length === b.length && a.every((c, i) => c === b[i])),
      ),

    connect: async (connectorId, request) => (await session(connectorId, false, request))!,

    reconnect: async (connectorId, request) => {
      try {
        await walletOf(connectorId, discoveryTimeoutMs)
      } catch (error) {
        if (error instanceof ConnectorNotFoundError) return null
        throw error
      }
      return session(connectorId, true, request)
    },

    disconnect: async (connectorId) => {
      accounts.delete(connectorId)
      let wallet: BitcoinWalletApi
      try {
        wallet = await walletOf(connectorId, 0)
      } catch {
        return
      }
      await wallet.disconnect()
    },

    events: (connectorId) =>
      defer(() => {
        const listen = (found: BitcoinWalletDiscovery): Observable<WalletProviderEvent> => {
          const wallet = found.find(connectorId)?.wallet
          if (!wallet) return new Observable<WalletProviderEvent>(() => undefined)
          return wallet.events().pipe(
            tap((e) => {
              if (e.type === 'accountsChanged') accounts.set(connectorId, e.accounts as BitcoinAccount[])
              if (e.type === 'disconnect') accounts.delete(connectorId)
            }),
          )
        }
        return discovered ? listen(discovered) : from(loadDiscovery()).pipe(switchMap(listen))
      }),

    // A Bitcoin wallet has no current network to switch: the connected addresses must be of it.
    switchNetwork: async (connectorId, network) => {
      const wallet = await walletOf(connectorId, 0)
      const payment = accounts.get(connectorId)?.[0]
      const listed = wallet.chains()
      if (network.chainNamespace !== 'bip122' || !payment || !isBitcoinAddress(network, payment.address) || (listed.length > 0 && !listed.includes(network.caipNetworkId))) {
        throw new WalletUnrecognizedChainError('Chain is not supported', { details: `${connectorId}'s accounts are not of ${network.caipNetworkId}` })
      }
    },

    // BIP-322 from the payment address (the account the core uses is the first: payment).
    signMessage: async (connectorId, request) => (await walletOf(connectorId, 0)).signMessage(request),

    sendTransfer: async (connectorId, network, transfer) => {
      const [rt, wallet] = await Promise.all([loadRuntime(), walletOf(connectorId, 0)])
      if (!accounts.has(connectorId)) throw new NoActiveAddressError()
      return rt.sendTransfer(wallet, network, accountOf(connectorId, transfer.from), transfer)
    },

    getBalance: async (network, address) => (await loadRuntime()).getBalance(network, address),

    waitForReceipt: async (network, txid) => (await loadRuntime()).waitForReceipt(network, txid),

    estimateTransferFee: async (network, transfer) => (await loadRuntime()).estimateTransferFee(network, accountOf(undefined, transfer.from), transfer),

    bitcoin,
  }
}
