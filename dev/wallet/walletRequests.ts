// What the dev wallet does when the visitor approves a session request: sign with the local key
// (viem local account), sign a transaction and send it raw to the chain's RPC URL, or send an
// EIP-5792 batch (./batchedCalls, shared with the dev extension and the embedded wallet's frame).

import { createWalletClient, hexToBigInt, http, isAddressEqual, isHex, type Hex, type WalletClient } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import {
  batchIdParam,
  batchStatusDetails,
  CallsError,
  callsErrors,
  callsStatus,
  describeCall,
  getCapabilities,
  prepareSendCalls,
  sendBatch,
  type BatchRecord,
  type CallsRpc,
} from './batchedCalls'
import { sendSponsoredBatch, sponsorable, userOperationReceipts } from './sponsoredCalls'
import type { StackAccount, StackChain } from './stackConfig'
import { localChain } from '../chain/viemChain'

/** The EIP-155 methods the wallet offers in a session. */
export const WALLET_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
] as const

/** Requests answered without the approval card: they only read (or show the wallet's own panel). */
export const NO_APPROVAL_METHODS: ReadonlySet<string> = new Set(['wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_showCallsStatus'])

export const WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const

/** A JSON-RPC error a request is answered with; `code` per EIP-1193 / EIP-1474. */
export class WalletRpcError extends Error {
  static readonly userRejected = 4001
  static readonly unauthorized = 4100
  static readonly unsupportedMethod = 4200
  static readonly unrecognizedChain = 4902
  static readonly invalidParams = -32602
  static readonly internal = -32603

  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'WalletRpcError'
  }
}

export function userRejectedError(): WalletRpcError {
  return new WalletRpcError(WalletRpcError.userRejected, 'User rejected the request.')
}

export interface RequestContext {
  account: StackAccount
  /** The chain the request names (its CAIP-2 chainId). */
  chain: StackChain
  /** CAIP-2 chain ids approved in the session. */
  sessionChains: string[]
  /** Emits chainChanged for the session (wallet_switchEthereumChain). */
  switchChain(chainId: string): Promise<void>
  /** The wallet's EIP-5792 batches (id → record); wallet_sendCalls adds to it. Default: none kept. */
  batches?: Map<string, BatchRecord>
  /** Every chain the wallet knows (wallet_getCapabilities, a batch's status). Default: `chain`. */
  chains?: StackChain[]
  /** Shows the wallet's status panel for a batch (wallet_showCallsStatus). */
  showCallsStatus?(details: { label: string; value: string }[]): void
}

const accounts = new Map<string, PrivateKeyAccount>()
const clients = new Map<string, WalletClient>()

function localAccount(a: StackAccount): PrivateKeyAccount {
  let acc = accounts.get(a.privateKey)
  if (!acc) accounts.set(a.privateKey, (acc = privateKeyToAccount(a.privateKey)))
  return acc
}

function walletClient(chain: StackChain, account: PrivateKeyAccount): WalletClient {
  const key = `${chain.chainId}|${chain.rpcUrl}|${account.address}`
  let client = clients.get(key)
  if (!client) {
    const viemChain = localChain(chain)
    client = createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl, { retryCount: 0 }) })
    clients.set(key, client)
  }
  return client
}

function paramsArray(params: unknown): unknown[] {
  if (!Array.isArray(params)) throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected an array of params')
  return params
}

function isAddress(v: unknown): v is `0x${string}` {
  return typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)
}

function assertOurs(address: unknown, account: StackAccount): void {
  if (!isAddress(address) || !isAddressEqual(address, account.address)) {
    throw new WalletRpcError(WalletRpcError.unauthorized, `Unknown account ${String(address)}`)
  }
}

function bigintField(tx: Record<string, unknown>, key: string): bigint | undefined {
  const v = tx[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string' && typeof v !== 'number') {
    throw new WalletRpcError(WalletRpcError.invalidParams, `Invalid transaction field ${key}`)
  }
  try {
    return BigInt(v)
  } catch {
    throw new WalletRpcError(WalletRpcError.invalidParams, `Invalid transaction field ${key}`)
  }
}

