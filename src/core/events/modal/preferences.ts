import { defineEvent } from '../defineEvent.js'
import { literal, object, optional, show, string, type Schema } from '../schema.js'
import { namespaceSchema } from '../views.js'

export const themeModeChanged = defineEvent('theme/modeChanged', object({ mode: literal('light', 'dark') }))
/** The modal's language (a BCP 47 tag, e.g. 'es', 'ja', 'ar', or 'auto' for the browser's); languages without a translation show English. */
export const localeChanged = defineEvent('locale/changed', object({ locale: string() }))

/**
 * A host's language tag in its canonical form, or null when it is not a BCP 47 tag; `'auto'`
 * (the browser's languages, resolved where the modal shows) stays `'auto'`.
 *
 * @example
 * canonicalLocale('ES-mx') // 'es-MX'
 * canonicalLocale('auto') // 'auto'
 * canonicalLocale('not a locale') // null
 */
export function canonicalLocale(tag: unknown): string | null {
  if (typeof tag !== 'string' || tag === '' || tag.length > 64) return null
  if (tag.toLowerCase() === 'auto') return 'auto'
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null
  } catch {
    return null
  }
}
/** The visitor (or host) prefers this account type; smartAccount only where enabled. */
export const accountTypePreferred = defineEvent(
  'account/typePreferred',
  object({ type: literal('eoa', 'smartAccount'), namespace: optional(namespaceSchema) }),
)

/**
 * The CSS variables of the modal's theme a host may set (`themeVariables` option,
 * `modal.setThemeVariables`); a test keeps this list equal to the theme's own declarations.
 */
export const THEME_VARIABLE_NAMES = [
  '--gw-width',
  '--gw-z-index',
  '--gw-overlay-inset',
  '--gw-radius',
  '--gw-font-base',
  '--gw-font-family',
  '--gw-header-duration',
  '--gw-height-duration',
  '--gw-view-duration',
  '--gw-accent',
  '--gw-accent-text',
  '--gw-bg',
  '--gw-bg-2',
  '--gw-fg',
  '--gw-fg-2',
  '--gw-border',
  '--gw-overlay',
  '--gw-success',
  '--gw-error',
  '--gw-focus',
] as const

export type ThemeVariableName = (typeof THEME_VARIABLE_NAMES)[number]

/** The longest value a theme variable may hold (a font stack or a shadow fits easily). */
export const MAX_THEME_VALUE_LENGTH = 200

/**
 * What is wrong with one theme variable's value, or null. A value is CSS text: it may not be
 * empty, end a declaration (`;`), open or close a block, hold a backslash or control characters.
 */
function themeValueProblem(value: unknown, path: string, allowNull: boolean): string | null {
  if (value === null && allowNull) return null
  if (typeof value !== 'string') return `${path} must be a string${allowNull ? ' or null' : ''}, got ${show(value)}`
  if (value.trim() === '') return `${path} must not be empty`
  if (value.length > MAX_THEME_VALUE_LENGTH) return `${path} must be at most ${MAX_THEME_VALUE_LENGTH} characters`
  if (/[;{}\\\u0000-\u001f\u007f]/.test(value)) return `${path} must be a CSS value without ; { } \\ or control characters, got ${show(value)}`
  return null
}

/**
 * What is wrong with a set of theme variables, or null: a plain object whose keys are
 * THEME_VARIABLE_NAMES and whose values are CSS values (null too, when `allowNull`: it removes
 * a variable set at run time).
 *
 * @example
 * themeVariablesProblem({ '--gw-acent': '#0a7' }, 'variables')
 * // 'variables["--gw-acent"] is not a theme variable (known: --gw-width, …)'
 */
export function themeVariablesProblem(value: unknown, path: string, allowNull = false): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${path} must be an object, got ${show(value)}`
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return `${path} must be a plain object`
  for (const [name, item] of Object.entries(value)) {
    const at = `${path}[${JSON.stringify(name)}]`
    if (!(THEME_VARIABLE_NAMES as readonly string[]).includes(name)) return `${at} is not a theme variable (known: ${THEME_VARIABLE_NAMES.join(', ')})`
    // An undefined value counts as absent, as in other host options.
    if (item === undefined) continue
    const problem = themeValueProblem(item, at, allowNull)
    if (problem) return problem
  }
  return null
}

const themeVariablesSchema: Schema<Partial<Record<ThemeVariableName, string | null>>> = {
  check: (value, path) => themeVariablesProblem(value, path, true),
}

/**
 * The host set theme variables at run time: laid over the `themeVariables` option, each one
 * kept until set again; `null` removes one (back to the option's value, else the theme's).
 */
export const themeVariablesChanged = defineEvent('theme/variablesChanged', object({ variables: themeVariablesSchema }))
