import {
  WalletAtomicityNotSupportedError,
  WalletBatchTooLargeError,
  WalletDuplicateBatchIdError,
  WalletUnknownBatchIdError,
  WalletUnsupportedCapabilityError,
  WalletUnsupportedChainIdError,
  WalletUpgradeRejectedError,
} from './calls.js'
import { ApiRequestError, ApiResponseError, ApiTimeoutError } from './api.js'
import { GangwayError, InvalidInputError, type SerializedError } from './base.js'
import {
  ChainAdapterNotFoundError,
  ConnectorNotFoundError,
  FeatureNotIncludedError,
  ModalClosedError,
  NetworkNotFoundError,
  NoActiveAddressError,
  RequestAbortedError,
  UnsupportedNamespaceError,
} from './connection.js'
import { PermissionsNotAllowedError, WalletPermissionsUnsupportedError } from './permissions.js'
import { PayNotAllowedError } from './pay.js'
import {
  EmailCooldownError,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  InvalidCoinTypeChainIdError,
  InvalidConnectionStatusError,
  InvalidSendCallsError,
  InvalidSiwxMessageError,
  RpcMethodNotAllowedError,
  SendFormError,
  SiwxOptionsConflictError,
  TransactionRuleError,
} from './domain.js'
import { ReplayError, StorageTimeoutError } from './storage.js'
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
} from './wallet.js'
import { WalletConnectChainNotSupportedError, WalletConnectRelayRefusedError, WalletConnectUnavailableError, WalletConnectUnsupportedChainsError } from './walletConnect.js'

type ErrorClass = abstract new (...args: never[]) => GangwayError

