import { defer, distinctUntilChanged, filter, firstValueFrom, map, Observable, race, timer } from 'rxjs'
import {
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  type Address,
  type EIP1193Provider,
  type Hex,
  type PublicClient,
  type TypedDataDefinition,
  type WalletClient,
} from 'viem'
import type { Connector, Network } from '../../core/domain/entities.js'
import { ConnectorNotFoundError } from '../../core/effects/connectionErrors.js'
import { serializeError } from '../../core/errors.js'
import type { ChainAdapter, WalletProviderEvent, WalletSession } from '../../core/ports.js'
import { RPC_RETRIES, RPC_RETRY_BASE_MS, RPC_TIMEOUT_MS } from '../../core/domain/constants.js'
import { discoverInjectedWallets, type InjectedWallet } from './discoverInjectedWallets.js'
import { isUnrecognizedChainError, toEvmError, type EvmOperation } from './evmErrors.js'
import { addChainParameters, evmChainId, toViemChain } from './networkChain.js'

export type EvmAdapterOptions = {
  /** The page to discover wallets in (default: the global window; none on a server). */
  window?: Window
  /** Offer `window.ethereum` when no announced wallet is that provider (default true). */
  legacyInjected?: boolean
  /** How long a reconnect waits for a remembered wallet to announce itself (default 1000 ms). */
  discoveryTimeoutMs?: number
  /** How often a pending transaction's receipt is polled (default 250 ms). */
  receiptPollingMs?: number
}

/**
 * The EVM chain adapter (viem): EIP-6963 and injected wallets, connect / reconnect / disconnect,
 * network switch with add-chain, signing, native and ERC-20 sends, balances and receipts over
 * the network's RPC. Providers stay here, by connector id; the core only sees data.
 *
 * @example
 * const modal = createModal({ projectId, networks, adapters: [createEvmAdapter()] })
 */
