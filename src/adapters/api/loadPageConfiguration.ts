import type { RequestOptions, WalletDirectory } from '../../core/apiPorts.js'
import type { RemoteConfigurationResult } from '../../core/effects/shared/dataDeps.js'
import { loadRemoteConfiguration } from './loadRemoteConfiguration.js'

/**
 * The project configuration for this page: the features (the analytics configuration's flag
 * when the features do not set one) and the origin check. Without a page origin, only the
 * features are fetched.
 *
 * @example
 * const { features, configError, originError } = await loadPageConfiguration(directory, location.origin)
 */
export async function loadPageConfiguration(
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
