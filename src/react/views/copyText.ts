import type { Modal } from '../../createModal.js'

/**
 * Copies `text` to the clipboard and says so in a banner (`copied`, in the modal's language), or
 * says it could not ('Something went wrong', the spec's message, which the banner translates)
 * where the browser has no clipboard or refuses.
 *
 * @example
 * <button onClick={() => copyText(modal, address, t('Address copied'))}>Copy</button>
 */
export function copyText(modal: Modal, text: string, copied: string): void {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined
  if (!clipboard) return void modal.showBanner('error', 'Something went wrong')
  clipboard.writeText(text).then(
    () => modal.showBanner('success', copied),
    () => modal.showBanner('error', 'Something went wrong'),
  )
}
