import type { Draft } from 'immer'
import { remoteConfigLoaded } from '../events/config.js'
import type { StampedEvent } from '../events/defineEvent.js'
import { DEFAULT_FEATURES, type Features, type ModalState } from '../state.js'

const FEATURE_KEYS = Object.keys(DEFAULT_FEATURES) as (keyof Features)[]

/** Remote project configuration overrides local options (spec §1); unknown keys are ignored. */
export function configReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  if (remoteConfigLoaded.match(event)) {
    const remote: Partial<Features> = {}
    for (const key of FEATURE_KEYS) {
      const value = event.payload.features[key]
      if (value !== undefined && value !== null && sameKind(value, DEFAULT_FEATURES[key])) {
        ;(remote as Record<string, unknown>)[key] = value
      }
    }
    draft.remoteFeatures = remote
    draft.features = mergeFeatures(draft.settings.features, remote)
  }
}

export function mergeFeatures(local: Partial<Features> | undefined, remote: Partial<Features> | null): Features {
  return { ...DEFAULT_FEATURES, ...local, ...remote }
}

// socials is a list or false; the others keep the default's kind.
function sameKind(value: unknown, fallback: unknown): boolean {
  if (Array.isArray(fallback)) return value === false || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
  return typeof value === typeof fallback
}
