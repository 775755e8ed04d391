import type { ThemeVariableName } from '../events/modal/preferences.js'
import type { ThemeMode } from '../state.js'

/**
 * The modal's colours in each theme mode: the defaults of its colour variables, which a host's
 * theme variables override (docs/theming.md lists them). The stylesheet declares them from here,
 * and the embedded wallet's prompt is drawn with them (`frameTheme`).
 *
 * @example
 * THEME_COLOURS.dark['--gw-bg'] // '#18191b'
 */
export const THEME_COLOURS = Object.freeze({
  light: Object.freeze({
    '--gw-accent': '#3366ff',
    '--gw-accent-text': '#ffffff',
    '--gw-bg': '#ffffff',
    '--gw-bg-2': '#f1f3f5',
    '--gw-fg': '#141414',
    '--gw-fg-2': '#5c6470',
    '--gw-border': '#e3e6ea',
    '--gw-overlay': 'rgba(20, 20, 20, 0.45)',
    '--gw-success': '#137a42',
    '--gw-error': '#c6283b',
    '--gw-focus': '#3366ff',
  }),
  dark: Object.freeze({
    '--gw-accent': '#6b8cff',
    // Dark text on the light dark-theme accent: 6.2:1 (white on it was 3.07:1, under WCAG AA's 4.5:1).
    '--gw-accent-text': '#0d1117',
    '--gw-bg': '#18191b',
    '--gw-bg-2': '#242629',
    '--gw-fg': '#f2f3f5',
    '--gw-fg-2': '#a2a8b1',
    '--gw-border': '#32353a',
    '--gw-overlay': 'rgba(0, 0, 0, 0.6)',
    '--gw-success': '#39c07a',
    '--gw-error': '#ff6b7d',
    '--gw-focus': '#8ea8ff',
  }),
} as const satisfies Record<ThemeMode, Partial<Record<ThemeVariableName, string>>>)

/** The names of the modal's colour variables. */
export type ThemeColourName = keyof (typeof THEME_COLOURS)['light']
