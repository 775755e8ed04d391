import { Observable } from 'rxjs'
import type { EIP1193Provider } from 'viem'
import type { Connector, Network } from '../../core/domain/entities.js'
import { ConnectorNotFoundError } from '../../core/errors/connection.js'
import type { ChainAdapter, Eip1193Provider, RpcGateway, WalletProviderEvent, WalletTransaction } from '../../core/ports.js'
import type { EvmRuntime } from './createEvmRuntime.js'
import { discoverInjectedWallets } from './discoverInjectedWallets.js'
import type { EvmOperation } from './evmErrors.js'
import { pageIdle } from '../pageIdle.js'

export type EvmAdapterOptions = {
  /** The page to discover wallets in (default: the global window; none on a server). */
  window?: Window
  /** Offer `window.ethereum` when no announced wallet is that provider (default true). */
  legacyInjected?: boolean
  /** How long a reconnect waits for a remembered wallet to announce itself (default 1000 ms). */
  discoveryTimeoutMs?: number
  /** How often a pending transaction's receipt is polled (default 250 ms). */
  receiptPollingMs?: number
  /**
   * Load the wallet code (viem's clients) when the page is idle after loading (default true);
   * false loads it on first use only (a connect, a reconnect, any wallet call).
   */
  prefetch?: boolean
  /**
   * Wallets given with their provider, listed before the ones found in the page (the embedded
   * wallet's connector is one).
   */
  wallets?: readonly { connector: Connector; provider: Eip1193Provider }[]
  /** Look for EIP-6963 and injected wallets in the page (default true). */
  discover?: boolean
}

/**
 * The EVM chain adapter (viem): EIP-6963 and injected wallets, connect / reconnect / disconnect,
 * network switch with add-chain, signing, native and ERC-20 sends, balances and receipts over
 * the network's RPC. Providers stay here, by connector id; the core only sees data.
 *
 * What it returns, the wallet discovery and the connector list carry no viem code: the wallet
 * calls live in their own chunk (`createEvmRuntime`), loaded on first need and prefetched when
 * the page is idle after loading, never on the click that opens the modal. Whatever a wallet
 * sends is checked there; junk events come out as `{ type: 'ignored' }`.
 *
 * @example
 * const modal = createModal({ projectId, networks, adapters: [createEvmAdapter()] })
 */