function messageToSign(message: unknown): string | { raw: Hex } {
  if (typeof message !== 'string') throw new WalletRpcError(WalletRpcError.invalidParams, 'Message must be a string')
  return isHex(message) ? { raw: message } : message
}

/** A one-line human summary of a request, for the approval card. */
export function describeRequest(method: string, params: unknown): string {
  try {
    const p = Array.isArray(params) ? params : []
    switch (method) {
      case 'personal_sign': {
        const m = p[0]
        if (typeof m === 'string' && isHex(m)) {
          try {
            return `Sign message: ${new TextDecoder('utf-8', { fatal: true }).decode(hexBytes(m))}`
          } catch {
            return `Sign bytes: ${m}`
          }
        }
        return `Sign message: ${String(m)}`
      }
      case 'eth_signTypedData':
      case 'eth_signTypedData_v4': {
        const raw = p[1]
        const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { primaryType?: string; domain?: { name?: string } }
        return `Sign typed data ${doc.primaryType ?? ''} for ${doc.domain?.name ?? 'unknown domain'}`
      }
      case 'eth_sendTransaction': {
        const tx = (p[0] ?? {}) as Record<string, unknown>
        return `Send transaction to ${String(tx.to ?? '(contract creation)')} value ${String(tx.value ?? '0x0')}`
      }
      case 'wallet_switchEthereumChain': {
        const arg = (p[0] ?? {}) as { chainId?: string }
        return `Switch to chain ${arg.chainId ? Number(arg.chainId) : '?'}`
      }
      case 'wallet_sendCalls': {
        const arg = (p[0] ?? {}) as { chainId?: string; calls?: { to?: unknown; value?: unknown; data?: unknown }[]; capabilities?: { paymasterService?: { url?: unknown } } }
        const calls = Array.isArray(arg.calls) ? arg.calls : []
        const lines = calls.map((c, i) => {
          const call = { to: String(c.to) as Hex, value: typeof c.value === 'string' && isHex(c.value) ? hexToBigInt(c.value) : 0n, data: (typeof c.data === 'string' && isHex(c.data) ? c.data : '0x') as Hex }
          return `${i + 1}. ${describeCall(call)}`
        })
        const paymasterUrl = arg.capabilities?.paymasterService?.url
        const fee = typeof paymasterUrl === 'string' ? `. Network fee: paid by the app's paymaster (${new URL(paymasterUrl).host})` : ''
        return `Send ${calls.length} call${calls.length === 1 ? '' : 's'} as one transaction on chain ${arg.chainId ? Number(arg.chainId) : '?'}: ${lines.join('; ')}${fee}`
      }
      default:
        return method
    }
  } catch {
    return method
  }
}

function hexBytes(hex: Hex): Uint8Array {
  const s = hex.slice(2)
  const out = new Uint8Array(s.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16)
  return out
}

/**
 * Executes an approved request and returns its JSON-RPC result; throws WalletRpcError.
 *
 * @example
 * const signature = await executeRequest({ method: 'personal_sign', params: ['0x68656c6c6f', address] }, ctx)
 */
