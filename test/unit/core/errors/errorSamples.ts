import * as api from '../../../../src/core/errors/api'
import { GangwayError, InvalidInputError } from '../../../../src/core/errors/base'
import * as base from '../../../../src/core/errors/base'
import * as calls from '../../../../src/core/errors/calls'
import * as connection from '../../../../src/core/errors/connection'
import * as domain from '../../../../src/core/errors/domain'
import * as permissions from '../../../../src/core/errors/permissions'
import * as pay from '../../../../src/core/errors/pay'
import * as storage from '../../../../src/core/errors/storage'
import * as wallet from '../../../../src/core/errors/wallet'
import * as walletConnect from '../../../../src/core/errors/walletConnect'
import type { StampedEvent } from '../../../../src/core/events/defineEvent'

type AnyErrorClass = abstract new (...args: never[]) => GangwayError

/** Every error class the folder exports, found by walking the modules (so a new class cannot be missed). */
export const EXPORTED_ERROR_CLASSES: readonly AnyErrorClass[] = [base, connection, wallet, calls, permissions, pay, walletConnect, api, storage, domain].flatMap((mod) =>
  Object.values(mod).filter((v): v is AnyErrorClass => typeof v === 'function' && (v === GangwayError || v.prototype instanceof GangwayError)),
)

const replayed = { type: 'modal/opened', payload: {}, seq: 7, at: 0 } as unknown as StampedEvent

/**
 * One instance of every class, made the way the code makes it (the wallet errors as the EVM
 * adapter words a failed connect, so their messages are the spec's).
 */
export const SAMPLES: readonly GangwayError[] = [
  new GangwayError('Something went wrong'),
  new InvalidInputError('Invalid event', { details: 'payload.x is not a known field' }),
  new connection.ModalClosedError(),
  new connection.ChainAdapterNotFoundError('solana'),
  new connection.ConnectorNotFoundError('io.metamask'),
  new connection.NetworkNotFoundError('eip155:99'),
  new connection.NoActiveAddressError(),
  new connection.RequestAbortedError('the same request is already pending'),
  new connection.FeatureNotIncludedError('Batched calls are not enabled', 'batchedCalls'),
  new connection.UnsupportedNamespaceError('solana', 'session permissions (ERC-7715) are for EVM accounts'),
  new wallet.WalletRpcError('Failed to connect', { code: 1234 }),
  new wallet.WalletRejectedError('Connection rejected'),
  new wallet.WalletUnauthorizedError('Failed to connect'),
  new wallet.WalletUnsupportedMethodError('Failed to connect'),
  new wallet.WalletDisconnectedError('Failed to connect'),
  new wallet.WalletChainDisconnectedError('Failed to connect'),
  new wallet.WalletUnrecognizedChainError('Failed to connect'),
  new wallet.WalletParseError('Failed to connect'),
  new wallet.WalletInvalidRequestError('Failed to connect'),
  new wallet.WalletMethodNotFoundError('Failed to connect'),
  new wallet.WalletInvalidParamsError('Failed to connect'),
  new wallet.WalletInternalError('Failed to connect'),
  new wallet.WalletInvalidInputError('Failed to connect'),
  new wallet.WalletResourceNotFoundError('Failed to connect'),
  new wallet.WalletResourceUnavailableError('Failed to connect'),
  new wallet.WalletTransactionRejectedError('Failed to connect'),
  new wallet.WalletMethodNotSupportedError('Failed to connect'),
  new wallet.WalletLimitExceededError('Failed to connect'),
  new wallet.WalletJsonRpcVersionUnsupportedError('Failed to connect'),
  new wallet.WalletInvalidResponseError('Failed to connect', { details: 'the wallet answered with junk: eth_chainId: "0x0"' }),
  new calls.WalletUnsupportedCapabilityError('Unsupported non-optional capability'),
  new calls.WalletUnsupportedChainIdError('Unsupported chain id'),
  new calls.WalletDuplicateBatchIdError('Duplicate ID'),
  new calls.WalletUnknownBatchIdError('Unknown bundle id'),
  new calls.WalletBatchTooLargeError('Bundle too large'),
  new calls.WalletUpgradeRejectedError('Atomic-ready wallet rejected upgrade'),
  new calls.WalletAtomicityNotSupportedError('Atomicity not supported'),
  new permissions.WalletPermissionsUnsupportedError('This wallet cannot grant permissions'),
  new permissions.PermissionsNotAllowedError(),
  new pay.PayNotAllowedError(),
  new walletConnect.WalletConnectUnsupportedChainsError('no eip155 chain'),
  new walletConnect.WalletConnectChainNotSupportedError('eip155:10'),
  new walletConnect.WalletConnectUnavailableError(new Error('relay offline')),
  new walletConnect.WalletConnectRelayRefusedError('Invalid Project ID', 'WebSocket connection closed abnormally with code: 3000 (Unauthorized: invalid key)'),
  new api.ApiRequestError('Rate Limited', { status: 429, details: 'GET /getWallets answered 429' }),
  new api.ApiTimeoutError('GET', '/getWallets', 10_000),
  new api.ApiResponseError('the body is not JSON'),
  new storage.StorageTimeoutError('a read of gangway:log took more than 3000 ms'),
  new storage.ReplayError(replayed, new Error('boom')),
  new domain.InvalidCaipAddressError('eip155:1'),
  new domain.InvalidCaipNetworkIdError('eip155'),
  new domain.InvalidCoinTypeChainIdError(-1),
  new domain.InvalidConnectionStatusError('paused'),
  new domain.InvalidSiwxMessageError('domain: ""'),
  new domain.SiwxOptionsConflictError(),
  new domain.TransactionRuleError('Blob data must not be empty.'),
  new domain.InvalidSendCallsError('calls must be a non-empty array'),
  new domain.SendFormError('A token is required'),
  new domain.RpcMethodNotAllowedError('eth_sign'),
  new domain.EmailCooldownError(20),
]

/** The class a sample was made with. */
export const classOf = (error: GangwayError): AnyErrorClass => Object.getPrototypeOf(error).constructor as AnyErrorClass
