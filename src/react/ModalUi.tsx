import { useMemo } from 'react'
import type { Modal } from '../createModal.js'
import { ModalRoot } from './ModalRoot.js'
import { MODAL_CSS } from './theme.js'
import { StyleSheet, StyleTargetContext } from './useStyleSheet.js'
import { languageOf, loadCatalogue } from './i18n/i18n.js'

// Loaded with the UI when the page is idle: the views a visitor may go to next load right after.
export { prefetchReachableViews } from './views/viewRegistry.js'

/** Loads the catalogue of the modal's language ahead of the first open (nothing for English). */
export function preloadLanguage(locale: string): void {
  loadCatalogue(languageOf(locale)).catch(() => undefined)
}

/**
 * The modal's UI inside its shadow root: the stylesheet and the shell with its first views. A
 * chunk of its own (see ModalProvider): the host's first bundle carries none of it. Its
 * stylesheets, and those of the views, are adopted by the shadow root (a strict CSP allows
 * that), or rendered as `<style>` with the `cspNonce` option where they cannot be.
 */
export function ModalUi({ modal, host, prerender }: { modal: Modal; host: HTMLElement; prerender?: boolean }) {
  const nonce = modal.options.cspNonce
  const target = useMemo(() => ({ root: host.shadowRoot, nonce }), [host, nonce])
  return (
    <StyleTargetContext.Provider value={target}>
      <StyleSheet css={MODAL_CSS} />
      <ModalRoot modal={modal} host={host} prerender={prerender} />
    </StyleTargetContext.Provider>
  )
}
