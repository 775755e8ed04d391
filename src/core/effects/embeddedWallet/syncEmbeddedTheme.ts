import { EMPTY, ignoreElements, tap } from 'rxjs'
import { selectThemeVariables } from '../../reducers/modal/themeReducer.js'
import type { ModalState } from '../../state.js'
import type { EmbeddedWalletDeps } from './emailLogin.js'
import type { Effect } from '../runtime/runEffects.js'
import { watchState } from '../runtime/watchState.js'

const themeOf = (s: ModalState) => ({ themeMode: s.preferences.themeMode, themeVariables: selectThemeVariables(s) })
const sameTheme = (a: ReturnType<typeof themeOf>, b: ReturnType<typeof themeOf>) => a.themeMode === b.themeMode && a.themeVariables === b.themeVariables

/**
 * The embedded wallet's prompt follows the modal's theme (spec §7, sync theme): the theme mode
 * and the theme variables set at run time go to the frame as the session starts and whenever
 * they change. The frame gets them on its load; a theme change never loads it.
 */
export const syncEmbeddedTheme: Effect<EmbeddedWalletDeps> = (_event$, state$, deps) => {
  const auth = deps.auth
  if (!auth) return EMPTY
  return watchState(state$, themeOf, sameTheme).pipe(
    tap((theme) => auth.syncTheme(theme)),
    ignoreElements(),
  )
}
