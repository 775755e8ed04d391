// @vitest-environment happy-dom
// Once the page is idle the dialog is rendered hidden ahead of the first open (React's
// <Activity>), so the click that opens the modal only reveals it. Hidden, it is nothing a page,
// its tests or assistive technology can find, and it takes no focus; after a close it leaves
// the page as before.
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { modalUiPerFile } from '../../support/modalUi'

const mount = modalUiPerFile()

describe('the prerendered dialog', () => {
  it('is rendered hidden when the page is idle, revealed by the open, and gone after the close', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const { shadow, dialog, byTestId } = mount(modal)
    const before = document.activeElement
    // Rendered ahead: the Connect view is in the shadow root, hidden.
    await vi.waitFor(() => expect(shadow().querySelector('.gw-dialog .gw-view')).not.toBeNull(), { timeout: 5_000 })
    const card = shadow().querySelector<HTMLElement>('.gw-dialog')!
    const overlay = card.parentElement as HTMLElement
    expect(overlay.style.display).toBe('none')
    expect(dialog()).toBeNull()
    expect(byTestId('gw-overlay')).toBeNull()
    expect(card.getAttribute('aria-modal')).toBeNull()
    expect(document.activeElement).toBe(before)

    act(() => modal.open())
    // The same nodes, revealed: a dialog now.
    expect(dialog()).toBe(card)
    expect(card.getAttribute('data-view')).toBe('Connect')
    expect(overlay.style.display).not.toBe('none')
    expect(byTestId('gw-overlay')).toBe(overlay)

    act(() => modal.close())
    expect(dialog()).toBeNull()
    expect(shadow().querySelector('.gw-dialog .gw-view')).toBeNull()
    act(() => modal.open())
    expect(dialog()?.getAttribute('data-view')).toBe('Connect')
    modal.destroy()
  })
})
