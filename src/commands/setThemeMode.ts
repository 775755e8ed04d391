import { themeModeChanged } from '../core/events/modal/preferences.js'
import type { ThemeMode } from '../core/state.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.setThemeMode`: the light or dark theme (a preference, kept across visits).
 *
 * @example
 * modal.setThemeMode('dark')
 */
export function setThemeMode(store: Pick<Store, 'dispatch'>): (mode: ThemeMode) => void {
  return (mode) => hostCommand(store, 'setThemeMode', () => themeModeChanged({ mode }))
}
