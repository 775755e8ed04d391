import { lazyFeaturesOf } from '../../src/core/features/lazyFeatureDescriptions'
import { batchedCalls } from '../../src/features/batchedCalls'
import { names } from '../../src/features/names'
import { onramp } from '../../src/features/onramp'
import { swaps } from '../../src/features/swaps'
import { smartSessions } from '../../src/features/smartSessions'
import { pay } from '../../src/features/pay'

/** Every optional feature's module, as a host passing them all in `modules` has them. */
export const OPTIONAL_MODULES = [swaps(), onramp(), names(), batchedCalls(), smartSessions(), pay()]

/** The lazy features of a modal given every optional module. */
export const LAZY_FEATURES = lazyFeaturesOf(OPTIONAL_MODULES)
