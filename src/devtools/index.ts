// The devtools entry. In production builds it exports components that render nothing, so a
// host that leaves <GangwayDevtools> in its tree pays for no panel code after minification.
import type { ComponentType } from 'react'
import { DevtoolsPanel, type DevtoolsPanelProps } from './DevtoolsPanel.js'

function isProduction(): boolean {
  try {
    return process.env.NODE_ENV === 'production'
  } catch {
    // No bundler replaced process.env and there is no process: not a production build.
    return false
  }
}

/**
 * The devtools panel for a modal: event log, state and diff at any event, time travel,
 * skip, export and import. Renders nothing in production builds.
 *
 * @example
 * <GangwayDevtools modal={modal} />
 */
export const GangwayDevtools: ComponentType<DevtoolsPanelProps> = isProduction() ? () => null : DevtoolsPanel
export type { DevtoolsPanelProps }
export { diffStates } from './diffStates.js'
export { connectReduxDevtools } from './reduxDevtoolsBridge.js'
export { ReactComponentsPane } from './reactComponents.js'
export { installReactDevtoolsHook } from './installReactDevtoolsHook.js'
