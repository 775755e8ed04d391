import { useCallback, useEffect, useState } from 'react'
import { RPC_TIMEOUT_MS } from '../../core/domain/constants.js'

/**
 * Whether a wait has outlasted one request's timeout (10 s, the first attempt of a lookup): the
 * visitor is told and offered a retry then, rather than a placeholder for the whole ~47 s that the
 * attempts and their backoff take. The clock starts again when the wait starts again, or on
 * `restart` (the visitor's retry).
 *
 * @example
 * const { slow, restart } = useTakingLonger(status === 'pending')
 */
export function useTakingLonger(waiting: boolean, ms: number = RPC_TIMEOUT_MS): { slow: boolean; restart: () => void } {
  const [slow, setSlow] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const restart = useCallback(() => setAttempt((n) => n + 1), [])
  useEffect(() => {
    setSlow(false)
    if (!waiting) return
    const timer = setTimeout(() => setSlow(true), ms)
    return () => clearTimeout(timer)
  }, [waiting, attempt, ms])
  return { slow: waiting && slow, restart }
}
