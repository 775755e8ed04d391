/**
 * What each host command of the modal can reject (or throw) with: a union of error classes per
 * command, read from the effects that answer its intent and the adapters they call. Every
 * member is a `GangwayError`; branch with `instanceof` or on `kind`. Wallets may throw
 * anything, so each union that reaches a wallet ends in `WalletRpcError` (any other EIP-1193 /
 * JSON-RPC code) and `UnknownGangwayError` (kind `'UNKNOWN'`: what no class describes).
 *
 * @example
 * try { await modal.signMessage('hello') }
 * catch (e) {
 *   const error = e as SignMessageError
 *   if (error instanceof NoActiveAddressError) openConnect()
 * }
 */
import type { InvalidInputError, UnknownGangwayError } from './base.js'
import type {
  ChainAdapterNotFoundError,
  ConnectorNotFoundError,
  ModalClosedError,
  NetworkNotFoundError,
  NoActiveAddressError,
  RequestAbortedError,
  UnsupportedNamespaceError,
} from './connection.js'
import type { PermissionsNotAllowedError, WalletPermissionsUnsupportedError } from './permissions.js'
import type { PayNotAllowedError } from './pay.js'
import type { InvalidCaipNetworkIdError, InvalidConnectionStatusError, SendFormError } from './domain.js'
import type {
  WalletChainDisconnectedError,
  WalletDisconnectedError,
  WalletInvalidResponseError,
  WalletRejectedError,
  WalletRpcError,
  WalletUnauthorizedError,
  WalletUnrecognizedChainError,
} from './wallet.js'
import type { WalletConnectChainNotSupportedError, WalletConnectRelayRefusedError, WalletConnectUnavailableError, WalletConnectUnsupportedChainsError } from './walletConnect.js'

/** What any wallet request can fail with once it reached the wallet. */
type WalletRequestError = WalletRejectedError | WalletUnauthorizedError | WalletDisconnectedError | WalletChainDisconnectedError | WalletInvalidResponseError | WalletRpcError

/** `modal.connect`: bad arguments, a request not taken up, the modal closed, the wallet's refusal or failure. */
export type ConnectError =
  | InvalidInputError
  | RequestAbortedError
  | ModalClosedError
  | ChainAdapterNotFoundError
  | ConnectorNotFoundError
  | WalletConnectUnsupportedChainsError
  | WalletConnectUnavailableError
  | WalletConnectRelayRefusedError
  | WalletRequestError
  | UnknownGangwayError

/** `modal.disconnect`: bad arguments, an unknown connector, or the wallet's failure ('Failed to disconnect'). */
export type DisconnectError = InvalidInputError | ConnectorNotFoundError | ChainAdapterNotFoundError | WalletRequestError | UnknownGangwayError

/** `modal.switchNetwork`: bad arguments, a network the host does not have, the wallet refusing or lacking it. */
export type SwitchNetworkError =
  | InvalidInputError
  | NetworkNotFoundError
  | ChainAdapterNotFoundError
  | ConnectorNotFoundError
  | WalletUnrecognizedChainError
  | WalletConnectChainNotSupportedError
  | WalletRequestError
  | UnknownGangwayError

/** `modal.switchConnection`: bad arguments or status, an unknown connector, the wallet's failure to reconnect. */
export type SwitchConnectionError =
  | InvalidInputError
  | InvalidConnectionStatusError
  | ConnectorNotFoundError
  | ChainAdapterNotFoundError
  | WalletRequestError
  | UnknownGangwayError

/** `modal.signMessage`: bad arguments, no connected account, the wallet's refusal or failure ('Error signing message'). */
export type SignMessageError = InvalidInputError | NoActiveAddressError | ChainAdapterNotFoundError | ConnectorNotFoundError | WalletRequestError | UnknownGangwayError

/** `modal.signTypedData`: as `signMessage`. */
export type SignTypedDataError = SignMessageError

/** `modal.send`: a bad or incomplete form, a request not taken up, no account or network, the wallet's refusal, a revert. */
export type SendError =
  | InvalidInputError
  | RequestAbortedError
  | SendFormError
  | NoActiveAddressError
  | NetworkNotFoundError
  | ChainAdapterNotFoundError
  | ConnectorNotFoundError
  | WalletRequestError
  | UnknownGangwayError

/**
 * `modal.requestPermissions`: session permissions off in the project's configuration, a non-EVM
 * chain active, no EVM account, bad arguments, a request already under way, the visitor
 * cancelling or closing the review, the wallet's refusal, a wallet without ERC-7715.
 */
export type RequestPermissionsError =
  | PermissionsNotAllowedError
  | UnsupportedNamespaceError
  | NoActiveAddressError
  | InvalidInputError
  | RequestAbortedError
  | ModalClosedError
  | WalletPermissionsUnsupportedError
  | WalletRequestError
  | UnknownGangwayError

/** `modal.revokePermission`: as `requestPermissions`, a permission the modal does not know, or another account connected. */
export type RevokePermissionError = RequestPermissionsError

/**
 * `modal.pay`: the payment's refusals before anything is shown (a bad argument, a network the
 * host does not have or a namespace that cannot pay, more than the balance, Pay off in the
 * project's configuration, another payment under way), then the visitor cancelling, leaving or
 * closing the payment, the wallet's refusal or failure, a revert.
 */
export type PayError =
  | InvalidInputError
  | SendFormError
  | InvalidCaipNetworkIdError
  | NetworkNotFoundError
  | UnsupportedNamespaceError
  | PayNotAllowedError
  | RequestAbortedError
  | ModalClosedError
  | NoActiveAddressError
  | ChainAdapterNotFoundError
  | ConnectorNotFoundError
  | WalletRequestError
  | UnknownGangwayError

/** `modal.refreshBalance` throws only on a bad argument; a failed lookup is state, not an error. */
export type RefreshBalanceError = InvalidInputError

/** `modal.importLog` (and `modal.dispatch`, and `createModal`'s options) throw only on malformed input. */
export type ImportLogError = InvalidInputError

/** What checking a host's input (events, options, arguments) throws. */
export type HostInputError = InvalidInputError
