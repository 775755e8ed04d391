import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import type { Modal } from '../createModal.js'
import { pageIdle } from '../adapters/pageIdle.js'
import { applyThemeVariables } from './applyThemeVariables.js'
import { ModalContext } from './ModalContext.js'

/** The element that holds the modal's shadow root; a host page may style its CSS variables. */
export const HOST_TAG = 'gangway-modal'

type UiProps = { modal: Modal; host: HTMLElement; prerender?: boolean }

// Optimization: the modal's UI (its shell, stylesheet and first views) is a chunk of its own,
// loaded when the page is idle after loading, or at the first open if that comes sooner. Once
// loaded it renders directly: a lazy component would suspend for a frame on every first open.
let loadedUi: ComponentType<UiProps> | undefined
let loadingUi: Promise<typeof import('./ModalUi.js')> | undefined
function loadUiModule(): Promise<typeof import('./ModalUi.js')> {
  loadingUi ??= import('./ModalUi.js').then(
    (m) => {
      loadedUi = m.ModalUi
      return m
    },
    (error: unknown) => {
      loadingUi = undefined
      throw error
    },
  )
  return loadingUi
}
const loadUi = (): Promise<ComponentType<UiProps>> => loadUiModule().then((m) => m.ModalUi)
const LazyUi = lazy(() => loadUi().then((Ui) => ({ default: Ui })))

/**
 * Loads the modal's UI ahead of its first open. It loads by itself once the page is idle after
 * loading; call this to have it sooner (a host's own "connect" button on hover, a test).
 *
 * @example
 * await preloadModalUi()
 */
export function preloadModalUi(): Promise<void> {
  return loadUi().then(() => undefined)
}

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
  // The UI renders from the first open on, or once the page is idle with the dialog rendered
  // hidden (prerendered) so that the first open only reveals it.
  const [opened, setOpened] = useState(false)
  const [prerendered, setPrerendered] = useState(false)

  useEffect(() => {
    const host = document.createElement(HOST_TAG)
    const target = document.createElement('div')
    host.attachShadow({ mode: 'open' }).append(target)
    document.body.appendChild(host)
    const stopTheme = applyThemeVariables(modal, host)
    setMount({ host, target })
    return () => {
      stopTheme()
      host.remove()
    }
  }, [modal])

  useEffect(() => {
    if (opened) return
    if (modal.getState().modal.open) {
      setOpened(true)
      return
    }
    return modal.subscribe((state) => state.modal.open && setOpened(true))
  }, [modal, opened])

  useEffect(() => {
    let live = true
    let stopPrefetch = () => {}
    // After the modal's start (its engine comes first), when the page is idle: the UI, then the
    // views a visitor can go to from where the modal is, and the others as they become reachable.
    void modal.ready.then(() => pageIdle(typeof window === 'undefined' ? undefined : window)).then((idle) => {
      if (live && idle)
        loadUiModule().then(
          (m) => {
            if (!live) return
            m.preloadLanguage(modal.getState().preferences.locale)
            stopPrefetch = m.prefetchReachableViews(modal)
            setPrerendered(true)
          },
          () => undefined,
        )
    })
    return () => {
      live = false
      stopPrefetch()
    }
  }, [modal])

  const Ui = loadedUi ?? LazyUi
  return (
    <ModalContext.Provider value={modal}>
      {children}
      {mount && (opened || prerendered)
        ? createPortal(
            <Suspense fallback={null}>
              <Ui modal={modal} host={mount.host} prerender={prerendered && !opened} />
            </Suspense>,
            mount.target,
          )
        : null}
    </ModalContext.Provider>
  )
}
