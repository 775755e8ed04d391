// `gangway-kit/devtools/components`: React DevTools inline, for the devtools' Components tab, a
// host opts into by importing this entry (and installing react-devtools-inline and react-is).
// Only this entry imports React DevTools, so the panel builds under every bundler without it.
// Resolves here only under the `development` export condition; production builds and plain Node
// get ./componentsProduction.ts, which installs nothing.
// No React import here: this file must be loadable before React.
import { importOptionalPeer } from '../adapters/optionalPeer.js'
import { registerComponentsTab } from './componentsTab.js'

/**
 * Installs React DevTools' hook in this window and gives the devtools' Components tab its
 * frontend. It must run before React loads, so call it first in the page's entry and import the
 * app afterwards. Without react-devtools-inline installed it rejects with a GangwayError naming
 * the package (`Install react-devtools-inline to use the Components tab`).
 *
 * @example
 * import { installReactDevtoolsHook } from 'gangway-kit/devtools/components'
 * await installReactDevtoolsHook()
 * await import('./app')
 */
export async function installReactDevtoolsHook(target: Window = window): Promise<void> {
  const backend = await importOptionalPeer('react-devtools-inline', 'the Components tab', () => import('react-devtools-inline/backend'))
  backend.initialize(target)
  registerComponentsTab(target, {
    backend,
    // Over a megabyte: it loads when the tab first opens. It needs react-is, which it does not declare.
    loadFrontend: () => importOptionalPeer(['react-devtools-inline', 'react-is'], 'the Components tab', () => import('react-devtools-inline/frontend')),
  })
}
