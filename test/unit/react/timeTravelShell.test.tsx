// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { modalUiPerFile } from '../../support/modalUi'

const mount = modalUiPerFile()

describe('the modal while the devtools show a past state', () => {
  it('is a picture of that state: no input reaches it, nothing waits to be applied later, and it is itself again at the present', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const { shadow, dialog } = mount(modal)

    act(() => modal.open())
    act(() => modal.push('Networks'))
    const log = modal.timeTravel.log
    const openIndex = log.events.findIndex((e) => e.type === 'modal/openRequested')
    act(() => modal.timeTravel.jumpTo(openIndex))
    expect(dialog().getAttribute('data-view')).toBe('Connect')
    expect(dialog().hasAttribute('inert')).toBe(true)
    expect(shadow().querySelector('[data-testid=time-travel-notice]')?.textContent).toContain('Return to the present')

    const lastSeq = log.lastSeq
    const overlay = shadow().querySelector('[data-testid=gw-overlay]') as HTMLElement
    act(() => {
      overlay.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
      overlay.dispatchEvent(new MouseEvent('click', { bubbles: true }))
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    })
    act(() => modal.timeTravel.jumpToPresent())
    // Nothing was held for later: back at the present, the modal is where it was, still open.
    expect(log.lastSeq).toBe(lastSeq)
    expect(modal.getState().modal.open).toBe(true)
    expect(dialog().getAttribute('data-view')).toBe('Networks')
    expect(dialog().hasAttribute('inert')).toBe(false)
    expect(shadow().querySelector('[data-testid=time-travel-notice]')).toBeNull()
    modal.destroy()
  })
})
