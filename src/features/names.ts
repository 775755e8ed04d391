import type { OptionalFeature } from '../core/features/defineFeature.js'

/**
 * Name registration (spec §4, EVM), for `modules`: "Choose a name" in Account for an address
 * without one, registered through `apiUrl`'s name API with a wallet signature. Its code loads
 * when a visitor can reach it; without this module names cannot be registered and none of the
 * code is in the host's build (Account still shows an address's name).
 *
 * @example
 * createModal({ projectId, apiUrl, adapters, networks, modules: [names()] })
 */
export function names(): OptionalFeature {
  return {
    optional: 'names',
    load: () => import('../core/features/names.js').then((m) => m.namesFeature),
    views: () => import('../react/views/names/namesViews.js').then((m) => m.namesViews),
  }
}
