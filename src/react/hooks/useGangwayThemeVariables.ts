import { useCallback, useMemo } from 'react'
import type { ThemeVariables } from '../../createModal.js'
import { selectThemeVariables } from '../../core/reducers/modal/themeReducer.js'
import { useModal } from '../ModalContext.js'
import { useModalState } from '../useModalState.js'

export type GangwayThemeVariables = {
  /** The `themeVariables` option with the variables set at run time laid over it. */
  variables: Readonly<Record<string, string>>
  /** `modal.setThemeVariables`: sets variables (null removes one); throws InvalidInputError on a bad one. */
  setThemeVariables(variables: ThemeVariables): void
}

/**
 * The modal's theme variables as they apply now, and the function that changes them at run
 * time (an event: the devtools replay it).
 *
 * @example
 * const { setThemeVariables } = useGangwayThemeVariables()
 * return <button onClick={() => setThemeVariables({ '--gw-accent': '#0a7' })}>Green</button>
 */
export function useGangwayThemeVariables(): GangwayThemeVariables {
  const modal = useModal()
  const runtime = useModalState(selectThemeVariables)
  const option = modal.options.themeVariables
  const variables = useMemo(() => ({ ...option, ...runtime }), [option, runtime])
  const setThemeVariables = useCallback((v: ThemeVariables) => modal.setThemeVariables(v), [modal])
  return { variables, setThemeVariables }
}
