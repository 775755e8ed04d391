import { defer, EMPTY, from, map, of, ReplaySubject, switchMap, type Observable } from 'rxjs'
import type { ChainAdapter, EvmCapabilities, SolanaCapabilities } from '../../core/ports.js'
import { GangwayError } from '../../core/errors/base.js'
import type { WalletConnectPort } from '../../core/ports.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/events/walletConnect.js'
import type { WalletConnectAdapter, WalletConnectOptions } from './createWalletConnectAdapter.js'
import { walletConnectConnector } from './walletConnectConnector.js'
import { pageIdle } from '../pageIdle.js'

/**
 * The WalletConnect adapter, loaded on first use. It lists the connector at once, but the
 * adapter module (and viem, and the universal provider after it) loads only when the page is
 * idle after loading (the prefetch) or the visitor takes the WalletConnect path, so neither a
 * host's initial bundle nor the click that opens the modal carries it. Other connectors go straight to `inner` and never load it.
 *
 * @example
 * const adapter = createLazyWalletConnectAdapter({ projectId, networks, relayUrl }, createEvmAdapter())
 */
export function createLazyWalletConnectAdapter(options: WalletConnectOptions, inner?: ChainAdapter): WalletConnectAdapter {
  const id = WALLET_CONNECT_CONNECTOR_ID
  const connector = walletConnectConnector(options.networks)
  const loaded$ = new ReplaySubject<WalletConnectAdapter>(1)
  let loading: Promise<WalletConnectAdapter> | undefined
  const load = (): Promise<WalletConnectAdapter> =>
    (loading ??= import('./createWalletConnectAdapter.js').then((m) => {
      const adapter = m.createWalletConnectAdapter(options, inner)
      loaded$.next(adapter)
      return adapter
    }).catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  let current: WalletConnectAdapter | undefined
  loaded$.subscribe((a) => (current = a))
  let solanaSide: ChainAdapter | undefined

  // WalletConnect's connector goes to the loaded adapter; every other one to `inner`.
  const route = <T>(connectorId: string, use: (adapter: ChainAdapter) => Promise<T>): Promise<T> =>
    connectorId === id || !inner ? load().then(use) : use(inner)

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

  return {
    namespace: 'eip155',
    walletConnect: port,
    solanaAdapter: (solanaInner) => (solanaSide ??= lazySolanaAdapter(options, load, () => current, solanaInner)),
    connectors: (): Observable<typeof connector[]> =>
      inner ? inner.connectors().pipe(map((list) => [connector, ...list.filter((c) => c.id !== id)])) : of([connector]),
    connect: (connectorId) => route(connectorId, (a) => a.connect(connectorId)),
    reconnect: (connectorId) => route(connectorId, (a) => a.reconnect(connectorId)),
    // Nothing to disconnect from before the adapter was ever loaded.
    disconnect: (connectorId) =>
      connectorId === id && !current ? Promise.resolve() : route(connectorId, (a) => a.disconnect(connectorId)),
    events: (connectorId) =>
      connectorId === id || !inner ? defer(() => from(load())).pipe(switchMap((a) => a.events(connectorId))) : (inner.events(connectorId) ?? EMPTY),
    switchNetwork: (connectorId, network) => route(connectorId, (a) => a.switchNetwork(connectorId, network)),
    signMessage: (connectorId, request) => route(connectorId, (a) => a.signMessage(connectorId, request)),
    evm: {
      signTypedData: (connectorId, request) => route(connectorId, (a) => evmOf(a).signTypedData(connectorId, request)),
      sendTransaction: (connectorId, network, tx) => route(connectorId, (a) => evmOf(a).sendTransaction(connectorId, network, tx)),
      // Asking never loads the adapter: before it is loaded there is no WalletConnect session to hand out.
      getProvider: async (connectorId) =>
        connectorId === id || !inner ? current?.evm?.getProvider?.(connectorId) : inner.evm?.getProvider?.(connectorId),
    },
    sendTransfer: (connectorId, network, transfer) => route(connectorId, (a) => a.sendTransfer(connectorId, network, transfer)),
    getBalance: (network, address) => (inner ? inner.getBalance(network, address) : load().then((a) => a.getBalance(network, address))),
    waitForReceipt: (network, hash) => (inner ? inner.waitForReceipt(network, hash) : load().then((a) => a.waitForReceipt(network, hash))),
    estimateTransferFee: (network, transfer) =>
      inner?.estimateTransferFee ? inner.estimateTransferFee(network, transfer) : load().then((a) => a.estimateTransferFee!(network, transfer)),
  }
}

/**
 * The session's Solana side, loaded with the WalletConnect adapter on first use: its connector
 * is listed at once, WalletConnect calls wait for the adapter, the others go to `inner`.
 */
function lazySolanaAdapter(
  options: WalletConnectOptions,
  load: () => Promise<WalletConnectAdapter>,
  current: () => WalletConnectAdapter | undefined,
  inner: ChainAdapter | undefined,
): ChainAdapter {
  const id = WALLET_CONNECT_CONNECTOR_ID
  const connector = walletConnectConnector(options.networks, 'solana')
  const side = () => load().then((a) => a.solanaAdapter(inner))
  const route = <T>(connectorId: string, use: (adapter: ChainAdapter) => Promise<T>): Promise<T> =>
    connectorId === id || !inner ? side().then(use) : use(inner)
  return {
    namespace: 'solana',
    connectors: () => (inner ? inner.connectors().pipe(map((list) => [connector, ...list.filter((c) => c.id !== id)])) : of([connector])),
    connect: (connectorId, request) => route(connectorId, (a) => a.connect(connectorId, request)),
    reconnect: (connectorId, request) => route(connectorId, (a) => a.reconnect(connectorId, request)),
    // Nothing to disconnect from before the adapter was ever loaded.
    disconnect: (connectorId) => (connectorId === id && !current() ? Promise.resolve() : route(connectorId, (a) => a.disconnect(connectorId))),
    events: (connectorId) =>
      connectorId === id || !inner ? defer(() => from(side())).pipe(switchMap((a) => a.events(connectorId))) : (inner.events(connectorId) ?? EMPTY),
    switchNetwork: (connectorId, network) => route(connectorId, (a) => a.switchNetwork(connectorId, network)),
    signMessage: (connectorId, request) => route(connectorId, (a) => a.signMessage(connectorId, request)),
    sendTransfer: (connectorId, network, transfer) => route(connectorId, (a) => a.sendTransfer(connectorId, network, transfer)),
    getBalance: (network, address) => (inner ? inner.getBalance(network, address) : side().then((a) => a.getBalance(network, address))),
    waitForReceipt: (network, hash) => (inner ? inner.waitForReceipt(network, hash) : side().then((a) => a.waitForReceipt(network, hash))),
    estimateTransferFee: (network, transfer) =>
      inner?.estimateTransferFee ? inner.estimateTransferFee(network, transfer) : side().then((a) => a.estimateTransferFee!(network, transfer)),
    solana: {
      signTransaction: (connectorId, request) => route(connectorId, (a) => solanaOf(a).signTransaction(connectorId, request)),
      signAndSendTransaction: (connectorId, network, request) => route(connectorId, (a) => solanaOf(a).signAndSendTransaction(connectorId, network, request)),
    },
  }
}

function solanaOf(adapter: ChainAdapter): SolanaCapabilities {
  if (!adapter.solana) throw new GangwayError('Unsupported chain namespace', { details: `${adapter.namespace} has no Solana capabilities` })
  return adapter.solana
}

function evmOf(adapter: ChainAdapter): EvmCapabilities {
  if (!adapter.evm) throw new GangwayError('Unsupported chain namespace', { details: `${adapter.namespace} has no EVM capabilities` })
  return adapter.evm
}