/** Every Gangway error class by its `kind`. */
export const ERROR_CLASSES: Readonly<Record<string, ErrorClass>> = /* @__PURE__ */ Object.freeze({
  UNKNOWN: GangwayError,
  INVALID_INPUT: InvalidInputError,
  MODAL_CLOSED: ModalClosedError,
  CHAIN_ADAPTER_NOT_FOUND: ChainAdapterNotFoundError,
  CONNECTOR_NOT_FOUND: ConnectorNotFoundError,
  FEATURE_NOT_INCLUDED: FeatureNotIncludedError,
  NETWORK_NOT_FOUND: NetworkNotFoundError,
  NO_ACTIVE_ADDRESS: NoActiveAddressError,
  REQUEST_ABORTED: RequestAbortedError,
  UNSUPPORTED_NAMESPACE: UnsupportedNamespaceError,
  WALLET_RPC: WalletRpcError,
  WALLET_REJECTED: WalletRejectedError,
  WALLET_UNAUTHORIZED: WalletUnauthorizedError,
  WALLET_UNSUPPORTED_METHOD: WalletUnsupportedMethodError,
  WALLET_DISCONNECTED: WalletDisconnectedError,
  WALLET_CHAIN_DISCONNECTED: WalletChainDisconnectedError,
  WALLET_UNRECOGNIZED_CHAIN: WalletUnrecognizedChainError,
  WALLET_PARSE_ERROR: WalletParseError,
  WALLET_INVALID_REQUEST: WalletInvalidRequestError,
  WALLET_METHOD_NOT_FOUND: WalletMethodNotFoundError,
  WALLET_INVALID_PARAMS: WalletInvalidParamsError,
  WALLET_INTERNAL_ERROR: WalletInternalError,
  WALLET_INVALID_INPUT: WalletInvalidInputError,
  WALLET_RESOURCE_NOT_FOUND: WalletResourceNotFoundError,
  WALLET_RESOURCE_UNAVAILABLE: WalletResourceUnavailableError,
  WALLET_TRANSACTION_REJECTED: WalletTransactionRejectedError,
  WALLET_METHOD_NOT_SUPPORTED: WalletMethodNotSupportedError,
  WALLET_LIMIT_EXCEEDED: WalletLimitExceededError,
  WALLET_JSON_RPC_VERSION_UNSUPPORTED: WalletJsonRpcVersionUnsupportedError,
  WALLET_INVALID_RESPONSE: WalletInvalidResponseError,
  WALLET_UNSUPPORTED_CAPABILITY: WalletUnsupportedCapabilityError,
  WALLET_UNSUPPORTED_CHAIN_ID: WalletUnsupportedChainIdError,
  WALLET_DUPLICATE_BATCH_ID: WalletDuplicateBatchIdError,
  WALLET_UNKNOWN_BATCH_ID: WalletUnknownBatchIdError,
  WALLET_BATCH_TOO_LARGE: WalletBatchTooLargeError,
  WALLET_UPGRADE_REJECTED: WalletUpgradeRejectedError,
  WALLET_ATOMICITY_NOT_SUPPORTED: WalletAtomicityNotSupportedError,
  WALLET_PERMISSIONS_UNSUPPORTED: WalletPermissionsUnsupportedError,
  PERMISSIONS_NOT_ALLOWED: PermissionsNotAllowedError,
  PAY_NOT_ALLOWED: PayNotAllowedError,
  WALLETCONNECT_UNSUPPORTED_CHAINS: WalletConnectUnsupportedChainsError,
  WALLETCONNECT_CHAIN_NOT_SUPPORTED: WalletConnectChainNotSupportedError,
  WALLETCONNECT_UNAVAILABLE: WalletConnectUnavailableError,
  WALLETCONNECT_RELAY_REFUSED: WalletConnectRelayRefusedError,
  API_REQUEST_FAILED: ApiRequestError,
  API_TIMEOUT: ApiTimeoutError,
  API_INVALID_RESPONSE: ApiResponseError,
  STORAGE_TIMEOUT: StorageTimeoutError,
  LOG_REPLAY_FAILED: ReplayError,
  INVALID_CAIP_ADDRESS: InvalidCaipAddressError,
  INVALID_CAIP_NETWORK_ID: InvalidCaipNetworkIdError,
  INVALID_COIN_TYPE_CHAIN_ID: InvalidCoinTypeChainIdError,
  INVALID_CONNECTION_STATUS: InvalidConnectionStatusError,
  INVALID_SIWX_MESSAGE: InvalidSiwxMessageError,
  SIWX_OPTIONS_CONFLICT: SiwxOptionsConflictError,
  TRANSACTION_RULE_BROKEN: TransactionRuleError,
  INVALID_SEND_CALLS: InvalidSendCallsError,
  SEND_FORM_INCOMPLETE: SendFormError,
  RPC_METHOD_NOT_ALLOWED: RpcMethodNotAllowedError,
  EMAIL_COOLDOWN: EmailCooldownError,
})

/**
 * The error a host command rejects with, rebuilt from the serialized error of its outcome
 * event: an instance of the class its `kind` names (so `instanceof` and the per-command error
 * unions hold), with its `name`, `kind`, `shortMessage`, `code` and `details`. A foreign error
 * (no kind, or one this version does not know) becomes a plain `GangwayError` of kind
 * `'UNKNOWN'` keeping its name. Fields beyond the serialized ones (`cause`, an API error's
 * `status`) do not travel in events and are not restored.
 *
 * @example
 * deserializeError({ name: 'ModalClosedError', shortMessage: 'Modal closed', kind: 'MODAL_CLOSED' }) instanceof ModalClosedError // true
 */
export function deserializeError(error: SerializedError): GangwayError {
  const result = new GangwayError(error.shortMessage, { code: error.code, details: error.details })
  const type = error.kind !== undefined && Object.hasOwn(ERROR_CLASSES, error.kind) ? ERROR_CLASSES[error.kind] : undefined
  if (type) Object.setPrototypeOf(result, type.prototype)
  const fields = result as { name: string; kind: string }
  fields.name = error.name
  fields.kind = type ? (error.kind as string) : 'UNKNOWN'
  return result
}
