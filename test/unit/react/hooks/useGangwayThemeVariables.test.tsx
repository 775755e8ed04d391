// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../../src/createModal'
import { InvalidInputError } from '../../../../src/core/errors/base'
import { THEME_VARIABLE_NAMES, themeVariablesChanged } from '../../../../src/core/events/modal/preferences'
import { selectThemeVariables } from '../../../../src/core/reducers/modal/themeReducer'
import { CONNECT_BUTTON_CSS } from '../../../../src/react/connectButtonCss'
import { useGangwayThemeVariables } from '../../../../src/react/hooks/useGangwayThemeVariables'
import { applyThemeVariables } from '../../../../src/react/applyThemeVariables'
import { MODAL_CSS } from '../../../../src/react/theme'
import { createTestModal } from '../../../support/testModal'
import { actSettled, renderHook, setupModal } from './support'

const bare = (themeVariables?: Record<string, string>) =>
  createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false, ...(themeVariables ? { themeVariables } : {}) })

/** The `--gw-*` declarations of one CSS block (the first whose selector starts with `selector`). */
function declarations(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(selector)
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('\n}', start))
  const out: Record<string, string> = {}
  for (const m of body.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--gw-[a-z0-9-]+):\s*([^;]+);/g)) out[m[1]!] = m[2]!.trim()
  return out
}

describe('runtime theme variables', () => {
  it('setThemeVariables is an event: merged into the state, null removes one, replayed by time travel', async () => {
    const { modal } = await setupModal({ chain: null })
    expect(selectThemeVariables(modal.getState())).toEqual({})
    modal.setThemeVariables({ '--gw-accent': '#0a7', '--gw-radius': '8px' })
    modal.setThemeVariables({ '--gw-radius': null, '--gw-bg': 'rgb(1, 2, 3)' })
    expect(selectThemeVariables(modal.getState())).toEqual({ '--gw-accent': '#0a7', '--gw-bg': 'rgb(1, 2, 3)' })
    const events = modal.timeTravel.exportLog().events.filter((e: { type: string }) => e.type === themeVariablesChanged.type)
    expect(events.map((e: { payload: unknown }) => e.payload)).toEqual([
      { variables: { '--gw-accent': '#0a7', '--gw-radius': '8px' } },
      { variables: { '--gw-radius': null, '--gw-bg': 'rgb(1, 2, 3)' } },
    ])
    // The devtools' time travel shows the theme as it was after the first change.
    modal.timeTravel.jumpToSeq((events[0] as { seq: number }).seq)
    expect(selectThemeVariables(modal.getState())).toEqual({ '--gw-accent': '#0a7', '--gw-radius': '8px' })
    modal.timeTravel.jumpToPresent()
    expect(selectThemeVariables(modal.getState())).toEqual({ '--gw-accent': '#0a7', '--gw-bg': 'rgb(1, 2, 3)' })
  })

  it('setting the same values again keeps the same state object', async () => {
    const { modal } = await setupModal({ chain: null })
    modal.setThemeVariables({ '--gw-accent': '#0a7' })
    const before = modal.getState()
    modal.setThemeVariables({ '--gw-accent': '#0a7', '--gw-fg': undefined })
    expect(modal.getState()).toBe(before)
  })

  it.each([
    [{ '--gw-acent': '#0a7' }, 'variables["--gw-acent"] is not a theme variable (known: --gw-width, --gw-z-index,'],
    [{ color: 'red' }, 'variables["color"] is not a theme variable'],
    [{ '--gw-accent': 7 }, 'variables["--gw-accent"] must be a string or null, got 7'],
    [{ '--gw-accent': '' }, 'variables["--gw-accent"] must not be empty'],
    [{ '--gw-accent': 'red; background: url(x)' }, 'variables["--gw-accent"] must be a CSS value without ; { } \\ or control characters'],
    [{ '--gw-accent': 'red}' }, 'must be a CSS value without'],
    [{ '--gw-accent': 'a'.repeat(201) }, 'must be at most 200 characters'],
    [['--gw-accent'], 'variables must be an object, got an array'],
    [null, 'variables must be an object, got null'],
    ['--gw-accent', 'variables must be an object, got "--gw-accent"'],
    [new Map(), 'variables must be a plain object'],
  ])('refuses %j with InvalidInputError, the state unchanged', async (input, details) => {
    const { modal } = await setupModal({ chain: null })
    modal.setThemeVariables({ '--gw-accent': '#0a7' })
    const state = modal.getState()
    const seq = modal.timeTravel.exportLog().events.length
    let error: unknown
    try {
      modal.setThemeVariables(input as never)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).shortMessage).toBe('Invalid setThemeVariables arguments')
    expect((error as InvalidInputError).details).toContain(details)
    expect(modal.getState()).toBe(state)
    expect(modal.timeTravel.exportLog().events.length).toBe(seq)
  })

  it('a dispatched event is checked the same way', async () => {
    const { modal } = await setupModal({ chain: null })
    expect(() => modal.dispatch(themeVariablesChanged({ variables: { '--gw-nope': 'x' } as never }))).toThrow(InvalidInputError)
    expect(() => modal.dispatch({ type: 'theme/variablesChanged', payload: { variables: { '--gw-bg': 'x' }, extra: 1 } })).toThrow(InvalidInputError)
    expect(selectThemeVariables(modal.getState())).toEqual({})
  })

  it('the themeVariables option is checked when the modal is made', () => {
    expect(() => bare({ '--gw-accent': 'red;' })).toThrow(InvalidInputError)
    try {
      bare({ 'accent-color': 'red' })
    } catch (e) {
      expect((e as InvalidInputError).shortMessage).toMatch(/^Invalid options: themeVariables\["accent-color"\] is not a theme variable/)
    }
    expect(() => bare({ 'accent-color': 'red' })).toThrow(InvalidInputError)
    expect(() => bare({ '--gw-accent': '#0a7', '--gw-z-index': '1100' })).not.toThrow()
  })

  it('a new session starts without runtime variables (the host sets them on each load)', async () => {
    const first = await setupModal({ chain: null })
    first.modal.setThemeVariables({ '--gw-accent': '#0a7' })
    await first.time.advanceBy(1000)
    // The same storage, with its persisted log: a reload.
    const reloaded = await createTestModal({ adapters: ['eip155'] }, first.kv)
    expect(reloaded.modal.timeTravel.exportLog().events.some((e: { type: string }) => e.type === themeVariablesChanged.type)).toBe(true)
    expect(selectThemeVariables(reloaded.modal.getState())).toEqual({})
  })

  it('THEME_VARIABLE_NAMES are exactly the variables the theme declares', () => {
    expect(Object.keys(declarations(MODAL_CSS, ':host {')).sort()).toEqual([...THEME_VARIABLE_NAMES].sort())
  })

  it("the connect button's fallbacks are the theme's values, light and dark", () => {
    const light = declarations(MODAL_CSS, ':host {')
    const dark = declarations(MODAL_CSS, ":host([data-theme='dark'])")
    const [lightBlock, darkBlock] = CONNECT_BUTTON_CSS.split('\n.gw-cb.gw-cb[data-theme=dark]')
    const fallbacks = (block: string) => Object.fromEntries([...block.matchAll(/var\((--gw-[a-z0-9-]+),([^)]+)\)/g)].map((m) => [m[1], m[2]]))
    const lightFallbacks = fallbacks(lightBlock!.split('\n.gw-cb.gw-cb .gw-cb-btn')[0]!)
    const darkFallbacks = fallbacks(darkBlock!.split('\n.gw-cb.gw-cb .gw-cb-btn')[0]!)
    expect(Object.keys(lightFallbacks).length).toBeGreaterThanOrEqual(9)
    for (const [name, value] of Object.entries(lightFallbacks)) expect(value, name).toBe(light[name])
    expect(Object.keys(darkFallbacks).sort()).toEqual(Object.keys(lightFallbacks).sort())
    for (const [name, value] of Object.entries(darkFallbacks)) expect(value, name).toBe(dark[name] ?? light[name])
  })
})

