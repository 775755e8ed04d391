/**
 * EIP-1193 and JSON-RPC errors of EVM wallets as typed Gangway errors (spec §8). A class per
 * code (`static code`), and the user-facing message chosen by what was being done: a rejected
 * connect is 'Connection rejected', any other failed connect 'Failed to connect'.
 *
 * @example
 * try { await provider.request({ method: 'eth_requestAccounts' }) }
 * catch (e) { throw toEvmError(e, 'connect') } // UserRejectedRequestError: 'Connection rejected'
 */
import { GangwayError } from '../../core/errors.js'

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
  /** A provider event (EIP-1193 `disconnect`). */
  | 'event'

type ErrorOptions = { code?: number | undefined; details?: string | undefined; cause?: unknown }

/** A failure reported by an EVM wallet or node; `code` is the EIP-1193 / JSON-RPC code. */
export class EvmRpcError extends GangwayError {
  override name = 'EvmRpcError'
  /** The code this class stands for (undefined for the generic class). */
  static code: number | undefined = undefined
  constructor(shortMessage: string, options: ErrorOptions = {}) {
    super(shortMessage, options)
  }
}

// EIP-1193 provider errors.
export class UserRejectedRequestError extends EvmRpcError {
  override name = 'UserRejectedRequestError'
  static override code = 4001
}
export class UnauthorizedProviderError extends EvmRpcError {
  override name = 'UnauthorizedProviderError'
  static override code = 4100
}
export class UnsupportedProviderMethodError extends EvmRpcError {
  override name = 'UnsupportedProviderMethodError'
  static override code = 4200
}
export class ProviderDisconnectedError extends EvmRpcError {
  override name = 'ProviderDisconnectedError'
  static override code = 4900
}
export class ChainDisconnectedError extends EvmRpcError {
  override name = 'ChainDisconnectedError'
  static override code = 4901
}
/** The wallet does not know the chain (a switch then adds it). */
export class UnrecognizedChainError extends EvmRpcError {
  override name = 'UnrecognizedChainError'
  static override code = 4902
}
// JSON-RPC 2.0 and EIP-1474 errors.
export class ParseRpcError extends EvmRpcError {
  override name = 'ParseRpcError'
  static override code = -32700
}
export class InvalidRequestRpcError extends EvmRpcError {
  override name = 'InvalidRequestRpcError'
  static override code = -32600
}
export class MethodNotFoundRpcError extends EvmRpcError {
  override name = 'MethodNotFoundRpcError'
  static override code = -32601
}
export class InvalidParamsRpcError extends EvmRpcError {
  override name = 'InvalidParamsRpcError'
  static override code = -32602
}
export class InternalRpcError extends EvmRpcError {
  override name = 'InternalRpcError'
  static override code = -32603
}
export class InvalidInputRpcError extends EvmRpcError {
  override name = 'InvalidInputRpcError'
  static override code = -32000
}
export class ResourceNotFoundRpcError extends EvmRpcError {
  override name = 'ResourceNotFoundRpcError'
  static override code = -32001
}
export class ResourceUnavailableRpcError extends EvmRpcError {
  override name = 'ResourceUnavailableRpcError'
  static override code = -32002
}
export class TransactionRejectedRpcError extends EvmRpcError {
  override name = 'TransactionRejectedRpcError'
  static override code = -32003
}
export class MethodNotSupportedRpcError extends EvmRpcError {
  override name = 'MethodNotSupportedRpcError'
  static override code = -32004
}
export class LimitExceededRpcError extends EvmRpcError {
  override name = 'LimitExceededRpcError'
  static override code = -32005
}
export class JsonRpcVersionUnsupportedError extends EvmRpcError {
  override name = 'JsonRpcVersionUnsupportedError'
  static override code = -32006
}

/**
 * The wallet answered with something malformed (a chain id of 0, an account that is not an
 * address, a signature that is not hex). Its short message is the operation's (a connect:
 * 'Failed to connect'); `details` says what was wrong.
 */
export class InvalidWalletResponseError extends EvmRpcError {
  override name = 'InvalidWalletResponseError'
}

/** Each code's class and what it means (spec §8 wording). */
const BY_CODE: ReadonlyMap<number, { type: typeof EvmRpcError; meaning: string }> = new Map([
  [4001, { type: UserRejectedRequestError, meaning: 'User rejected the request' }],
  [4100, { type: UnauthorizedProviderError, meaning: 'Unauthorized' }],
  [4200, { type: UnsupportedProviderMethodError, meaning: 'Unsupported method' }],
  [4900, { type: ProviderDisconnectedError, meaning: 'Provider disconnected' }],
  [4901, { type: ChainDisconnectedError, meaning: 'Chain disconnected' }],
  [4902, { type: UnrecognizedChainError, meaning: 'Unrecognized chain' }],
  [-32700, { type: ParseRpcError, meaning: 'Parse error' }],
  [-32600, { type: InvalidRequestRpcError, meaning: 'Invalid request' }],
  [-32601, { type: MethodNotFoundRpcError, meaning: 'Method not found' }],
  [-32602, { type: InvalidParamsRpcError, meaning: 'Invalid params' }],
  [-32603, { type: InternalRpcError, meaning: 'Internal error' }],
  [-32000, { type: InvalidInputRpcError, meaning: 'Invalid input' }],
  [-32001, { type: ResourceNotFoundRpcError, meaning: 'Resource not found' }],
  [-32002, { type: ResourceUnavailableRpcError, meaning: 'Resource unavailable' }],
  [-32003, { type: TransactionRejectedRpcError, meaning: 'Transaction rejected' }],
  [-32004, { type: MethodNotSupportedRpcError, meaning: 'Method not supported' }],
  [-32005, { type: LimitExceededRpcError, meaning: 'Limit exceeded' }],
  [-32006, { type: JsonRpcVersionUnsupportedError, meaning: 'JSON-RPC version not supported' }],
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
  const Type = known?.type ?? EvmRpcError
  return new Type(shortMessage, { code, details: describe(error), cause: error })
}

/**
 * The error for a malformed wallet answer during `operation`, with the spec's message for it.
 *
 * @example
 * invalidWalletResponse('connect', 'chain id "0x0" is not a positive integer').shortMessage // 'Failed to connect'
 */
export function invalidWalletResponse(operation: EvmOperation, reason: string): InvalidWalletResponseError {
  return new InvalidWalletResponseError(messageFor(operation, undefined) ?? 'Something went wrong', { details: `the wallet answered with junk: ${reason}` })
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
