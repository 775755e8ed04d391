// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { ModalProvider, preloadModalUi } from '../../../src/react/ModalProvider'
import { settle } from '../../support/virtualTime'

// The modal's UI is a chunk of its own: loaded before the first open, as an idle page has it.
beforeAll(() => preloadModalUi())

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const chunk = vi.hoisted(() => ({ broken: true, loads: 0 }))
const CHUNK_ERROR = 'Failed to fetch dynamically imported module: http://127.0.0.1:5173/assets/connectViews-3f2a.js'

// The chunk of the connect views (Networks among them) fails to load (a network error, a
// deployment that replaced it) until it is repaired.
vi.mock('../../../src/react/views/connection/connectViews', async (importOriginal) => {
  chunk.loads++
  if (chunk.broken) throw new TypeError(CHUNK_ERROR)
  return importOriginal()
})

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
})

describe('a view whose module fails to load', () => {
  it("shows the spec's 'Something went wrong' with a retry that loads the module again; the technical text only in the details", async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const el = document.createElement('div')
    document.body.appendChild(el)
    const root = createRoot(el)
    await act(async () => root.render(<ModalProvider modal={modal} />))
    cleanup.push(() => act(() => root.unmount()), () => modal.destroy())
    const shadow = () => document.querySelector('gangway-modal')!.shadowRoot!
    const q = (testId: string) => shadow().querySelector<HTMLElement>(`[data-testid="${testId}"]`)
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await act(() => new Promise((r) => setTimeout(r, 10)))
    }

    await act(async () => {
      modal.open('Networks')
      await settle()
    })
    await until(() => q('view-error') !== null)
    expect(q('view-error-message')!.textContent).toBe('Something went wrong')
    expect(q('view-error')!.textContent).not.toMatch(/^Failed to fetch/)
    // The loader's own words (here wrapped by the test runner's module mock) stay folded away.
    const details = q('view-error-message-details')!
    expect(details.tagName).toBe('DETAILS')
    expect(details.textContent!.replace('Details', '').length).toBeGreaterThan(10)
    expect(details.hasAttribute('open')).toBe(false)
    // Focus stays in the dialog, so Escape still closes it.
    expect(shadow().querySelector('[role=dialog]')!.contains(shadow().activeElement)).toBe(true)

    chunk.broken = false
    const before = chunk.loads
    await act(async () => {
      q('view-retry')!.click()
      await settle()
    })
    await until(() => q('view-networks') !== null)
    expect(chunk.loads).toBeGreaterThan(before)
    expect(q('view-error')).toBeNull()
    expect(q('view-networks')).not.toBeNull()
  })
})
