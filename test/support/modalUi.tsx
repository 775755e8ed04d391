import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll } from 'vitest'
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
