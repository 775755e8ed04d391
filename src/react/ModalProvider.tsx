import { useEffect, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type { Modal } from '../createModal.js'
import { ModalContext } from './ModalContext.js'
import { ModalRoot } from './ModalRoot.js'
import { MODAL_CSS } from './theme.js'

/** The element that holds the modal's shadow root; a host page may style its CSS variables. */
export const HOST_TAG = 'gangway-modal'

/**
 * Provides the modal to hooks and renders its UI in a shadow root at the end of the body, so
 * host styles do not leak in and the modal's do not leak out.
 *
 * @example
 * const modal = createModal({ projectId: 'my-project', adapters: ['eip155'] })
 * root.render(<ModalProvider modal={modal}><App /></ModalProvider>)
 */
export function ModalProvider({ modal, children }: { modal: Modal; children?: ReactNode }) {
  const [mount, setMount] = useState<{ host: HTMLElement; target: HTMLElement } | null>(null)

  useEffect(() => {
    const host = document.createElement(HOST_TAG)
    for (const [name, value] of Object.entries(modal.options.themeVariables ?? {})) host.style.setProperty(name, value)
    const shadow = host.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = MODAL_CSS
    const target = document.createElement('div')
    shadow.append(style, target)
    document.body.appendChild(host)
    setMount({ host, target })
    return () => host.remove()
  }, [modal])

  return (
    <ModalContext.Provider value={modal}>
      {children}
      {mount ? createPortal(<ModalRoot modal={modal} host={mount.host} />, mount.target) : null}
    </ModalContext.Provider>
  )
}
