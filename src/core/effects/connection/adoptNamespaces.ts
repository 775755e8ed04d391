import { catchError, defer, EMPTY, filter, from, mergeMap, of } from 'rxjs'
import { connectionSucceeded } from '../../events/connection/connection.js'
import type { Namespace } from '../../events/views.js'
import { selectConnectNetwork } from '../../selectors.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { sessionPayload } from './sessionPayload.js'

/**
 * An effect for a connector whose one session spans namespaces (`spans` tells which): once it
 * connects in one namespace, its accounts in the host's other namespaces connect too, through
 * each adapter's silent reconnect of the same connector (no second prompt). The adopted
 * connections keep the active namespace, except the one the visitor opened Connect for (a
 * switch to Solana whose e-mail login connected EVM first): that one becomes active, so the
 * switch they asked for stays. A namespace that already has a connection keeps it: the session
 * does not replace a wallet the visitor chose there.
 */
export function adoptNamespacesOf<D extends WalletDeps>(spans: (connectorId: string, deps: D) => boolean): Effect<D> {
  return (event$, state$, deps) =>
    event$.pipe(
      ofType(connectionSucceeded),
      filter((e) => e.payload.accounts.length > 0 && spans(e.payload.connectorId, deps)),
      mergeMap((e) => {
        const connectorId = e.payload.connectorId
        // Read before this connect ended the namespace filter of Connect.
        const wanted = state$.previous.modal.connectFor
        const others = (Object.keys(deps.adapters) as Namespace[]).filter((namespace) => namespace !== e.payload.namespace)
        return from(others).pipe(
          mergeMap((namespace) => {
            const adapter = deps.adapters[namespace]
            const s = state$.value
            if (!adapter || (s.connection.byNamespace[namespace]?.connections.length ?? 0) > 0) return EMPTY
            const network = selectConnectNetwork(s, namespace)
            return defer(() => adapter.reconnect(connectorId, network ? { network } : undefined)).pipe(
              mergeMap((session) =>
                session && session.accounts.length > 0
                  ? of(
                      connectionSucceeded({ ...sessionPayload(connectorId, namespace, session), adopted: true, ...(namespace === wanted ? { activates: true } : {}) }),
                    )
                  : EMPTY,
              ),
              // A namespace the session does not cover (or cannot be read) stays as it was.
              catchError(() => EMPTY),
            )
          }),
        )
      }),
    )
}
