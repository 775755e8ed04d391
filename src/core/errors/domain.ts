/**
 * Errors of the domain rules (spec §3, §5): identifiers, names, sign-in messages, connection
 * statuses, transactions, the send form, the RPC method policy and the e-mail cooldown. The
 * rules themselves live in `src/core/domain/`; these are what they throw or return.
 *
 * @example
 * if (error instanceof InvalidCaipAddressError) console.warn(error.details)
 */
import { GangwayError, InvalidInputError } from './base.js'

/** A CAIP-10 address that is not three non-empty colon parts with a known namespace. */
export class InvalidCaipAddressError extends InvalidInputError {
  override readonly name = 'InvalidCaipAddressError'
  override readonly kind = 'INVALID_CAIP_ADDRESS'
  constructor(input: unknown) {
    super('Invalid CAIP-10 address', { details: String(input) })
  }
}

/** A CAIP-2 network id that is not two non-empty colon parts with a known namespace. */
export class InvalidCaipNetworkIdError extends InvalidInputError {
  override readonly name = 'InvalidCaipNetworkIdError'
  override readonly kind = 'INVALID_CAIP_NETWORK_ID'
  constructor(input: unknown) {
    super('Invalid CAIP-2 network id', { details: String(input) })
  }
}

/** A chain id that cannot become an ENSIP-11 coin type. */
export class InvalidCoinTypeChainIdError extends InvalidInputError {
  override readonly name = 'InvalidCoinTypeChainIdError'
  override readonly kind = 'INVALID_COIN_TYPE_CHAIN_ID'
  constructor(chainId: unknown) {
    super('Invalid chainId', { details: String(chainId) })
  }
}

/** A stored connection status other than connected, active or disconnected. */
export class InvalidConnectionStatusError extends InvalidInputError {
  override readonly name = 'InvalidConnectionStatusError'
  override readonly kind = 'INVALID_CONNECTION_STATUS'
  constructor(status: unknown) {
    super(`Invalid connection status: ${String(status)}`, { details: String(status) })
  }
}

/** A sign-in message field or text that breaks EIP-4361 / CAIP-122. */
export class InvalidSiwxMessageError extends InvalidInputError {
  override readonly name = 'InvalidSiwxMessageError'
  override readonly kind = 'INVALID_SIWX_MESSAGE'
  constructor(details: string) {
    super('Invalid SIWX message', { details })
  }
}

/** Host options that set both sign-in configurations. */
export class SiwxOptionsConflictError extends InvalidInputError {
  override readonly name = 'SiwxOptionsConflictError'
  override readonly kind = 'SIWX_OPTIONS_CONFLICT'
  constructor() {
    super('Cannot set both siweConfig and siwx options')
  }
}

/**
 * A transaction that breaks one of the rules of spec §5 (messages as viem words them). Its code is
 * JSON-RPC's invalid params (-32602), so a host's EIP-1193 library reads the refusal as one.
 */
export class TransactionRuleError extends InvalidInputError {
  override readonly name = 'TransactionRuleError'
  override readonly kind = 'TRANSACTION_RULE_BROKEN'
  static code = -32602
  constructor(shortMessage: string, options: Omit<NonNullable<ConstructorParameters<typeof InvalidInputError>[1]>, 'code'> = {}) {
    super(shortMessage, { ...options, code: TransactionRuleError.code })
  }
}

/** A `wallet_sendCalls` request whose shape is wrong (JSON-RPC -32602). */
export class InvalidSendCallsError extends InvalidInputError {
  override readonly name = 'InvalidSendCallsError'
  override readonly kind = 'INVALID_SEND_CALLS'
  static code = -32602
  constructor(details: string) {
    super('Invalid wallet_sendCalls request', { code: InvalidSendCallsError.code, details })
  }
}

/** The send form is missing something (spec §5). */
export class SendFormError extends GangwayError {
  override readonly name = 'SendFormError'
  override readonly kind = 'SEND_FORM_INCOMPLETE'
}

/** A JSON-RPC method outside both lists of the RPC policy (EIP-1193 4200). */
export class RpcMethodNotAllowedError extends GangwayError {
  override readonly name = 'RpcMethodNotAllowedError'
  override readonly kind = 'RPC_METHOD_NOT_ALLOWED'
  /** EIP-1193: the provider does not support the requested method. */
  static code = 4200
  constructor(method: unknown) {
    super('Requested RPC call is not allowed', { code: RpcMethodNotAllowedError.code, details: describeMethod(method) })
  }
}

/** The method as text for the error's details, whatever was passed (never throws). */
function describeMethod(method: unknown): string {
  if (typeof method === 'string') return method.length > 200 ? `${method.slice(0, 200)}…` : method
  if (method === null) return 'a method that is not text (null)'
  return `a method that is not text (${typeof method})`
}

/** An e-mail login attempted within the cooldown. */
export class EmailCooldownError extends GangwayError {
  override readonly name = 'EmailCooldownError'
  override readonly kind = 'EMAIL_COOLDOWN'
  readonly seconds: number
  constructor(seconds: number) {
    super(`Please try again after ${seconds} seconds`)
    this.seconds = seconds
  }
}
