/**
 * A WalletConnect session's Solana accounts in the shape of a Wallet Standard wallet, so the
 * Solana adapter's runtime (its transaction building, answer checks, signature verification,
 * sends and confirmations over RPC) serves WalletConnect too instead of being written twice.
 * Each feature is one WalletConnect request on the session's chain:
 *
 * - `solana:signMessage` → `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`
 * - `solana:signTransaction` → `solana_signTransaction` `{ transaction: base64 }` → `{ signature: base58 }`
 *   and / or `{ transaction: base64 }` (the signed one)
 *
 * What the wallet answers is outside input: a signed transaction must be the one asked for and
 * carry a valid signature of the account (kit), or the answer is junk
 * (`WalletInvalidResponseError`) and nothing is sent. Loaded in the chunk of the Solana runtime
 * (@solana/kit), on first use.
 */
import { base58, base64 } from '@scure/base'
import { getTransactionEncoder, type SignatureBytes, type Transaction } from '@solana/kit'
import { decodeTransaction } from './solanaPayloads.js'
import { asProviderRefusal } from '../../core/errors/walletConnect.js'
import { invalidSolanaResponse, type SolanaOperation } from './solanaErrors.js'
import type { Wallet } from './discoverSolanaWallets.js'
import { verifies } from './verifySolanaSignature.js'
import { isBytes, preview } from '../preview.js'
import type { WalletConnectProvider } from '../walletconnect/walletConnectProvider.js'

/** The session's Solana side: its accounts and chains (checked grants), and the chain requests go to. */
export type WalletConnectSolanaSession = {
  provider: WalletConnectProvider
  accounts: readonly string[]
  chains: readonly string[]
  /** The CAIP-2 id requests name (one of `chains`). */
  chain: string
}

/** The Wallet Standard features the facade has. */
const FEATURES = ['solana:signMessage', 'solana:signTransaction'] as const

/**
 * The session as a Wallet Standard wallet for the Solana runtime; `operation` words its junk errors.
 *
 * @example
 * const signature = await runtime.signMessage(walletConnectSolanaWallet(session, 'signMessage'), { address, message })
 */
export function walletConnectSolanaWallet(session: WalletConnectSolanaSession, operation: SolanaOperation): Wallet {
  const { provider, chain } = session
  const accounts = session.accounts.map((a) => ({ address: a, publicKey: base58.decode(a), chains: [...session.chains], features: [...FEATURES] }))

  async function request(method: string, params: Record<string, unknown>): Promise<unknown> {
    try {
      return await provider.request<unknown>({ method, params }, chain)
    } catch (error) {
      throw asProviderRefusal(error)
    }
  }

  const signMessage = async (input: { account: { address: string }; message: Uint8Array }) => {
    const answer = await request('solana_signMessage', { message: base58.encode(input.message), pubkey: input.account.address })
    // Decoded when it is base58; otherwise passed on as it came, and the runtime names what is wrong.
    return [{ signedMessage: input.message, signature: decodeBase58(field(answer, 'signature')) }]
  }

  const signTransaction = async (input: { account: { address: string }; transaction: Uint8Array }) => {
    const signer = input.account.address
    const asked = decodeTransaction(input.transaction)
    if (!asked) throw invalidSolanaResponse(operation, 'the transaction to sign does not decode')
    const answer = await request('solana_signTransaction', { transaction: base64.encode(input.transaction) })
    const signed = signedTransaction(answer, asked, signer)
    if (typeof signed === 'string') throw invalidSolanaResponse(operation, signed)
    const signature = signed.signatures[signer as never] as Uint8Array | null | undefined
    if (!signature) throw invalidSolanaResponse(operation, `the signed transaction has no signature of ${signer}`)
    if ((await verifies(signer, signature, signed.messageBytes)) === false) {
      throw invalidSolanaResponse(operation, `the transaction's signature is not ${signer}'s`)
    }
    return [{ signedTransaction: getTransactionEncoder().encode(signed) as Uint8Array }]
  }

  return {
    version: '1.0.0',
    name: 'WalletConnect',
    icon: 'data:image/svg+xml;base64,',
    chains: [...session.chains],
    accounts,
    features: {
      'solana:signMessage': { version: '1.1.0', signMessage: (...inputs: Parameters<typeof signMessage>) => signMessage(...inputs) },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs: Parameters<typeof signTransaction>) => signTransaction(...inputs),
      },
    },
  } as unknown as Wallet
}

/**
 * The signed transaction of a `solana_signTransaction` answer: its `transaction` (base64), else
 * the asked one with its `signature` (base58) as `signer`'s. A string says why the answer is junk.
 */
function signedTransaction(answer: unknown, asked: Transaction, signer: string): Transaction | string {
  if (answer === null || typeof answer !== 'object') return `solana_signTransaction answered ${preview(answer)}`
  const { transaction, signature } = answer as { transaction?: unknown; signature?: unknown }
  if (transaction !== undefined) {
    if (typeof transaction !== 'string') return `transaction ${preview(transaction)} is not base64`
    let bytes: Uint8Array
    try {
      bytes = base64.decode(transaction)
    } catch {
      return `transaction ${preview(transaction)} is not base64`
    }
    const decoded = decodeTransaction(bytes)
    if (!decoded) return 'the signed transaction does not decode'
    if (!sameBytes(decoded.messageBytes, asked.messageBytes)) return 'the wallet signed another transaction than the one asked'
    return decoded
  }
  if (!(signer in asked.signatures)) return `the transaction needs no signature of ${signer}`
  const bytes = decodeBase58(signature)
  if (!isBytes(bytes) || bytes.length !== 64) return `signature ${preview(signature)} is not a 64-byte signature in base58`
  return { ...asked, signatures: { ...asked.signatures, [signer]: bytes as SignatureBytes } } as Transaction
}

function field(answer: unknown, name: string): unknown {
  return answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>)[name] : undefined
}

/** Bytes of a base58 string, or the value itself when it is not one (reported by the caller's checks). */
function decodeBase58(value: unknown): unknown {
  if (typeof value !== 'string' || value.length === 0 || value.length > 200) return value
  try {
    return base58.decode(value)
  } catch {
    return value
  }
}

function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}


