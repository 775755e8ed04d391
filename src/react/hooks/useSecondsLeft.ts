import { useEffect, useState } from 'react'
import type { Modal } from '../../createModal.js'

/**
 * The whole seconds left until `deadline` (ms, the modal's clock; rounded up, 0 once passed or
 * without one), re-rendering as each second passes so a countdown counts down. Time comes from
 * the modal's clock, as the reducers' does from their events; the reducers never tick.
 *
 * @example
 * const left = useSecondsLeft(modal, lastRequestAt + EMAIL_LOGIN_COOLDOWN_MS) // 26
 */
export function useSecondsLeft(modal: Pick<Modal, 'options'>, deadline: number | null | undefined): number {
  const now = () => modal.options.clock?.now() ?? Date.now()
  const [, setTick] = useState(0)
  const left = deadline == null ? 0 : Math.max(0, Math.ceil((deadline - now()) / 1_000))
  useEffect(() => {
    if (left === 0 || deadline == null) return
    // Wakes when the shown number changes: the next whole second before the deadline.
    const wait = Math.max(0, deadline - now() - (left - 1) * 1_000)
    const timer = setTimeout(() => setTick((t) => t + 1), wait)
    return () => clearTimeout(timer)
  })
  return left
}
