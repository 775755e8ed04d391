import { createContext, useContext } from 'react'
import type { Modal } from '../createModal.js'

export const ModalContext = createContext<Modal | null>(null)

/**
 * The modal of the nearest `<ModalProvider>`, with its commands (`open`, `close`, `dispatch` …).
 *
 * @example
 * const modal = useModal()
 * return <button onClick={() => modal.open()}>Connect wallet</button>
 */
export function useModal(): Modal {
  const modal = useContext(ModalContext)
  if (!modal) throw new Error('useModal must be used inside <ModalProvider>')
  return modal
}
