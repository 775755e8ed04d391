import { Observable } from 'rxjs'
import {
  createWalletClient,
  custom,
  getAddress,
  type EIP1193Provider,
  type Hex,
  type TypedDataDefinition,
  type WalletClient,
} from 'viem'
import type { Network } from '../../core/domain/entities.js'
import { serializeError } from '../../core/errors/base.js'
import type { Eip1193Provider, RpcGateway, WalletProviderEvent, WalletSession, WalletTransaction, WalletTransfer } from '../../core/ports.js'
import { networkClients } from './evmTransport.js'
import { erc20TransferData, estimateTransferFee } from './transferCall.js'
import { invalidWalletResponse, isUnrecognizedChainError, toEvmError } from './evmErrors.js'
import { addChainParameters, evmChainId, toViemChain } from './networkChain.js'
import { parseAccounts, parseChainId, parseSignature, parseTransactionHash } from './walletPayloads.js'
import { preview } from '../preview.js'

export type EvmRuntimeOptions = {
  /** How often a pending transaction's receipt is polled. */
  receiptPollingMs: number
  /** The gateway's JSON-RPC to read networks through besides their own URLs, once the modal has told it. */
  rpcGateway?: () => RpcGateway | undefined
}

/**
 * The part of the EVM adapter that needs viem at run time: wallet and public clients, the
 * checks of what wallets send, switching, signing, sending, balances and receipts. It is its own
 * chunk, loaded by `createEvmAdapter` on first need or when the page is idle, so a host's
 * initial bundle carries no viem client. Calls take the wallet's EIP-1193 provider; errors are
 * left to the caller to map (it knows the operation).
 *
 * @example
 * const runtime = createEvmRuntime({ receiptPollingMs: 250 })
 * const session = await runtime.connect(provider)
 */
export function createEvmRuntime(options: EvmRuntimeOptions) {
  const walletClient = (provider: EIP1193Provider): WalletClient =>
    // No retries: a retried eth_requestAccounts would prompt the visitor twice.
    createWalletClient({ transport: custom(provider, { retryCount: 0 }) })

  const publicClient = networkClients(() => options.rpcGateway?.())

  /** The wallet's chain, checked: a junk answer fails `operation` and nothing is reported. */
  async function chainOf(provider: EIP1193Provider, operation: 'connect' | 'reconnect'): Promise<string> {
    const chain = parseChainId(await provider.request({ method: 'eth_chainId' }))
    if (!chain.ok) throw invalidWalletResponse(operation, `eth_chainId: ${chain.reason}`)
    return `eip155:${chain.value}`
  }

  /** The accounts a wallet answered, checked, each with its type where the wallet tells it (else an EOA). */
  function accountsOf(provider: EIP1193Provider, answer: unknown, method: string, operation: 'connect' | 'reconnect') {
    const accounts = parseAccounts(answer)
    if (!accounts.ok) throw invalidWalletResponse(operation, `${method}: ${accounts.reason}`)
    return typedAccounts(provider, accounts.value)
  }

  async function sendTransaction(provider: EIP1193Provider, network: Network, tx: WalletTransaction): Promise<string> {
    const hash = await walletClient(provider).sendTransaction({
      account: getAddress(tx.from),
      // With the chain given, viem checks the wallet is on it before asking to send.
      chain: toViemChain(network),
      to: getAddress(tx.to),
      ...(tx.value !== undefined ? { value: BigInt(tx.value) } : {}),
      ...(tx.data !== undefined ? { data: tx.data as Hex } : {}),
    })
    const checked = parseTransactionHash(hash)
    if (!checked.ok) throw invalidWalletResponse('sendTransaction', `eth_sendTransaction: ${checked.reason}`)
    return checked.value
  }

  const signature = (answer: unknown, method: string, operation: 'signMessage' | 'signTypedData'): string => {
    const checked = parseSignature(answer)
    if (!checked.ok) throw invalidWalletResponse(operation, `${method}: ${checked.reason}`)
    return checked.value
  }

  return {
    /** Asks the wallet for its accounts (it may prompt); a wallet that grants none fails. */
    async connect(provider: EIP1193Provider): Promise<WalletSession> {
      const accounts = accountsOf(provider, await provider.request({ method: 'eth_requestAccounts' }), 'eth_requestAccounts', 'connect')
      if (accounts.length === 0) throw invalidWalletResponse('connect', 'eth_requestAccounts: no account')
      return { accounts, caipNetworkId: await chainOf(provider, 'connect') }
    },

    /** The accounts a wallet already granted, without a prompt; null when none. */
    async reconnect(provider: EIP1193Provider): Promise<WalletSession | null> {
      const accounts = accountsOf(provider, await provider.request({ method: 'eth_accounts' }), 'eth_accounts', 'reconnect')
      if (accounts.length === 0) return null
      return { accounts, caipNetworkId: await chainOf(provider, 'reconnect') }
    },

    events: (provider: EIP1193Provider) => walletEvents(provider),

    async switchNetwork(provider: EIP1193Provider, network: Network): Promise<void> {
      const client = walletClient(provider)
      const chainId = evmChainId(network)
      try {
        await client.switchChain({ id: chainId })
      } catch (error) {
        if (!isUnrecognizedChainError(error)) throw error
        // The wallet does not know the network: add it (which may switch already), then switch.
        await client.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(network)] } as never)
        const now = parseChainId(await provider.request({ method: 'eth_chainId' }))
        if (!now.ok || now.value !== chainId) await client.switchChain({ id: chainId })
      }
    },

    async signMessage(provider: EIP1193Provider, request: { address: string; message: string }): Promise<string> {
      return signature(await walletClient(provider).signMessage({ account: getAddress(request.address), message: request.message }), 'personal_sign', 'signMessage')
    },

    async signTypedData(provider: EIP1193Provider, request: { address: string; typedData: unknown }): Promise<string> {
      const answer = await walletClient(provider).signTypedData({ account: getAddress(request.address), ...(request.typedData as TypedDataDefinition) })
      return signature(answer, 'eth_signTypedData_v4', 'signTypedData')
    },

    sendTransaction,

    /** The calldata of an ERC-20 `transfer`. */
    transferData: erc20TransferData,

    /** The fee of `transfer` in wei, from the node (no prompt). */
    estimateTransferFee: (network: Network, transfer: WalletTransfer): Promise<string> => estimateTransferFee(publicClient(network), transfer),

    getBalance: async (network: Network, address: string): Promise<string> =>
      (await publicClient(network).getBalance({ address: getAddress(address) })).toString(),

    async waitForReceipt(network: Network, hash: string): Promise<{ status: 'success' | 'reverted'; blockNumber: string }> {
      const receipt = await publicClient(network).waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: options.receiptPollingMs, timeout: 120_000 })
      return { status: receipt.status, blockNumber: receipt.blockNumber.toString() }
    },
  }
}

