import { useCallback } from 'react'
import type { OpenOptions } from '../../createModal.js'
import type { ViewName } from '../../core/events/views.js'
import type { ModalState } from '../../core/state.js'
import { useModal } from '../ModalContext.js'
import { useModalState } from '../useModalState.js'

export type GangwayModalControls = {
  /** Opens the modal: on Connect, or Account when connected, or the view asked for. */
  open(view?: ViewName | OpenOptions): void
  close(): void
  isOpen: boolean
}

const selectIsOpen = (state: ModalState): boolean => state.modal.open

/**
 * Opens and closes the modal, and says whether it is open. `open` and `close` keep their
 * identity across renders.
 *
 * @example
 * const { open, isOpen } = useGangwayModal()
 * return <button aria-expanded={isOpen} onClick={() => open('Networks')}>Networks</button>
 */
export function useGangwayModal(): GangwayModalControls {
  const modal = useModal()
  const isOpen = useModalState(selectIsOpen)
  const open = useCallback((view?: ViewName | OpenOptions) => modal.open(view), [modal])
  const close = useCallback(() => modal.close(), [modal])
  return { open, close, isOpen }
}
