import { useEffect, useState } from 'react'
import { RETRY_MIN_INTERVAL_MS } from '../../../core/domain/constants.js'
import { canRetry } from '../../../core/domain/timing.js'
import type { Modal } from '../../../createModal.js'

/**
 * Whether a retry is allowed yet (at least 1 s after `lastAttemptAt`, spec §5), re-rendering
 * when it becomes allowed. Time comes from the modal's clock, as the reducer's does.
 */
export function useRetryAllowed(modal: Modal, lastAttemptAt: number | undefined): boolean {
  const now = () => modal.options.clock?.now() ?? Date.now()
  const [, setTick] = useState(0)
  const allowed = canRetry(now(), lastAttemptAt)
  useEffect(() => {
    if (allowed || lastAttemptAt === undefined) return
    const wait = Math.max(0, lastAttemptAt + RETRY_MIN_INTERVAL_MS - now())
    const timer = setTimeout(() => setTick((t) => t + 1), wait + 5)
    return () => clearTimeout(timer)
  })
  return allowed
}
