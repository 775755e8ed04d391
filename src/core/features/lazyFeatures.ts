import { defineLazyFeature, type LazyFeature } from './defineFeature.js'

// Each of these is a description only: a feature's events, slices and effects come in one chunk
// when it is first needed, and join the running modal by a `feature/injected` event.

/** Swaps (spec §4, EVM): joins when the Swap view is asked for. */
export const swapsLazyFeature = defineLazyFeature({
  name: 'swaps',
  domains: ['swap'],
  slices: ['swap'],
  views: ['Swap', 'ApproveTransaction'],
  configured: (settings) => settings.features?.swaps !== false && !!settings.services?.blockchainApi,
  load: () => import('./swaps.js').then((m) => m.swapsFeature),
})

/** Buying crypto (spec §4, §7): joins when the OnRamp view is asked for. */
export const onrampLazyFeature = defineLazyFeature({
  name: 'onramp',
  domains: ['onramp'],
  slices: ['onramp'],
  views: ['OnRamp'],
  configured: (settings) => settings.features?.onramp !== false && !!settings.services?.blockchainApi,
  load: () => import('./onramp.js').then((m) => m.onrampFeature),
})

/** Name registration (spec §4, EVM): joins when RegisterAccountName is asked for. */
export const namesLazyFeature = defineLazyFeature({
  name: 'names',
  domains: ['names'],
  slices: ['nameRegistration'],
  views: ['RegisterAccountName', 'RegisterAccountNameSuccess'],
  configured: (settings) => !!settings.services?.blockchainApi,
  load: () => import('./names.js').then((m) => m.namesFeature),
})

/** The features a modal loads on first need, in the order their slices join. */
export const LAZY_FEATURES: readonly LazyFeature[] = [namesLazyFeature, swapsLazyFeature, onrampLazyFeature]
