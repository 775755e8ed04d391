import { themeVariablesChanged, type ThemeVariableName } from '../../events/modal/preferences.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { BASE_INITIAL, NO_THEME_VARIABLES } from '../baseInitialState.js'

/** The theme variables the host set at run time (laid over the `themeVariables` option). */
export type ThemeState = { variables: Partial<Record<ThemeVariableName, string>> }

/**
 * The runtime theme (a slice of the modal feature, not persisted): `theme/variablesChanged`
 * merges its variables in (null removes one), so the log records each change and the devtools
 * replay it. A new session starts without any: the host sets them again on each page load, as it
 * passes options.
 */
export const themeSlice = createSlice(
  'theme',
  BASE_INITIAL.theme,
  (b) =>
    b
      .addReplacer(themeVariablesChanged, (t, event) => {
        const next: Record<string, string> = { ...t.variables }
        let changed = false
        for (const [name, value] of Object.entries(event.payload.variables)) {
          if (value === null || value === undefined) {
            if (name in next) {
              delete next[name]
              changed = true
            }
          } else if (next[name] !== value) {
            next[name] = value
            changed = true
          }
        }
        // Unchanged values keep the same state object, so nothing re-renders.
        return changed ? { variables: next } : t
      }),
)

/**
 * The theme variables set at run time (`modal.setThemeVariables`); the same object until they
 * change. Empty for a state without the theme slice (one composed from other features).
 *
 * @example
 * const variables = selectThemeVariables(modal.getState()) // { '--gw-accent': '#0a7' }
 */
export function selectThemeVariables(state: ModalState): ThemeState['variables'] {
  return (state as ModalState & { theme?: ThemeState }).theme?.variables ?? NO_THEME_VARIABLES
}