describe('applyThemeVariables', () => {
  it('sets the option and runtime variables and the theme mode on the element, and follows them', async () => {
    const modal = bare({ '--gw-accent': 'rgb(1, 1, 1)', '--gw-radius': '2px' })
    await modal.ready
    const el = document.createElement('div')
    const stop = applyThemeVariables(modal, el)
    expect(el.style.getPropertyValue('--gw-accent')).toBe('rgb(1, 1, 1)')
    expect(el.style.getPropertyValue('--gw-radius')).toBe('2px')
    expect(el.getAttribute('data-theme')).toBe('light')
    modal.setThemeVariables({ '--gw-accent': 'rgb(2, 2, 2)', '--gw-bg': 'rgb(3, 3, 3)' })
    modal.setThemeMode('dark')
    expect(el.style.getPropertyValue('--gw-accent')).toBe('rgb(2, 2, 2)')
    expect(el.style.getPropertyValue('--gw-bg')).toBe('rgb(3, 3, 3)')
    expect(el.getAttribute('data-theme')).toBe('dark')
    // Removed at run time: back to the option's value, or to nothing (the theme's default).
    modal.setThemeVariables({ '--gw-accent': null, '--gw-bg': null })
    expect(el.style.getPropertyValue('--gw-accent')).toBe('rgb(1, 1, 1)')
    expect(el.style.getPropertyValue('--gw-bg')).toBe('')
    stop()
    modal.setThemeVariables({ '--gw-radius': '9px' })
    expect(el.style.getPropertyValue('--gw-radius')).toBe('2px')
  })
})

describe('useGangwayThemeVariables', () => {
  it('gives the variables that apply and sets new ones; re-renders only when they change', async () => {
    const { modal } = await setupModal({ chain: null, themeVariables: { '--gw-accent': '#111111' } })
    const { renders, last } = renderHook(modal, useGangwayThemeVariables)
    expect(last().variables).toEqual({ '--gw-accent': '#111111' })
    const count = renders.length
    await actSettled(() => modal.open())
    expect(renders.length).toBe(count)
    act(() => last().setThemeVariables({ '--gw-accent': '#222222', '--gw-fg': '#333333' }))
    expect(last().variables).toEqual({ '--gw-accent': '#222222', '--gw-fg': '#333333' })
    expect(() => last().setThemeVariables({ '--gw-fg': '{' })).toThrow(InvalidInputError)
  })
})
