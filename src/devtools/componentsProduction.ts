// `gangway-kit/devtools/components` in production builds and wherever no `development` condition
// is set: the same exports as ./components.ts, installing nothing and importing no React DevTools.
import type * as Components from './components.js'

/** Installs nothing: React DevTools inline exists only under the `development` export condition. */
export const installReactDevtoolsHook: typeof Components.installReactDevtoolsHook = async () => {}
