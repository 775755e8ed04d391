import { catchError, defer, EMPTY, filter, from, mergeMap, of } from 'rxjs'
import { connectionSucceeded } from '../events/connection.js'
import type { Namespace } from '../events/views.js'
import { selectConnectNetwork } from '../selectors.js'
import type { Effect } from './runEffects.js'
import { ofType } from './ofType.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'

/**
 * A WalletConnect session spans namespaces (a wallet approving eip155 and solana grants both in
 * one session): once its connector connects in one namespace, the session's accounts in the
 * host's other namespaces connect too, through each adapter's silent reconnect of the same
 * connector (no second pairing, no prompt). The adopted connections keep the active namespace,
 * and a namespace that already has a connection keeps it: the session does not replace a wallet
 * the visitor chose there.
 */
export const adoptWalletConnectNamespaces: Effect<WalletConnectDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(connectionSucceeded),
    filter((e) => !!deps.walletConnect && e.payload.connectorId === deps.walletConnect.connectorId && e.payload.accounts.length > 0),
    mergeMap((e) => {
      const connectorId = e.payload.connectorId
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
                    connectionSucceeded({
                      connectorId,
                      namespace,
                      accounts: session.accounts.map(({ address, type }) => ({ address, type })),
                      caipNetworkId: session.caipNetworkId,
                      adopted: true,
                    }),
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
