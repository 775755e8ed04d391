/**
 * Maps what a Solana wallet or node threw onto Gangway's wallet errors with the spec's message
 * for what was being done (spec §8): a refused connect is 'Connection rejected', any other failed
 * connect 'Failed to connect', a failed signature 'Error signing message'.
 *
 * Wallet Standard wallets throw in their own ways: most use the EIP-1193 codes (4001 when the
 * visitor refuses), some only say so in words (`WalletSignMessageError: User rejected the
 * request`). A code wins; without one, a refusal in words is still a refusal.
 *
 * @example
 * toSolanaError({ code: 4001, message: 'User rejected the request.' }, 'connect').shortMessage // 'Connection rejected'
 */
import { GangwayError } from '../../core/errors/base.js'
import { WalletInvalidResponseError, WalletRejectedError, WalletRpcError } from '../../core/errors/wallet.js'
import { providerErrorCode, toEvmError, type EvmOperation } from '../evm/evmErrors.js'
import { messageOf, saysRefused } from '../walletWords.js'

/** What the adapter was doing when the wallet or the node failed. */
export type SolanaOperation =
  | 'connect'
  | 'reconnect'
  | 'disconnect'
  | 'switchNetwork'
  | 'signMessage'
  | 'signTransaction'
  | 'sendTransaction'
  | 'getBalance'
  | 'waitForReceipt'
  | 'estimateFee'
  /** A wallet event. */
  | 'event'

/** The wallet-neutral code mapping is shared with the EVM adapter; only the operation's name differs. */
const AS_EVM: Record<SolanaOperation, EvmOperation> = {
  connect: 'connect',
  reconnect: 'reconnect',
  disconnect: 'disconnect',
  switchNetwork: 'switchNetwork',
  signMessage: 'signMessage',
  signTransaction: 'signMessage',
  sendTransaction: 'sendTransaction',
  getBalance: 'getBalance',
  waitForReceipt: 'waitForReceipt',
  estimateFee: 'estimateFee',
  event: 'event',
}

/**
 * Turns anything a Solana wallet or node threw into a typed error with the spec's message.
 * Gangway errors (already typed, already worded) pass through.
 *
 * @example
 * toSolanaError(new Error('User rejected the request.'), 'signMessage') // WalletRejectedError: 'Error signing message'
 */
export function toSolanaError(error: unknown, operation: SolanaOperation): GangwayError {
  try {
    if (error instanceof GangwayError) return error
    if (providerErrorCode(error) === undefined && saysRefused(error)) {
      const code = WalletRejectedError.code
      // The EVM mapping gives the operation's message for a 4001, with the wallet's words as details.
      const mapped = toEvmError({ code, message: messageOf(error) }, AS_EVM[operation])
      return new WalletRejectedError(mapped.shortMessage, { code, ...(mapped.details !== undefined ? { details: mapped.details } : {}), cause: error })
    }
    return toEvmError(error, AS_EVM[operation])
  } catch {
    // What the wallet threw cannot even be read (a getter that throws): the operation's message only.
    return new WalletRpcError(toEvmError({}, AS_EVM[operation]).shortMessage, { details: 'the wallet threw something that cannot be read' })
  }
}

/**
 * The error for a malformed wallet answer during `operation`, with the spec's message for it.
 *
 * @example
 * invalidSolanaResponse('connect', 'account "x" is not an address').shortMessage // 'Failed to connect'
 */
export function invalidSolanaResponse(operation: SolanaOperation, reason: string): WalletInvalidResponseError {
  const shortMessage = toEvmError({}, AS_EVM[operation]).shortMessage
  return new WalletInvalidResponseError(shortMessage, { details: `the wallet answered with junk: ${reason}` })
}
