// EIP-5792 (wallet_sendCalls version 2.0.0) for the development wallets: the browser extension,
// the embedded wallet's frame and the WalletConnect wallet answer wallet_getCapabilities,
// wallet_sendCalls, wallet_getCallsStatus and wallet_showCallsStatus through these functions.
// A batch is atomic the way MetaMask 12+ makes it: one transaction the account sends to itself,
// delegated by EIP-7702 to Simple7702Account, calling its `executeBatch`. Each wallet keeps its
// own prompt and storage; these functions take its JSON-RPC function and local account.
import {
  bytesToHex,
  createWalletClient,
  custom,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  size,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem'
import { estimateGas } from 'viem/actions'
import { SMART_ACCOUNT_CONTRACTS, simple7702AccountAbi } from '../chain/smartAccountContracts'
import { localChain } from '../chain/viemChain'

/** The EIP-5792 version the wallets speak. */
export const CALLS_VERSION = '2.0.0'
/** The most calls one batch may carry (larger ones get 5740). */
export const MAX_CALLS = 10
/**
 * Gas of a batch whose estimation failed because a call reverts: it is still sent, so it is mined
 * reverted and none of its calls' effects stay (what a dApp sees from a wallet that submits it).
 */
export const FALLBACK_BATCH_GAS = 1_000_000n

/** A wallet's JSON-RPC access to one chain's node. */
export type CallsRpc = (method: string, params: unknown[]) => Promise<unknown>

/** An EIP-5792 (or EIP-1193) failure: the wallets answer it with `code` and `message` as they are. */
export class CallsError extends Error {
  static readonly unsupportedCapability = 5700
  static readonly unsupportedChain = 5710
  static readonly duplicateId = 5720
  static readonly unknownBundle = 5730
  static readonly bundleTooLarge = 5740
  static readonly upgradeRejected = 5750
  static readonly atomicityNotSupported = 5760
  static readonly userRejected = 4001
  static readonly unauthorized = 4100
  static readonly invalidParams = -32602

  override name = 'CallsError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

// EIP-5792's short messages, verbatim.
export const callsErrors = {
  unsupportedCapability: () => new CallsError(CallsError.unsupportedCapability, 'Unsupported non-optional capability'),
  unsupportedChain: () => new CallsError(CallsError.unsupportedChain, 'Unsupported chain id'),
  duplicateId: () => new CallsError(CallsError.duplicateId, 'Duplicate ID'),
  unknownBundle: () => new CallsError(CallsError.unknownBundle, 'Unknown bundle id'),
  bundleTooLarge: () => new CallsError(CallsError.bundleTooLarge, 'Bundle too large'),
  upgradeRejected: () => new CallsError(CallsError.upgradeRejected, 'Atomic-ready wallet rejected upgrade'),
  atomicityNotSupported: () => new CallsError(CallsError.atomicityNotSupported, 'Atomicity not supported'),
  userRejected: () => new CallsError(CallsError.userRejected, 'User rejected the request.'),
  unauthorized: () => new CallsError(CallsError.unauthorized, 'The requested account and/or method has not been authorized by the user.'),
  invalidParams: (message: string) => new CallsError(CallsError.invalidParams, message),
} as const

/**
 * `ready`: the account can be upgraded (delegated to Simple7702Account) with the user's approval;
 * `supported`: it already is; `unsupported`: the chain has no Simple7702Account.
 */
export type AtomicStatus = 'ready' | 'supported' | 'unsupported'

export type BatchCall = { to: Address; value: bigint; data: Hex }

/** A validated `wallet_sendCalls` request, with what the prompt shows. */
export type PreparedBatch = {
  id: string
  chainId: number
  atomicRequired: boolean
  calls: BatchCall[]
  /** The account's atomic status on the chain when the request came. */
  status: AtomicStatus
  /** The ERC-7677 paymaster the app asked to pay the network fee (`paymasterService` capability; smart accounts only). */
  paymasterUrl?: string
}

/** How a batch is sent: one `executeBatch` transaction, or each call as its own transaction. */
export type BatchMode = 'atomic' | 'sequential'

/** What a wallet stores per batch (JSON-safe) to answer its status later, even after a reload. */
export type BatchRecord = {
  id: string
  chainId: number
  atomic: boolean
  /** The transactions, in order: one for an atomic batch. */
  hashes: Hex[]
  /** One line per call, for the wallet's status panel. */
  calls: string[]
  /** True when this batch delegated the account to Simple7702Account. */
  upgraded: boolean
  /** A smart account's batch: its user operation, and whether its calls applied (the bundle transaction succeeds either way). */
  userOperation?: { hash: Hex; success: boolean }
}

export type CallsReceipt = {
  logs: { address: Address; data: Hex; topics: Hex[] }[]
  status: '0x1' | '0x0'
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

/** The answer of `wallet_getCallsStatus`. */
export type CallsStatus = {
  version: typeof CALLS_VERSION
  id: string
  chainId: Hex
  atomic: boolean
  /** 100 pending, 200 confirmed, 400 never mined, 500 reverted (atomic: none applied), 600 partly reverted. */
  status: 100 | 200 | 400 | 500 | 600
  receipts?: CallsReceipt[]
}

/** The code an account has when it is delegated to Simple7702Account (EIP-7702 designator). */
export const SIMPLE_7702_DESIGNATOR = `0xef0100${SMART_ACCOUNT_CONTRACTS.simple7702Account.slice(2).toLowerCase()}` as Hex

/**
 * The account's atomic-batch status on the chain behind `rpc`.
 *
 * @example
 * await atomicStatus(rpc, '0xf39F…') // 'ready'
 */
export async function atomicStatus(rpc: CallsRpc, address: Address): Promise<AtomicStatus> {
  const [delegate, own] = await Promise.all([codeAt(rpc, SMART_ACCOUNT_CONTRACTS.simple7702Account), codeAt(rpc, address)])
  if (delegate === '0x') return 'unsupported'
  return own.toLowerCase() === SIMPLE_7702_DESIGNATOR ? 'supported' : 'ready'
}

async function codeAt(rpc: CallsRpc, address: Address): Promise<Hex> {
  const code = (await rpc('eth_getCode', [address, 'latest'])) as Hex | null
  return code ?? '0x'
}

/**
 * Answers `wallet_getCapabilities([address, chainIds?])`: `{ [chainIdHex]: { atomic: { status } } }`
 * for each chain the wallet knows (or those of `chainIds` it knows), with `paymasterService` where
 * the account can send a batch as a sponsored user operation: a smart account's chains, and for an
 * EOA the chains of `paymasterChainIds` (those with a bundler) where it is delegated to
 * Simple7702Account. The wallet checks first that the site may see the account.
 *
 * @example
 * await getCapabilities(params, { account, chains: [{ chainId: 31337, rpc }] }) // { '0x7a69': { atomic: { status: 'ready' } } }
 */
export async function getCapabilities(
  params: unknown,
  wallet: { account: Address; chains: { chainId: number; rpc: CallsRpc }[]; smartAccount?: { address: Address; chainIds: number[] }; paymasterChainIds?: number[] },
): Promise<Record<Hex, { atomic: { status: AtomicStatus }; paymasterService?: { supported: true } }>> {
  const [address, chainIds] = Array.isArray(params) ? params : []
  const smart = wallet.smartAccount
  const isSmart = typeof address === 'string' && smart !== undefined && isAddress(address, { strict: false }) && isAddressEqual(address, smart.address)
  if (!isSmart && (typeof address !== 'string' || !isAddress(address, { strict: false }) || !isAddressEqual(address, wallet.account))) {
    throw callsErrors.unauthorized()
  }
  let wanted: number[] | undefined
  if (chainIds !== undefined && chainIds !== null) {
    if (!Array.isArray(chainIds) || !chainIds.every((c) => typeof c === 'string' && /^0x[0-9a-fA-F]+$/.test(c))) {
      throw callsErrors.invalidParams('Expected an array of hex chain ids as the second parameter.')
    }
    wanted = chainIds.map((c) => Number(BigInt(c as string)))
  }
  const chains = wallet.chains.filter((chain) => wanted === undefined || wanted.includes(chain.chainId))
  if (isSmart) {
    // An ERC-4337 account batches by itself (one user operation) and takes a paymaster, where it exists.
    return Object.fromEntries(
      chains.map((chain) => [
        numberToHex(chain.chainId),
        smart.chainIds.includes(chain.chainId) ? { atomic: { status: 'supported' as const }, paymasterService: { supported: true as const } } : { atomic: { status: 'unsupported' as const } },
      ]),
    )
  }
  // A chain whose node does not answer cannot batch now; it must not hide the others' answers.
  const statuses = await Promise.all(chains.map((chain) => atomicStatus(chain.rpc, wallet.account).catch((): AtomicStatus => 'unsupported')))
  // A delegated EOA is an ERC-4337 account (EntryPoint 0.8): where a bundler takes its user
  // operations, a paymaster can pay for them.
  const sponsorable = (chainId: number, status: AtomicStatus) => status === 'supported' && (wallet.paymasterChainIds ?? []).includes(chainId)
  return Object.fromEntries(
    chains.map((chain, i) => [
      numberToHex(chain.chainId),
      { atomic: { status: statuses[i]! }, ...(sponsorable(chain.chainId, statuses[i]!) ? { paymasterService: { supported: true as const } } : {}) },
    ]),
  )
}

/**
 * Validates `wallet_sendCalls([request])` for the wallet's account on its current chain, in
 * EIP-5792's order: shape (-32602), account (4100), chain (5710), capabilities (5700), size (5740),
 * id (5720), atomicity (5760). The id is the dApp's or a random 32-byte hex.
 *
 * @example
 * const batch = await prepareSendCalls(params, { account, chainId: 31337, rpc, hasBatch: (id) => id in stored })
 */
export async function prepareSendCalls(
  params: unknown,
  wallet: {
    account: Address
    chainId: number
    rpc: CallsRpc
    hasBatch(id: string): boolean
    smartAccount?: boolean
    /** The account can send this batch as a user operation a paymaster pays for (always true of a smart account). */
    paymasterService?: boolean
  },
): Promise<PreparedBatch> {
  const request = Array.isArray(params) ? params[0] : undefined
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    throw callsErrors.invalidParams('Expected a single object parameter: { version, chainId, atomicRequired, calls }.')
  }
  const r = request as Record<string, unknown>
  if (r.version !== CALLS_VERSION) throw callsErrors.invalidParams(`Version not supported: got ${String(r.version)}, expected ${CALLS_VERSION}.`)
  if (typeof r.chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(r.chainId)) throw callsErrors.invalidParams("Expected a hex 'chainId'.")
  if (typeof r.atomicRequired !== 'boolean') throw callsErrors.invalidParams("Expected a boolean 'atomicRequired'.")
  if (!Array.isArray(r.calls) || r.calls.length === 0) throw callsErrors.invalidParams("Expected a non-empty array 'calls'.")
  if (r.id !== undefined && (typeof r.id !== 'string' || r.id.length === 0 || r.id.length > 4096)) {
    throw callsErrors.invalidParams("Expected 'id' to be a string of 1 to 4096 characters.")
  }
  const calls = r.calls.map(parseCall)
  if (r.from !== undefined && r.from !== null) {
    if (typeof r.from !== 'string' || !isAddress(r.from, { strict: false }) || !isAddressEqual(r.from, wallet.account)) throw callsErrors.unauthorized()
  }
  const chainId = Number(BigInt(r.chainId))
  if (chainId !== wallet.chainId) throw callsErrors.unsupportedChain()
  // A smart account (or an EOA delegated to one, with a bundler) takes an ERC-7677 paymaster for
  // the whole batch; any other capability the dApp needs (not `optional: true`) is refused.
  let paymasterUrl: string | undefined
  const capabilityMaps = [r.capabilities, ...r.calls.map((call) => (call as Record<string, unknown>).capabilities)]
  for (const [index, capabilities] of capabilityMaps.entries()) {
    if (capabilities === undefined || capabilities === null) continue
    if (typeof capabilities !== 'object' || Array.isArray(capabilities)) throw callsErrors.invalidParams("Expected 'capabilities' to be an object.")
    for (const [name, value] of Object.entries(capabilities)) {
      if (name === 'paymasterService' && (wallet.smartAccount || wallet.paymasterService) && index === 0) {
        const url = typeof value === 'object' && value !== null ? (value as { url?: unknown }).url : undefined
        if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) throw callsErrors.invalidParams("Expected 'paymasterService.url' to be an http(s) URL.")
        paymasterUrl = url
        continue
      }
      const optional = typeof value === 'object' && value !== null && (value as { optional?: unknown }).optional === true
      if (!optional) throw callsErrors.unsupportedCapability()
    }
  }
  if (calls.length > MAX_CALLS) throw callsErrors.bundleTooLarge()
  const id = (r.id as string | undefined) ?? newBatchId()
  if (wallet.hasBatch(id)) throw callsErrors.duplicateId()
  const status = wallet.smartAccount ? 'supported' : await atomicStatus(wallet.rpc, wallet.account)
  if (r.atomicRequired && status === 'unsupported') throw callsErrors.atomicityNotSupported()
  return { id, chainId, atomicRequired: r.atomicRequired, calls, status, ...(paymasterUrl ? { paymasterUrl } : {}) }
}

function parseCall(raw: unknown, index: number): BatchCall {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw callsErrors.invalidParams(`Call ${index + 1} is not an object.`)
  const c = raw as Record<string, unknown>
  if (c.to === undefined || c.to === null) throw callsErrors.invalidParams(`Call ${index + 1} has no 'to': contract creation is not supported in a batch.`)
  if (typeof c.to !== 'string' || !isAddress(c.to, { strict: false })) throw callsErrors.invalidParams(`Call ${index + 1} has an invalid 'to' address.`)
  if (c.data !== undefined && c.data !== null && (typeof c.data !== 'string' || !isHex(c.data))) {
    throw callsErrors.invalidParams(`Call ${index + 1} has invalid 'data': expected hex.`)
  }
  if (c.value !== undefined && c.value !== null && (typeof c.value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(c.value))) {
    throw callsErrors.invalidParams(`Call ${index + 1} has an invalid 'value': expected a hex quantity.`)
  }
  return { to: c.to as Address, value: typeof c.value === 'string' ? hexToBigInt(c.value as Hex) : 0n, data: ((c.data as Hex | undefined) ?? '0x') as Hex }
}

/** A random 32-byte hex batch id. */
export function newBatchId(): Hex {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
}

/**
 * One line per call for a prompt: target, value, the ERC-20 `transfer` / `approve` it makes
 * (decoded) or its method selector, and the data size.
 *
 * @example
 * describeCall({ to, value: 10n ** 16n, data: '0x' }) // 'to 0x7099…79C8 · 0.01 ETH'
 */
export function describeCall(call: BatchCall, symbol = 'ETH'): string {
  const parts = [`to ${call.to}`, `${formatEther(call.value)} ${symbol}`]
  if (call.data !== '0x') {
    parts.push(methodOf(call.data), `${size(call.data)} bytes of data`)
  }
  return parts.join(' · ')
}

function methodOf(data: Hex): string {
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data })
    if (decoded.functionName === 'transfer' || decoded.functionName === 'approve') {
      const [who, amount] = decoded.args as readonly [Address, bigint]
      return `ERC-20 ${decoded.functionName}(${who}, ${amount})`
    }
  } catch {
    // Not one of the ERC-20 methods: the selector is what can be shown.
  }
  return `method ${data.slice(0, 10)}`
}

