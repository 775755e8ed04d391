// @vitest-environment happy-dom
// A focus ring shows where the keyboard is, never after a mouse click: the modal's styles ring
// an element on :focus-visible (or :focus-within), never on plain :focus, and the focus given
// back to the page's button on close shows its ring only when the visitor used the keyboard.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { modalUiPerFile } from '../../support/modalUi'

const REACT = resolve(import.meta.dirname, '../../../src/react') + '/'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/** The `:focus` selectors of a text that are neither `:focus-visible` nor `:focus-within`. */
export function plainFocusSelectors(text: string): string[] {
  return [...text.matchAll(/[^\s{};,]*:focus(?![-\w])[^{,]*/g)].map((m) => m[0].trim())
}

describe("the modal's focus styles", () => {
  it('the check finds a plain :focus and lets :focus-visible and :focus-within pass', () => {
    expect(plainFocusSelectors('.a:focus { outline: none } .b:focus-visible { x: y } .c:focus-within { x: y }')).toEqual(['.a:focus'])
    expect(plainFocusSelectors('.gw-search:focus-visible, .gw-x:focus-within .y { }')).toEqual([])
  })

  it('no style of the modal or its views rings an element on plain :focus', () => {
    const found = sources(REACT).flatMap((file) => plainFocusSelectors(readFileSync(file, 'utf8')).map((s) => `${file.replace(REACT, '')}: ${s}`))
    expect(found).toEqual([])
  })

  it('keyboard focus stays visible: a :focus-visible ring for every element, in the modal and on the Connect button', async () => {
    const { MODAL_CSS } = await import('../../../src/react/theme')
    const { CONNECT_BUTTON_CSS } = await import('../../../src/react/connectButtonCss')
    expect(MODAL_CSS).toMatch(/(^|\s):focus-visible\s*\{\s*outline:\s*2px solid var\(--gw-focus\)/m)
    expect(CONNECT_BUTTON_CSS).toMatch(/:focus-visible\{outline:2px solid/)
  })
})

const mount = modalUiPerFile()

async function openFrom(button: HTMLButtonElement) {
  const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
  await modal.ready
  const ui = mount(modal)
  button.focus()
  act(() => modal.open())
  await act(() => new Promise((r) => setTimeout(r, 30)))
  const focus = vi.spyOn(button, 'focus')
  return { modal, ui, focus }
}

describe('focus given back on close', () => {
  it('after a mouse click (the close button pressed) the page button gets focus without a ring', async () => {
    const button = document.body.appendChild(document.createElement('button'))
    const { modal, ui, focus } = await openFrom(button)
    const close = ui.shadow().querySelector<HTMLElement>('[data-testid=modal-close], [aria-label=Close]')!
    expect(close).not.toBeNull()
    act(() => {
      close.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }))
      close.click()
    })
    expect(modal.getState().modal.open).toBe(false)
    expect(focus).toHaveBeenCalledWith({ focusVisible: false })
    modal.destroy()
  })

  it('after the keyboard (Escape) it gets focus with its ring', async () => {
    const button = document.body.appendChild(document.createElement('button'))
    const { modal, ui, focus } = await openFrom(button)
    act(() => {
      ui.dialog().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }))
      ui.dialog().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }))
    })
    expect(modal.getState().modal.open).toBe(false)
    expect(focus).toHaveBeenCalledWith({ focusVisible: true })
    modal.destroy()
  })
})
