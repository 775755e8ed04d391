import type { OptionalFeature } from '../core/features/defineFeature.js'

/**
 * Swaps (spec §4, EVM), for `modules`: the Swap view in Account, quotes from `apiUrl`'s swap API,
 * the approval and the swap. Its code loads when a visitor can reach it; without this module
 * swaps are off and none of their code is in the host's build.
 *
 * @example
 * createModal({ projectId, apiUrl, adapters, networks, modules: [swaps()] })
 */
export function swaps(): OptionalFeature {
  return {
    optional: 'swaps',
    load: () => import('../core/features/swaps.js').then((m) => m.swapsFeature),
    views: () => import('../react/views/swaps/swapsViews.js').then((m) => m.swapsViews),
  }
}
