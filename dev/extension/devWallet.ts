// The development "browser-extension" wallet: an EIP-1193 provider backed by a local private key,
// announced by EIP-6963, with its own approve / reject prompt. It behaves like a real extension
// (MetaMask's method set, error codes and messages) so the product's rejection and add-chain paths
// run for real against the local chains. Browser code: never imported by src/.
import {
  hexToBigInt,
  hexToString,
  isAddress,
  isHex,
  toHex,
  type Hex,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  CallsError,
  batchIdParam,
  batchPromptDetails,
  batchStatusDetails,
  callsErrors,
  callsStatus,
  getCapabilities,
  prepareSendCalls,
  sendBatch,
  type BatchMode,
  type BatchRecord,
  type CallsRpc,
} from '../wallet/batchedCalls'
import { sendSponsoredBatch, sponsorable, userOperationReceipts } from '../wallet/sponsoredCalls'
import { devWalletPromptCss } from './promptCss'
import { getAssets, withAssetDiscovery, type TrackedToken } from '../wallet/walletAssets'

export type DevWalletChain = {
  chainId: number
  rpcUrl: string
  name: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  blockExplorerUrls?: string[]
  /**
   * An ERC-4337 bundler of the chain (EntryPoint 0.8). With one, an account delegated to
   * Simple7702Account takes the app's paymaster (`paymasterService`) in wallet_sendCalls and sends
   * the batch as a user operation the paymaster pays for; without one, that capability is 5700.
   */
  bundlerUrl?: string
}

export type DevWalletOptions = {
  name: string
  rdns: string
  /** A data: URI (EIP-6963 requires one); a generated SVG when omitted. */
  icon?: string
  privateKey: Hex
  /** Chains the wallet knows at start; any other must be added with wallet_addEthereumChain. */
  chains: DevWalletChain[]
  defaultChainId: number
  /** Approve every prompt at once (benchmarks, happy-path e2e). */
  autoApprove?: boolean
  /** Also expose the provider as `window.ethereum`, the legacy injected path. */
  legacyInjected?: boolean
  /** localStorage key for permissions, added chains and the selected chain. */
  storageKey?: string
  /** Prompt before wallet_switchEthereumChain too (MetaMask does); off by default. */
  promptOnSwitch?: boolean
  /**
   * EIP-7811 asset discovery: the wallet says `assetDiscovery` in wallet_getCapabilities and
   * answers wallet_getAssets with the native balance and these tokens' (read from the chains'
   * nodes). Without it, wallet_getAssets is an unsupported method (4200).
   */
  assetDiscovery?: { tokens: readonly TrackedToken[] }
}

export type EIP6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

/** What e2e tests use to drive a wallet without clicking: `window.__gangwayDevWallets[rdns]`. */
export type DevWalletHandle = {
  /** Approves the oldest pending prompt (true), or the next prompt to appear (false). */
  approveNext(): boolean
  /** Rejects the oldest pending prompt (true), or the next prompt to appear (false). */
  rejectNext(): boolean
  setAutoApprove(on: boolean): void
  /** Methods of the prompts waiting for a decision, oldest first. */
  pending(): string[]
  /** The wallet's account, checksummed. */
  address: `0x${string}`
  /** Simulates losing the connection: emits `disconnect` (4900); requests fail with 4900 until reconnect(). */
  disconnect(): void
  /** Ends a simulated disconnection and emits `connect`. */
  reconnect(): void
  /**
   * On the oldest pending wallet_sendCalls prompt that offers to upgrade the account, chooses
   * "Keep regular account" (true), or arms that choice for the next prompt (false).
   */
  declineUpgradeNext(): boolean
  /** The EIP-5792 batches this wallet sent (kept in its localStorage record), oldest first. */
  batches(): BatchRecord[]
  /**
   * While on, wallet_getCallsStatus answers every batch as pending (100, no receipts), as a wallet
   * does while its transaction waits for a block; a reload of the page ends it.
   */
  holdCallsStatus(on: boolean): void
}

export type InstalledDevWallet = {
  info: EIP6963ProviderInfo
  provider: DevWalletProvider
  handle: DevWalletHandle
  /** Removes listeners, the prompt, the test handle and `window.ethereum` if it was ours (a page "unload"). */
  uninstall(): void
}

export type RequestArguments = { method: string; params?: unknown[] | Record<string, unknown> }
type Listener = (...args: unknown[]) => void

/** An EIP-1193 error: numeric `code`, `message`, optional `data`, like real providers throw. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const MESSAGES = {
  userRejected: 'User rejected the request.',
  unauthorized: 'The requested account and/or method has not been authorized by the user.',
  unsupported: 'The requested method is not supported by this Ethereum provider.',
  disconnected: 'The provider is disconnected from all chains.',
} as const

const rejected = () => new ProviderRpcError(4001, MESSAGES.userRejected)
const unauthorized = () => new ProviderRpcError(4100, MESSAGES.unauthorized)
const invalidParams = (message: string) => new ProviderRpcError(-32602, message)

/** Read-only methods answered by the current chain's node. */
const FORWARDED = new Set([
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_listening',
  'web3_clientVersion',
  'web3_sha3',
])

