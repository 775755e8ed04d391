// The package entry: the modal factory, its types, errors and the event catalogue hosts may dispatch.
export { createModal } from './createModal'
export type { Modal, ModalOptions, OpenOptions } from './createModal'
export { GangwayError, InvalidInputError, serializeError } from './core/errors'
export type { SerializedError } from './core/errors'
export { createMemoryStorage } from './adapters/storage/memoryStorage'
export { createIdbStorage } from './adapters/storage/idbStorage'
export { VIEWS, NAMESPACES } from './core/events/views'
export type { ViewName, Namespace } from './core/events/views'
export type { EventInput, StampedEvent, EventCreator } from './core/events/defineEvent'
export type { ModalState, Features, SessionSettings, ThemeMode, ConnectionStatus } from './core/state'
export { DEFAULT_FEATURES } from './core/state'
export type { Storage, Analytics, Clock } from './core/ports'
export type { LogSnapshot } from './core/eventLog'
export { selectIsConnected, selectAddress, selectCanClose } from './core/selectors'
// Event creators a host may dispatch or match on.
export { modalOpenRequested, modalCloseRequested, modalShakeRequested } from './core/events/modal'
export { routerPushed, routerReplaced, routerWentBack, routerReset } from './core/events/router'
export { bannerShowRequested, bannerClosed } from './core/events/banner'
export { themeModeChanged, accountTypePreferred } from './core/events/preferences'
export { connectionRequested, connectionSucceeded, connectionFailed, connectionDisconnected } from './core/events/connection'
// Wallets: the EVM adapter, network data, host commands' events and errors.
export { createEvmAdapter } from './adapters/evm/createEvmAdapter'
export type { EvmAdapterOptions } from './adapters/evm/createEvmAdapter'
export { defineEvmNetwork } from './adapters/evm/defineEvmNetwork'
export {
  toEvmError,
  EvmRpcError,
  UserRejectedRequestError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  ProviderDisconnectedError,
  ChainDisconnectedError,
  UnrecognizedChainError,
} from './adapters/evm/evmErrors'
export type { ChainAdapter, ChainDeps, WalletSession, WalletProviderEvent, WalletTransaction, WalletTransfer, WalletReceipt } from './core/ports'
export type { Network, Connector } from './core/domain/entities'
export type { WalletCommands } from './core/events/walletCommands'
export type { SendToken } from './core/events/send'
export { newRequestId } from './core/events/newRequestId'
export { connectorsChanged } from './core/events/connectors'
export { disconnectRequested, accountDisconnected, accountsChanged, connectionSwitchRequested } from './core/events/connectionLifecycle'
export { networkSwitchRequested, networkSwitched, networkSwitchFailed, networkChanged } from './core/events/network'
export { signatureRequested, signatureSucceeded, signatureFailed } from './core/events/signature'
export { sendTokenSet, sendAmountSet, sendReceiverSet, sendRequested, sendReset, sendSubmitted, sendConfirmed, sendFailed } from './core/events/send'
export { balanceRefreshRequested } from './core/events/balance'
export {
  selectActiveConnection,
  selectActiveNetwork,
  selectActiveCaipNetworkId,
  selectBalance,
  selectCaipAddress,
  selectIsUnsupportedChain,
  selectNetworks,
} from './core/selectors'
// WalletConnect: the adapter (or the `walletConnect` option of createModal), wallet deep links,
// the pairing events and the port its effects use.
export { createWalletConnectAdapter } from './adapters/walletconnect/createWalletConnectAdapter'
export { createLazyWalletConnectAdapter } from './adapters/walletconnect/lazyWalletConnectAdapter'
export type { WalletConnectAdapter, WalletConnectOptions } from './adapters/walletconnect/createWalletConnectAdapter'
export { walletLink, walletLinks } from './adapters/walletconnect/walletLink'
export type { WalletLinks } from './adapters/walletconnect/walletLink'
export {
  WALLET_CONNECT_CONNECTOR_ID,
  walletConnectWalletSelected,
  walletConnectProviderLoaded,
  walletConnectProviderFailed,
  pairingPrefetchRequested,
  pairingUriReceived,
  pairingRefreshRequested,
} from './core/events/walletConnect'
export type { WalletConnectWallet } from './core/events/walletConnect'
export type { WalletConnectActivity, WalletConnectPort } from './core/ports'
// Data plane: the HTTP services of spec §7 (the `apiUrl` / `directoryUrl` options of createModal,
// or these clients and ports), wallet-list and balance events, and their selectors.
export { createWalletDirectoryClient } from './adapters/api/createWalletDirectoryClient'
export { createBlockchainApiClient } from './adapters/api/createBlockchainApiClient'
export { createAnalyticsClient } from './adapters/api/createAnalyticsClient'
export type { ApiClientOptions } from './adapters/api/httpJson'
export { ApiRequestError, ApiResponseError } from './adapters/api/httpJson'
export type { WalletDirectory, BlockchainApi, AnalyticsSink, GetWalletsParams, WalletPage } from './core/apiPorts'
export type { WalletRecord, TokenBalance } from './core/domain/entities'
export { walletListPageRequested, walletListPageLoaded, walletListPageFailed, walletListSearchChanged } from './core/events/walletList'
export { tokenBalancesFetched, tokenBalancesFailed } from './core/events/tokenBalances'
export { apiRequestFailed } from './core/events/api'
export { remoteConfigLoaded, remoteConfigFailed } from './core/events/config'
export type { ListedWallet, WalletListName, WalletPages } from './core/reducers/dataState'
export {
  selectAccountBalance,
  selectAllWallets,
  selectFeaturedWallets,
  selectRecommendedWallets,
  selectTokenBalances,
} from './core/reducers/dataSelectors'
export type { AccountBalance, AllWalletsListing } from './core/reducers/dataSelectors'
