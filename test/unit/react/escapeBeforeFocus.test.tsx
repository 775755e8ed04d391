// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { ModalProvider, preloadModalUi } from '../../../src/react/ModalProvider'

beforeAll(() => preloadModalUi())
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
})

describe('Escape right after opening', () => {
  it("closes the modal while focus is still on the page's button (focus moves in at the first frame)", async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const root = createRoot(document.body.appendChild(document.createElement('div')))
    act(() => root.render(<ModalProvider modal={modal} />))
    cleanup.push(() => act(() => root.unmount()))
    const button = document.body.appendChild(document.createElement('button'))
    button.focus()
    act(() => modal.open())
    expect(modal.getState().modal.open).toBe(true)
    expect(document.activeElement).toBe(button)
    act(() => {
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    })
    expect(modal.getState().modal.open).toBe(false)
    // Other keys on the page do nothing to it.
    act(() => modal.open())
    act(() => {
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    })
    expect(modal.getState().modal.open).toBe(true)
    modal.destroy()
  })
})
