import * as viem from 'viem'
import { describe, expect, it } from 'vitest'
import { GangwayError } from '../../../../src/core/errors/base'
import { ERROR_CLASSES } from '../../../../src/core/errors/deserializeError'
import { classOf, EXPORTED_ERROR_CLASSES, SAMPLES } from './errorSamples'

describe('the error classes', () => {
  it('the samples cover every exported class, one each, and the registry holds each under its kind', () => {
    expect(EXPORTED_ERROR_CLASSES.length).toBeGreaterThan(40)
    expect(new Set(SAMPLES.map(classOf))).toEqual(new Set(EXPORTED_ERROR_CLASSES))
    expect(SAMPLES).toHaveLength(EXPORTED_ERROR_CLASSES.length)
    for (const error of SAMPLES) expect(ERROR_CLASSES[error.kind], error.name).toBe(classOf(error))
    expect(Object.keys(ERROR_CLASSES)).toHaveLength(SAMPLES.length)
  })

  it('every class has its own explicit name and its own UPPER_SNAKE_CASE kind', () => {
    const names = SAMPLES.map((e) => e.name)
    const kinds = SAMPLES.map((e) => e.kind)
    expect(new Set(names).size).toBe(SAMPLES.length)
    expect(new Set(kinds).size).toBe(SAMPLES.length)
    for (const error of SAMPLES) {
      expect(error).toBeInstanceOf(GangwayError)
      // Set explicitly, so a minifier renaming the class cannot change it.
      expect(Object.getOwnPropertyDescriptor(error, 'name')?.value, classOf(error).name).toBe(classOf(error).name)
      expect(error.kind).toMatch(/^[A-Z][A-Z0-9_]*$/)
    }
  })

  it('no class reuses a viem error class name, so a host importing both can tell them apart', () => {
    const viemErrorNames = Object.entries(viem)
      .filter(([, v]) => typeof v === 'function' && (v as { prototype?: unknown }).prototype instanceof Error)
      .map(([name]) => name)
    // The check must see viem's classes for it to mean anything.
    expect(viemErrorNames).toEqual(expect.arrayContaining(['UserRejectedRequestError', 'ChainDisconnectedError', 'InvalidChainIdError', 'InternalRpcError']))
    const ours = SAMPLES.map((e) => e.name)
    expect(ours.filter((name) => viemErrorNames.includes(name))).toEqual([])
    expect(EXPORTED_ERROR_CLASSES.map((c) => c.name).filter((name) => viemErrorNames.includes(name))).toEqual([])
  })

  it('wallet errors carry their EIP-1193 / JSON-RPC code on the class and the instance', () => {
    const coded = SAMPLES.filter((e) => typeof (classOf(e) as unknown as { code?: unknown }).code === 'number')
    expect(coded.length).toBeGreaterThan(18)
    for (const error of coded) expect(error.code, error.name).toBe((classOf(error) as unknown as { code: number }).code)
  })

  it('short messages are the spec texts (§8), kinds are stable', () => {
    expect(Object.fromEntries(SAMPLES.map((e) => [e.name, `${e.kind} | ${e.code ?? '-'} | ${e.shortMessage}`]))).toMatchInlineSnapshot(`
      {
        "ApiRequestError": "API_REQUEST_FAILED | 429 | Rate Limited",
        "ApiResponseError": "API_INVALID_RESPONSE | INVALID_RESPONSE | Something went wrong",
        "ApiTimeoutError": "API_TIMEOUT | TIMEOUT | Something went wrong",
        "ChainAdapterNotFoundError": "CHAIN_ADAPTER_NOT_FOUND | - | Chain adapter not found",
        "ConnectorNotFoundError": "CONNECTOR_NOT_FOUND | - | No connector found for connection: io.metamask",
        "EmailCooldownError": "EMAIL_COOLDOWN | - | Please try again after 20 seconds",
        "FeatureNotIncludedError": "FEATURE_NOT_INCLUDED | - | Batched calls are not enabled",
        "GangwayError": "UNKNOWN | - | Something went wrong",
        "InvalidCaipAddressError": "INVALID_CAIP_ADDRESS | - | Invalid CAIP-10 address",
        "InvalidCaipNetworkIdError": "INVALID_CAIP_NETWORK_ID | - | Invalid CAIP-2 network id",
        "InvalidCoinTypeChainIdError": "INVALID_COIN_TYPE_CHAIN_ID | - | Invalid chainId",
        "InvalidConnectionStatusError": "INVALID_CONNECTION_STATUS | - | Invalid connection status: paused",
        "InvalidInputError": "INVALID_INPUT | - | Invalid event",
        "InvalidSendCallsError": "INVALID_SEND_CALLS | -32602 | Invalid wallet_sendCalls request",
        "InvalidSiwxMessageError": "INVALID_SIWX_MESSAGE | - | Invalid SIWX message",
        "ModalClosedError": "MODAL_CLOSED | - | Modal closed",
        "NetworkNotFoundError": "NETWORK_NOT_FOUND | - | Network not found",
        "NoActiveAddressError": "NO_ACTIVE_ADDRESS | - | No ActiveCaipAddress found",
        "PayNotAllowedError": "PAY_NOT_ALLOWED | - | Action not allowed",
        "PermissionsNotAllowedError": "PERMISSIONS_NOT_ALLOWED | - | Action not allowed",
        "ReplayError": "LOG_REPLAY_FAILED | - | replaying event 7 (modal/opened) failed: boom",
        "RequestAbortedError": "REQUEST_ABORTED | - | Request was aborted",
        "RpcMethodNotAllowedError": "RPC_METHOD_NOT_ALLOWED | 4200 | Requested RPC call is not allowed",
        "SendFormError": "SEND_FORM_INCOMPLETE | - | A token is required",
        "SiwxOptionsConflictError": "SIWX_OPTIONS_CONFLICT | - | Cannot set both siweConfig and siwx options",
        "StorageTimeoutError": "STORAGE_TIMEOUT | - | Storage did not answer",
        "TransactionRuleError": "TRANSACTION_RULE_BROKEN | -32602 | Blob data must not be empty.",
        "UnsupportedNamespaceError": "UNSUPPORTED_NAMESPACE | - | Unsupported chain namespace",
        "WalletAtomicityNotSupportedError": "WALLET_ATOMICITY_NOT_SUPPORTED | 5760 | Atomicity not supported",
        "WalletBatchTooLargeError": "WALLET_BATCH_TOO_LARGE | 5740 | Bundle too large",
        "WalletChainDisconnectedError": "WALLET_CHAIN_DISCONNECTED | 4901 | Failed to connect",
        "WalletConnectChainNotSupportedError": "WALLETCONNECT_CHAIN_NOT_SUPPORTED | 4902 | Chain is not supported",
        "WalletConnectRelayRefusedError": "WALLETCONNECT_RELAY_REFUSED | - | Invalid Project ID",
        "WalletConnectUnavailableError": "WALLETCONNECT_UNAVAILABLE | - | WalletConnectConnector not found",
        "WalletConnectUnsupportedChainsError": "WALLETCONNECT_UNSUPPORTED_CHAINS | 5100 | The connector does not support any of the requested chains",
        "WalletDisconnectedError": "WALLET_DISCONNECTED | 4900 | Failed to connect",
        "WalletDuplicateBatchIdError": "WALLET_DUPLICATE_BATCH_ID | 5720 | Duplicate ID",
        "WalletInternalError": "WALLET_INTERNAL_ERROR | -32603 | Failed to connect",
        "WalletInvalidInputError": "WALLET_INVALID_INPUT | -32000 | Failed to connect",
        "WalletInvalidParamsError": "WALLET_INVALID_PARAMS | -32602 | Failed to connect",
        "WalletInvalidRequestError": "WALLET_INVALID_REQUEST | -32600 | Failed to connect",
        "WalletInvalidResponseError": "WALLET_INVALID_RESPONSE | - | Failed to connect",
        "WalletJsonRpcVersionUnsupportedError": "WALLET_JSON_RPC_VERSION_UNSUPPORTED | -32006 | Failed to connect",
        "WalletLimitExceededError": "WALLET_LIMIT_EXCEEDED | -32005 | Failed to connect",
        "WalletMethodNotFoundError": "WALLET_METHOD_NOT_FOUND | -32601 | Failed to connect",
        "WalletMethodNotSupportedError": "WALLET_METHOD_NOT_SUPPORTED | -32004 | Failed to connect",
        "WalletParseError": "WALLET_PARSE_ERROR | -32700 | Failed to connect",
        "WalletPermissionsUnsupportedError": "WALLET_PERMISSIONS_UNSUPPORTED | 4200 | This wallet cannot grant permissions",
        "WalletRejectedError": "WALLET_REJECTED | 4001 | Connection rejected",
        "WalletResourceNotFoundError": "WALLET_RESOURCE_NOT_FOUND | -32001 | Failed to connect",
        "WalletResourceUnavailableError": "WALLET_RESOURCE_UNAVAILABLE | -32002 | Failed to connect",
        "WalletRpcError": "WALLET_RPC | 1234 | Failed to connect",
        "WalletTransactionRejectedError": "WALLET_TRANSACTION_REJECTED | -32003 | Failed to connect",
        "WalletUnauthorizedError": "WALLET_UNAUTHORIZED | 4100 | Failed to connect",
        "WalletUnknownBatchIdError": "WALLET_UNKNOWN_BATCH_ID | 5730 | Unknown bundle id",
        "WalletUnrecognizedChainError": "WALLET_UNRECOGNIZED_CHAIN | 4902 | Failed to connect",
        "WalletUnsupportedCapabilityError": "WALLET_UNSUPPORTED_CAPABILITY | 5700 | Unsupported non-optional capability",
        "WalletUnsupportedChainIdError": "WALLET_UNSUPPORTED_CHAIN_ID | 5710 | Unsupported chain id",
        "WalletUnsupportedMethodError": "WALLET_UNSUPPORTED_METHOD | 4200 | Failed to connect",
        "WalletUpgradeRejectedError": "WALLET_UPGRADE_REJECTED | 5750 | Atomic-ready wallet rejected upgrade",
      }
    `)
  })
})
