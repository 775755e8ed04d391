import type { OptionalFeature } from '../core/features/defineFeature.js'

/**
 * Buying crypto (spec §4, §7), for `modules`: the Buy view in Account, with `apiUrl`'s on-ramp
 * providers and quotes. Its code loads when a visitor can reach it; without this module the
 * on-ramp is off and none of its code is in the host's build.
 *
 * @example
 * createModal({ projectId, apiUrl, adapters, networks, modules: [onramp()] })
 */
export function onramp(): OptionalFeature {
  return {
    optional: 'onramp',
    load: () => import('../core/features/onramp.js').then((m) => m.onrampFeature),
    views: () => import('../react/views/onramp/onrampViews.js').then((m) => m.onrampViews),
  }
}
