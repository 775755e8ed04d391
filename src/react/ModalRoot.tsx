import { BackOverrideContext } from './components/BackOverrideContext.js'
import * as React from 'react'
import { Component, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { i18nFor, I18nContext, languageOf, loadCatalogue, loadedCatalogue, loadFailed, useI18n, useResolvedLocale } from './i18n/i18n.js'
import { BackIcon, CloseIcon } from './components/icons.js'
import type { Modal } from '../createModal.js'
import { selectCanClose, selectConnectingConnectorId } from '../core/selectors.js'
import type { ModalState } from '../core/state.js'
import { useModalState } from './useModalState.js'
import { socialName } from './components/socialLogins.js'
import { useTimeTravelling } from './useTimeTravelling.js'
import { DialogShownContext } from './views/WalletIcon.js'
import type { ViewName } from '../core/events/views.js'
import { ErrorMessage, GENERIC_ERROR_MESSAGE } from './components/ErrorMessage.js'
import { WalletRequestToast } from './components/WalletRequestToast.js'
import { prefetchViews, registerFeatureViews, reloadView, viewComponent } from './views/viewRegistry.js'
import { VIEW_TITLES } from './views/viewTitles.js'

// An error's <summary> (its details) is focusable too: left out, Tab from it went back to the first element, never past it.
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/** How long the closing dialog's picture stays (the CSS's --gw-view-duration, 150 ms, and a margin). */
const EXIT_MS = 200
/** How long after its height's transition the body becomes a scroll region again: about a frame at 20 Hz. */
const RESIZE_SETTLE_MARGIN_MS = 50

/**
 * Leaves an empty card of the closing dialog's size and place for the exit animation: the
 * overlay fades and the card plays the entrance backwards, then both go. It holds no content (no
 * text, buttons or ids a page or its tests could find), is hidden from assistive technology and
 * takes no input. Nothing is left under `prefers-reduced-motion`.
 */
function leaveGhost(overlay: HTMLElement | null, dialog: HTMLElement | null): void {
  const root = overlay?.parentElement
  const container = root?.parentElement
  if (!overlay || !dialog || !root || !container || typeof window === 'undefined') return
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)')?.matches) return
  const { width, height } = dialog.getBoundingClientRect()
  const wrapper = document.createElement('div')
  wrapper.className = 'gw-closing'
  const theme = root.getAttribute('data-theme')
  if (theme) wrapper.setAttribute('data-theme', theme)
  wrapper.setAttribute('aria-hidden', 'true')
  wrapper.inert = true
  const ghost = document.createElement('div')
  ghost.className = 'gw-overlay'
  ghost.setAttribute('data-closing', 'true')
  const card = document.createElement('div')
  card.className = 'gw-dialog'
  card.style.width = `${width}px`
  card.style.height = `${height}px`
  ghost.append(card)
  wrapper.append(ghost)
  // After the modal's own root, drawn below a dialog opened again at once (the CSS lowers its z-index).
  container.append(wrapper)
  setTimeout(() => wrapper.remove(), EXIT_MS)
}

/** The wallet a connecting view waits on, whose name is its title; null for other views. */
function selectWalletTitle(s: ModalState): string | null {
  if (s.router.view === 'ConnectingWalletConnect') return s.walletConnect.wallet?.name ?? null
  if (s.router.view === 'ConnectingSocial') return s.socialLogin.provider ? socialName(s.socialLogin.provider) : null
  if (s.router.view !== 'ConnectingExternal') return null
  const id = selectConnectingConnectorId(s)
  return s.wallets.connectors.find((c) => c.id === id)?.name ?? null
}

/**
 * React's `<Activity>` (19.2 and later): a hidden subtree rendered ahead at low priority, its
 * effects not mounted and its nodes `display: none` until revealed. Absent in older Reacts, where
 * the dialog renders at the open as before.
 */
// Read by name at run time: a bundler that checks named exports (webpack in production) would
// refuse a build against React 18 if this were `React.Activity`.
const Activity = Reflect.get(React, 'Activity') as React.ComponentType<{ mode: 'visible' | 'hidden'; children?: ReactNode }> | undefined

/**
 * The modal shell: overlay, dialog, header with back/close, banner and the current view. With
 * `prerender` (ModalProvider: the page is idle and the modal has not been opened yet), the dialog
 * is rendered hidden ahead of the first open, so the click that opens the modal only reveals it:
 * its first render, its styles and its layout are done before the visitor asks. Once closed, the
 * dialog leaves the page as it always did.
 */
