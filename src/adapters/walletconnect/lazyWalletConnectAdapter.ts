import { lazyConnectorCalls } from '../lazyAdapterCalls.js'
import { of, ReplaySubject, switchMap } from 'rxjs'
import type { ChainAdapter, WalletConnectPort } from '../../core/ports.js'
import type { ConnectorSource } from '../../core/connectorRegistry.js'
import type { Namespace } from '../../core/events/views.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/events/walletConnect/walletConnect.js'
import type { WalletConnectAdapter, WalletConnectOptions } from './createWalletConnectAdapter.js'
import { walletConnectConnector } from './walletConnectConnector.js'
import { pageIdle } from '../pageIdle.js'

/**
 * Loads WalletConnect's adapter module. It is handed in (by `walletConnect()` of
 * `gangway-kit/walletconnect`), never imported here: a bundler then finds WalletConnect's packages
 * only in the builds of hosts that use it.
 */
export type LoadWalletConnect = () => Promise<{ createWalletConnectAdapter(options: WalletConnectOptions): WalletConnectAdapter }>

/** WalletConnect's port and the connector sources it registers (eip155, solana beside a Solana adapter, bip122 beside a Bitcoin one). */
export type LazyWalletConnectSources = {
  readonly walletConnect: WalletConnectPort
  /** Its eip155 connector; network reads only serve a modal without an EVM adapter. */
  readonly eip155: ConnectorSource
  /**
   * The session's Solana side; `solanaAdapter` lends it the Solana toolkit. One source per
   * WalletConnect adapter: the first call's lender stays.
   */
  solana(solanaAdapter?: ChainAdapter): ConnectorSource
  /** The session's Bitcoin side; `bitcoinAdapter` lends it the Bitcoin runtime. One source per WalletConnect adapter. */
  bitcoin(bitcoinAdapter?: ChainAdapter): ConnectorSource
}

/**
 * The WalletConnect connector sources, loaded on first use. They list the connector at once, but
 * the adapter module (and viem, and the universal provider after it) loads only when the page is
 * idle after loading (the prefetch) or the visitor takes the WalletConnect path, so neither a
 * host's initial bundle nor the click that opens the modal carries it. They serve only the
 * WalletConnect connector: the connector registry sends them that one.
 *
 * @example
 * const wc = createLazyWalletConnectSources({ projectId, networks, relayUrl }, () => import('./createWalletConnectAdapter.js'))
 * registry.register(wc.eip155)
 */
export function createLazyWalletConnectSources(options: WalletConnectOptions, loadModule: LoadWalletConnect): LazyWalletConnectSources {
  const id = WALLET_CONNECT_CONNECTOR_ID
  const loaded$ = new ReplaySubject<WalletConnectAdapter>(1)
  let loading: Promise<WalletConnectAdapter> | undefined
  const load = (): Promise<WalletConnectAdapter> =>
    (loading ??= loadModule().then((m) => {
      const adapter = m.createWalletConnectAdapter(options)
      loaded$.next(adapter)
      return adapter
    }).catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  let current: WalletConnectAdapter | undefined
  loaded$.subscribe((a) => (current = a))

  const port: WalletConnectPort = {
    connectorId: id,
    // Nothing loads before the page is idle: not with the host's first bundle, not on the click that opens the modal.
    prefetch: async () => {
      if (options.prefetch === false) return false
      if (!(await pageIdle(options.window ?? (typeof window !== 'undefined' ? window : undefined)))) return false
      return (await load()).walletConnect.prefetch()
    },
    prefetchPairing: () => void load().then((a) => a.walletConnect.prefetchPairing()),
    // Listening does not load the adapter: activity starts once something else loaded it.
    activity: () => loaded$.pipe(switchMap((a) => a.walletConnect.activity())),
    refreshPairing: () => current?.walletConnect.refreshPairing(),
    cancelPairing: () => current?.walletConnect.cancelPairing(),
  }

  /** A source whose every call waits for its side of the loaded adapter. */
  const lazySource = (namespace: Namespace, side: () => Promise<ChainAdapter>): ConnectorSource => {
    const use = <T>(call: (a: ChainAdapter) => Promise<T>): Promise<T> => side().then(call)
    const connector = walletConnectConnector(options.networks, namespace === 'solana' || namespace === 'bip122' ? namespace : undefined)
    return {
      namespace,
      connectorIds: [id],
      type: 'WALLET_CONNECT',
      adapter: {
        connectors: () => of([connector]),
        // Nothing to disconnect from before the adapter was ever loaded.
        ...lazyConnectorCalls(side, () => current !== undefined),
        getBalance: (network, address) => use((a) => a.getBalance(network, address)),
        waitForReceipt: (network, hash) => use((a) => a.waitForReceipt(network, hash)),
        estimateTransferFee: (network, transfer) => use((a) => a.estimateTransferFee!(network, transfer)),
        ...(namespace === 'bip122'
          ? { bitcoin: { signPsbt: (connectorId, network, request) => use((a) => a.bitcoin!.signPsbt(connectorId, network, request)) } }
          : namespace === 'solana'
          ? {
              solana: {
                signTransaction: (connectorId, request) => use((a) => a.solana!.signTransaction(connectorId, request)),
                signAndSendTransaction: (connectorId, network, request) => use((a) => a.solana!.signAndSendTransaction(connectorId, network, request)),
              },
            }
          : {
              evm: {
                signTypedData: (connectorId, request) => use((a) => a.evm!.signTypedData(connectorId, request)),
                sendTransaction: (connectorId, network, tx) => use((a) => a.evm!.sendTransaction(connectorId, network, tx)),
                // Asking never loads the adapter: before it is loaded there is no WalletConnect session to hand out.
                getProvider: async (connectorId) => current?.evm?.getProvider?.(connectorId),
              },
            }),
      },
    }
  }

  let solanaSide: ConnectorSource | undefined
  let bitcoinSide: ConnectorSource | undefined
  return {
    walletConnect: port,
    eip155: lazySource('eip155', load),
    solana: (solanaAdapter) => (solanaSide ??= lazySource('solana', () => load().then((a) => a.solanaAdapter(solanaAdapter)))),
    bitcoin: (bitcoinAdapter) => (bitcoinSide ??= lazySource('bip122', () => load().then((a) => a.bitcoinAdapter(bitcoinAdapter)))),
  }
}
