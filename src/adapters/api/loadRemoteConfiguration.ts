import type { RequestOptions, WalletDirectory } from '../../core/apiPorts.js'
import { parseOnrampProviders } from '../../core/domain/onramp.js'
import { isOriginAllowed } from '../../core/domain/origins.js'
import { GangwayError } from '../../core/errors/base.js'
import type { Features } from '../../core/state.js'

/** What the project's remote configuration says for this page (spec §1, §7). */
export type RemoteConfiguration = {
  /** Feature flags to put over the local options (remote wins), or null when they could not be fetched. */
  features: Partial<Features> | null
  configError: GangwayError | null
  /** Whether the page's origin may use the project. */
  originAllowed: boolean
  /** 'Invalid App Configuration' when the origin is not allowed (or the API refused with 403). */
  originError: GangwayError | null
}

/**
 * Fetches the project configuration and the origin allow-list together. The features are
 * meant for `remoteConfigLoaded` (the config reducer merges them over local options). An
 * origin missing from the allow-list (wildcards allowed, see `isOriginAllowed`) or a 403 from
 * the origins endpoint means 'Invalid App Configuration'; any other failure of that endpoint
 * leaves the app allowed, so a network hiccup does not lock a page out.
 *
 * @example
 * const remote = await loadRemoteConfiguration(directory, location.origin)
 * if (remote.features) dispatch(remoteConfigLoaded({ features: remote.features }))
 */
export async function loadRemoteConfiguration(
  directory: WalletDirectory,
  origin: string,
  options: RequestOptions = {},
): Promise<RemoteConfiguration> {
  const [config, origins] = await Promise.allSettled([directory.getProjectConfig(options), directory.getAllowedOrigins(options)])
  const asError = (reason: unknown) => (reason instanceof GangwayError ? reason : new GangwayError('Something went wrong', { cause: reason }))

  let originAllowed = true
  let originError: GangwayError | null = null
  if (origins.status === 'fulfilled') {
    originAllowed = isOriginAllowed(origin, origins.value)
    if (!originAllowed) {
      originError = new GangwayError('Invalid App Configuration', { details: `Origin ${origin} is not on the project's allow-list` })
    }
  } else if (asError(origins.reason).code === 403) {
    originAllowed = false
    originError = asError(origins.reason)
  }
  return {
    features: config.status === 'fulfilled' ? config.value.features : null,
    configError: config.status === 'rejected' ? asError(config.reason) : null,
    originAllowed,
    originError,
  }
}

/** Remote ids that differ from the flag they set (the hosted API's names). */
const ALIASES: Readonly<Record<string, keyof Features>> = {
  social_login: 'socials',
  multi_wallet: 'multiWallet',
  email_capture: 'email',
}

const BOOLEAN_FLAGS = new Set<keyof Features>([
  'receive',
  'send',
  'email',
  'activity',
  'multiWallet',
  'analytics',
  'allWallets',
  'legalCheckbox',
  'smartSessions',
  'collapseWallets',
  'pay',
])

/**
 * Reads the config endpoint's feature list (`[{ id, isEnabled, config? }]`) into feature
 * flags. Unknown ids and malformed entries are ignored. `onramp` and `swaps` carry their
 * providers in `config`: providers that are not an array of strings count as none (spec §5),
 * which turns the feature off; `socials` lists its providers the same way.
 *
 * @example
 * parseRemoteFeatures([{ id: 'activity', isEnabled: false }, { id: 'onramp', isEnabled: true, config: ['coinbase'] }])
 * // { activity: false, onramp: true }
 */
export function parseRemoteFeatures(features: unknown): Partial<Features> {
  if (!Array.isArray(features)) throw new Error('expected features to be an array')
  const out: Partial<Features> = {}
  for (const entry of features) {
    if (typeof entry !== 'object' || entry === null) continue
    const { id, isEnabled, config } = entry as { id?: unknown; isEnabled?: unknown; config?: unknown }
    if (typeof id !== 'string' || typeof isEnabled !== 'boolean') continue
    const flag = ALIASES[id] ?? (id as keyof Features)
    if (flag === 'onramp' || flag === 'swaps') {
      out[flag] = isEnabled && (config === undefined || parseOnrampProviders(config).length > 0)
    } else if (flag === 'socials') {
      out.socials = isEnabled ? parseOnrampProviders(config) : false
    } else if (BOOLEAN_FLAGS.has(flag)) {
      ;(out as Record<string, boolean>)[flag] = isEnabled
    }
  }
  return out
}