/**
 * The prompt's lines for a batch: network, each call, how it is sent and, for an account not yet
 * delegated, the upgrade to a smart account it includes.
 *
 * @example
 * batchPromptDetails(batch, { network: 'Gangway Local' }).map((d) => `${d.label}: ${d.value}`)
 */
export function batchPromptDetails(batch: PreparedBatch, chain: { network: string; symbol?: string }): { label: string; value: string }[] {
  const details = [{ label: 'Network', value: `${chain.network} (${batch.chainId})` }]
  batch.calls.forEach((call, i) => details.push({ label: `Call ${i + 1}`, value: describeCall(call, chain.symbol) }))
  if (batch.status === 'unsupported') {
    details.push({ label: 'Sent as', value: `${batch.calls.length} separate transactions (this network cannot batch them)` })
  } else {
    details.push({ label: 'Sent as', value: 'one transaction: all calls succeed or none does' })
  }
  if (batch.status === 'ready') {
    details.push({
      label: 'Smart account',
      value: `This account will be upgraded to a smart account (EIP-7702 delegation to Simple7702Account ${SMART_ACCOUNT_CONTRACTS.simple7702Account})`,
    })
  }
  return details
}

/**
 * Sends an approved batch and returns its record: atomically (one `executeBatch` transaction to
 * the account itself, with the EIP-7702 authorization when the account is not yet delegated) or
 * one transaction per call. A batch whose estimation fails because a call reverts is still sent
 * (FALLBACK_BATCH_GAS) so it is mined reverted. Callers serialise sends so nonces never collide.
 *
 * @example
 * const record = await sendBatch(batch, { rpc, account, mode: 'atomic' })
 */
