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
import { GangwayError } from '../../core/errors/base.js'
import {
  WalletChainDisconnectedError,
  WalletDisconnectedError,
  WalletInternalError,
  WalletInvalidInputError,
  WalletInvalidParamsError,
  WalletInvalidRequestError,
  WalletInvalidResponseError,
  WalletJsonRpcVersionUnsupportedError,
  WalletLimitExceededError,
  WalletMethodNotFoundError,
  WalletMethodNotSupportedError,
  WalletParseError,
  WalletRejectedError,
  WalletResourceNotFoundError,
  WalletResourceUnavailableError,
  WalletRpcError,
  WalletTransactionRejectedError,
  WalletUnauthorizedError,
  WalletUnrecognizedChainError,
  WalletUnsupportedMethodError,
} from '../../core/errors/wallet.js'

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

/** Each code's class and what it means (spec §8 wording). */
const BY_CODE: ReadonlyMap<number, { type: typeof WalletRpcError; meaning: string }> = new Map([
  [4001, { type: WalletRejectedError, meaning: 'User rejected the request' }],
  [4100, { type: WalletUnauthorizedError, meaning: 'Unauthorized' }],
  [4200, { type: WalletUnsupportedMethodError, meaning: 'Unsupported method' }],
  [4900, { type: WalletDisconnectedError, meaning: 'Provider disconnected' }],
  [4901, { type: WalletChainDisconnectedError, meaning: 'Chain disconnected' }],
  [4902, { type: WalletUnrecognizedChainError, meaning: 'Unrecognized chain' }],
  [-32700, { type: WalletParseError, meaning: 'Parse error' }],
  [-32600, { type: WalletInvalidRequestError, meaning: 'Invalid request' }],
  [-32601, { type: WalletMethodNotFoundError, meaning: 'Method not found' }],
  [-32602, { type: WalletInvalidParamsError, meaning: 'Invalid params' }],
  [-32603, { type: WalletInternalError, meaning: 'Internal error' }],
  [-32000, { type: WalletInvalidInputError, meaning: 'Invalid input' }],
  [-32001, { type: WalletResourceNotFoundError, meaning: 'Resource not found' }],
  [-32002, { type: WalletResourceUnavailableError, meaning: 'Resource unavailable' }],
  [-32003, { type: WalletTransactionRejectedError, meaning: 'Transaction rejected' }],
  [-32004, { type: WalletMethodNotSupportedError, meaning: 'Method not supported' }],
  [-32005, { type: WalletLimitExceededError, meaning: 'Limit exceeded' }],
  [-32006, { type: WalletJsonRpcVersionUnsupportedError, meaning: 'JSON-RPC version not supported' }],
])

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
 * The EIP-1193 / JSON-RPC code of a thrown value: the first known code along its cause chain
 * (viem wraps provider errors; some wallets nest the real one in `data.originalError`).
 *
 * @example
 * providerErrorCode({ code: -32603, data: { originalError: { code: 4902 } } }) // 4902
 */
export function providerErrorCode(error: unknown): number | undefined {
  let firstNumeric: number | undefined
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, data, cause } = current as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown }
    const nested = data?.originalError?.code
    if (typeof nested === 'number' && BY_CODE.has(nested)) return nested
    if (typeof code === 'number') {
      // -32603 often wraps the wallet's real error further down the chain.
      if (BY_CODE.has(code) && code !== -32603) return code
      firstNumeric ??= code
    }
    current = cause
  }
  return firstNumeric
}

/** The wallet's own words, for `details`. */
function describe(error: unknown): string | undefined {
  if (error instanceof GangwayError) return error.details ?? error.shortMessage
  if (error && typeof error === 'object') {
    const e = error as { details?: unknown; shortMessage?: unknown; message?: unknown }
    for (const text of [e.details, e.shortMessage, e.message]) if (typeof text === 'string' && text) return text.split('\n')[0]
  }
  return typeof error === 'string' ? error : undefined
}

/**
 * Turns anything an EVM wallet or node threw into a typed error with the spec's message.
 * Gangway errors (already typed, already worded) pass through.
 *
 * @example
 * toEvmError({ code: 4001, message: 'User rejected the request.' }, 'connect').shortMessage // 'Connection rejected'
 */
export function toEvmError(error: unknown, operation: EvmOperation): GangwayError {
  if (error instanceof GangwayError) return error
  const code = providerErrorCode(error)
  const known = code === undefined ? undefined : BY_CODE.get(code)
  const shortMessage = messageFor(operation, code) ?? known?.meaning ?? 'Something went wrong'
  const Type = known?.type ?? WalletRpcError
  return new Type(shortMessage, { code, details: describe(error), cause: error })
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
