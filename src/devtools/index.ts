'use client'
// The devtools entry with the panel. `gangway-kit/devtools` resolves here only under the
// `development` export condition (Vite's dev server, webpack in development, Node with
// `--conditions=development`); production builds and plain Node get ./production.ts, which
// renders nothing and holds no panel code.
import type { ComponentType } from 'react'
import { DevtoolsPanel, type DevtoolsPanelProps } from './DevtoolsPanel.js'

/**
 * The devtools panel for a modal: event log, state and diff at any event, time travel,
 * skip, export and import. Renders nothing in production builds (see the package's export
 * conditions).
 *
 * @example
 * <GangwayDevtools modal={modal} />
 */
export const GangwayDevtools: ComponentType<DevtoolsPanelProps> = DevtoolsPanel
export type { DevtoolsPanelProps }
export { diffStates } from './diffStates.js'
export type { StateChange } from './diffStates.js'
export { connectReduxDevtools } from './reduxDevtoolsBridge.js'
export { ReactComponentsPane } from './reactComponents.js'
