'use client'
// `gangway-kit/devtools` in production builds and wherever no `development` condition is set
// (plain Node, a server started without NODE_ENV): the same exports as ./index.ts, rendering
// nothing and importing no panel code. The types come from ./index.ts, so both stay in step.
import type * as Devtools from './index.js'

/** Renders nothing: the panel exists only under the `development` export condition. */
export const GangwayDevtools: typeof Devtools.GangwayDevtools = () => null
/** Renders nothing: the panel exists only under the `development` export condition. */
export const ReactComponentsPane: () => ReturnType<typeof Devtools.ReactComponentsPane> | null = () => null
/** Connects nothing; the returned function does nothing. */
export const connectReduxDevtools: typeof Devtools.connectReduxDevtools = () => () => {}
export { diffStates } from './diffStates.js'
export type { DevtoolsPanelProps, StateChange } from './index.js'
