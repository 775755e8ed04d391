import type { Modal } from '../createModal.js'
import { ModalRoot } from './ModalRoot.js'
import { MODAL_CSS } from './theme.js'
import { languageOf, loadCatalogue } from './i18n/i18n.js'

// Loaded with the UI when the page is idle: the views a visitor may go to next load right after.
export { prefetchViews } from './views/viewRegistry.js'

/** Loads the catalogue of the modal's language ahead of the first open (nothing for English). */
export function preloadLanguage(locale: string): void {
  loadCatalogue(languageOf(locale)).catch(() => undefined)
}

/**
 * The modal's UI inside its shadow root: the stylesheet and the shell with its first views. A
 * chunk of its own (see ModalProvider): the host's first bundle carries none of it.
 */
export function ModalUi({ modal, host }: { modal: Modal; host: HTMLElement }) {
  return (
    <>
      <style>{MODAL_CSS}</style>
      <ModalRoot modal={modal} host={host} />
    </>
  )
}
