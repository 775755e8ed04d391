import type { AnalyticsResult, AnalyticsSink, BlockchainApi, WalletDirectory } from '../../core/apiPorts.js'
import type { ApiDeps } from '../../core/effects/shared/dataDeps.js'
import type { SerializedError } from '../../core/errors/base.js'
import type { Analytics } from '../../core/ports.js'
import { selectAddress } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'
import type { DirectoryImageUrls } from './directoryImageUrls.js'
import { directoryImages, directoryUrlOf, SDK_TYPE, SDK_VERSION } from './apiServices.js'
import type { ApiClientOptions } from './apiUrl.js'
import { lazyApiPort, loadOnce } from './lazyApiPort.js'
import { pageIdle } from '../pageIdle.js'

export { SDK_TYPE, SDK_VERSION } from './apiServices.js'

export type ApiDepsOptions = {
  projectId: string
  /** Base URL of the blockchain data API; also the wallet directory's unless `directoryUrl` is given. */
  apiUrl?: string | undefined
  /** Base URL of the wallet directory API (project configuration and origins included). */
  directoryUrl?: string | undefined
  /** Base URL of the analytics endpoint (`POST /e`); default: the wallet directory's. */
  analyticsUrl?: string | undefined
  /** Ready-made ports, used instead of the clients the URLs would make (tests, custom transports). */
  walletDirectory?: WalletDirectory | undefined
  blockchainApi?: BlockchainApi | undefined
  analyticsSink?: AnalyticsSink | undefined
  /** The page's origin for the allow-list check; null skips it (no page, e.g. a server render). */
  origin: string | null
  fetch?: typeof fetch | undefined
  /** The modal's current state: analytics read the feature flag and the connected address from it. */
  getState: () => ModalState
  /** A failure worth an alert that no flow reports (analytics refused with 403). */
  onFailure: (source: string, error: SerializedError) => void
}

/**
 * The HTTP services of spec §7 for a modal: the wallet directory and blockchain data API
 * clients (or the ports given instead), the project-configuration loader, and analytics adapted
 * to the core's `Analytics` port. A service without a URL or port stays null, and nothing is
 * ever requested from it.
 *
 * @example
 * const { api, analytics } = createApiDeps({ projectId, apiUrl: 'https://api.example.com', origin: location.origin, getState, onFailure })
 */
export function createApiDeps(options: ApiDepsOptions): { api: ApiDeps['api']; analytics: Analytics | null } {
  const common = { projectId: options.projectId, sdkType: SDK_TYPE, sdkVersion: SDK_VERSION, ...(options.fetch ? { fetch: options.fetch } : {}) }
  const directoryUrl = directoryUrlOf(options)
  const analyticsUrl = options.analyticsUrl ?? directoryUrl
  const apiUrl = options.apiUrl
  // The clients load on first use (the project configuration asks the directory at start), so
  // they stay out of the host's initial bundle.
  const loadDirectory = directoryUrl
    ? loadOnce(() => import('./createWalletDirectoryClient.js').then((m) => m.createWalletDirectoryClient({ ...common, baseUrl: directoryUrl })))
    : null
  const directory =
    options.walletDirectory ??
    (directoryUrl && loadDirectory
      ? lazyApiPort(loadDirectory, DIRECTORY_METHODS, directoryImages(options) as DirectoryImageUrls)
      : null)
  const blockchain =
    options.blockchainApi ??
    (apiUrl
      ? lazyApiPort(
          loadOnce(() => import('./createBlockchainApiClient.js').then((m) => m.createBlockchainApiClient({ ...common, baseUrl: apiUrl }))),
          BLOCKCHAIN_METHODS,
          {},
        )
      : null)
  const sink =
    options.analyticsSink ??
    (analyticsUrl ? lazyAnalyticsSink({ ...common, baseUrl: analyticsUrl }, options.getState) : null)
  const loadConfiguration = loadOnce(() => import('./loadPageConfiguration.js').then((m) => m.loadPageConfiguration))
  return {
    api: {
      directory,
      blockchain,
      loadConfiguration: directory
        ? (request) => {
            // Both modules load together rather than one after the other.
            if (!options.walletDirectory) void loadDirectory?.().catch(() => undefined)
            return loadConfiguration().then((load) => load(directory, options.origin, request))
          }
        : null,
    },
    analytics: sink ? analyticsPort(sink, options.onFailure) : null,
  }
}

const DIRECTORY_METHODS = ['getWallets', 'getProjectConfig', 'getAllowedOrigins', 'getAnalyticsConfig'] as const

const BLOCKCHAIN_METHODS = [
  'getSupportedChains',
  'isNetworkSupported',
  'getIdentity',
  'getHistory',
  'getNfts',
  'getBalance',
  'getFungiblePrices',
  'getSwapTokens',
  'getSwapQuotes',
  'getSwapAllowance',
  'getGasPrice',
  'buildSwapTransaction',
  'buildApproveTransaction',
  'lookupName',
  'reverseLookupNames',
  'getNameSuggestions',
  'registerName',
  'getOnrampOptions',
  'getOnrampQuote',
  'generateOnrampUrl',
  'getPayExchanges',
  'createExchangePayment',
  'getExchangePayment',
  'getSessions',
  'createSession',
  'revokeSession',
] as const

/**
 * The analytics client, loaded on the first event. What an event reports about the modal (the
 * feature flag, the connected address) is read when the event happens, not when the client
 * has loaded, so the first events describe the moment they were tracked.
 */
function lazyAnalyticsSink(clientOptions: ApiClientOptions, getState: () => ModalState): AnalyticsSink {
  let at = { enabled: true, address: undefined as string | undefined }
  const client = loadOnce(() =>
    import('./createAnalyticsClient.js').then((m) =>
      m.createAnalyticsClient({ ...clientOptions, enabled: () => at.enabled, getAddress: () => at.address }),
    ),
  )
  // Loaded when the page is idle, so the first event (the click that opens the modal) finds it.
  void pageIdle(typeof window === 'undefined' ? undefined : window).then((idle) => {
    if (idle) void client()
  })
  const send = (call: (sink: AnalyticsSink) => Promise<AnalyticsResult>): Promise<AnalyticsResult> => {
    const state = getState()
    const now = { enabled: state.features.analytics, address: selectAddress(state) ?? undefined }
    return client().then((sink) => {
      // The client reads both before its first await, so this call sees its own moment's values.
      at = now
      return call(sink)
    })
  }
  return { track: (event) => send((sink) => sink.track(event)), reportError: (report) => send((sink) => sink.reportError(report)) }
}

/**
 * The core's `Analytics` port over an `AnalyticsSink`: events and error reports are sent without
 * waiting, and a refusal (HTTP 403) of an event is reported so the Invalid App Configuration
 * alert can show.
 *
 * @example
 * deps.analytics = analyticsPort(createAnalyticsClient(options), (source, error) => console.warn(source, error))
 */
export function analyticsPort(sink: AnalyticsSink, onFailure: (source: string, error: SerializedError) => void): Analytics {
  return {
    async track(event) {
      const result = await sink.track(event)
      if (result.status === 'failed' && result.error.code === 403) onFailure('analytics', result.error)
    },
    // Not reported back on failure: a failing error report must not raise another one.
    reportError: (report) => sink.reportError(report),
  }
}
