/**
 * Errors of wallets: the EIP-1193 provider errors and the JSON-RPC 2.0 / EIP-1474 errors any
 * wallet (injected, WalletConnect, embedded) answers with. A class per code, the code as
 * `static code` and as `code` on the instance. They are namespace-neutral: adapters map what
 * their wallet threw onto them (the EVM adapter's `toEvmError`), choosing the spec's message
 * for what was being done ('Connection rejected', 'Error signing message', …).
 *
 * Names start with `Wallet` so they never collide with viem's classes for the same codes.
 *
 * @example
 * if (error instanceof WalletRejectedError) showRetry() // or: isUserRejection(error)
 */
import { GangwayError } from './base.js'

/** The kinds of `WalletRpcError` and its subclasses (so no other error matches it structurally). */
export type WalletErrorKind =
  | 'WALLET_RPC'
  | 'WALLET_REJECTED'
  | 'WALLET_UNAUTHORIZED'
  | 'WALLET_UNSUPPORTED_METHOD'
  | 'WALLET_DISCONNECTED'
  | 'WALLET_CHAIN_DISCONNECTED'
  | 'WALLET_UNRECOGNIZED_CHAIN'
  | 'WALLET_PARSE_ERROR'
  | 'WALLET_INVALID_REQUEST'
  | 'WALLET_METHOD_NOT_FOUND'
  | 'WALLET_INVALID_PARAMS'
  | 'WALLET_INTERNAL_ERROR'
  | 'WALLET_INVALID_INPUT'
  | 'WALLET_RESOURCE_NOT_FOUND'
  | 'WALLET_RESOURCE_UNAVAILABLE'
  | 'WALLET_TRANSACTION_REJECTED'
  | 'WALLET_METHOD_NOT_SUPPORTED'
  | 'WALLET_LIMIT_EXCEEDED'
  | 'WALLET_JSON_RPC_VERSION_UNSUPPORTED'
  | 'WALLET_INVALID_RESPONSE'
  | 'WALLET_UNSUPPORTED_CAPABILITY'
  | 'WALLET_UNSUPPORTED_CHAIN_ID'
  | 'WALLET_DUPLICATE_BATCH_ID'
  | 'WALLET_UNKNOWN_BATCH_ID'
  | 'WALLET_BATCH_TOO_LARGE'
  | 'WALLET_UPGRADE_REJECTED'
  | 'WALLET_ATOMICITY_NOT_SUPPORTED'
  | 'WALLET_PERMISSIONS_UNSUPPORTED'

type WalletErrorOptions = { code?: number | undefined; details?: string | undefined; cause?: unknown }

/** A failure reported by a wallet or node; `code` is the EIP-1193 / JSON-RPC code. */
export class WalletRpcError extends GangwayError {
  override name: string = 'WalletRpcError'
  override readonly kind: WalletErrorKind = 'WALLET_RPC'
  /** The code this class stands for (undefined for the generic class). */
  static code: number | undefined = undefined
  declare readonly code: number | undefined
  constructor(shortMessage: string, options: WalletErrorOptions = {}) {
    super(shortMessage, { ...options, code: options.code ?? (new.target as typeof WalletRpcError).code })
  }
}

// EIP-1193 provider errors.

/** 4001: the user rejected the request in the wallet. Check with `isUserRejection`. */
export class WalletRejectedError extends WalletRpcError {
  override readonly name = 'WalletRejectedError'
  override readonly kind = 'WALLET_REJECTED'
  static override code = 4001
}
/** 4100: the method or account is not authorised by the user. */
export class WalletUnauthorizedError extends WalletRpcError {
  override readonly name = 'WalletUnauthorizedError'
  override readonly kind = 'WALLET_UNAUTHORIZED'
  static override code = 4100
}
/** 4200: the provider does not support the method. */
export class WalletUnsupportedMethodError extends WalletRpcError {
  override readonly name = 'WalletUnsupportedMethodError'
  override readonly kind = 'WALLET_UNSUPPORTED_METHOD'
  static override code = 4200
}
/** 4900: the provider is disconnected from all chains. */
export class WalletDisconnectedError extends WalletRpcError {
  override readonly name = 'WalletDisconnectedError'
  override readonly kind = 'WALLET_DISCONNECTED'
  static override code = 4900
}
/** 4901: the provider is not connected to the requested chain. */
export class WalletChainDisconnectedError extends WalletRpcError {
  override readonly name = 'WalletChainDisconnectedError'
  override readonly kind = 'WALLET_CHAIN_DISCONNECTED'
  static override code = 4901
}
/** 4902: the wallet does not know the chain (a switch then adds it). */
export class WalletUnrecognizedChainError extends WalletRpcError {
  override readonly name = 'WalletUnrecognizedChainError'
  override readonly kind = 'WALLET_UNRECOGNIZED_CHAIN'
  static override code = 4902
}

