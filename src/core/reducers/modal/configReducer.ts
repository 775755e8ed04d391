import { remoteConfigLoaded } from '../../events/modal/config.js'
import { featureInjected } from '../../events/modal/featureLoading.js'
import { DEFAULT_FEATURES, type Features } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { BASE_INITIAL, mergeFeatures } from '../baseInitialState.js'

const FEATURE_KEYS = Object.keys(DEFAULT_FEATURES) as (keyof Features)[]

/** The host's settings for the session: set when it starts, never changed by an event. */
export const settingsSlice = createSlice('settings', BASE_INITIAL.settings, () => undefined)

/** The features loaded on first need that have joined the state, in the order they joined. */
export const injectedSlice = createSlice(
  'injected',
  BASE_INITIAL.injected,
  (b) => b.addReplacer(featureInjected, (list, event) => (list.includes(event.payload.feature) ? list : [...list, event.payload.feature])),
)

/** Remote configuration as fetched; kept to re-merge when local options change. */
export const remoteFeaturesSlice = createSlice(
  'remoteFeatures',
  BASE_INITIAL.remoteFeatures,
  (b) => b.addCase(remoteConfigLoaded, (_remote, event) => remoteFeatures(event.payload.features)),
)

/** Feature flags in force (spec §1): local defaults < host options < remote project configuration. */
export const featuresSlice = createSlice(
  'features',
  BASE_INITIAL.features,
  (b) =>
    b.addCase(remoteConfigLoaded, (_features, event, state) =>
      mergeFeatures(state.settings.features, remoteFeatures(event.payload.features)),
    ),
)

/** The remote features Gangway knows, of the right kind; unknown keys are ignored. */
function remoteFeatures(features: unknown): Partial<Features> {
  const remote: Partial<Features> = {}
  if (!features || typeof features !== 'object' || Array.isArray(features)) return remote
  for (const key of FEATURE_KEYS) {
    const value = (features as Record<string, unknown>)[key]
    if (value !== undefined && value !== null && sameKind(value, DEFAULT_FEATURES[key])) {
      ;(remote as Record<string, unknown>)[key] = value
    }
  }
  return remote
}

// socials is a list or false; the others keep the default's kind.
function sameKind(value: unknown, fallback: unknown): boolean {
  if (Array.isArray(fallback)) return value === false || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
  return typeof value === typeof fallback
}
