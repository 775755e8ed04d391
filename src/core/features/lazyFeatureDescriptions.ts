import type { LazyFeature, LazyFeatureDescription, OptionalFeature } from './defineFeature.js'
import type { SessionSettings } from '../state.js'

// Each of these is a description only: a feature's events, slices and effects come in one chunk
// when it is first needed, and join the running modal by a `feature/injected` event. The chunk's
// loader comes with the host's import of the feature (`swaps()` of `gangway-kit/features`, in
// `modules`), so a host that does not import it builds without it. The options check in the first
// bundle reads these.

/** Swaps (spec §4, EVM): joins when the Swap view is asked for. */
export const swapsLazyFeature = describeLazyFeature({
  name: 'swaps',
  domains: ['swap'],
  slices: ['swap'],
  views: ['Swap', 'ApproveTransaction'],
  configured: (settings) => included(settings, 'swaps') && settings.features?.swaps !== false && !!settings.services?.blockchainApi,
})

/** Buying crypto (spec §4, §7): joins when the OnRamp view is asked for. */
export const onrampLazyFeature = describeLazyFeature({
  name: 'onramp',
  domains: ['onramp'],
  slices: ['onramp'],
  views: ['OnRamp'],
  configured: (settings) => included(settings, 'onramp') && settings.features?.onramp !== false && !!settings.services?.blockchainApi,
})

/** Name registration (spec §4, EVM): joins when RegisterAccountName is asked for. */
export const namesLazyFeature = describeLazyFeature({
  name: 'names',
  domains: ['names'],
  slices: ['nameRegistration'],
  views: ['RegisterAccountName', 'RegisterAccountNameSuccess'],
  configured: (settings) => included(settings, 'names') && !!settings.services?.blockchainApi,
})

/**
 * Batched calls (EIP-5792): joins with a host's first `sendCalls`, `getCallsStatus`,
 * `getCapabilities` or `showCallsStatus`, or as a reload restores batches still pending.
 */
export const callsLazyFeature = describeLazyFeature({
  name: 'calls',
  domains: ['calls'],
  slices: ['calls'],
  before: { 'storage/hydrated': (event) => ((event.payload as { calls?: { batches: unknown[] } }).calls?.batches.length ?? 0) > 0 },
})

/**
 * Session permissions (ERC-7715): joins with a host's first `requestPermissions`,
 * `revokePermission` or `getPermissions`, one of its views, as a reload restores grants, or
 * before an EVM wallet connects while the project's configuration has them on (to ask the wallet
 * what it granted).
 */
export const permissionsLazyFeature = describeLazyFeature({
  name: 'permissions',
  domains: ['permissions'],
  slices: ['permissions'],
  views: ['ReviewPermissions', 'Permissions'],
  before: {
    'storage/hydrated': (event) => ((event.payload as { permissions?: { grants: unknown[] } }).permissions?.grants.length ?? 0) > 0,
    'connection/succeeded': (event, state) => (event.payload as { namespace?: string }).namespace === 'eip155' && state.features.smartSessions && included(state.settings, 'permissions'),
  },
  configured: (settings) => included(settings, 'permissions') && settings.features?.smartSessions !== false,
})

/**
 * Pay (spec §1's `pay`): joins with a host's first `modal.pay`, or when the Pay view is asked
 * for; fetched when idle once a wallet is connected while the project has it on.
 */
export const payLazyFeature = describeLazyFeature({
  name: 'pay',
  domains: ['pay'],
  slices: ['pay'],
  views: ['Pay'],
  configured: (settings) => included(settings, 'pay') && settings.features?.pay !== false,
})

/** The features a modal loads on first need, in the order their slices join. */
export const LAZY_FEATURE_DESCRIPTIONS: readonly LazyFeatureDescription[] = [namesLazyFeature, swapsLazyFeature, onrampLazyFeature, callsLazyFeature, permissionsLazyFeature, payLazyFeature]

/**
 * The lazy features of a modal: those whose modules the host passed, each with its chunk, in the
 * order their slices join.
 *
 * @example
 * composeFeatures(BASE_FEATURES, { lazy: lazyFeaturesOf([swaps(), names()]) })
 */
export function lazyFeaturesOf<D>(given: readonly OptionalFeature<D>[]): LazyFeature<D>[] {
  return LAZY_FEATURE_DESCRIPTIONS.flatMap((d): LazyFeature<D>[] => {
    const module = given.find((m) => m.optional === d.name)
    return module ? [{ ...d, load: module.load }] : []
  })
}

/**
 * Whether the host passed an optional feature's module: without it the feature is off, whatever
 * the local or remote flags say.
 *
 * @example
 * included(state.settings, 'swaps') // true after createModal({ modules: [swaps()] })
 */
export function included(settings: Pick<SessionSettings, 'optionalFeatures'>, name: string): boolean {
  return settings.optionalFeatures?.includes(name) ?? false
}

function describeLazyFeature(d: LazyFeatureDescription): LazyFeatureDescription {
  return d
}