export async function executeRequest(request: { method: string; params?: unknown }, ctx: RequestContext): Promise<unknown> {
  const account = localAccount(ctx.account)
  switch (request.method) {
    case 'personal_sign': {
      const [message, address] = paramsArray(request.params)
      assertOurs(address, ctx.account)
      return account.signMessage({ message: messageToSign(message) })
    }
    case 'eth_sign': {
      const [address, message] = paramsArray(request.params)
      assertOurs(address, ctx.account)
      return account.signMessage({ message: messageToSign(message) })
    }
    case 'eth_signTypedData':
    case 'eth_signTypedData_v4': {
      const [address, raw] = paramsArray(request.params)
      assertOurs(address, ctx.account)
      let doc: unknown
      try {
        doc = typeof raw === 'string' ? JSON.parse(raw) : raw
      } catch {
        throw new WalletRpcError(WalletRpcError.invalidParams, 'Typed data is not valid JSON')
      }
      const typed = doc as { domain?: Record<string, unknown>; types?: Record<string, unknown>; primaryType?: string; message?: Record<string, unknown> }
      if (!typed || typeof typed.primaryType !== 'string' || typeof typed.types !== 'object' || typeof typed.message !== 'object') {
        throw new WalletRpcError(WalletRpcError.invalidParams, 'Typed data needs types, primaryType and message')
      }
      const { EIP712Domain: _domainType, ...types } = typed.types as Record<string, unknown>
      return account.signTypedData({
        domain: typed.domain ?? {},
        types: types as never,
        primaryType: typed.primaryType,
        message: typed.message,
      } as Parameters<PrivateKeyAccount['signTypedData']>[0])
    }
    case 'eth_sendTransaction': {
      const [rawTx] = paramsArray(request.params)
      if (typeof rawTx !== 'object' || rawTx === null) {
        throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected a transaction object')
      }
      const tx = rawTx as Record<string, unknown>
      if (tx.from !== undefined) assertOurs(tx.from, ctx.account)
      if (tx.to !== undefined && tx.to !== null && !isAddress(tx.to)) {
        throw new WalletRpcError(WalletRpcError.invalidParams, 'Invalid "to" address')
      }
      const data = (tx.data ?? tx.input) as Hex | undefined
      if (data !== undefined && !isHex(data)) throw new WalletRpcError(WalletRpcError.invalidParams, 'Invalid "data"')
      const nonce = bigintField(tx, 'nonce')
      const gasPrice = bigintField(tx, 'gasPrice')
      const maxFeePerGas = bigintField(tx, 'maxFeePerGas')
      const maxPriorityFeePerGas = bigintField(tx, 'maxPriorityFeePerGas')
      const fees =
        maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined
          ? { maxFeePerGas, maxPriorityFeePerGas }
          : gasPrice !== undefined
            ? { gasPrice }
            : {}
      const value = bigintField(tx, 'value')
      const gas = bigintField(tx, 'gas')
      const client = walletClient(ctx.chain, account)
      try {
        // viem fills nonce, gas and fees from the node, signs with the local key and sends
        // eth_sendRawTransaction to the chain's rpcUrl.
        return await client.sendTransaction({
          account,
          chain: client.chain,
          to: (tx.to as `0x${string}` | null | undefined) ?? null,
          value,
          data,
          gas,
          nonce: nonce === undefined ? undefined : Number(nonce),
          ...fees,
        } as Parameters<WalletClient['sendTransaction']>[0])
      } catch (e) {
        const msg = e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e)
        throw new WalletRpcError(WalletRpcError.internal, msg)
      }
    }
    case 'wallet_switchEthereumChain': {
      const [arg] = paramsArray(request.params)
      const hexId = (arg as { chainId?: unknown } | undefined)?.chainId
      if (typeof hexId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hexId)) {
        throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected [{ chainId: "0x…" }]')
      }
      const caip = `eip155:${Number(BigInt(hexId))}`
      if (!ctx.sessionChains.includes(caip)) {
        throw new WalletRpcError(WalletRpcError.unrecognizedChain, `Unrecognized chain ID "${hexId}".`)
      }
      await ctx.switchChain(caip)
      return null
    }
    case 'wallet_getCapabilities':
    case 'wallet_sendCalls':
    case 'wallet_getCallsStatus':
    case 'wallet_showCallsStatus':
      try {
        return await batchedCalls(request.method, request.params, account, ctx)
      } catch (e) {
        // A node's, bundler's or paymaster's refusal, wrapped by viem: answered with its code and message.
        for (let cause: unknown = e, depth = 0; cause !== null && typeof cause === 'object' && depth < 10; cause = (cause as { cause?: unknown }).cause, depth++) {
          if (cause instanceof WalletRpcError) throw cause
        }
        if (e instanceof CallsError) throw new WalletRpcError(e.code, e.message)
        const msg = e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e)
        throw new WalletRpcError(WalletRpcError.internal, msg)
      }
    default:
      throw new WalletRpcError(WalletRpcError.unsupportedMethod, `Method ${request.method} is not supported by this wallet`)
  }
}

/** Approved sends per account, one after the other, so two batches never read the same pending nonce. */
const sending = new Map<string, Promise<unknown>>()