export function ModalRoot({ modal, host, prerender = false }: { modal: Modal; host: HTMLElement; prerender?: boolean }) {
  // The views of the features the host brought, before any of them renders (idempotent).
  registerFeatureViews(modal.options)
  const open = useModalState((s) => s.modal.open)
  const themeMode = useModalState((s) => s.preferences.themeMode)
  const locale = useResolvedLocale(useModalState((s) => s.preferences.locale))
  const language = languageOf(locale)
  const [, catalogueLoaded] = useState(0)
  const ready = loadedCatalogue(language) !== undefined
  useEffect(() => {
    if (!ready) loadCatalogue(language).then(() => catalogueLoaded((n) => n + 1), () => catalogueLoaded((n) => n + 1))
  }, [language, ready])
  const i18n = useMemo(() => i18nFor(locale), [locale, ready])
  // A language still loading shows nothing for those few milliseconds rather than English first;
  // one that failed to load shows English.
  const showable = ready || loadFailed(language)
  return (
    <I18nContext.Provider value={i18n}>
      <div className="gw-root" data-theme={themeMode} dir={i18n.dir} lang={i18n.language}>
        {showable && Activity && (open || prerender) ? (
          <Activity mode={open ? 'visible' : 'hidden'}>
            <DialogShownContext.Provider value={open}>
              <Dialog modal={modal} host={host} hidden={!open} />
            </DialogShownContext.Provider>
          </Activity>
        ) : open && showable ? (
          <Dialog modal={modal} host={host} hidden={false} />
        ) : null}
        <WalletRequestToast />
      </div>
    </I18nContext.Provider>
  )
}