// MetaMask's upper bound for chain ids.
const MAX_SAFE_CHAIN_ID = 4503599627370476

type Stored = {
  /** origin → when eth_accounts was granted. */
  permissions: Record<string, { date: number }>
  /** Chains added with wallet_addEthereumChain (wallet-wide, like an extension). */
  addedChains: DevWalletChain[]
  /** origin → the chain selected for that site. */
  chainByOrigin: Record<string, number>
  /** EIP-5792 batch id → what wallet_getCallsStatus needs after a reload. */
  batches: Record<string, BatchRecord>
}

/** A prompt's outcome: its two buttons, or the third one some prompts offer (`alternative`). */
type Choice = 'approve' | 'reject' | 'alternative'

type Prompt = { id: number; method: string; details: string[]; alternative?: string; decide(choice: Choice): void }

declare global {
  interface Window {
    __gangwayDevWallets?: Record<string, DevWalletHandle>
    ethereum?: unknown
  }
}

/** The EIP-1193 provider object a dev wallet announces. */
export class DevWalletProvider {
  readonly isGangwayDevWallet = true
  #listeners = new Map<string, Set<Listener>>()
  #handler: (args: RequestArguments) => Promise<unknown>
  #connected: () => boolean

  constructor(handler: (args: RequestArguments) => Promise<unknown>, connected: () => boolean) {
    this.#handler = handler
    this.#connected = connected
  }

  request(args: RequestArguments): Promise<unknown> {
    if (typeof args !== 'object' || args === null || Array.isArray(args) || typeof args.method !== 'string') {
      return Promise.reject(new ProviderRpcError(-32600, 'Expected a single, non-array, object argument.'))
    }
    if (args.params !== undefined && (typeof args.params !== 'object' || args.params === null)) {
      return Promise.reject(new ProviderRpcError(-32600, "'args.params' must be an object or array if provided."))
    }
    return this.#handler(args)
  }

  isConnected(): boolean {
    return this.#connected()
  }

  on(event: string, listener: Listener): this {
    let set = this.#listeners.get(event)
    if (set === undefined) this.#listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.removeListener(event, wrapped)
      listener(...args)
    }
    return this.on(event, wrapped)
  }

  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener)
    return this
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  removeAllListeners(event?: string): this {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
    return this
  }

  /** @internal */
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        // A failing listener must not break the wallet or the other listeners.
        console.error(error)
      }
    }
  }
}

/**
 * Installs one development wallet in the page: creates its provider, announces it by EIP-6963
 * (now and on every `eip6963:requestProvider`) and registers its test handle.
 *
 * @example
 * const { provider, handle } = installDevWallet({
 *   name: 'Gangway Dev Wallet', rdns: 'dev.gangway.wallet', privateKey,
 *   chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Gangway Local' }],
 *   defaultChainId: 31337,
 * })
 * handle.approveNext()
 * await provider.request({ method: 'eth_requestAccounts' })
 */
