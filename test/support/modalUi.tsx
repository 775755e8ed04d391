import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, expect, vi } from 'vitest'
import type { Modal } from '../../src/createModal'
import { ModalProvider, preloadModalUi } from '../../src/react/ModalProvider'

/**
 * For a happy-dom test file that renders the modal's UI: loads the UI chunk first (as an idle
 * page has it), marks the environment for React's act, and unmounts and clears the page after
 * each test. Returns `mount(modal, children?)`, which renders `<ModalProvider>` (around the
 * host's `children`) and gives the shadow root's helpers.
 */
export function modalUiPerFile() {
  const cleanup: (() => void)[] = []
  beforeAll(() => preloadModalUi())
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  afterEach(() => {
    cleanup.splice(0).forEach((f) => f())
    document.body.innerHTML = ''
  })
  return function mount(modal: Modal, children?: ReactNode) {
    const root = createRoot(document.body.appendChild(document.createElement('div')))
    act(() => root.render(<ModalProvider modal={modal}>{children}</ModalProvider>))
    cleanup.push(() => act(() => root.unmount()))
    const shadow = () => (document.querySelector('gangway-modal') as HTMLElement).shadowRoot as ShadowRoot
    return {
      shadow,
      byTestId: (id: string) => shadow().querySelector<HTMLElement>(`[data-testid="${id}"]`),
      view: () => shadow().querySelector('[role=dialog]')?.getAttribute('data-view') ?? null,
      dialog: () => shadow().querySelector('[role=dialog]') as HTMLElement,
    }
  }
}

/**
 * Drives a mounted modal on virtual time: `q(id)` and `text(id)` read the shadow root, `settle()`
 * runs what is due now, `shown(id)` waits until the view shows `id` (a feature view's chunk
 * rendered), `click(id)` clicks it.
 */
export function viewDriver(time: { advanceBy(ms: number): unknown }, ui: { byTestId(id: string): HTMLElement | null }) {
  const q = ui.byTestId
  const text = (id: string) => q(id)?.textContent ?? null
  const settle = () => act(() => void time.advanceBy(0))
  // A feature view's chunk is a dynamic import: beside a full run's other suites it took more
  // than waitFor's default second to load.
  const shown = (id: string) =>
    vi.waitFor(
      async () => {
        await settle()
        expect(q(id)).not.toBeNull()
      },
      { timeout: 15_000 },
    )
  const click = (id: string) => act(async () => q(id)!.click())
  return { q, text, settle, shown, click }
}