export async function sendBatch(batch: PreparedBatch, wallet: { rpc: CallsRpc; account: LocalAccount; mode: BatchMode; symbol?: string }): Promise<BatchRecord> {
  const { account, rpc } = wallet
  const chain = localChain({ chainId: batch.chainId, nativeCurrency: { name: 'Ether', symbol: wallet.symbol ?? 'ETH', decimals: 18 } })
  // No retries: a node error (a reverting estimation above all) is an answer, not a glitch.
  const client = createWalletClient({ account, chain, transport: custom({ request: ({ method, params }) => rpc(method, (params ?? []) as unknown[]) }, { retryCount: 0 }) })
  const calls = batch.calls.map((call) => describeCall(call, wallet.symbol))

  if (wallet.mode === 'sequential') {
    const hashes: Hex[] = []
    for (const call of batch.calls) {
      const gas = await estimateOrFallback(() => estimateGas(client, { account, to: call.to, value: call.value, data: call.data }))
      const hash = await client.sendTransaction({ account, chain, to: call.to, value: call.value, data: call.data, gas })
      hashes.push(hash)
      // The next call may depend on this one: estimate it on the state after.
      await waitForReceipt(rpc, hash)
    }
    return { id: batch.id, chainId: batch.chainId, atomic: false, hashes, calls, upgraded: false }
  }

  const upgrade = (await codeAt(rpc, account.address)).toLowerCase() !== SIMPLE_7702_DESIGNATOR
  const authorizationList = upgrade
    ? [await client.signAuthorization({ account, contractAddress: SMART_ACCOUNT_CONTRACTS.simple7702Account, executor: 'self' })]
    : undefined
  const data = encodeFunctionData({
    abi: simple7702AccountAbi,
    functionName: 'executeBatch',
    args: [batch.calls.map((call) => ({ target: call.to, value: call.value, data: call.data }))],
  })
  const gas = await estimateOrFallback(() => estimateGas(client, { account, to: account.address, data, ...(authorizationList ? { authorizationList } : {}) }))
  // An already delegated account needs no authorization, and a type-4 transaction must carry one:
  // later batches are plain EIP-1559 transactions to the account itself.
  const hash = await client.sendTransaction({ account, chain, to: account.address, data, gas, ...(authorizationList ? { authorizationList } : {}) })
  return { id: batch.id, chainId: batch.chainId, atomic: true, hashes: [hash], calls, upgraded: upgrade }
}

