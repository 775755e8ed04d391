import { useSyncExternalStore } from 'react'
import type { Modal } from '../createModal.js'

/**
 * Whether the devtools show a past state of this modal. The modal is then a picture of that
 * state: what it would dispatch would wait for the present, so it takes no input meanwhile.
 */
export function useTimeTravelling(modal: Pick<Modal, 'timeTravel'>): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = modal.timeTravel.changes$.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    () => modal.timeTravel.log.isTimeTravelling,
    () => false,
  )
}