async function batchedCalls(method: string, params: unknown, account: PrivateKeyAccount, ctx: RequestContext): Promise<unknown> {
  const chains = ctx.chains ?? [ctx.chain]
  const batches = ctx.batches ?? new Map<string, BatchRecord>()
  const storedBatch = (): { record: BatchRecord; chain: StackChain } => {
    const record = batches.get(batchIdParam(params))
    if (!record) throw callsErrors.unknownBundle()
    const chain = chains.find((c) => c.chainId === record.chainId)
    if (!chain) throw new WalletRpcError(WalletRpcError.internal, `The wallet no longer knows chain ${record.chainId}`)
    return { record, chain }
  }
  switch (method) {
    case 'wallet_getCapabilities':
      return getCapabilities(params, {
        account: account.address,
        chains: chains.map((chain) => ({ chainId: chain.chainId, rpc: chainRpc(chain) })),
        paymasterChainIds: chains.filter((chain) => chain.bundlerUrl !== undefined).map((chain) => chain.chainId),
      })
    case 'wallet_getCallsStatus': {
      const { record, chain } = storedBatch()
      return callsStatus(record, chainRpc(chain), userOperationReceipts(bundlerRpc(chain)))
    }
    case 'wallet_showCallsStatus': {
      const { record, chain } = storedBatch()
      ctx.showCallsStatus?.(batchStatusDetails(record, await callsStatus(record, chainRpc(chain), userOperationReceipts(bundlerRpc(chain))), chain.name))
      return null
    }
    default: {
      // wallet_sendCalls, approved on the card: the account is upgraded by the batch when needed,
      // or, delegated already and on a chain with a bundler, takes the app's paymaster.
      const rpc = chainRpc(ctx.chain)
      const bundler = bundlerRpc(ctx.chain)
      const prepareAndSend = async (): Promise<BatchRecord> => {
        const batch = await prepareSendCalls(params, {
          account: account.address,
          chainId: ctx.chain.chainId,
          rpc,
          hasBatch: (id) => batches.has(id),
          ...((await sponsorable(rpc, account.address, bundler)) ? { paymasterService: true } : {}),
        })
        const { paymasterUrl } = batch
        const record = await (paymasterUrl !== undefined && bundler !== undefined
          ? sendSponsoredBatch(batch, { rpc, bundler, paymaster: jsonRpc(paymasterUrl, 'the paymaster'), owner: account })
          : sendBatch(batch, { rpc, account, mode: batch.status === 'unsupported' ? 'sequential' : 'atomic' }))
        batches.set(record.id, record)
        return record
      }
      // Why serialised, in the order the requests came: two batches must not read the same pending
      // nonce (nor two user operations the same EntryPoint nonce), and each is built once the one
      // before it is sent.
      const previous = sending.get(account.address) ?? Promise.resolve()
      const sent = previous.then(prepareAndSend)
      sending.set(account.address, sent.catch(() => undefined))
      const record = await sent
      return { id: record.id }
    }
  }
}

let nextRpcId = 1

/** JSON-RPC to a chain's node. */
function chainRpc(chain: StackChain): CallsRpc {
  return jsonRpc(chain.rpcUrl, chain.name)
}

/** The chain's ERC-4337 bundler, when the stack runs one there. */
function bundlerRpc(chain: StackChain): CallsRpc | undefined {
  return chain.bundlerUrl === undefined ? undefined : jsonRpc(chain.bundlerUrl, `the bundler of ${chain.name}`)
}

/** JSON-RPC to `url` (a node, a bundler, a paymaster); an error comes back with its code and message. */
function jsonRpc(url: string, name: string): CallsRpc {
  return async (method, params) => {
    let body: { result?: unknown; error?: { code?: number; message?: string } }
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextRpcId++, method, params }),
      })
      body = (await res.json()) as typeof body
    } catch (e) {
      throw new WalletRpcError(WalletRpcError.internal, `Could not reach ${name}: ${e instanceof Error ? e.message : String(e)}`)
    }
    if (body.error) throw new WalletRpcError(body.error.code ?? WalletRpcError.internal, body.error.message ?? `${name} refused the request`)
    return body.result ?? null
  }
}
