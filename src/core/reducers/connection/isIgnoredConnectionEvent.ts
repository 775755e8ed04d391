import { canRetry } from '../../domain/timing.js'
import { connectionFailed, connectionRequested, connectionSucceeded } from '../../events/connection/connection.js'
import type { StampedEvent } from '../../events/defineEvent.js'
import type { Namespace } from '../../events/views.js'
import type { ModalState } from '../../state.js'
import { isCurrentRequest, namesRequest } from '../../events/requestLifecycle.js'

/**
 * Whether the connection slices must ignore this event: a connect request for the wallet the
 * visitor is already waiting on, a retry sooner than 1 s after the last attempt (spec §5), or
 * an outcome whose requestId is no longer the current attempt's (stale: the visitor retried,
 * picked another wallet or closed the modal). Outcomes without a requestId always apply.
 *
 * @example
 * if (isIgnoredConnectionEvent(state, event)) return
 */
export function isIgnoredConnectionEvent(state: ModalState, event: StampedEvent): boolean {
  if (connectionRequested.match(event)) {
    const attempt = state.wallets.attempt
    if (!attempt || attempt.connectorId !== event.payload.connectorId || attempt.namespace !== event.payload.namespace) return false
    if (attempt.status === 'connecting') return true
    return !canRetry(event.at, attempt.startedAt)
  }
  if (connectionSucceeded.match(event) || connectionFailed.match(event)) {
    return isStaleOutcome(state, event, event.payload.namespace)
  }
  return false
}

function isStaleOutcome(state: ModalState, event: StampedEvent, namespace: Namespace): boolean {
  if (!namesRequest(event)) return false
  const attempt = state.wallets.attempt
  if (attempt && isCurrentRequest(attempt.requestId, event)) return attempt.status !== 'connecting'
  return !isCurrentRequest(state.wallets.reconnect[namespace], event)
}