// JSON-RPC 2.0 and EIP-1474 errors.

/** -32700: the wallet could not parse the request. */
export class WalletParseError extends WalletRpcError {
  override readonly name = 'WalletParseError'
  override readonly kind = 'WALLET_PARSE_ERROR'
  static override code = -32700
}
/** -32600: the request is not a valid JSON-RPC request. */
export class WalletInvalidRequestError extends WalletRpcError {
  override readonly name = 'WalletInvalidRequestError'
  override readonly kind = 'WALLET_INVALID_REQUEST'
  static override code = -32600
}
/** -32601: the method does not exist. */
export class WalletMethodNotFoundError extends WalletRpcError {
  override readonly name = 'WalletMethodNotFoundError'
  override readonly kind = 'WALLET_METHOD_NOT_FOUND'
  static override code = -32601
}
/** -32602: invalid method parameters. */
export class WalletInvalidParamsError extends WalletRpcError {
  override readonly name = 'WalletInvalidParamsError'
  override readonly kind = 'WALLET_INVALID_PARAMS'
  static override code = -32602
}
/** -32603: the wallet's internal error (often wrapping the real one further down the chain). */
export class WalletInternalError extends WalletRpcError {
  override readonly name = 'WalletInternalError'
  override readonly kind = 'WALLET_INTERNAL_ERROR'
  static override code = -32603
}
/** -32000: missing or invalid parameters. */
export class WalletInvalidInputError extends WalletRpcError {
  override readonly name = 'WalletInvalidInputError'
  override readonly kind = 'WALLET_INVALID_INPUT'
  static override code = -32000
}
/** -32001: the requested resource was not found. */
export class WalletResourceNotFoundError extends WalletRpcError {
  override readonly name = 'WalletResourceNotFoundError'
  override readonly kind = 'WALLET_RESOURCE_NOT_FOUND'
  static override code = -32001
}
/** -32002: the requested resource is not available (often: a request already pending). */
export class WalletResourceUnavailableError extends WalletRpcError {
  override readonly name = 'WalletResourceUnavailableError'
  override readonly kind = 'WALLET_RESOURCE_UNAVAILABLE'
  static override code = -32002
}
/** -32003: the transaction creation failed. */
export class WalletTransactionRejectedError extends WalletRpcError {
  override readonly name = 'WalletTransactionRejectedError'
  override readonly kind = 'WALLET_TRANSACTION_REJECTED'
  static override code = -32003
}
/** -32004: the method is not implemented (JSON-RPC; compare 4200, the provider's refusal). */
export class WalletMethodNotSupportedError extends WalletRpcError {
  override readonly name = 'WalletMethodNotSupportedError'
  override readonly kind = 'WALLET_METHOD_NOT_SUPPORTED'
  static override code = -32004
}
/** -32005: the request exceeds a defined limit. */
export class WalletLimitExceededError extends WalletRpcError {
  override readonly name = 'WalletLimitExceededError'
  override readonly kind = 'WALLET_LIMIT_EXCEEDED'
  static override code = -32005
}
/** -32006: the JSON-RPC version is not supported. */
export class WalletJsonRpcVersionUnsupportedError extends WalletRpcError {
  override readonly name = 'WalletJsonRpcVersionUnsupportedError'
  override readonly kind = 'WALLET_JSON_RPC_VERSION_UNSUPPORTED'
  static override code = -32006
}

/**
 * The wallet answered with something malformed (a chain id of 0, an account that is not an
 * address, a signature that is not hex). Its short message is the operation's (a connect:
 * 'Failed to connect'); `details` says what was wrong. It has no code.
 */
export class WalletInvalidResponseError extends WalletRpcError {
  override readonly name = 'WalletInvalidResponseError'
  override readonly kind = 'WALLET_INVALID_RESPONSE'
}
