import { ignoreElements, skip, tap } from 'rxjs'
import type { CoreDeps } from '../../ports.js'
import { selectIsConnected } from '../../selectors.js'
import type { Effect } from '../runtime/runEffects.js'
import { sendSafely } from '../runtime/sendSafely.js'
import { watchState } from '../runtime/watchState.js'

/** MODAL_OPEN when the modal opens and MODAL_CLOSE when an open modal closes, with the connected flag. */
export const modalAnalytics: Effect<CoreDeps> = (_event$, state$, deps) =>
  // Optimization: only the open flag is read per state change; the rest when it changes.
  watchState(state$, (s) => s.modal.open).pipe(
    // The first value is where the session starts, not a change.
    skip(1),
    tap((open) => sendSafely(() => deps.analytics.track({ event: open ? 'MODAL_OPEN' : 'MODAL_CLOSE', properties: { connected: selectIsConnected(state$.value) } }))),
    ignoreElements(),
  )
