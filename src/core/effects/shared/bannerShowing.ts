import type { ModalState } from '../../state.js'

/** Whether the banner shows `message` already, or is about to (so an alert is not shown twice). */
export function isBannerShowing(state: Pick<ModalState, 'banner'>, message: string): boolean {
  const b = state.banner
  return (b.open && b.message === message && !b.pending) || b.pending?.message === message
}
