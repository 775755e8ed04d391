import { filter, ignoreElements, tap } from 'rxjs'
import { connectionFailed, connectionSucceeded } from '../events/connection'
import type { CoreDeps } from '../ports'
import type { Effect } from './runEffects'

/** CONNECT_SUCCESS and CONNECT_ERROR for the visitor's connect attempts (not silent reconnects). */
export const connectionAnalytics: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    filter((e) => connectionSucceeded.match(e) || connectionFailed.match(e)),
    tap((e) => {
      const attempt = state$.value.wallets.attempt
      // After a success the attempt is cleared; after a failure it holds the error.
      const ours = connectionSucceeded.match(e) ? attempt === null && e.requestId !== undefined && !Object.values(state$.value.wallets.reconnect).includes(e.requestId) : attempt?.requestId === (e.requestId ?? null) && attempt?.status === 'failed'
      if (!ours) return
      const track = connectionSucceeded.match(e)
        ? { event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: e.payload.connectorId } }
        : { event: 'CONNECT_ERROR', properties: { message: connectionFailed.match(e) ? e.payload.error.shortMessage : '' } }
      void Promise.resolve(deps.analytics.track(track)).catch(() => undefined)
    }),
    ignoreElements(),
  )
