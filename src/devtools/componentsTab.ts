// Types only from React: the Components entry loads before React.
import type { ComponentType } from 'react'

/** React DevTools' inline frontend, as the Components tab renders it. */
export type ReactDevtoolsFrontend = { initialize(target: Window): ComponentType<{ browserTheme?: 'light' | 'dark'; showTabBar?: boolean }> }
/** React DevTools' inline backend, once its hook is installed. */
export type ReactDevtoolsBackend = { activate(target: Window): void }

/**
 * What the devtools' Components tab needs, registered on the page's window by
 * `installReactDevtoolsHook()` of `gangway-kit/devtools/components`: the backend whose hook it
 * installed, and how to load the frontend. The panel itself never imports React DevTools, so a
 * host that does not opt in builds under every bundler without its packages.
 */
export type ComponentsTab = { readonly backend: ReactDevtoolsBackend; loadFrontend(): Promise<ReactDevtoolsFrontend> }

// On the window (a registry symbol, not a module variable): a dev server may load the panel and
// the Components entry as two prebundled copies of this module.
const KEY = Symbol.for('gangway.devtools.componentsTab')

export function registerComponentsTab(target: Window, tab: ComponentsTab): void {
  ;(target as unknown as Record<symbol, ComponentsTab>)[KEY] = tab
}

/** The Components tab registered on this window, if `installReactDevtoolsHook()` ran. */
export function registeredComponentsTab(target: Window): ComponentsTab | undefined {
  return (target as unknown as Record<symbol, ComponentsTab | undefined>)[KEY]
}
