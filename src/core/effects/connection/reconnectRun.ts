import { catchError, concat, concatMap, defer, EMPTY, filter, from, merge, mergeMap, type Observable, of, take } from 'rxjs'
import { connectionSucceeded } from '../../events/connection/connection.js'
import { reconnectFinished, reconnectStarted } from '../../events/connection/connectionLifecycle.js'
import type { EventInput, StampedEvent } from '../../events/defineEvent.js'
import { isCurrentRequest, ofRequest } from '../../events/requestLifecycle.js'
import type { Namespace } from '../../events/views.js'
import type { ChainAdapter } from '../../ports.js'
import { selectConnectNetwork, selectIsConnected } from '../../selectors.js'
import type { StateObservable } from '../runtime/runEffects.js'
import { sessionPayload } from './sessionPayload.js'

/**
 * One silent reconnect run in a namespace (spec §4): the connectors tried one at a time, in the
 * order given, each asked for its accounts without a prompt; without multiWallet the run stops
 * at the first that answers with accounts. Its events carry the run's requestId (`requestId`
 * when given: the request the run serves); a visitor's own connect ends it. What it could not
 * reconnect is forgotten, unless `remembered`. A page load runs it
 * (reconnectOnLoad), and so does a wallet another tab connected (followOtherTabs).
 */
export function reconnectRun(
  event$: Observable<StampedEvent>,
  state$: StateObservable,
  adapter: ChainAdapter,
  namespace: Namespace,
  ids: readonly string[],
  /** The request the run serves (default: its own), and whether it keeps what it could not reconnect remembered. */
  options: { requestId?: string; remembered?: true } = {},
): Observable<EventInput> {
  const { requestId, remembered } = options
  const start = reconnectStarted({ namespace, connectorIds: [...ids] }, { requestId })
  const meta = { requestId: start.requestId }
  const stillRunning = () => isCurrentRequest(state$.value.wallets.reconnect[namespace], start)
  const attempts = from(ids).pipe(
    concatMap((connectorId) =>
      defer(() => {
        const s = state$.value
        if (!stillRunning() || (!s.features.multiWallet && selectIsConnected(s, namespace))) return EMPTY
        const network = selectConnectNetwork(s, namespace)
        return from(adapter.reconnect(connectorId, network ? { network } : undefined)).pipe(
          mergeMap((session) =>
            session && session.accounts.length > 0 && stillRunning() ? of(connectionSucceeded(sessionPayload(connectorId, namespace, session), meta)) : EMPTY,
          ),
          // A wallet that cannot answer is skipped; the next one is tried.
          catchError(() => EMPTY),
        )
      }),
    ),
  )
  const finish = defer(() => (stillRunning() ? of(reconnectFinished(remembered ? { namespace, remembered } : { namespace }, meta)) : EMPTY))
  // Attempts start once the run's start is reduced, so `stillRunning` can see it.
  const started = event$.pipe(
    filter(reconnectStarted.match),
    ofRequest(start),
    take(1),
    concatMap(() => concat(attempts, finish)),
  )
  return merge(started, of(start))
}