/** `hidden`: rendered ahead, not open: nothing in it is a dialog a page, its tests or assistive technology can find. */
function Dialog({ modal, host, hidden }: { modal: Modal; host: HTMLElement; hidden: boolean }) {
  const { t } = useI18n()
  const view = useModalState((s) => s.router.view)
  const canGoBack = useModalState((s) => s.router.history.length > 1)
  const shake = useModalState((s) => s.modal.shake)
  const canClose = useModalState(selectCanClose)
  // A connecting view is named after the wallet it waits on.
  const walletTitle = useModalState(selectWalletTitle)
  // While the devtools show a past state the dialog is a picture of it: it takes no input,
  // which would otherwise wait and be applied, unseen, on the way back to the present.
  const travelling = useTimeTravelling(modal)
  const dialogRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const pressedOnOverlay = useRef(false)
  const overlayRef = useRef<HTMLDivElement>(null)
  const titleId = 'gw-dialog-title'
  // A finished flow's result view makes Back acknowledge the result (useResultAcknowledgement).
  const backOverride = useRef<(() => void) | null>(null)

  // Run as the dialog unmounts, while its overlay is still in the page.
  useLayoutEffect(() => {
    const overlay = overlayRef.current
    const dialog = dialogRef.current
    return () => leaveGhost(overlay, dialog)
  }, [])

  const focusables = () => [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
  /**
   * Where focus goes in a view: its marked element (a retry), else its first focusable, else the
   * dialog. A marked element still disabled (a retry's cooldown) leaves focus on the dialog, and it
   * moves there when enabled (the observer below).
   */
  const focusView = () => {
    const content = dialogRef.current?.querySelector<HTMLElement>('.gw-view')
    const marked = content?.querySelector<HTMLButtonElement>('[data-autofocus]')
    const target = marked ? (marked.disabled ? dialogRef.current : marked) : (content?.querySelector<HTMLElement>(FOCUSABLE) ?? dialogRef.current)
    target?.focus()
  }
  /** Focus is lost when it left the dialog's elements for nowhere (its element was removed or disabled) or sits on the dialog itself. */
  const focusLost = () => {
    const dialog = dialogRef.current
    const active = host.shadowRoot?.activeElement ?? null
    if (active && active !== dialog && dialog?.contains(active)) return (active as HTMLButtonElement).disabled === true
    if (active === dialog) return true
    // Focus on another element of the page (the devtools panel) was moved there on purpose.
    const outside = document.activeElement
    return !outside || outside === document.body || outside === document.documentElement || outside === host
  }

  // Focus moves into the dialog on open and back to where it was on close.
  useEffect(() => {
    // The views a visitor may go to next load once the first one is on screen, not before its frame.
    const prefetch = requestAnimationFrame(() => setTimeout(() => void prefetchViews(modal.getState())))
    const previous = document.activeElement as HTMLElement | null
    // Optimization: focus moves in at the first frame, not in the click's task: focusing forces
    // a layout of the whole new dialog, which the frame does anyway, after the content is in.
    const focusIn = requestAnimationFrame(() => {
      if (focusLost() || !host.contains(document.activeElement) && document.activeElement !== host) (focusables()[0] ?? dialogRef.current)?.focus()
    })
    const keepFocusInside = (e: FocusEvent) => {
      const target = e.target as Element | null
      // The devtools panel sits above the overlay and may take focus while the modal is open.
      if (target?.closest?.('[data-gangway-devtools]')) return
      // Inside the shadow root the event's target is the host (retargeted); its path names it in any case.
      const inside = host.contains(target) || e.composedPath().includes(host)
      // Back into the view (its marked element, else its first), not onto the header's Back:
      // an in-page wallet prompt takes focus on every approval, and the view's next step should have it.
      if (!inside) focusView()
    }
    document.addEventListener('focusin', keepFocusInside)
    // A retry, a view change or a state change may remove or disable the focused element: focus
    // then lands in the view again rather than on the page's body, where Escape would not reach us.
    const dialog = dialogRef.current
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(() => focusLost() && focusView())
    if (dialog) observer?.observe(dialog, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] })
    // Escape closes the modal even when focus got lost on the way.
    const escapeFromBody = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || modal.timeTravel.log.isTimeTravelling) return
      // Inside the dialog its own handler closes it; the devtools panel keeps its keys. Anywhere
      // else (the page's body, or the button that opened the modal before focus moved in at
      // the first frame) Escape closes the modal.
      const active = document.activeElement
      if (active && (active === host || host.contains(active) || active.closest?.('[data-gangway-devtools]'))) return
      modal.close()
    }
    document.addEventListener('keydown', escapeFromBody)
    // How the visitor last acted (pointer or keyboard): focus given back on close shows its ring
    // only after the keyboard, so a mouse click leaves no stray ring on the page's Connect button.
    // Before any, as the visitor opened the modal: with the keyboard if its opener showed a ring.
    let byPointer: boolean | null = null
    const openedByKeyboard = (() => {
      try {
        return previous?.matches(':focus-visible') ?? false
      } catch {
        return false
      }
    })()
    const pointed = () => (byPointer = true)
    const typed = () => (byPointer = false)
    document.addEventListener('pointerdown', pointed, true)
    document.addEventListener('keydown', typed, true)
    return () => {
      document.removeEventListener('pointerdown', pointed, true)
      document.removeEventListener('keydown', typed, true)
      cancelAnimationFrame(prefetch)
      cancelAnimationFrame(focusIn)
      observer?.disconnect()
      document.removeEventListener('keydown', escapeFromBody)
      document.removeEventListener('focusin', keepFocusInside)
      if (previous && previous.isConnected) previous.focus({ focusVisible: byPointer === null ? openedByKeyboard : !byPointer } as FocusOptions)
    }
  }, [])

  // A new view takes focus, so keyboard users land in it (the first one at the first frame, above).
  const firstView = useRef(true)
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false
      return
    }
    if (focusLost()) focusView()
  }, [view])

  useLayoutEffect(() => {
    dialogRef.current?.toggleAttribute('inert', travelling)
  }, [travelling])

  // The body's height follows its content with a transition (spec: 150 ms).
  useLayoutEffect(() => {
    const body = bodyRef.current
    const content = contentRef.current
    if (!body || !content || typeof ResizeObserver === 'undefined') return
    // Optimization: sized from the observer's own measurement (its first one arrives after the
    // first layout, before paint) rather than by reading offsetHeight here, which would force
    // a layout inside the click that opens the modal.
    // While the height moves the content may overflow for a moment: the body is then no scroll
    // region (one with nothing to focus would be a trap for a keyboard and a finding for axe).
    let settling: ReturnType<typeof setTimeout> | undefined
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]
      const height = `${entry?.borderBoxSize?.[0]?.blockSize ?? content.offsetHeight}px`
      if (body.style.height === height) return
      // Read after layout (the observer runs then): the transition's length, a host's theme's included.
      const moving = body.style.height === '' ? 0 : (Number.parseFloat(getComputedStyle(body).transitionDuration) || 0) * 1000
      if (moving > 0) {
        body.classList.add('gw-resizing')
        clearTimeout(settling)
        settling = setTimeout(() => body.classList.remove('gw-resizing'), moving + RESIZE_SETTLE_MARGIN_MS)
      }
      body.style.height = height
    })
    observer.observe(content)
    return () => {
      observer.disconnect()
      clearTimeout(settling)
    }
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
    if (pressedOnOverlay.current && e.target === e.currentTarget && !modal.timeTravel.log.isTimeTravelling) modal.close()
    pressedOnOverlay.current = false
  }

  return (
    <div ref={overlayRef} className="gw-overlay" data-testid={hidden ? undefined : 'gw-overlay'} onMouseDown={onOverlayDown} onClick={onOverlayClick}>
      <div
        ref={dialogRef}
        className="gw-dialog"
        role={hidden ? undefined : 'dialog'}
        aria-modal={hidden ? undefined : 'true'}
        aria-labelledby={titleId}
        tabIndex={-1}
        data-shake={shake}
        data-view={hidden ? undefined : view}
        onKeyDown={onKeyDown}
      >
        {travelling ? (
          <div className="gw-banner" role="status" data-variant="info" data-testid="time-travel-notice">
            <span className="gw-banner-message">{t('A past state, shown by the devtools. Return to the present to use the modal.')}</span>
          </div>
        ) : null}
        <header className="gw-header">
          {canGoBack ? (
            <button type="button" className="gw-icon-button" aria-label={t('Back')} data-testid="modal-back" onClick={() => (backOverride.current ? backOverride.current() : modal.back())}>
              <BackIcon />
            </button>
          ) : (
            <span />
          )}
          <h2 className="gw-title" id={titleId} key={view}>
            {walletTitle ?? t(VIEW_TITLES[view])}
          </h2>
          <button
            type="button"
            className="gw-icon-button"
            aria-label={t('Close')}
            aria-disabled={!canClose}
            onClick={() => modal.close()}
          >
            <CloseIcon />
          </button>
        </header>
        <Banner modal={modal} />
        <div className="gw-body" ref={bodyRef}>
          <div ref={contentRef}>
            <div className="gw-view" key={view} data-testid={`view-${view}`}>
              <ViewBoundary view={view}>
                {() => {
                  const View = viewComponent(view)
                  return (
                    <BackOverrideContext.Provider value={backOverride}>
                      <Suspense fallback={<div className="gw-empty" aria-busy="true" data-testid="view-loading" />}>
                        <View view={view} modal={modal} />
                      </Suspense>
                    </BackOverrideContext.Provider>
                  )
                }}
              </ViewBoundary>
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}

