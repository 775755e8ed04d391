// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { modalUiPerFile } from '../../support/modalUi'

const mount = modalUiPerFile()

describe('Escape right after opening', () => {
  it("closes the modal while focus is still on the page's button (focus moves in at the first frame)", async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    mount(modal)
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