async function estimateOrFallback(estimate: () => Promise<bigint>): Promise<bigint> {
  try {
    return await estimate()
  } catch (error) {
    if (isRevert(error)) return FALLBACK_BATCH_GAS
    throw error
  }
}

/** True when a node's error (possibly wrapped by viem) says the execution reverted. */
function isRevert(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, details, name } = e as { message?: unknown; details?: unknown; name?: unknown }
    if (name === 'ExecutionRevertedError') return true
    for (const text of [message, details]) if (typeof text === 'string' && /revert/i.test(text)) return true
  }
  return false
}

async function waitForReceipt(rpc: CallsRpc, hash: Hex, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if ((await rpc('eth_getTransactionReceipt', [hash])) !== null) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

type NodeReceipt = {
  logs: { address: Address; data: Hex; topics: Hex[] }[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

/** What EIP-5792's receipt takes of a bundler's `eth_getUserOperationReceipt` answer (ERC-4337). */
type UserOperationReceiptAnswer = {
  success: boolean
  actualGasUsed: Hex
  logs: { address: Address; data: Hex; topics: Hex[] }[]
  receipt: { blockHash: Hex; blockNumber: Hex; transactionHash: Hex }
}

function isUserOperationReceipt(answer: unknown): answer is UserOperationReceiptAnswer {
  if (typeof answer !== 'object' || answer === null) return false
  const a = answer as Record<string, unknown>
  const receipt = a.receipt as Record<string, unknown> | null | undefined
  return typeof a.success === 'boolean' && isHex(a.actualGasUsed) && Array.isArray(a.logs) && typeof receipt === 'object' && receipt !== null && isHex(receipt.transactionHash)
}

/**
 * Answers `wallet_getCallsStatus` for a stored batch from its transactions' receipts: 100 until
 * every transaction has one, then 200 (all succeeded), 500 (reverted; for an atomic batch, none of
 * its calls applied) or 600 (some reverted); 400 when a transaction is unknown to the node.
 * A batch sent as a user operation is answered from the user operation's receipt when
 * `userOperationReceipt` (the bundler's `eth_getUserOperationReceipt`) has it: its own logs and gas,
 * not those of the whole bundle transaction; from the bundle transaction's receipt otherwise.
 *
 * @example
 * await callsStatus(record, rpc) // { version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200, receipts: [ … ] }
 */
export async function callsStatus(record: BatchRecord, rpc: CallsRpc, options: { userOperationReceipt?: (hash: Hex) => Promise<unknown> } = {}): Promise<CallsStatus> {
  const base = { version: CALLS_VERSION, id: record.id, chainId: numberToHex(record.chainId), atomic: record.atomic } as const
  if (record.userOperation && options.userOperationReceipt) {
    // A bundler that cannot answer now does not hide the status: the node's receipt tells it too.
    const answer = await options.userOperationReceipt(record.userOperation.hash).catch(() => null)
    if (isUserOperationReceipt(answer)) {
      return {
        ...base,
        status: answer.success ? 200 : 500,
        receipts: [
          {
            logs: answer.logs.map(({ address, data, topics }) => ({ address, data, topics })),
            status: answer.success ? '0x1' : '0x0',
            blockHash: answer.receipt.blockHash,
            blockNumber: answer.receipt.blockNumber,
            gasUsed: answer.actualGasUsed,
            transactionHash: answer.receipt.transactionHash,
          },
        ],
      }
    }
  }
  const receipts = (await Promise.all(record.hashes.map((hash) => rpc('eth_getTransactionReceipt', [hash])))) as (NodeReceipt | null)[]
  if (receipts.some((r) => r === null)) {
    const known = await Promise.all(record.hashes.map((hash, i) => (receipts[i] !== null ? true : rpc('eth_getTransactionByHash', [hash]).then((tx) => tx !== null))))
    return { ...base, status: known.every(Boolean) ? 100 : 400 }
  }
  const mined = receipts as NodeReceipt[]
  const succeeded = record.userOperation?.success === false ? 0 : mined.filter((r) => r.status === '0x1').length
  const status = succeeded === mined.length ? 200 : succeeded === 0 ? 500 : 600
  return {
    ...base,
    status,
    receipts: mined.map((r) => ({
      logs: r.logs.map(({ address, data, topics }) => ({ address, data, topics })),
      status: r.status === '0x1' && record.userOperation?.success !== false ? '0x1' : '0x0',
      blockHash: r.blockHash,
      blockNumber: r.blockNumber,
      gasUsed: r.gasUsed,
      transactionHash: r.transactionHash,
    })),
  }
}

/** The batch id of `wallet_getCallsStatus([id])` / `wallet_showCallsStatus([id])`. */
export function batchIdParam(params: unknown): string {
  const id = Array.isArray(params) ? params[0] : undefined
  if (typeof id !== 'string' || id.length === 0) throw callsErrors.invalidParams('Expected the batch id as the single parameter.')
  return id
}

const STATUS_TEXT: Record<CallsStatus['status'], string> = {
  100: 'Pending',
  200: 'Confirmed',
  400: 'Not included on chain',
  500: 'Reverted: none of the calls took effect',
  600: 'Partly reverted: some calls took effect',
}

/**
 * The lines of a wallet's status panel for a batch (`wallet_showCallsStatus`).
 *
 * @example
 * batchStatusDetails(record, await callsStatus(record, rpc), 'Gangway Local')
 */
export function batchStatusDetails(record: BatchRecord, status: CallsStatus, network: string): { label: string; value: string }[] {
  return [
    { label: 'Batch', value: record.id },
    { label: 'Network', value: `${network} (${record.chainId})` },
    { label: 'Status', value: STATUS_TEXT[status.status] },
    { label: 'Atomic', value: record.atomic ? 'yes (one transaction)' : `no (${record.hashes.length} transactions)` },
    ...record.calls.map((call, i) => ({ label: `Call ${i + 1}`, value: call })),
    ...(record.userOperation ? [{ label: 'User operation', value: record.userOperation.hash }] : []),
    ...record.hashes.map((hash, i) => ({ label: record.hashes.length === 1 ? 'Transaction' : `Transaction ${i + 1}`, value: hash })),
  ]
}