function Banner({ modal }: { modal: Modal }) {
  const { t } = useI18n()
  const banner = useModalState((s) => s.banner)
  if (!banner.open) return null
  return (
    <div className="gw-banner" role={banner.variant === 'error' ? 'alert' : 'status'} data-variant={banner.variant} data-testid="gw-banner">
      {/* The spec's messages (and the views' own) are English source text; a host's own message shows as given. */}
      <span className="gw-banner-message">{t(banner.message)}</span>
      <button type="button" className="gw-icon-button" aria-label={t('Dismiss notification')} onClick={() => modal.closeBanner()}>
        <CloseIcon />
      </button>
    </div>
  )
}

type ViewBoundaryState = { error: unknown }

/**
 * A view that failed (its module did not load, or it threw) shows the spec's 'Something went
 * wrong' with a retry that fetches its module again; the technical reason stays in the details.
 */
class ViewBoundary extends Component<{ view: ViewName; children: () => ReactNode }, ViewBoundaryState> {
  override state: ViewBoundaryState = { error: null }

  static getDerivedStateFromError(error: unknown): ViewBoundaryState {
    return { error }
  }

  retry = () => {
    reloadView(this.props.view)
    this.setState({ error: null })
  }

  override render() {
    const { error } = this.state
    if (error === null) return this.props.children()
    const details = error instanceof Error ? error.message : String(error)
    return <ViewError details={details} retry={this.retry} />
  }
}

/** What a failed view shows: the spec's message and a retry. */
function ViewError({ details, retry }: { details: string; retry: () => void }) {
  const { t } = useI18n()
  return (
    <div className="gw-empty" data-testid="view-error">
      <ErrorMessage error={{ shortMessage: GENERIC_ERROR_MESSAGE, details }} testId="view-error-message" />
      <button type="button" className="gw-button" data-primary="true" data-autofocus="true" data-testid="view-retry" onClick={retry}>
        {t('Try again')}
      </button>
    </div>
  )
}
