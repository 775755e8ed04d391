// React DevTools' hook must be in place before React loads, so the demo app is imported after it.
import { installReactDevtoolsHook } from '../../src/devtools/components'

await installReactDevtoolsHook()
await import('./main')
