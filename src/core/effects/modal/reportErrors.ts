import { filter, ignoreElements, map, tap } from 'rxjs'
import type { SerializedError } from '../../errors/base.js'
import type { StampedEvent } from '../../events/defineEvent.js'
import type { ModalState } from '../../state.js'
import type { CoreDeps } from '../../ports.js'
import { isIgnoredConnectionEvent } from '../../reducers/connection/isIgnoredConnectionEvent.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofTypeWhere } from '../runtime/ofTypeWhere.js'
import { sendSafely } from '../runtime/sendSafely.js'

/** EIP-1193 user rejection: the visitor said no; nothing went wrong. */
const USER_REJECTED = 4001

const isFailure = (type: string): boolean => type.endsWith('/failed')

/**
 * Sends an error report for each failure the modal meets (`…/failed` events), except a
 * visitor's own rejection and a stale connection outcome. The analytics client keeps to its
 * limit of 5 reports in 60 s (spec §7).
 */
export const reportErrors: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    // Optimization: the store hands this effect only failures, not every event.
    ofTypeWhere(isFailure),
    // The state before the event decides staleness, as the reducers did.
    map((event) => reportOf(state$.previous, event)),
    filter((report): report is ErrorReport => report !== null),
    tap((report) => {
      const reportError = deps.analytics.reportError
      if (reportError) sendSafely(() => reportError.call(deps.analytics, report))
    }),
    ignoreElements(),
  )

type ErrorReport = { event: string; errorType: string; errorMessage: string }

function reportOf(before: ModalState, event: StampedEvent): ErrorReport | null {
  if (!isFailure(event.type) || isIgnoredConnectionEvent(before, event)) return null
  const error = (event.payload as { error?: SerializedError } | null)?.error
  if (typeof error?.shortMessage !== 'string' || error.code === USER_REJECTED) return null
  return { event: event.type, errorType: error.name, errorMessage: error.shortMessage }
}
