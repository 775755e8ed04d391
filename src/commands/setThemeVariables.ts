import { InvalidInputError } from '../core/errors/base.js'
import { themeVariablesChanged, themeVariablesProblem, type ThemeVariableName } from '../core/events/modal/preferences.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/** Theme variables set at run time: a CSS value per variable, or null to remove one. */
export type ThemeVariables = Partial<Record<ThemeVariableName, string | null>>

/**
 * `modal.setThemeVariables`: sets theme variables at run time, over the `themeVariables` option
 * (`null` removes one set here); a bad name or value throws InvalidInputError.
 *
 * @example
 * modal.setThemeVariables({ '--gw-accent': '#0a7', '--gw-radius': null })
 */
export function setThemeVariables(store: Pick<Store, 'dispatch'>): (variables: ThemeVariables) => void {
  return (variables) =>
    hostCommand(store, 'setThemeVariables', () => {
      const problem = themeVariablesProblem(variables, 'variables', true)
      if (problem) throw new InvalidInputError('Invalid setThemeVariables arguments', { details: problem })
      return themeVariablesChanged({ variables: { ...variables } })
    })
}
