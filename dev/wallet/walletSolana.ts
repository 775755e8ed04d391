// The dev wallet's Solana side: a dev account of the local validator (dev/solana/devAccounts.ts,
// #1 by default, so it is not the dev Solana browser wallet's #0), and the WalletConnect Solana
// requests it answers: `solana_signMessage` and `solana_signTransaction`, signed with @solana/kit.
// The signed transaction goes back to the dApp, which sends it.

import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit'
import { devSolanaAccountSigner } from '../solana/devAccounts'
import { WalletRpcError } from './walletRequests'

/** The Solana methods the wallet offers in a session. */
export const SOLANA_WALLET_METHODS = ['solana_signMessage', 'solana_signTransaction'] as const

/** The dev account the wallet signs Solana requests with (default: dev account #1). */
export const DEFAULT_SOLANA_ACCOUNT_INDEX = 1

/** The wallet's Solana key: dev account `index` of the local validator. */
export function solanaWalletSigner(index = DEFAULT_SOLANA_ACCOUNT_INDEX): Promise<KeyPairSigner> {
  return devSolanaAccountSigner(index)
}

function paramsObject(params: unknown): Record<string, unknown> {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected an object of params')
  return params as Record<string, unknown>
}

function decodeBase58(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string') throw new WalletRpcError(WalletRpcError.invalidParams, `${what} must be a base58 string`)
  try {
    return getBase58Encoder().encode(value) as Uint8Array
  } catch {
    throw new WalletRpcError(WalletRpcError.invalidParams, `${what} is not base58`)
  }
}

function decodeTransaction(value: unknown): Transaction {
  if (typeof value !== 'string') throw new WalletRpcError(WalletRpcError.invalidParams, 'transaction must be a base64 string')
  try {
    return getTransactionDecoder().decode(getBase64Encoder().encode(value)) as Transaction
  } catch {
    throw new WalletRpcError(WalletRpcError.invalidParams, 'transaction is not a base64 wire transaction')
  }
}

/** A one-line summary of a Solana request, for the approval card. */
export function describeSolanaRequest(method: string, params: unknown): string {
  try {
    const p = paramsObject(params)
    if (method === 'solana_signMessage') {
      const bytes = decodeBase58(p.message, 'message')
      try {
        return `Sign Solana message: ${new TextDecoder('utf-8', { fatal: true }).decode(bytes)}`
      } catch {
        return `Sign Solana bytes (${bytes.length})`
      }
    }
    if (method === 'solana_signTransaction') {
      const tx = decodeTransaction(p.transaction)
      return `Sign Solana transaction (${tx.messageBytes.length} bytes, signers ${Object.keys(tx.signatures).join(', ')})`
    }
  } catch {
    // shown by its method name
  }
  return method
}

/**
 * Executes an approved Solana request with `signer`; its JSON-RPC result. Throws WalletRpcError.
 *
 * @example
 * const { signature } = await executeSolanaRequest({ method: 'solana_signMessage', params: { message, pubkey } }, signer)
 */
export async function executeSolanaRequest(request: { method: string; params?: unknown }, signer: KeyPairSigner): Promise<unknown> {
  const p = paramsObject(request.params)
  switch (request.method) {
    case 'solana_signMessage': {
      if (p.pubkey !== undefined && p.pubkey !== signer.address) throw new WalletRpcError(WalletRpcError.unauthorized, `Unknown account ${String(p.pubkey)}`)
      const message = decodeBase58(p.message, 'message')
      const signature = await signBytes(signer.keyPair.privateKey, message)
      return { signature: getBase58Decoder().decode(signature) }
    }
    case 'solana_signTransaction': {
      const tx = decodeTransaction(p.transaction)
      if (!(signer.address in tx.signatures)) throw new WalletRpcError(WalletRpcError.unauthorized, `The transaction needs no signature of ${signer.address}`)
      const signed = await partiallySignTransaction([signer.keyPair], tx)
      const signature = signed.signatures[signer.address]!
      return { signature: getBase58Decoder().decode(signature), transaction: getBase64Decoder().decode(getTransactionEncoder().encode(signed)) }
    }
    default:
      throw new WalletRpcError(WalletRpcError.unsupportedMethod, `Method ${request.method} is not supported by this wallet`)
  }
}
