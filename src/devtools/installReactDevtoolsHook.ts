// No React import here: this file must be loadable before React.
import { importOptionalPeer } from '../adapters/optionalPeer.js'
/**
 * Installs React DevTools' hook in this window. It must run before React loads, so call it
 * first in the page's entry and import the app afterwards.
 *
 * @example
 * await installReactDevtoolsHook()
 * await import('./app')
 */
export async function installReactDevtoolsHook(target: Window = window): Promise<void> {
  const { initialize } = await importOptionalPeer('react-devtools-inline', 'the Components tab', () => import('react-devtools-inline/backend'))
  initialize(target)
}