export function createEvmAdapter(options: EvmAdapterOptions = {}): ChainAdapter {
  const win = options.window ?? (typeof window !== 'undefined' ? window : undefined)
  const discoveryTimeoutMs = options.discoveryTimeoutMs ?? 1_000
  const pollingInterval = options.receiptPollingMs ?? 250
  let discovery: ReturnType<typeof discoverInjectedWallets> | null = null
  const publicClients = new Map<string, PublicClient>()

  const wallets$ = (): Observable<InjectedWallet[]> & { readonly value: InjectedWallet[] } | null => {
    if (!win) return null
    discovery ??= discoverInjectedWallets(win, options.legacyInjected === false ? { legacyInjected: false } : {})
    return discovery.wallets$
  }

  const find = (list: InjectedWallet[], connectorId: string) => list.find((w) => w.connector.id === connectorId)?.provider
  const findProvider = (connectorId: string): EIP1193Provider | undefined => {
    const list$ = wallets$()
    return list$ ? find(list$.value, connectorId) : undefined
  }

  /** The provider of a connector, waiting up to `waitMs` for it to be announced. */
  async function providerOf(connectorId: string, waitMs: number): Promise<EIP1193Provider> {
    const now = findProvider(connectorId)
    if (now) return now
    const list$ = wallets$()
    if (!list$ || waitMs <= 0) throw new ConnectorNotFoundError(connectorId)
    const found = await firstValueFrom(
      race(
        list$.pipe(map((list) => find(list, connectorId)), filter((p): p is EIP1193Provider => p !== undefined)),
        timer(waitMs).pipe(map(() => null)),
      ),
    )
    if (!found) throw new ConnectorNotFoundError(connectorId)
    return found
  }

  const walletClient = (provider: EIP1193Provider): WalletClient =>
    // No retries: a retried eth_requestAccounts would prompt the visitor twice.
    createWalletClient({ transport: custom(provider, { retryCount: 0 }) })

  const publicClient = (network: Network): PublicClient => {
    let client = publicClients.get(network.caipNetworkId)
    if (!client) {
      const url = network.rpcUrls.default.http[0]
      client = createPublicClient({
        chain: toViemChain(network),
        // Spec §9: 3 retries from 150 ms doubling, 10 s timeout.
        transport: http(url, { retryCount: RPC_RETRIES, retryDelay: RPC_RETRY_BASE_MS, timeout: RPC_TIMEOUT_MS }),
      }) as PublicClient
      publicClients.set(network.caipNetworkId, client)
    }
    return client
  }

  const guard = async <T>(operation: EvmOperation, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw toEvmError(error, operation)
    }
  }

  const session = async (client: WalletClient, accounts: readonly Address[]): Promise<WalletSession> => ({
    accounts: accounts.map((a) => ({ address: getAddress(a), type: 'eoa' as const })),
    caipNetworkId: `eip155:${await client.getChainId()}`,
  })

  const sendTransaction = (connectorId: string, network: Network, tx: { from: string; to: string; value?: string; data?: string }) =>
    guard('sendTransaction', async () => {
      const client = walletClient(await providerOf(connectorId, 0))
      return client.sendTransaction({
        account: getAddress(tx.from),
        // With the chain given, viem checks the wallet is on it before asking to send.
        chain: toViemChain(network),
        to: getAddress(tx.to),
        ...(tx.value !== undefined ? { value: BigInt(tx.value) } : {}),
        ...(tx.data !== undefined ? { data: tx.data as Hex } : {}),
      })
    })

  return {
    namespace: 'eip155',

    connectors: () =>
      defer(() => {
        const list$ = wallets$()
        if (!list$) return new Observable<Connector[]>((s) => s.next([]))
        return list$.pipe(
          map((list) => list.map((w) => w.connector)),
          distinctUntilChanged((a, b) => a.length === b.length && a.every((c, i) => c === b[i])),
        )
      }),

    connect: (connectorId) =>
      guard('connect', async () => {
        const client = walletClient(await providerOf(connectorId, discoveryTimeoutMs))
        return session(client, await client.requestAddresses())
      }),

    reconnect: async (connectorId) => {
      let provider: EIP1193Provider
      try {
        provider = await providerOf(connectorId, discoveryTimeoutMs)
      } catch {
        return null
      }
      return guard('reconnect', async () => {
        const client = walletClient(provider)
        const accounts = await client.getAddresses()
        return accounts.length > 0 ? session(client, accounts) : null
      })
    },

    disconnect: async (connectorId) => {
      let provider: EIP1193Provider
      try {
        provider = await providerOf(connectorId, 0)
      } catch {
        return // Nothing left to tell a wallet that is gone.
      }
      await guard('disconnect', async () => {
        try {
          // Wallets that support it forget this site's permission, so a disconnect is real.
          await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] } as never)
        } catch (error) {
          const code = (error as { code?: unknown }).code
          // Unsupported, or the wallet is already disconnected: nothing more to undo.
          if (code === 4200 || code === -32601 || code === -32004 || code === 4900 || code === 4100) return
          throw error
        }
      })
    },

    events: (connectorId) =>
      new Observable<WalletProviderEvent>((subscriber) => {
        const provider = findProvider(connectorId)
        if (!provider) return
        const onAccounts = (accounts: unknown) =>
          subscriber.next({
            type: 'accountsChanged',
            accounts: (Array.isArray(accounts) ? accounts : []).map((a) => ({ address: getAddress(String(a)), type: 'eoa' as const })),
          })
        const onChain = (chainId: unknown) => subscriber.next({ type: 'chainChanged', caipNetworkId: `eip155:${Number(chainId)}` })
        const onDisconnect = (error: unknown) => {
          // MetaMask's 1013 means it is reconnecting to its node, not that the site was disconnected.
          if ((error as { code?: unknown } | undefined)?.code === 1013) return
          subscriber.next({ type: 'disconnect', error: serializeError(toEvmError(error, 'event')) })
        }
        provider.on('accountsChanged', onAccounts as never)
        provider.on('chainChanged', onChain as never)
        provider.on('disconnect', onDisconnect as never)
        return () => {
          provider.removeListener('accountsChanged', onAccounts as never)
          provider.removeListener('chainChanged', onChain as never)
          provider.removeListener('disconnect', onDisconnect as never)
        }
      }),

    switchNetwork: (connectorId, network) =>
      guard('switchNetwork', async () => {
        const provider = await providerOf(connectorId, 0)
        const client = walletClient(provider)
        const chainId = evmChainId(network)
        try {
          await client.switchChain({ id: chainId })
        } catch (error) {
          if (!isUnrecognizedChainError(error)) throw error
          // The wallet does not know the network: add it (which may switch already), then switch.
          await client.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(network)] } as never)
          if ((await client.getChainId()) !== chainId) await client.switchChain({ id: chainId })
        }
      }),

    signMessage: (connectorId, { address, message }) =>
      guard('signMessage', async () => {
        const client = walletClient(await providerOf(connectorId, 0))
        return client.signMessage({ account: getAddress(address), message })
      }),

    evm: {
      signTypedData: (connectorId, { address, typedData }) =>
        guard('signTypedData', async () => {
          const client = walletClient(await providerOf(connectorId, 0))
          return client.signTypedData({ account: getAddress(address), ...(typedData as TypedDataDefinition) })
        }),
      sendTransaction,
    },

    sendTransfer: (connectorId, network, { from, receiver, amount, token }) =>
      token === undefined
        ? sendTransaction(connectorId, network, { from, to: receiver, value: amount })
        : sendTransaction(connectorId, network, {
            from,
            to: token,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(receiver), BigInt(amount)] }),
          }),

    getBalance: (network, address) =>
      guard('getBalance', async () => (await publicClient(network).getBalance({ address: getAddress(address) })).toString()),

    waitForReceipt: (network, hash) =>
      guard('waitForReceipt', async () => {
        const receipt = await publicClient(network).waitForTransactionReceipt({ hash: hash as Hex, pollingInterval, timeout: 120_000 })
        return { status: receipt.status, blockNumber: receipt.blockNumber.toString() }
      }),
  }
}
