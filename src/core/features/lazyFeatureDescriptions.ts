import type { LazyFeatureDescription } from './defineFeature.js'

// Each of these is a description only: a feature's events, slices and effects come in one chunk
// when it is first needed (its loader is in lazyFeatures.ts, which only the modal's engine
// imports), and join the running modal by a `feature/injected` event. The options check in the
// first bundle reads these.

/** Swaps (spec §4, EVM): joins when the Swap view is asked for. */
export const swapsLazyFeature = describeLazyFeature({
  name: 'swaps',
  domains: ['swap'],
  slices: ['swap'],
  views: ['Swap', 'ApproveTransaction'],
  configured: (settings) => settings.features?.swaps !== false && !!settings.services?.blockchainApi,
})

/** Buying crypto (spec §4, §7): joins when the OnRamp view is asked for. */
export const onrampLazyFeature = describeLazyFeature({
  name: 'onramp',
  domains: ['onramp'],
  slices: ['onramp'],
  views: ['OnRamp'],
  configured: (settings) => settings.features?.onramp !== false && !!settings.services?.blockchainApi,
})

/** Name registration (spec §4, EVM): joins when RegisterAccountName is asked for. */
export const namesLazyFeature = describeLazyFeature({
  name: 'names',
  domains: ['names'],
  slices: ['nameRegistration'],
  views: ['RegisterAccountName', 'RegisterAccountNameSuccess'],
  configured: (settings) => !!settings.services?.blockchainApi,
})

/** The features a modal loads on first need, in the order their slices join. */
export const LAZY_FEATURE_DESCRIPTIONS: readonly LazyFeatureDescription[] = [namesLazyFeature, swapsLazyFeature, onrampLazyFeature]

function describeLazyFeature(d: LazyFeatureDescription): LazyFeatureDescription {
  return d
}
