// What the dev wallet does when the visitor approves a session request: sign with the local key
// (viem local account) or sign a transaction and send it raw to the chain's RPC URL.

import { createWalletClient, defineChain, http, isAddressEqual, isHex, type Hex, type WalletClient } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { StackAccount, StackChain } from './stackConfig'

/** The EIP-155 methods the wallet offers in a session. */
export const WALLET_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
] as const

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
    const viemChain = defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
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
    default:
      throw new WalletRpcError(WalletRpcError.unsupportedMethod, `Method ${request.method} is not supported by this wallet`)
  }
}
