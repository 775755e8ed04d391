/**
 * Maps what an EVM wallet or node threw onto Gangway's wallet errors (`src/core/errors/wallet.ts`,
 * a class per EIP-1193 / JSON-RPC code) with the spec's message for what was being done
 * (spec §8): a rejected connect is 'Connection rejected', any other failed connect 'Failed to
 * connect'.
 *
 * @example
 * try { await provider.request({ method: 'eth_requestAccounts' }) }
 * catch (e) { throw toEvmError(e, 'connect') } // WalletRejectedError: 'Connection rejected'
 */
import type { GangwayError } from '../../core/errors/base.js'
import { WalletInvalidResponseError } from '../../core/errors/wallet.js'
import { providerErrorCode, toWalletError } from '../../core/errors/walletCodes.js'

export { providerErrorCode }

/** What the adapter was doing when the wallet or the node failed. */
export type EvmOperation =
  | 'connect'
  | 'reconnect'
  | 'disconnect'
  | 'switchNetwork'
  | 'signMessage'
  | 'signTypedData'
  | 'sendTransaction'
  | 'getBalance'
  | 'waitForReceipt'
  | 'estimateFee'
  /** A provider event (EIP-1193 `disconnect`). */
  | 'event'

/** The spec's message for a failed operation; null where the code's own meaning is shown. */
function messageFor(operation: EvmOperation, code: number | undefined): string | null {
  switch (operation) {
    case 'connect':
      return code === 4001 ? 'Connection rejected' : 'Failed to connect'
    case 'reconnect':
      return 'Failed to connect'
    case 'disconnect':
      return 'Failed to disconnect'
    case 'signMessage':
    case 'signTypedData':
      return 'Error signing message'
    case 'estimateFee':
      return 'Fee unavailable'
    default:
      return null
  }
}

/**
 * Turns anything an EVM wallet or node threw into a typed error with the spec's message.
 * Gangway errors (already typed, already worded) pass through.
 *
 * @example
 * toEvmError({ code: 4001, message: 'User rejected the request.' }, 'connect').shortMessage // 'Connection rejected'
 */
export function toEvmError(error: unknown, operation: EvmOperation): GangwayError {
  return toWalletError(error, messageFor(operation, providerErrorCode(error)))
}

/**
 * The error for a malformed wallet answer during `operation`, with the spec's message for it.
 *
 * @example
 * invalidWalletResponse('connect', 'chain id "0x0" is not a positive integer').shortMessage // 'Failed to connect'
 */
export function invalidWalletResponse(operation: EvmOperation, reason: string): WalletInvalidResponseError {
  return new WalletInvalidResponseError(messageFor(operation, undefined) ?? 'Something went wrong', { details: `the wallet answered with junk: ${reason}` })
}

/** Whether a failed switch means the wallet does not know the chain (so it must be added). */
export function isUnrecognizedChainError(error: unknown): boolean {
  if (providerErrorCode(error) === 4902) return true
  let current: unknown = error
  const seen = new Set<unknown>()
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const message = (current as { message?: unknown }).message
    if (typeof message === 'string' && /unrecognized chain|chain .* not (been )?added|unknown chain/i.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
