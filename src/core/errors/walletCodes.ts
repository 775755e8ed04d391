/**
 * Reading what a wallet threw: its EIP-1193 / JSON-RPC code (along the cause chain), its own
 * words, and the wallet error class for that code (`wallet.ts`). Namespace-neutral: the EVM and
 * Solana adapters map their wallets' errors with it, and so do features that talk to a wallet's
 * provider themselves (EIP-5792 batched calls, with their own codes added).
 *
 * @example
 * toWalletError({ code: 4001, message: 'User rejected the request.' }, 'Connection rejected') // WalletRejectedError
 */
import { GangwayError } from './base.js'
import {
  WalletChainDisconnectedError,
  WalletDisconnectedError,
  WalletInternalError,
  WalletInvalidInputError,
  WalletInvalidParamsError,
  WalletInvalidRequestError,
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
} from './wallet.js'

/** A code's error class and what it means (spec §8 wording). */
export type WalletCode = { readonly type: typeof WalletRpcError; readonly meaning: string }

/** Every EIP-1193 / JSON-RPC code a wallet answers with, by code. */
export const WALLET_CODES: ReadonlyMap<number, WalletCode> = /* @__PURE__ */ new Map([
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

/**
 * The EIP-1193 / JSON-RPC code of a thrown value: the first known code along its cause chain
 * (viem wraps provider errors; some wallets nest the real one in `data.originalError`).
 *
 * @example
 * providerErrorCode({ code: -32603, data: { originalError: { code: 4902 } } }) // 4902
 */
export function providerErrorCode(error: unknown, codes: ReadonlyMap<number, unknown> = WALLET_CODES): number | undefined {
  let firstNumeric: number | undefined
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, data, cause } = current as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown }
    const nested = data?.originalError?.code
    if (typeof nested === 'number' && codes.has(nested)) return nested
    if (typeof code === 'number') {
      // -32603 often wraps the wallet's real error further down the chain.
      if (codes.has(code) && code !== -32603) return code
      firstNumeric ??= code
    }
    current = cause
  }
  return firstNumeric
}

/**
 * The wallet's own words, for `details`.
 *
 * @example
 * describeWalletError({ code: 4001, message: 'User rejected the request.' }) // 'User rejected the request.'
 */
export function describeWalletError(error: unknown): string | undefined {
  if (error instanceof GangwayError) return error.details ?? error.shortMessage
  if (error && typeof error === 'object') {
    const e = error as { details?: unknown; shortMessage?: unknown; message?: unknown }
    for (const text of [e.details, e.shortMessage, e.message]) if (typeof text === 'string' && text) return text.split('\n')[0]
  }
  return typeof error === 'string' ? error : undefined
}

/**
 * Turns what a wallet threw into the class of its code, with `shortMessage` (the spec's message
 * for what was being done) or, when null, the code's own meaning. Gangway errors pass through.
 *
 * @example
 * toWalletError({ code: 4200 }, null).shortMessage // 'Unsupported method'
 */
export function toWalletError(error: unknown, shortMessage: string | null, codes: ReadonlyMap<number, WalletCode> = WALLET_CODES): GangwayError {
  if (error instanceof GangwayError) return error
  const code = providerErrorCode(error, codes)
  const known = code === undefined ? undefined : codes.get(code)
  const Type = known?.type ?? WalletRpcError
  return new Type(shortMessage ?? known?.meaning ?? 'Something went wrong', { code, details: describeWalletError(error), cause: error })
}
