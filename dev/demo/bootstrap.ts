// React DevTools' hook must be in place before React loads, so the demo app is imported after it.
// ?devtools=0: the demo without its devtools panel (no hook, no panel), as a host's production page.
import { installReactDevtoolsHook } from '../../src/devtools/components'

if (new URLSearchParams(location.search).get('devtools') !== '0') await installReactDevtoolsHook()
await import('./main')