export function installDevWallet(options: DevWalletOptions): InstalledDevWallet {
  const account = privateKeyToAccount(options.privateKey)
  // Like MetaMask, accounts are reported in lower case.
  const reported = account.address.toLowerCase() as Hex
  const storageKey = options.storageKey ?? `gangway.devWallet.${options.rdns}`
  const origin = window.location.origin
  const builtInChains = new Map(options.chains.map((chain) => [chain.chainId, chain]))
  if (!builtInChains.has(options.defaultChainId)) {
    throw new Error(`defaultChainId ${options.defaultChainId} is not among the wallet's chains`)
  }

  let autoApprove = options.autoApprove ?? false
  let holdingStatus = false
  let connected = true
  const armed: Choice[] = []
  const prompts: Prompt[] = []
  /** The wallet_showCallsStatus panel, shown while no prompt waits. */
  let statusPanel: string[] | undefined
  /** Batch ids of wallet_sendCalls requests still being prompted or sent. */
  const reservedBatchIds = new Set<string>()
  let nextPromptId = 1
  let sending: Promise<unknown> = Promise.resolve()

  // ---- storage -------------------------------------------------------------------------------
  const load = (): Stored => {
    const empty: Stored = { permissions: {}, addedChains: [], chainByOrigin: {}, batches: {} }
    try {
      const raw = window.localStorage.getItem(storageKey)
      return raw === null ? empty : { ...empty, ...(JSON.parse(raw) as Partial<Stored>) }
    } catch {
      return empty
    }
  }
  const update = (change: (stored: Stored) => void): void => {
    const stored = load()
    change(stored)
    window.localStorage.setItem(storageKey, JSON.stringify(stored))
  }
  const isAuthorized = (): boolean => load().permissions[origin] !== undefined
  const knownChain = (chainId: number): DevWalletChain | undefined =>
    builtInChains.get(chainId) ?? load().addedChains.find((chain) => chain.chainId === chainId)
  const currentChain = (): DevWalletChain => {
    const selected = load().chainByOrigin[origin]
    return (selected !== undefined ? knownChain(selected) : undefined) ?? builtInChains.get(options.defaultChainId)!
  }
  const accounts = (): Hex[] => (isAuthorized() ? [reported] : [])

  // ---- provider --------------------------------------------------------------------------------
  const provider = new DevWalletProvider(
    (args) => handle(args.method, args.params),
    () => connected,
  )

  const selectChain = (chainId: number): void => {
    const before = currentChain().chainId
    update((stored) => {
      stored.chainByOrigin[origin] = chainId
    })
    if (before !== chainId) provider.emit('chainChanged', toHex(chainId))
  }

  const permissionsOf = (): unknown[] => {
    const granted = load().permissions[origin]
    if (granted === undefined) return []
    return [
      {
        id: `${options.rdns}:${origin}:eth_accounts`,
        parentCapability: 'eth_accounts',
        invoker: origin,
        date: granted.date,
        caveats: [{ type: 'restrictReturnedAccounts', value: [reported] }],
      },
    ]
  }

  async function rpc(method: string, params: unknown[], rpcUrl = currentChain().rpcUrl): Promise<unknown> {
    let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextRpcId++, method, params }),
      })
      body = (await response.json()) as typeof body
    } catch (error) {
      throw new ProviderRpcError(-32603, `Request for method '${method}' on ${rpcUrl} failed: ${String(error)}`)
    }
    if (body.error !== undefined) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  async function requestAccounts(method: string): Promise<void> {
    if (isAuthorized() && method === 'eth_requestAccounts') return
    if (prompts.some((p) => p.method === 'eth_requestAccounts' || p.method === 'wallet_requestPermissions')) {
      throw new ProviderRpcError(-32002, `Request of type 'wallet_requestPermissions' already pending for origin ${origin}. Please wait.`)
    }
    const approved = await ask(method, [`Connect ${origin}`, `Account ${account.address}`])
    if (!approved) throw rejected()
    const was = isAuthorized()
    update((stored) => {
      stored.permissions[origin] = { date: Date.now() }
    })
    if (!was) provider.emit('accountsChanged', [reported])
  }

  function requireAccount(address: unknown): void {
    if (!isAuthorized()) throw unauthorized()
    if (typeof address !== 'string' || address.toLowerCase() !== reported) throw unauthorized()
  }

  async function handle(method: string, rawParams: RequestArguments['params']): Promise<unknown> {
    if (!connected) throw new ProviderRpcError(4900, MESSAGES.disconnected)
    const params: unknown[] = Array.isArray(rawParams) ? rawParams : rawParams === undefined ? [] : [rawParams]
    switch (method) {
      case 'eth_chainId':
        return toHex(currentChain().chainId)
      case 'net_version':
        return String(currentChain().chainId)
      case 'eth_accounts':
        return accounts()
      case 'eth_coinbase':
        return accounts()[0] ?? null
      case 'eth_requestAccounts':
        await requestAccounts(method)
        return accounts()
      case 'wallet_requestPermissions': {
        const request = params[0]
        if (typeof request !== 'object' || request === null || !('eth_accounts' in request)) {
          throw invalidParams('Expected a single object parameter requesting the eth_accounts permission.')
        }
        await requestAccounts(method)
        return permissionsOf()
      }
      case 'wallet_getPermissions':
        return permissionsOf()
      case 'wallet_revokePermissions': {
        const request = params[0]
        if (typeof request !== 'object' || request === null || Object.keys(request).length === 0) {
          throw invalidParams('Expected a single object parameter naming the permissions to revoke.')
        }
        if ('eth_accounts' in request && isAuthorized()) {
          update((stored) => {
            delete stored.permissions[origin]
          })
          provider.emit('accountsChanged', [])
        }
        return null
      }
      case 'personal_sign':
        return personalSign(params)
      case 'eth_signTypedData_v4':
        return signTypedData(params)
      case 'eth_sendTransaction':
        return sendTransaction(params)
      case 'wallet_switchEthereumChain':
        return switchChain(params)
      case 'wallet_addEthereumChain':
        return addChain(params)
      case 'wallet_watchAsset':
        return watchAsset(rawParams)
      case 'wallet_getCapabilities':
      case 'wallet_sendCalls':
      case 'wallet_getCallsStatus':
      case 'wallet_showCallsStatus':
        return batchedCalls(method, params).catch((error: unknown) => {
          throw providerError(error)
        })
      case 'wallet_getAssets':
        if (!options.assetDiscovery) throw new ProviderRpcError(4200, MESSAGES.unsupported)
        if (!isAuthorized()) throw unauthorized()
        return getAssets(
          rawParams,
          {
            account: account.address,
            chains: allChains().map((chain) => ({ chainId: chain.chainId, rpc: chainRpc(chain), nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 } })),
            tokens: options.assetDiscovery.tokens,
          },
          ({ code, message }) => new ProviderRpcError(code, message),
        )
      default:
        if (FORWARDED.has(method)) return rpc(method, params)
        throw new ProviderRpcError(4200, MESSAGES.unsupported)
    }
  }

  async function personalSign(params: unknown[]): Promise<Hex> {
    const [message, address] = params
    if (typeof message !== 'string') throw invalidParams('Invalid message: expected a hex or text string as the first parameter.')
    requireAccount(address)
    const readable = isHex(message) ? safeUtf8(message) : message
    if (!(await ask('personal_sign', ['Sign this message:', readable]))) throw rejected()
    return account.signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  async function signTypedData(params: unknown[]): Promise<Hex> {
    const [address, raw] = params
    requireAccount(address)
    let data: { domain?: Record<string, unknown>; types?: Record<string, unknown>; primaryType?: unknown; message?: unknown }
    try {
      data = (typeof raw === 'string' ? JSON.parse(raw) : raw) as typeof data
    } catch {
      throw invalidParams('Invalid typed data: not valid JSON.')
    }
    if (
      typeof data !== 'object' ||
      data === null ||
      typeof data.types !== 'object' ||
      typeof data.primaryType !== 'string' ||
      typeof data.message !== 'object' ||
      !(data.primaryType in data.types)
    ) {
      throw invalidParams('Invalid typed data: expected types, primaryType, domain and message.')
    }
    const domainChainId = data.domain?.chainId
    if (domainChainId !== undefined && Number(domainChainId) !== currentChain().chainId) {
      throw invalidParams(`Provided chainId "${Number(domainChainId)}" must match the active chainId "${currentChain().chainId}"`)
    }
    if (!(await ask('eth_signTypedData_v4', [`Sign typed data (${data.primaryType}):`, JSON.stringify(data.message, null, 1)]))) {
      throw rejected()
    }
    try {
      return await account.signTypedData(data as unknown as TypedDataDefinition)
    } catch (error) {
      throw invalidParams(`Invalid typed data: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
    }
  }

  async function sendTransaction(params: unknown[]): Promise<Hex> {
    const tx = params[0]
    if (typeof tx !== 'object' || tx === null) throw invalidParams('Invalid transaction params: expected a single object.')
    const t = tx as Record<string, unknown>
    requireAccount(t.from)
    const hexField = (key: string): bigint | undefined => {
      const value = t[key]
      if (value === undefined || value === null) return undefined
      if (typeof value !== 'string' || !isHex(value) || value === '0x') throw invalidParams(`Invalid transaction params: '${key}' must be a hex string.`)
      return hexToBigInt(value)
    }
    const to = t.to
    if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to, { strict: false }))) {
      throw invalidParams(`Invalid "to" address: ${String(to)}`)
    }
    const data = (t.data ?? t.input) as unknown
    if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data))) {
      throw invalidParams("Invalid transaction params: 'data' must be a hex string.")
    }
    if ((to === undefined || to === null) && (data === undefined || data === null || data === '0x')) {
      throw invalidParams('Invalid transaction params: a transaction without a recipient must carry contract code.')
    }
    const chain = currentChain()
    const chainId = hexField('chainId')
    if (chainId !== undefined && Number(chainId) !== chain.chainId) {
      throw invalidParams(`Invalid chainId: the transaction is for chain ${chainId}, the wallet is on ${chain.chainId}.`)
    }
    const value = hexField('value') ?? 0n
    const request = {
      to: (to ?? undefined) as Hex | undefined,
      value,
      data: (data ?? undefined) as Hex | undefined,
      gas: hexField('gas') ?? hexField('gasLimit'),
      gasPrice: hexField('gasPrice'),
      maxFeePerGas: hexField('maxFeePerGas'),
      maxPriorityFeePerGas: hexField('maxPriorityFeePerGas'),
      nonce: hexField('nonce'),
    }
    const details = [
      `Network: ${chain.name} (${chain.chainId})`,
      `To: ${request.to ?? '(contract creation)'}`,
      `Value: ${formatEther(value)} ${chain.nativeCurrency?.symbol ?? 'ETH'}`,
    ]
    if (request.data !== undefined && request.data !== '0x') details.push(`Data: ${request.data.slice(0, 10)}… (${(request.data.length - 2) / 2} bytes)`)
    if (!(await ask('eth_sendTransaction', details))) throw rejected()
    // Why serialised: two approved sends must not read the same pending nonce.
    const result = sending.then(() => signAndSend(chain, request))
    sending = result.catch(() => {})
    return result
  }

  async function signAndSend(
    chain: DevWalletChain,
    r: {
      to?: Hex
      value: bigint
      data?: Hex
      gas?: bigint
      gasPrice?: bigint
      maxFeePerGas?: bigint
      maxPriorityFeePerGas?: bigint
      nonce?: bigint
    },
  ): Promise<Hex> {
    const call = (method: string, params: unknown[]) => rpc(method, params, chain.rpcUrl)
    const nonce = r.nonce ?? hexToBigInt((await call('eth_getTransactionCount', [account.address, 'pending'])) as Hex)
    const gas =
      r.gas ??
      hexToBigInt(
        (await call('eth_estimateGas', [
          { from: account.address, to: r.to, value: toHex(r.value), ...(r.data !== undefined ? { data: r.data } : {}) },
        ])) as Hex,
      )
    let unsigned: TransactionSerializable
    const base = { chainId: chain.chainId, to: r.to ?? null, value: r.value, data: r.data, nonce: Number(nonce), gas }
    if (r.gasPrice !== undefined) {
      unsigned = { ...base, type: 'legacy', gasPrice: r.gasPrice }
    } else {
      const block = (await call('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex }
      if (block.baseFeePerGas === undefined) {
        unsigned = { ...base, type: 'legacy', gasPrice: hexToBigInt((await call('eth_gasPrice', [])) as Hex) }
      } else {
        const priority =
          r.maxPriorityFeePerGas ??
          (await call('eth_maxPriorityFeePerGas', []).then(
            (fee) => hexToBigInt(fee as Hex),
            () => 1_000_000_000n,
          ))
        const maxFee = r.maxFeePerGas ?? hexToBigInt(block.baseFeePerGas) * 2n + priority
        unsigned = { ...base, type: 'eip1559', maxFeePerGas: maxFee, maxPriorityFeePerGas: priority > maxFee ? maxFee : priority }
      }
    }
    const signed = await account.signTransaction(unsigned)
    return (await call('eth_sendRawTransaction', [signed])) as Hex
  }

  // ---- EIP-5792 batches (shared with the other dev wallets: ../wallet/batchedCalls) -------------
  const chainRpc =
    (chain: DevWalletChain): CallsRpc =>
    (method, params) =>
      rpc(method, params, chain.rpcUrl)
  const allChains = (): DevWalletChain[] => [...builtInChains.values(), ...load().addedChains.filter((c) => !builtInChains.has(c.chainId))]

  async function batchedCalls(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'wallet_getCapabilities': {
        if (!isAuthorized()) throw unauthorized()
        const chains = allChains()
        const capabilities = await getCapabilities(params, {
          account: account.address,
          chains: chains.map((chain) => ({ chainId: chain.chainId, rpc: chainRpc(chain) })),
          paymasterChainIds: chains.filter((chain) => chain.bundlerUrl !== undefined).map((chain) => chain.chainId),
        })
        return options.assetDiscovery ? withAssetDiscovery(capabilities) : capabilities
      }
      case 'wallet_sendCalls':
        return sendCalls(params)
      case 'wallet_getCallsStatus': {
        const record = storedBatch(batchIdParam(params))
        const status = await callsStatus(record, chainRpc(batchChain(record)), userOperationReceipts(bundlerRpc(batchChain(record))))
        if (!holdingStatus) return status
        const { receipts: _held, ...pending } = status
        return { ...pending, status: 100 }
      }
      default: {
        // wallet_showCallsStatus: the wallet's own panel; the dApp gets null at once.
        const record = storedBatch(batchIdParam(params))
        const chain = batchChain(record)
        const status = await callsStatus(record, chainRpc(chain), userOperationReceipts(bundlerRpc(chain)))
        statusPanel = batchStatusDetails(record, status, chain.name).map((d) => `${d.label}: ${d.value}`)
        render()
        return null
      }
    }
  }

  /** The chain's ERC-4337 bundler, when the wallet knows one. */
  function bundlerRpc(chain: DevWalletChain): CallsRpc | undefined {
    const { bundlerUrl } = chain
    return bundlerUrl === undefined ? undefined : (method, params) => rpc(method, params, bundlerUrl)
  }

  function storedBatch(id: string): BatchRecord {
    const record = load().batches[id]
    if (record === undefined) throw callsErrors.unknownBundle()
    return record
  }

  function batchChain(record: BatchRecord): DevWalletChain {
    const chain = knownChain(record.chainId)
    if (chain === undefined) throw new ProviderRpcError(-32603, `The wallet no longer knows chain ${record.chainId} of batch ${record.id}.`)
    return chain
  }

  async function sendCalls(params: unknown[]): Promise<{ id: string }> {
    if (!isAuthorized()) throw unauthorized()
    const chain = currentChain()
    const symbol = chain.nativeCurrency?.symbol ?? 'ETH'
    const bundler = bundlerRpc(chain)
    const batch = await prepareSendCalls(params, {
      account: account.address,
      chainId: chain.chainId,
      rpc: chainRpc(chain),
      hasBatch: (id) => reservedBatchIds.has(id) || load().batches[id] !== undefined,
      ...((await sponsorable(chainRpc(chain), account.address, bundler)) ? { paymasterService: true } : {}),
    })
    reservedBatchIds.add(batch.id)
    try {
      const { paymasterUrl } = batch
      const details = [
        ...batchPromptDetails(batch, { network: chain.name, symbol }),
        ...(paymasterUrl ? [{ label: 'Network fee', value: `Paid by the app's paymaster (${new URL(paymasterUrl).host})` }] : []),
      ].map((d) => `${d.label}: ${d.value}`)
      // EIP-5792: a user who declines the upgrade may still send the calls one by one, unless the
      // dApp requires atomicity (5750).
      const choice = await askChoice('wallet_sendCalls', details, batch.status === 'ready' ? 'Keep regular account' : undefined)
      if (choice === 'reject') throw rejected()
      let mode: BatchMode = batch.status === 'unsupported' ? 'sequential' : 'atomic'
      if (choice === 'alternative') {
        if (batch.atomicRequired) throw callsErrors.upgradeRejected()
        mode = 'sequential'
      }
      const send = (): Promise<BatchRecord> =>
        paymasterUrl !== undefined && bundler !== undefined
          ? sendSponsoredBatch(batch, {
              rpc: chainRpc(chain),
              bundler,
              paymaster: (m, p) => rpc(m, p, paymasterUrl),
              owner: account,
              symbol,
            })
          : sendBatch(batch, { rpc: chainRpc(chain), account, mode, symbol })
      // Why serialised with eth_sendTransaction: two approved sends must not read the same pending
      // nonce (nor two user operations the same EntryPoint nonce).
      const result = sending.then(send)
      sending = result.catch(() => {})
      const record = await result
      update((stored) => {
        stored.batches[record.id] = record
      })
      return { id: record.id }
    } finally {
      reservedBatchIds.delete(batch.id)
    }
  }

  async function switchChain(params: unknown[]): Promise<null> {
    const request = params[0] as { chainId?: unknown } | undefined
    if (typeof request !== 'object' || request === null) throw invalidParams('Expected single, object parameter.')
    const chainId = parseChainId(request.chainId)
    const chain = knownChain(chainId)
    if (chain === undefined) {
      throw new ProviderRpcError(
        4902,
        `Unrecognized chain ID "${request.chainId as string}". Try adding the chain using wallet_addEthereumChain first.`,
      )
    }
    if (chainId === currentChain().chainId) return null
    if (options.promptOnSwitch === true && !(await ask('wallet_switchEthereumChain', [`Switch to ${chain.name} (${chainId})`]))) {
      throw rejected()
    }
    selectChain(chainId)
    return null
  }

  async function addChain(params: unknown[]): Promise<null> {
    const request = params[0]
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      throw invalidParams('Expected single, object parameter.')
    }
    const p = request as Record<string, unknown>
    const chainId = parseChainId(p.chainId)
    if (typeof p.chainName !== 'string' || p.chainName.trim() === '') throw invalidParams("Expected non-empty string 'chainName'.")
    if (!Array.isArray(p.rpcUrls) || !p.rpcUrls.some(isHttpUrl)) {
      throw invalidParams("Expected an array with at least one valid string HTTP(S) url 'rpcUrls'.")
    }
    const rpcUrl = (p.rpcUrls as unknown[]).find(isHttpUrl) as string
    if (p.blockExplorerUrls !== undefined && p.blockExplorerUrls !== null) {
      if (!Array.isArray(p.blockExplorerUrls) || !p.blockExplorerUrls.every(isHttpUrl)) {
        throw invalidParams("Expected null or array with at least one valid string HTTP(S) URL 'blockExplorerUrl'.")
      }
    }
    if (p.iconUrls !== undefined && (!Array.isArray(p.iconUrls) || !p.iconUrls.every((u) => typeof u === 'string'))) {
      throw invalidParams("Expected an array of strings 'iconUrls'.")
    }
    const currency = p.nativeCurrency as { name?: unknown; symbol?: unknown; decimals?: unknown } | undefined
    if (typeof currency !== 'object' || currency === null) {
      throw invalidParams("Expected an object 'nativeCurrency' with name, symbol and decimals.")
    }
    if (typeof currency.name !== 'string' || currency.name === '') throw invalidParams("Expected a string 'nativeCurrency.name'.")
    if (typeof currency.symbol !== 'string' || currency.symbol.length < 1 || currency.symbol.length > 6) {
      throw invalidParams(`Expected 1-6 character string 'nativeCurrency.symbol'. Received: ${String(currency.symbol)}`)
    }
    if (currency.decimals !== 18) {
      throw invalidParams(`Expected the number 18 for 'nativeCurrency.decimals' when 'nativeCurrency' is provided. Received: ${String(currency.decimals)}`)
    }

    if (knownChain(chainId) !== undefined) {
      // Already added: like MetaMask, this becomes a switch.
      selectChain(chainId)
      return null
    }
    const answered = await rpc('eth_chainId', [], rpcUrl)
    if (typeof answered !== 'string' || Number(answered) !== chainId) {
      throw invalidParams(`Chain ID returned by RPC URL ${rpcUrl} does not match ${p.chainId as string}`)
    }
    const approved = await ask('wallet_addEthereumChain', [
      `Add network ${p.chainName} (${chainId})`,
      `RPC: ${rpcUrl}`,
      `Currency: ${currency.symbol}`,
    ])
    if (!approved) throw rejected()
    const chain: DevWalletChain = {
      chainId,
      rpcUrl,
      name: p.chainName,
      nativeCurrency: { name: currency.name, symbol: currency.symbol, decimals: 18 },
      ...(Array.isArray(p.blockExplorerUrls) ? { blockExplorerUrls: p.blockExplorerUrls as string[] } : {}),
    }
    update((stored) => {
      stored.addedChains = [...stored.addedChains.filter((c) => c.chainId !== chainId), chain]
    })
    selectChain(chainId)
    return null
  }

  async function watchAsset(rawParams: RequestArguments['params']): Promise<boolean> {
    const p = (Array.isArray(rawParams) ? rawParams[0] : rawParams) as { type?: unknown; options?: Record<string, unknown> } | undefined
    if (typeof p !== 'object' || p === null || p.type !== 'ERC20' || typeof p.options !== 'object' || p.options === null) {
      throw invalidParams("Expected { type: 'ERC20', options: { address, symbol, decimals } }.")
    }
    const { address, symbol, decimals } = p.options
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams(`Invalid address "${String(address)}".`)
    if (typeof symbol !== 'string' || symbol.length === 0 || symbol.length > 11) throw invalidParams(`Invalid symbol "${String(symbol)}".`)
    if (typeof decimals !== 'number' || decimals < 0 || decimals > 36) throw invalidParams(`Invalid decimals "${String(decimals)}".`)
    if (!(await ask('wallet_watchAsset', [`Add token ${symbol}`, address]))) throw rejected()
    return true
  }

  // ---- prompts ---------------------------------------------------------------------------------
  async function ask(method: string, details: string[]): Promise<boolean> {
    return (await askChoice(method, details)) === 'approve'
  }

  /** A prompt with Approve and Reject, plus a third button labelled `alternative` when given. */
  function askChoice(method: string, details: string[], alternative?: string): Promise<Choice> {
    if (autoApprove) return Promise.resolve('approve')
    const decided = armed.shift()
    // An armed third choice on a prompt without one is a refusal.
    if (decided !== undefined) return Promise.resolve(decided === 'alternative' && alternative === undefined ? 'reject' : decided)
    return new Promise<Choice>((resolve) => {
      const prompt: Prompt = {
        id: nextPromptId++,
        method,
        details,
        ...(alternative !== undefined ? { alternative } : {}),
        decide: (choice) => {
          const index = prompts.indexOf(prompt)
          if (index === -1) return
          prompts.splice(index, 1)
          render()
          resolve(choice === 'alternative' && alternative === undefined ? 'reject' : choice)
        },
      }
      prompts.push(prompt)
      render()
    })
  }

  const decideNext = (choice: Choice): boolean => {
    const first = choice === 'alternative' ? prompts.find((p) => p.alternative !== undefined) : prompts[0]
    if (first === undefined) {
      armed.push(choice)
      return false
    }
    first.decide(choice)
    return true
  }

  let host: HTMLElement | undefined
  function render(): void {
    const prompt = prompts[0]
    if (prompt === undefined && statusPanel === undefined) {
      host?.remove()
      return
    }
    if (host === undefined) {
      host = document.createElement('div')
      host.setAttribute('data-devwallet', options.rdns)
      host.attachShadow({ mode: 'open' })
    }
    if (!host.isConnected) {
      // Stack above another dev wallet's open prompt rather than over it.
      let bottom = 16
      for (const other of document.querySelectorAll('[data-devwallet]')) {
        const top = other.getBoundingClientRect().top
        if (top > 0) bottom = Math.max(bottom, window.innerHeight - top + 8)
      }
      host.style.cssText = `position:fixed;right:16px;bottom:${bottom}px;z-index:2147483647;`
      ;(document.body ?? document.documentElement).appendChild(host)
    }
    const root = host.shadowRoot!
    root.replaceChildren()
    const style = document.createElement('style')
    style.textContent = PROMPT_CSS
    const header = element('div', { class: 'header' })
    header.append(element('img', { src: info.icon, alt: '', width: '20', height: '20' }), element('strong', { 'data-testid': 'devwallet-name' }, options.name))
    if (prompt === undefined) {
      // The batch status panel: information only, closed by the user.
      const panel = element('div', { class: 'panel', role: 'dialog', 'aria-label': `${options.name} batch status`, 'data-testid': 'devwallet-status' })
      const close = element('button', { type: 'button', class: 'approve', 'data-testid': 'devwallet-close' }, 'Close')
      close.addEventListener('click', () => {
        statusPanel = undefined
        render()
      })
      const buttons = element('div', { class: 'buttons' })
      buttons.append(close)
      panel.append(
        header,
        element('div', { class: 'method', 'data-testid': 'devwallet-method' }, 'wallet_showCallsStatus'),
        element('pre', { class: 'details' }, statusPanel!.join('\n')),
        buttons,
      )
      root.append(style, panel)
      return
    }
    const panel = element('div', { class: 'panel', role: 'dialog', 'aria-label': `${options.name} request`, 'data-testid': 'devwallet-prompt' })
    panel.append(
      header,
      element('div', { class: 'method', 'data-testid': 'devwallet-method' }, prompt.method),
      element('div', { class: 'origin' }, origin),
      element('pre', { class: 'details' }, prompt.details.join('\n')),
    )
    if (prompts.length > 1) panel.append(element('div', { class: 'queue' }, `1 of ${prompts.length} requests`))
    const buttons = element('div', { class: 'buttons' })
    const reject = element('button', { type: 'button', class: 'reject', 'data-testid': 'devwallet-reject' }, 'Reject')
    const approve = element('button', { type: 'button', class: 'approve', 'data-testid': 'devwallet-approve' }, 'Approve')
    reject.addEventListener('click', () => prompt.decide('reject'))
    approve.addEventListener('click', () => prompt.decide('approve'))
    buttons.append(reject)
    if (prompt.alternative !== undefined) {
      const alternative = element('button', { type: 'button', class: 'reject', 'data-testid': 'devwallet-alternative' }, prompt.alternative)
      alternative.addEventListener('click', () => prompt.decide('alternative'))
      buttons.append(alternative)
    }
    buttons.append(approve)
    panel.append(buttons)
    root.append(style, panel)
  }

  // ---- announce ----------------------------------------------------------------------------------
  const info: EIP6963ProviderInfo = Object.freeze({
    uuid: randomUuid(),
    name: options.name,
    icon: options.icon ?? defaultIcon(options.name, options.rdns),
    rdns: options.rdns,
  })
  const announce = (): void => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  }
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  let ownsLegacy = false
  if (options.legacyInjected === true) {
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true, writable: true, enumerable: true })
    ownsLegacy = true
    window.dispatchEvent(new Event('ethereum#initialized'))
  }

  // EIP-1193: `connect` once the provider can serve the chain (after the page had a chance to listen).
  const connectTimer = setTimeout(() => provider.emit('connect', { chainId: toHex(currentChain().chainId) }), 0)

  const testHandle: DevWalletHandle = {
    approveNext: () => decideNext('approve'),
    rejectNext: () => decideNext('reject'),
    setAutoApprove: (on) => {
      autoApprove = on
      if (on) while (prompts[0] !== undefined) prompts[0].decide('approve')
    },
    pending: () => prompts.map((p) => p.method),
    address: account.address,
    disconnect: () => {
      if (!connected) return
      connected = false
      provider.emit('disconnect', new ProviderRpcError(4900, MESSAGES.disconnected))
    },
    reconnect: () => {
      if (connected) return
      connected = true
      provider.emit('connect', { chainId: toHex(currentChain().chainId) })
    },
    declineUpgradeNext: () => decideNext('alternative'),
    batches: () => Object.values(load().batches),
    holdCallsStatus: (on) => void (holdingStatus = on),
  }
  window.__gangwayDevWallets ??= {}
  window.__gangwayDevWallets[options.rdns] = testHandle

  return {
    info,
    provider,
    handle: testHandle,
    uninstall: () => {
      clearTimeout(connectTimer)
      window.removeEventListener('eip6963:requestProvider', announce)
      for (const prompt of [...prompts]) prompt.decide('reject')
      statusPanel = undefined
      host?.remove()
      provider.removeAllListeners()
      if (window.__gangwayDevWallets?.[options.rdns] === testHandle) delete window.__gangwayDevWallets[options.rdns]
      if (ownsLegacy && window.ethereum === provider) delete window.ethereum
    },
  }
}

