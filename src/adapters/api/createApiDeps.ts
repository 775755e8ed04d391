import type { AnalyticsSink, BlockchainApi, RequestOptions, WalletDirectory } from '../../core/apiPorts'
import type { ApiDeps, RemoteConfigurationResult } from '../../core/effects/dataDeps'
import type { SerializedError } from '../../core/errors'
import type { Analytics } from '../../core/ports'
import { selectAddress } from '../../core/selectors'
import type { ModalState } from '../../core/state'
import { createAnalyticsClient } from './createAnalyticsClient'
import { createBlockchainApiClient } from './createBlockchainApiClient'
import { createWalletDirectoryClient } from './createWalletDirectoryClient'
import { loadRemoteConfiguration } from './loadRemoteConfiguration'

/** Sent as `st` / `sv` with every request, so a deployment can tell the SDK and version apart. */
export const SDK_TYPE = 'gangway'
export const SDK_VERSION = '0.1.0'

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
  const directoryUrl = options.directoryUrl ?? options.apiUrl
  const analyticsUrl = options.analyticsUrl ?? directoryUrl
  const directory = options.walletDirectory ?? (directoryUrl ? createWalletDirectoryClient({ ...common, baseUrl: directoryUrl }) : null)
  const blockchain = options.blockchainApi ?? (options.apiUrl ? createBlockchainApiClient({ ...common, baseUrl: options.apiUrl }) : null)
  const sink =
    options.analyticsSink ??
    (analyticsUrl
      ? createAnalyticsClient({
          ...common,
          baseUrl: analyticsUrl,
          enabled: () => options.getState().features.analytics,
          getAddress: () => selectAddress(options.getState()) ?? undefined,
        })
      : null)
  return {
    api: {
      directory,
      blockchain,
      loadConfiguration: directory ? (request) => loadConfiguration(directory, options.origin, request) : null,
    },
    analytics: sink ? analyticsPort(sink, options.onFailure) : null,
  }
}

/**
 * The core's `Analytics` port over an `AnalyticsSink`: events are sent without waiting, and a
 * refusal (HTTP 403) is reported so the Invalid App Configuration alert can show.
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
  }
}

/**
 * The project configuration for this page: the features (the analytics configuration's flag
 * when the features do not set one) and the origin check. Without a page origin, only the
 * features are fetched.
 */
async function loadConfiguration(
  directory: WalletDirectory,
  origin: string | null,
  request: RequestOptions = {},
): Promise<RemoteConfigurationResult> {
  const analyticsEnabled = directory.getAnalyticsConfig(request).then(
    (c) => c.isAnalyticsEnabled,
    () => undefined,
  )
  let features: RemoteConfigurationResult['features']
  let configError: unknown = null
  let originError: unknown = null
  if (origin === null) {
    try {
      features = (await directory.getProjectConfig(request)).features
    } catch (error) {
      features = null
      configError = error
    }
  } else {
    const remote = await loadRemoteConfiguration(directory, origin, request)
    features = remote.features
    configError = remote.configError
    originError = remote.originError
  }
  const analytics = await analyticsEnabled
  if (analytics === false && features?.analytics === undefined) features = { ...features, analytics: false }
  return { features, configError, originError, origin }
}
