import { createContext, useContext, useEffect, useRef } from 'react'
import { resultAcknowledged, type ResultFlow } from '../../core/events/modal/router.js'
import type { ViewProps } from '../views/viewProps.js'

/** What the header's Back does instead of going back one view (a finished result's acknowledgement), if anything. */
export const BackOverrideContext = createContext<{ current: (() => void) | null }>({ current: null })

/**
 * For a view showing a finished flow's result: returns what its Done does (acknowledge the result:
 * back to Account with `message` in a success banner, the flow's form fresh next time), and makes
 * the header's Back do the same while the result is shown.
 *
 * @example
 * const done = useResultAcknowledgement(modal, 'send', t('Sent {amount} {symbol}', { amount, symbol }))
 */
export function useResultAcknowledgement(modal: ViewProps['modal'], flow: ResultFlow, message: string): () => void {
  const slot = useContext(BackOverrideContext)
  const acknowledge = () => modal.dispatch(resultAcknowledged({ flow, message }))
  const latest = useRef(acknowledge)
  latest.current = acknowledge
  useEffect(() => {
    const back = () => latest.current()
    slot.current = back
    return () => {
      if (slot.current === back) slot.current = null
    }
  }, [slot])
  return acknowledge
}
