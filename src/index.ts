// The package entry: the modal factory, its types, errors and the event catalogue hosts may dispatch.
export { createModal } from './createModal.js'
export type { Modal, ModalOptions, OpenOptions } from './createModal.js'
export type { DirectoryImageKind } from './commands/directoryImageUrl.js'
// Errors: every class has a stable `name` and `kind`; `isUserRejection` is the one rejection check.
export { GangwayError, InvalidInputError, serializeError, serializedErrorSchema } from './core/errors/base.js'
export type { SerializedError, UnknownGangwayError } from './core/errors/base.js'
export { deserializeError } from './core/errors/deserializeError.js'
export { isUserRejection } from './core/errors/isUserRejection.js'
export {
  ModalClosedError,
  ChainAdapterNotFoundError,
  ConnectorNotFoundError,
  FeatureNotIncludedError,
  NetworkNotFoundError,
  NoActiveAddressError,
  RequestAbortedError,
  UnsupportedNamespaceError,
} from './core/errors/connection.js'
export { WalletPermissionsUnsupportedError, PermissionsNotAllowedError } from './core/errors/permissions.js'
export { PayNotAllowedError } from './core/errors/pay.js'
export {
  WalletRpcError,
  WalletRejectedError,
  WalletUnauthorizedError,
  WalletUnsupportedMethodError,
  WalletDisconnectedError,
  WalletChainDisconnectedError,
  WalletUnrecognizedChainError,
  WalletParseError,
  WalletInvalidRequestError,
  WalletMethodNotFoundError,
  WalletInvalidParamsError,
  WalletInternalError,
  WalletInvalidInputError,
  WalletResourceNotFoundError,
  WalletResourceUnavailableError,
  WalletTransactionRejectedError,
  WalletMethodNotSupportedError,
  WalletLimitExceededError,
  WalletJsonRpcVersionUnsupportedError,
  WalletInvalidResponseError,
} from './core/errors/wallet.js'
export {
  WalletUnsupportedCapabilityError,
  WalletUnsupportedChainIdError,
  WalletDuplicateBatchIdError,
  WalletUnknownBatchIdError,
  WalletBatchTooLargeError,
  WalletUpgradeRejectedError,
  WalletAtomicityNotSupportedError,
} from './core/errors/calls.js'
export { WalletConnectUnsupportedChainsError, WalletConnectChainNotSupportedError, WalletConnectUnavailableError, WalletConnectRelayRefusedError } from './core/errors/walletConnect.js'
export { ApiRequestError, ApiResponseError, ApiTimeoutError } from './core/errors/api.js'
export { StorageTimeoutError, ReplayError } from './core/errors/storage.js'
export {
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  InvalidCoinTypeChainIdError,
  InvalidConnectionStatusError,
  InvalidSiwxMessageError,
  SiwxOptionsConflictError,
  TransactionRuleError,
  InvalidSendCallsError,
  SendFormError,
  RpcMethodNotAllowedError,
  EmailCooldownError,
} from './core/errors/domain.js'
export type {
  ConnectError,
  DisconnectError,
  SwitchNetworkError,
  SwitchConnectionError,
  SignMessageError,
  SignTypedDataError,
  SendError,
  RefreshBalanceError,
  ImportLogError,
  HostInputError,
  RequestPermissionsError,
  RevokePermissionError,
  PayError,
} from './core/errors/commandErrors.js'
export { createMemoryStorage } from './adapters/storage/memoryStorage.js'
export { createIdbStorage } from './adapters/storage/idbStorage.js'
export { VIEWS, NAMESPACES } from './core/events/views.js'
export type { ViewName, Namespace } from './core/events/views.js'
export type { EventInput, StampedEvent, EventCreator } from './core/events/defineEvent.js'
export type { IntentCreator, IntentInput } from './core/events/requestLifecycle.js'
export type { ModalState, Features, SessionSettings, ThemeMode, ConnectionStatus } from './core/state.js'
export type { ConnectMethod } from './core/domain/constants.js'
export { DEFAULT_FEATURES } from './core/state.js'
export type { Storage, Analytics, Clock, TabChannel } from './core/ports.js'
export type { LogSnapshot } from './core/eventLog.js'
export { selectIsConnected, selectAddress, selectCanClose } from './core/selectors.js'
// Event creators a host may dispatch or match on.
export { modalOpenRequested, modalCloseRequested, modalShakeRequested } from './core/events/modal/modal.js'
export { routerPushed, routerReplaced, routerWentBack, routerReset } from './core/events/modal/router.js'
export { bannerShowRequested, bannerClosed } from './core/events/modal/banner.js'
export { themeModeChanged, accountTypePreferred } from './core/events/modal/preferences.js'
export { themeVariablesChanged, THEME_VARIABLE_NAMES } from './core/events/modal/preferences.js'
export type { ThemeVariableName } from './core/events/modal/preferences.js'
export type { ThemeVariables } from './createModal.js'
export { selectThemeVariables } from './core/reducers/modal/themeReducer.js'
export { connectionRequested, connectionSucceeded, connectionFailed, connectionDisconnected } from './core/events/connection/connection.js'
// Wallets: the chain adapter ports, host commands' events. The EVM adapter is `gangway-kit/evm`.
export type { BitcoinCapabilities, ChainAdapter, ChainDeps, ConnectRequest, PsbtInputsToSign, RpcGateway, WalletSession, SessionNetworks, WalletProviderEvent, WalletTransaction, WalletTransfer, WalletReceipt } from './core/ports.js'
export type { Network, Connector } from './core/domain/entities.js'
export type { RequestOptions, SignPsbtOptions, WalletCommands } from './core/events/connection/walletCommands.js'
export type { SendToken } from './core/events/connection/send.js'
// Batched calls (EIP-5792), with the `batchedCalls()` module of `gangway-kit/features`.
export type { CallsCommands, SendCallsOptions, CallsStatusResult } from './core/events/calls/callsCommands.js'
export type { CallInput, CallsReceipt, CallsStatusKind } from './core/domain/calls.js'
export type { CallsState, CallsBatch } from './core/reducers/calls/callsReducer.js'
// Session permissions (ERC-7715), with the `smartSessions()` module of `gangway-kit/features`.
export type { PermissionsCommands, RequestPermissionsOptions } from './core/events/permissions/permissionsCommands.js'
export type { PermissionRequestInput, PermissionTime } from './core/domain/permissions/permissionRequests.js'
export type { SessionPermissionType } from './core/domain/permissionTypes.js'
export type { SessionPermission } from './core/reducers/permissions/sessionPermissions.js'
export type { PermissionsState, PermissionGrant, PermissionStatus } from './core/reducers/permissions/permissionsReducer.js'
// Pay, with the `pay()` module of `gangway-kit/features`.
export type { PayCommands, PayResult } from './core/events/pay/payCommands.js'
export type { PayArguments, PayAsset } from './core/domain/pay/readPayment.js'
export type { PayState, Payment, PaymentStatus, PaymentFee } from './core/reducers/pay/payReducer.js'
export { newRequestId } from './core/events/newRequestId.js'
export { connectorsChanged } from './core/events/connection/connectors.js'
export { disconnectRequested, accountDisconnected, accountsChanged, connectionSwitchRequested } from './core/events/connection/connectionLifecycle.js'
export { networkSwitchRequested, networkSwitched, networkSwitchFailed, networkChanged } from './core/events/connection/network.js'
export { signatureRequested, signatureSucceeded, signatureFailed } from './core/events/connection/signature.js'
export {
  sendTokenSet,
  sendAmountSet,
  sendReceiverSet,
  sendRequested,
  sendReset,
  sendSubmitted,
  sendConfirmed,
  sendFailed,
  sendFeeRequested,
  sendFeeEstimated,
  sendFeeFailed,
} from './core/events/connection/send.js'
export { balanceRefreshRequested } from './core/events/connection/balance.js'
export {
  selectActiveConnection,
  selectActiveNetwork,
  selectActiveCaipNetworkId,
  selectBalance,
  selectCaipAddress,
  selectIsUnsupportedChain,
  selectNetworks,
} from './core/selectors.js'
// WalletConnect: the pairing events and the port its effects use (the `walletConnect` option of
// createModal; the adapter itself and wallet deep links are `gangway-kit/walletconnect`).
export {
  WALLET_CONNECT_CONNECTOR_ID,
  walletConnectWalletSelected,
  walletConnectProviderLoaded,
  walletConnectProviderFailed,
  pairingPrefetchRequested,
  pairingUriReceived,
  pairingRefreshRequested,
} from './core/events/walletConnect/walletConnect.js'
export type { WalletConnectWallet } from './core/events/walletConnect/walletConnect.js'
export type { WalletConnectActivity, WalletConnectPort } from './core/ports.js'
// Data plane: the HTTP services of spec §7 (the `apiUrl` / `directoryUrl` options of createModal,
// or these clients and ports), wallet-list and balance events, and their selectors.
export { createWalletDirectoryClient } from './adapters/api/createWalletDirectoryClient.js'
export { createBlockchainApiClient } from './adapters/api/createBlockchainApiClient.js'
export { createAnalyticsClient } from './adapters/api/createAnalyticsClient.js'
export type { ApiClientOptions } from './adapters/api/apiUrl.js'
export type { WalletDirectory, BlockchainApi, AnalyticsSink, GetWalletsParams, WalletPage } from './core/apiPorts.js'
export type { WalletRecord, TokenBalance } from './core/domain/entities.js'
export { walletListPageRequested, walletListPageLoaded, walletListPageFailed, walletListSearchChanged } from './core/events/data/walletList.js'
export { tokenBalancesFetched, tokenBalancesFailed } from './core/events/data/tokenBalances.js'
export { siwxSessionStored, siwxSessionsCleared, siwxSignInRequested, siwxSignInFailed, siwxSignInCancelled } from './core/events/siwx/siwx.js'
export { accountTabSelected, activityPageRequested, activityPageFetched, activityPageFailed, identityFetched, ACCOUNT_TABS } from './core/events/accountSheet/activity.js'
export type { AccountTab } from './core/events/accountSheet/activity.js'
export { apiRequestFailed } from './core/events/data/api.js'
export { remoteConfigLoaded, remoteConfigFailed } from './core/events/modal/config.js'
export type { ListedWallet, WalletListName, WalletPages } from './core/reducers/data/dataState.js'
export { selectAccountBalance, selectTokenBalances } from './core/reducers/data/dataSelectors.js'
export { selectAllWallets, selectFeaturedWallets, selectRecommendedWallets } from './core/reducers/data/walletListSelectors.js'
export type { AccountBalance } from './core/reducers/data/dataSelectors.js'
export type { AllWalletsListing } from './core/reducers/data/walletListSelectors.js'
// The connected wallet for the host's own contract calls: `modal.getProvider()` and `modal.getWalletClient()`.
export type { Eip1193Provider, EvmCapabilities } from './core/ports.js'
export type { GangwayWalletClient, WalletClientOptions } from './walletClient.js'
// Swaps: the networks offered by default (the `swapChains` option replaces them).
export { DEFAULT_SWAP_CHAINS } from './core/domain/swap.js'
