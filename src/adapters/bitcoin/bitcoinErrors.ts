/**
 * Maps what a Bitcoin wallet or an Esplora server answered onto Gangway's errors, with the spec's
 * message for what was being done (spec §8): a refused connect is 'Connection rejected', any other
 * failed connect 'Failed to connect', a failed signature 'Error signing message'.
 *
 * Bitcoin wallets refuse in two dialects: Wallet Standard wallets throw the EIP-1193 code 4001;
 * wallets of the sats-connect convention (`btc_providers`) answer a JSON-RPC error -32000
 * ("USER_REJECTION") with their words. Both are the visitor's refusal (WalletRejectedError,
 * code 4001); -32000 with other words keeps its JSON-RPC meaning (invalid input).
 */
import { GangwayError } from '../../core/errors/base.js'
import { WalletInvalidResponseError, WalletRejectedError, WalletRpcError } from '../../core/errors/wallet.js'
import { providerErrorCode, toWalletError } from '../../core/errors/walletCodes.js'
import { messageOf, saysRefused } from '../walletWords.js'

/** What the adapter was doing when the wallet or the server failed. */
export type BitcoinOperation =
  | 'connect'
  | 'reconnect'
  | 'disconnect'
  | 'signMessage'
  | 'signPsbt'
  | 'sendTransaction'
  | 'getBalance'
  | 'waitForReceipt'
  | 'estimateFee'
  | 'event'

/** sats-connect's code for the visitor's refusal (its RpcErrorCode.USER_REJECTION). */
export const SATS_CONNECT_USER_REJECTION = -32000

/** The spec's message for a failed operation; null where the code's own meaning is shown. */
function messageFor(operation: BitcoinOperation, code: number | undefined): string | null {
  switch (operation) {
    case 'connect':
      return code === WalletRejectedError.code ? 'Connection rejected' : 'Failed to connect'
    case 'reconnect':
      return 'Failed to connect'
    case 'disconnect':
      return 'Failed to disconnect'
    case 'signMessage':
    case 'signPsbt':
      return 'Error signing message'
    case 'estimateFee':
      return 'Fee unavailable'
    default:
      return null
  }
}

/**
 * Turns anything a Bitcoin wallet or server threw into a typed error with the spec's message.
 * Gangway errors (already typed, already worded) pass through.
 *
 * @example
 * toBitcoinError({ code: -32000, message: 'User rejected the request.' }, 'connect') // WalletRejectedError 'Connection rejected'
 */
export function toBitcoinError(error: unknown, operation: BitcoinOperation): GangwayError {
  try {
    if (error instanceof GangwayError) return error
    const code = providerErrorCode(error)
    const refused = code === WalletRejectedError.code || ((code === undefined || code === SATS_CONNECT_USER_REJECTION) && saysRefused(error))
    if (refused) {
      const words = messageOf(error)
      return new WalletRejectedError(messageFor(operation, WalletRejectedError.code) ?? 'User rejected the request', {
        code: WalletRejectedError.code,
        ...(words !== undefined ? { details: words } : {}),
        cause: error,
      })
    }
    return toWalletError(error, messageFor(operation, code))
  } catch {
    return new WalletRpcError(messageFor(operation, undefined) ?? 'Something went wrong', { details: 'the wallet threw something that cannot be read' })
  }
}

/**
 * The error for a malformed wallet answer during `operation`, with the spec's message for it.
 *
 * @example
 * invalidBitcoinResponse('connect', 'no payment address').shortMessage // 'Failed to connect'
 */
export function invalidBitcoinResponse(operation: BitcoinOperation, reason: string): WalletInvalidResponseError {
  return new WalletInvalidResponseError(messageFor(operation, undefined) ?? 'Something went wrong', { details: `the wallet answered with junk: ${reason}` })
}
