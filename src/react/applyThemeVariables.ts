import type { Modal } from '../createModal.js'
import { selectThemeVariables } from '../core/reducers/modal/themeReducer.js'

/**
 * Sets the modal's theme mode (`data-theme`) and theme variables on `element` (the
 * `gangway-modal` host) and keeps them current: the `themeVariables` option with the variables
 * set at run time (`modal.setThemeVariables`) laid over it. A variable removed at run time falls
 * back to the option's value, else to the theme's. Returns the function that stops following.
 *
 * @example
 * useEffect(() => applyThemeVariables(modal, host), [modal, host])
 */
export function applyThemeVariables(modal: Pick<Modal, 'options' | 'getState' | 'subscribe'>, element: HTMLElement): () => void {
  let mode: string | undefined
  let runtime: object | undefined
  let applied: Record<string, string> = {}
  const apply = () => {
    const state = modal.getState()
    if (state.preferences.themeMode !== mode) {
      mode = state.preferences.themeMode
      element.setAttribute('data-theme', mode)
    }
    const current = selectThemeVariables(state)
    if (current === runtime) return
    runtime = current
    const next: Record<string, string> = { ...modal.options.themeVariables, ...current }
    for (const name of Object.keys(applied)) if (!(name in next)) element.style.removeProperty(name)
    for (const [name, value] of Object.entries(next)) if (applied[name] !== value) element.style.setProperty(name, value)
    applied = next
  }
  apply()
  return modal.subscribe(apply)
}
