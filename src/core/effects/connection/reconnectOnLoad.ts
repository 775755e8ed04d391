import { catchError, concat, concatMap, defer, EMPTY, filter, from, merge, mergeMap, of, take } from 'rxjs'
import { connectionSucceeded } from '../../events/connection/connection.js'
import { reconnectFinished, reconnectStarted } from '../../events/connection/connectionLifecycle.js'
import { isCurrentRequest, ofRequest } from '../../events/requestLifecycle.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import type { Namespace } from '../../events/views.js'
import { selectIsConnected, selectConnectNetwork } from '../../selectors.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { sessionPayload } from './sessionPayload.js'

/**
 * After hydration, reconnects the previously authorised connectors of each namespace silently,
 * one at a time, most recent first (spec §4). Without multiWallet it stops at the first that
 * answers with accounts. A visitor's own connect ends the run.
 */
export const reconnectOnLoad: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(storageHydrated),
    take(1),
    mergeMap(() => {
      const state = state$.value
      if (state.settings.reconnect === false) return EMPTY
      const runs = (Object.entries(state.wallets.memory.connected) as [Namespace, string[]][])
        .filter(([namespace, ids]) => ids.length > 0 && deps.adapters[namespace] !== undefined)
        .map(([namespace, ids]) => {
          const adapter = deps.adapters[namespace]!
          const start = reconnectStarted({ namespace, connectorIds: [...ids] })
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
                    session && session.accounts.length > 0 && stillRunning()
                      ? of(
                          connectionSucceeded(sessionPayload(connectorId, namespace, session), meta),
                        )
                      : EMPTY,
                  ),
                  // A wallet that cannot answer is skipped; the next one is tried.
                  catchError(() => EMPTY),
                )
              }),
            ),
          )
          const finish = defer(() => (stillRunning() ? of(reconnectFinished({ namespace }, meta)) : EMPTY))
          // Attempts start once the run's start is reduced, so `stillRunning` can see it.
          const started = event$.pipe(
            filter(reconnectStarted.match),
            ofRequest(start),
            take(1),
            concatMap(() => concat(attempts, finish)),
          )
          return merge(started, of(start))
        })
      return merge(...runs)
    }),
  )