export function createEvmAdapter(options: EvmAdapterOptions = {}): ChainAdapter {
  const win = options.window ?? (typeof window !== 'undefined' ? window : undefined)
  const discoveryTimeoutMs = options.discoveryTimeoutMs ?? 1_000
  const receiptPollingMs = options.receiptPollingMs ?? 250
  let discovery: ReturnType<typeof discoverInjectedWallets> | null = null
  let runtime: Promise<EvmRuntime> | null = null
  /** The viem part once loaded: listening to a wallet then starts at once, so no event is missed. */
  let loaded: EvmRuntime | null = null
  /** The modal's gateway JSON-RPC, read besides each network's own URLs once the modal tells it. */
  let rpcGateway: RpcGateway | undefined

  /** The viem part, loaded once (again after a failed load). */
  const loadRuntime = (): Promise<EvmRuntime> =>
    (runtime ??= import('./createEvmRuntime.js').then(
      (m) => (loaded = m.createEvmRuntime({ receiptPollingMs, rpcGateway: () => rpcGateway })),
      (error: unknown) => {
        runtime = null
        throw error
      },
    ))

  // Prefetch after the page loaded, when the browser is idle: a connect is then as quick as with
  // a static import, and the host's first bundle and first click never pay for viem.
  if (options.prefetch !== false) void pageIdle(win).then((idle) => (idle ? loadRuntime().then(() => undefined) : undefined)).catch(() => undefined)

  const given = options.wallets ?? []
  const discover = () => {
    if (!win || options.discover === false) return null
    discovery ??= discoverInjectedWallets(win, options.legacyInjected === false ? { legacyInjected: false } : {})
    return discovery
  }

  const findProvider = (connectorId: string): EIP1193Provider | undefined =>
    (given.find((w) => w.connector.id === connectorId)?.provider as EIP1193Provider | undefined) ?? discover()?.find(connectorId)?.provider

  /** The provider of a connector, waiting up to `waitMs` for it to be announced. */
  async function providerOf(connectorId: string, waitMs: number): Promise<EIP1193Provider> {
    const now = findProvider(connectorId)
    if (now) return now
    const found$ = discover()
    if (!found$ || waitMs <= 0) throw new ConnectorNotFoundError(connectorId)
    // The first announcement that brings it, or nothing after waitMs.
    const found = await new Promise<EIP1193Provider | undefined>((resolve) => {
      const done = (provider: EIP1193Provider | undefined) => {
        clearTimeout(timeout)
        subscription.unsubscribe()
        resolve(provider)
      }
      const timeout = setTimeout(() => done(undefined), waitMs)
      const subscription = found$.changed$.subscribe(() => {
        const provider = findProvider(connectorId)
        if (provider) done(provider)
      })
    })
    if (!found) throw new ConnectorNotFoundError(connectorId)
    return found
  }

  /** Runs a wallet call with the viem part loaded; any failure becomes the spec's error for `operation`. */
  const withRuntime = async <T>(operation: EvmOperation, run: (rt: EvmRuntime) => Promise<T>): Promise<T> => {
    try {
      return await run(await loadRuntime())
    } catch (error) {
      throw await evmError(error, operation)
    }
  }

  const sendTransaction = (connectorId: string, network: Network, tx: WalletTransaction) =>
    withRuntime('sendTransaction', async (rt) => rt.sendTransaction(await providerOf(connectorId, 0), network, tx))

  return {
    namespace: 'eip155',

    setRpcGateway: (gateway) => void (rpcGateway = gateway),

    // Optimization: these two are written on rxjs' Observable alone (no operators), which the
    // host's first bundle holds already: an adapter the host creates at start brings no more.
    connectors: () =>
      new Observable<Connector[]>((subscriber) => {
        const found = discover()
        const listed = given.map((w) => w.connector)
        if (!found) return subscriber.next(listed)
        let last: Connector[] | undefined
        return found.wallets$.subscribe((list) => {
          const next = [...listed, ...list.map((w) => w.connector)]
          if (last && last.length === next.length && last.every((c, i) => c === next[i])) return
          last = next
          subscriber.next(next)
        })
      }),

    connect: (connectorId) =>
      withRuntime('connect', async (rt) => rt.connect(await providerOf(connectorId, discoveryTimeoutMs))),

    reconnect: async (connectorId) => {
      let provider: EIP1193Provider
      try {
        provider = await providerOf(connectorId, discoveryTimeoutMs)
      } catch {
        return null
      }
      return withRuntime('reconnect', (rt) => rt.reconnect(provider))
    },

    disconnect: async (connectorId) => {
      let provider: EIP1193Provider
      try {
        provider = await providerOf(connectorId, 0)
      } catch {
        return // Nothing left to tell a wallet that is gone.
      }
      try {
        // Wallets that support it forget this site's permission, so a disconnect is real.
        await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] } as never)
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code
        // Unsupported, or the wallet is already disconnected: nothing more to undo.
        if (code === 4200 || code === -32601 || code === -32004 || code === 4900 || code === 4100) return
        throw await evmError(error, 'disconnect')
      }
    },

    events: (connectorId) =>
      new Observable<WalletProviderEvent>((subscriber) => {
        const provider = findProvider(connectorId)
        if (!provider) return undefined
        if (loaded) return loaded.events(provider).subscribe(subscriber)
        let inner: { unsubscribe(): void } | undefined
        let closed = false
        loadRuntime().then(
          (rt) => {
            if (!closed) inner = rt.events(provider).subscribe(subscriber)
          },
          (error: unknown) => subscriber.error(error),
        )
        return () => {
          closed = true
          inner?.unsubscribe()
        }
      }),

    switchNetwork: (connectorId, network) =>
      withRuntime('switchNetwork', async (rt) => rt.switchNetwork(await providerOf(connectorId, 0), network)),

    signMessage: (connectorId, request) =>
      withRuntime('signMessage', async (rt) => rt.signMessage(await providerOf(connectorId, 0), request)),

    evm: {
      signTypedData: (connectorId, request) =>
        withRuntime('signTypedData', async (rt) => rt.signTypedData(await providerOf(connectorId, 0), request)),
      sendTransaction,
      // The announced (or injected) provider itself: nothing to load, no prompt.
      getProvider: async (connectorId) => findProvider(connectorId) as Eip1193Provider | undefined,
    },

    sendTransfer: (connectorId, network, { from: sender, receiver, amount, token }) =>
      token === undefined
        ? sendTransaction(connectorId, network, { from: sender, to: receiver, value: amount })
        : withRuntime('sendTransaction', async (rt) =>
            rt.sendTransaction(await providerOf(connectorId, 0), network, { from: sender, to: token, data: rt.transferData(receiver, amount) }),
          ),

    getBalance: (network, address) => withRuntime('getBalance', (rt) => rt.getBalance(network, address)),

    waitForReceipt: (network, hash) => withRuntime('waitForReceipt', (rt) => rt.waitForReceipt(network, hash)),

    estimateTransferFee: (network, transfer) => withRuntime('estimateFee', (rt) => rt.estimateTransferFee(network, transfer)),
  }
}

/**
 * The spec's error for a failed wallet call. Optimization: the mapping and the wallet error
 * classes load with the first failure (they share the viem part's chunk, prefetched when the
 * page is idle), so they stay out of the host's first bundle.
 */
async function evmError(error: unknown, operation: EvmOperation): Promise<unknown> {
  try {
    const { toEvmError } = await import('./evmErrors.js')
    return toEvmError(error, operation)
  } catch {
    // The mapping's chunk did not load either: the failure goes on as it came (views show the
    // spec's generic message for anything that is not one of its own).
    return error
  }
}
