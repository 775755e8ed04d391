import type { Slice } from '../reducers/createSlice.js'
import { BASE_FEATURES } from './baseFeatures.js'
import { namesFeature } from './names.js'
import { logPersistenceFeature } from './persistence.js'
import { swapsFeature } from './swaps.js'
import { onrampFeature } from './onramp.js'
import { callsFeature } from './calls.js'
import { permissionsFeature } from './permissions.js'
import { payFeature } from './pay.js'

/**
 * Every built-in feature composed from the start, for tools that need the whole catalogue
 * (devtools import, tests, benchmarks). A modal composes `BASE_FEATURES` and loads the others
 * (`LAZY_FEATURES`) when first needed.
 */
export const BUILT_IN_FEATURES = [...BASE_FEATURES, namesFeature, swapsFeature, onrampFeature, callsFeature, permissionsFeature, payFeature, logPersistenceFeature] as const

/** The slices of the built-in features: their states make up `ModalState`. */
export const BUILT_IN_SLICES: readonly Slice<string, any>[] = BUILT_IN_FEATURES.flatMap((f): readonly Slice<string, any>[] => f.slices)