let nextRpcId = 1

/**
 * A failure of the EIP-5792 methods as the provider's error: EIP-5792's codes and messages as
 * they are, a node's error (wrapped by viem) with the node's code and text.
 */
function providerError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  if (error instanceof CallsError) return new ProviderRpcError(error.code, error.message)
  type Coded = { code?: unknown; details?: unknown }
  let coded: Coded | undefined
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ProviderRpcError) return e
    if (coded === undefined && typeof (e as { code?: unknown }).code === 'number') coded = e as Coded
  }
  const viem = error as { details?: unknown; shortMessage?: unknown; message?: unknown }
  const message = [coded?.details, viem.details, viem.shortMessage, viem.message].find((m): m is string => typeof m === 'string' && m !== '')
  return new ProviderRpcError(typeof coded?.code === 'number' ? coded.code : -32603, message ?? 'The batch could not be sent.')
}

function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[1-9a-f][0-9a-f]*$/i.test(value)) {
    throw invalidParams(`Expected 0x-prefixed, unpadded, non-zero hexadecimal string 'chainId'. Received:\n${String(value)}`)
  }
  const chainId = Number.parseInt(value, 16)
  if (chainId > MAX_SAFE_CHAIN_ID) {
    throw invalidParams(`Invalid chain ID "${value}": numerical value greater than max safe value. Received:\n${value}`)
  }
  return chainId
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function safeUtf8(hex: Hex): string {
  try {
    const text = hexToString(hex)
    // Show text only when it is printable; otherwise the raw hex is more honest.
    return /^[\P{C}\n\r\t]*$/u.test(text) ? text : hex
  } catch {
    return hex
  }
}

function formatEther(wei: bigint): string {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`
}

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function defaultIcon(name: string, rdns: string): string {
  let hash = 0
  for (const char of rdns) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const hue = hash % 360
  const letter = (name.trim()[0] ?? 'W').toUpperCase().replace(/[^A-Z0-9]/, 'W')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="24" fill="hsl(${hue},65%,45%)"/>` +
    `<text x="48" y="64" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text>` +
    `</svg>`
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

function element(tag: string, attributes: Record<string, string>, text?: string): HTMLElement {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  if (text !== undefined) node.textContent = text
  return node
}

const PROMPT_CSS = devWalletPromptCss('#2563eb')
