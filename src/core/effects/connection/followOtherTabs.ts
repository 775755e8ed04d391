import { catchError, concat, concatMap, defer, EMPTY, from, map, type Observable } from 'rxjs'
import { connectionDisconnected } from '../../events/connection/connection.js'
import { networkChanged } from '../../events/connection/network.js'
import type { EventInput } from '../../events/defineEvent.js'
import { tabsChanged } from '../../events/persistence/tabs.js'
import type { Namespace } from '../../events/views.js'
import { restorableLastUsed } from '../../reducers/connection/lastUsedNetwork.js'
import { selectActiveConnection, selectIsConnected } from '../../selectors.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { reconnectRun } from './reconnectRun.js'

/**
 * Makes this tab's wallets match what another tab changed (`tabs/changed`), one change at a time,
 * every event with the change's requestId (so none is posted back):
 * 1. a wallet disconnected there is disconnected here (`connection/disconnected`: the connection
 *    is gone, nothing dead is shown);
 * 2. a wallet connected there is reconnected here silently, through the page load's reconnect
 *    run (this tab's own provider answers; one that does not is left disconnected here, and
 *    stays remembered: the other tab's connection is alive, and a load reconnects it);
 * 3. a network switched to there: a wallet connected here on another network is switched to it
 *    (`network/changed` when it did; a wallet that refuses stays where it is).
 */
export const followOtherTabs: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(tabsChanged),
    concatMap((e) => {
      const changes = e.payload
      const meta = { requestId: e.requestId }
      const connections = changes.connections ?? []
      const disconnects = defer(() => {
        const s = state$.value
        return from(
          connections
            .filter((c) => !c.connected && (s.connection.byNamespace[c.namespace]?.connections.some((x) => x.connectorId === c.connectorId) ?? false))
            .map((c) => connectionDisconnected({ namespace: c.namespace, connectorId: c.connectorId }, meta)),
        )
      })
      const reconnects = defer(() => {
        const s = state$.value
        if (s.settings.reconnect === false) return EMPTY
        const byNamespace = new Map<Namespace, string[]>()
        for (const c of connections) {
          if (!c.connected || !deps.adapters[c.namespace]) continue
          if (s.connection.byNamespace[c.namespace]?.connections.some((x) => x.connectorId === c.connectorId)) continue
          byNamespace.set(c.namespace, [...(byNamespace.get(c.namespace) ?? []), c.connectorId])
        }
        return concat(...[...byNamespace].map(([namespace, ids]) => reconnectRun(event$, state$, deps.adapters[namespace]!, namespace, ids, { requestId: e.requestId, remembered: true })))
      })
      const network = defer((): Observable<EventInput> => {
        const caipNetworkId = changes.network?.lastUsed
        const s = state$.value
        const target = restorableLastUsed(caipNetworkId, s.settings)
        if (!target || !selectIsConnected(s, target.namespace)) return EMPTY
        const connection = selectActiveConnection(s, target.namespace)
        const listed = (s.settings.networks ?? []).find((n) => n.caipNetworkId === target.caipNetworkId)
        const adapter = deps.adapters[target.namespace]
        if (!connection || connection.caipNetworkId === target.caipNetworkId || !listed || !adapter) return EMPTY
        const { connectorId } = connection
        return defer(() => adapter.switchNetwork(connectorId, listed)).pipe(
          map(() => networkChanged({ namespace: target.namespace, connectorId, caipNetworkId: target.caipNetworkId }, meta)),
          catchError(() => EMPTY),
        )
      })
      return concat(disconnects, reconnects, network)
    }),
  )
