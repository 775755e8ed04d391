/**
 * What an EVM wallet answers a request that signs or sends (spec §5): a transaction hash is `0x`
 * and 64 hex digits, a signed message `0x` and at least 62. Regular expressions only, so the
 * connector registry (in the modal's engine) checks every wallet's answer without bringing a
 * hashing or encoding library along.
 */
import { show } from '../events/schema.js'
import { WalletInvalidResponseError } from '../errors/wallet.js'

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/**
 * Whether `value` is a transaction hash: `0x` and exactly 64 hex digits.
 *
 * @example
 * isTransactionHash(`0x${'ab'.repeat(32)}`) // true
 */
export function isTransactionHash(value: unknown): value is string {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/**
 * Whether `value` looks like a signed message (a signature): `0x` and at least 62 hex digits.
 *
 * @example
 * isSignedMessage(`0x${'1'.repeat(130)}`) // true
 */
export function isSignedMessage(value: unknown): value is string {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}

/** What a wallet's answer should be: the hash of the transaction it sent, or a signature. */
export type WalletAnswerKind = 'transactionHash' | 'signature'

/**
 * The error for a wallet's answer that breaks the spec's rule for its kind, or `null` when it
 * keeps it. A signature that is not one is 'Error signing message' (spec §8); a transaction hash
 * that is not one is 'Something went wrong', as every malformed wallet answer to a send. The
 * answer is never recorded: the request fails as if the wallet had failed it.
 *
 * @example
 * walletAnswerError('transactionHash', '0x1234')?.shortMessage // 'Something went wrong'
 * walletAnswerError('signature', `0x${'1'.repeat(130)}`) // null
 */
export function walletAnswerError(kind: WalletAnswerKind, answer: unknown): WalletInvalidResponseError | null {
  if (kind === 'signature') {
    if (isSignedMessage(answer)) return null
    return new WalletInvalidResponseError('Error signing message', { details: `the wallet answered with junk: signature ${show(answer)} is not 0x and at least 62 hex digits` })
  }
  if (isTransactionHash(answer)) return null
  return new WalletInvalidResponseError('Something went wrong', { details: `the wallet answered with junk: transaction hash ${show(answer)} is not 0x and 64 hex digits` })
}
