import { Suspense, useEffect, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import type { Modal } from '../createModal.js'
import { selectCanClose } from '../core/selectors.js'
import { useModalState } from './useModalState.js'
import { prefetchViews, viewComponent } from './views/viewRegistry.js'
import { VIEW_TITLES } from './views/viewTitles.js'

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The modal shell: overlay, dialog, header with back/close, banner and the current view. */
export function ModalRoot({ modal, host }: { modal: Modal; host: HTMLElement }) {
  const open = useModalState((s) => s.modal.open)
  const themeMode = useModalState((s) => s.preferences.themeMode)
  if (!open) return <div className="gw-root" data-theme={themeMode} />
  return (
    <div className="gw-root" data-theme={themeMode}>
      <Dialog modal={modal} host={host} />
    </div>
  )
}

function Dialog({ modal, host }: { modal: Modal; host: HTMLElement }) {
  const view = useModalState((s) => s.router.view)
  const canGoBack = useModalState((s) => s.router.history.length > 1)
  const shake = useModalState((s) => s.modal.shake)
  const canClose = useModalState(selectCanClose)
  const dialogRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const pressedOnOverlay = useRef(false)
  const View = viewComponent(view)
  const titleId = 'gw-dialog-title'

  const focusables = () => [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]

  // Focus moves into the dialog on open and back to where it was on close.
  useEffect(() => {
    // The views a visitor may go to next load once the first one is on screen, not before its frame.
    const prefetch = requestAnimationFrame(() => setTimeout(() => void prefetchViews()))
    const previous = document.activeElement as HTMLElement | null
    ;(focusables()[0] ?? dialogRef.current)?.focus()
    const keepFocusInside = (e: FocusEvent) => {
      const target = e.target as Element | null
      // The devtools panel sits above the overlay and may take focus while the modal is open.
      if (target?.closest?.('[data-gangway-devtools]')) return
      if (!host.contains(target)) (focusables()[0] ?? dialogRef.current)?.focus()
    }
    document.addEventListener('focusin', keepFocusInside)
    return () => {
      cancelAnimationFrame(prefetch)
      document.removeEventListener('focusin', keepFocusInside)
      if (previous && previous.isConnected) previous.focus()
    }
  }, [])

  // A new view takes focus, so keyboard users land in it.
  useEffect(() => {
    const root = host.shadowRoot
    if (root && !dialogRef.current?.contains(root.activeElement)) (focusables()[0] ?? dialogRef.current)?.focus()
  }, [view])

  // The body's height follows its content with a transition (spec: 150 ms).
  useLayoutEffect(() => {
    const body = bodyRef.current
    const content = contentRef.current
    if (!body || !content || typeof ResizeObserver === 'undefined') return
    // Optimization: sized from the observer's own measurement (its first one arrives after the
    // first layout, before paint) rather than by reading offsetHeight here, which would force
    // a layout inside the click that opens the modal.
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? content.offsetHeight
      body.style.height = `${height}px`
    })
    observer.observe(content)
    return () => observer.disconnect()
  }, [])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      modal.close()
      return
    }
    if (e.key !== 'Tab') return
    const items = focusables()
    if (items.length === 0) {
      e.preventDefault()
      return
    }
    const active = host.shadowRoot?.activeElement
    const first = items[0] as HTMLElement
    const last = items[items.length - 1] as HTMLElement
    if (e.shiftKey && (active === first || !items.includes(active as HTMLElement))) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (active === last || !items.includes(active as HTMLElement))) {
      e.preventDefault()
      first.focus()
    }
  }

  const onOverlayDown = (e: MouseEvent) => {
    pressedOnOverlay.current = e.target === e.currentTarget
  }
  const onOverlayClick = (e: MouseEvent) => {
    if (pressedOnOverlay.current && e.target === e.currentTarget) modal.close()
    pressedOnOverlay.current = false
  }

  return (
    <div className="gw-overlay" data-testid="gw-overlay" onMouseDown={onOverlayDown} onClick={onOverlayClick}>
      <div
        ref={dialogRef}
        className="gw-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-shake={shake}
        data-view={view}
        onKeyDown={onKeyDown}
      >
        <header className="gw-header">
          {canGoBack ? (
            <button type="button" className="gw-icon-button" aria-label="Back" onClick={() => modal.back()}>
              ‹
            </button>
          ) : (
            <span />
          )}
          <h2 className="gw-title" id={titleId} key={view}>
            {VIEW_TITLES[view]}
          </h2>
          <button
            type="button"
            className="gw-icon-button"
            aria-label="Close"
            aria-disabled={!canClose}
            onClick={() => modal.close()}
          >
            ×
          </button>
        </header>
        <Banner modal={modal} />
        <div className="gw-body" ref={bodyRef}>
          <div ref={contentRef}>
            <div className="gw-view" key={view} data-testid={`view-${view}`}>
              <Suspense fallback={<div className="gw-empty" aria-busy="true" data-testid="view-loading" />}>
                <View view={view} modal={modal} />
              </Suspense>
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}

function Banner({ modal }: { modal: Modal }) {
  const banner = useModalState((s) => s.banner)
  if (!banner.open) return null
  return (
    <div className="gw-banner" role={banner.variant === 'error' ? 'alert' : 'status'} data-variant={banner.variant} data-testid="gw-banner">
      <span className="gw-banner-message">{banner.message}</span>
      <button type="button" className="gw-icon-button" aria-label="Dismiss notification" onClick={() => modal.closeBanner()}>
        ×
      </button>
    </div>
  )
}
