import type { Feature, LazyFeature } from './defineFeature.js'
import { LAZY_FEATURE_DESCRIPTIONS } from './lazyFeatureDescriptions.js'

// Optimization: the chunks' dynamic imports are made from here, a module only the modal's engine
// imports, so the host's bundler puts what a chunk shares with the engine in the engine's chunk
// (imported from the first bundle, each shared module would get a small chunk of its own).
const LOADS: Readonly<Record<string, () => Promise<Feature>>> = {
  swaps: () => import('./swaps.js').then((m) => m.swapsFeature),
  onramp: () => import('./onramp.js').then((m) => m.onrampFeature),
  names: () => import('./names.js').then((m) => m.namesFeature),
}

/** The features a modal loads on first need, in the order their slices join, with their chunks. */
export const LAZY_FEATURES: readonly LazyFeature[] = LAZY_FEATURE_DESCRIPTIONS.map((d) => {
  const load = LOADS[d.name]
  if (!load) throw new Error(`the lazy feature ${d.name} has no chunk`)
  return { ...d, load }
})
