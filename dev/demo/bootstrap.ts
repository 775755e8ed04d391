// React DevTools' hook must be in place before React loads, so the demo app is imported after it.
import { installReactDevtoolsHook } from '../../src/devtools/installReactDevtoolsHook'

await installReactDevtoolsHook()
await import('./main')