export type EvmRuntime = ReturnType<typeof createEvmRuntime>

/**
 * A wallet's EIP-1193 events as data, each checked: accounts must be an array of addresses,
 * a chain id a positive integer. Junk becomes `{ type: 'ignored', event, reason }`; nothing a
 * wallet sends makes a listener throw back into the wallet.
 */
function walletEvents(provider: EIP1193Provider): Observable<WalletProviderEvent> {
  return new Observable<WalletProviderEvent>((subscriber) => {
    // A provider that cannot be listened to has no events to give.
    if (typeof provider.on !== 'function') return
    const ignore = (event: string, reason: string) => subscriber.next({ type: 'ignored', event, reason })
    // Every listener runs inside this guard: the wallet calls it, and must never get our errors back.
    const guarded =
      (event: string, handle: (payload: unknown) => void) =>
      (...args: unknown[]): void => {
        try {
          handle(args[0])
        } catch (error) {
          try {
            ignore(event, `could not be read (${error instanceof Error ? error.name : preview(error)})`)
          } catch {
            // Nothing more can be done for a payload that cannot even be described.
          }
        }
      }
    const listeners: [string, (...args: unknown[]) => void][] = [
      [
        'accountsChanged',
        guarded('accountsChanged', (payload) => {
          const accounts = parseAccounts(payload)
          if (!accounts.ok) return ignore('accountsChanged', accounts.reason)
          subscriber.next({ type: 'accountsChanged', accounts: typedAccounts(provider, accounts.value) })
        }),
      ],
      [
        'chainChanged',
        guarded('chainChanged', (payload) => {
          const chain = parseChainId(payload)
          if (!chain.ok) return ignore('chainChanged', chain.reason)
          subscriber.next({ type: 'chainChanged', caipNetworkId: `eip155:${chain.value}` })
        }),
      ],
      [
        // EIP-1193 `connect` says the provider can reach a chain; only its shape is checked.
        'connect',
        guarded('connect', (payload) => {
          const chainId = payload !== null && typeof payload === 'object' ? (payload as { chainId?: unknown }).chainId : payload
          const chain = parseChainId(chainId)
          if (!chain.ok) ignore('connect', chain.reason)
        }),
      ],
      [
        'disconnect',
        guarded('disconnect', (error) => {
          // MetaMask's 1013 means it is reconnecting to its node, not that the site was disconnected.
          if (error !== null && typeof error === 'object' && (error as { code?: unknown }).code === 1013) return
          subscriber.next({ type: 'disconnect', error: serializeError(toEvmError(error, 'event')) })
        }),
      ],
    ]
    for (const [name, fn] of listeners) provider.on(name as never, fn as never)
    return () => {
      for (const [name, fn] of listeners) {
        if (typeof provider.removeListener !== 'function') return
        try {
          provider.removeListener(name as never, fn as never)
        } catch {
          // A wallet that fails to remove a listener keeps calling a closed subscriber: harmless.
        }
      }
    }
  })
}

/** Addresses with their type: the wallet's word where it gives one (`accountType`), else an EOA. */
function typedAccounts(provider: EIP1193Provider, addresses: string[]): { address: string; type: 'eoa' | 'smartAccount' }[] {
  const typeOf = (provider as Eip1193Provider).accountType
  return addresses.map((address) => ({ address, type: typeOf?.call(provider, address) === 'smartAccount' ? 'smartAccount' : 'eoa' }))
}
