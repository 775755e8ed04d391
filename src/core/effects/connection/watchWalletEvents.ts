import { catchError, distinctUntilChanged, EMPTY, map, merge, switchMap } from 'rxjs'
import { connectionDisconnected } from '../../events/connection/connection.js'
import { accountsChanged, walletEventIgnored } from '../../events/connection/connectionLifecycle.js'
import type { EventInput } from '../../events/defineEvent.js'
import { networkChanged } from '../../events/connection/network.js'
import type { Namespace } from '../../events/views.js'
import type { WalletProviderEvent } from '../../ports.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { watchState } from '../runtime/watchState.js'
import { accountData } from './sessionPayload.js'

/**
 * While a connector is connected, its wallet's own events become events: other accounts,
 * another chain, no accounts or a disconnect (then the connection is gone).
 */
export const watchWalletEvents: Effect<WalletDeps> = (_event$, state$, deps) =>
  // Optimization: the connections are looked at only when they changed.
  watchState(state$, (s) => s.connection.byNamespace).pipe(
    map(connectedKeys),
    distinctUntilChanged((a, b) => a.length === b.length && a.every((k, i) => k === b[i])),
    switchMap((keys) =>
      merge(
        ...keys.map((key) => {
          const [namespace, connectorId] = splitKey(key)
          const adapter = deps.adapters[namespace]
          if (!adapter) return EMPTY
          return adapter.events(connectorId).pipe(
            map((e) => toEvent(namespace, connectorId, e)),
            catchError(() => EMPTY),
          )
        }),
      ),
    ),
  )

/** `namespace connectorId` of each connection with accounts, namespace by namespace. */
function connectedKeys(byNamespace: Partial<Record<Namespace, { connections: readonly { connectorId: string; accounts: readonly unknown[] }[] }>>): string[] {
  // Optimization: loops, not entries/flatMap/filter/map: this runs on every change of a connection.
  const keys: string[] = []
  for (const namespace of Object.keys(byNamespace) as Namespace[]) {
    const connections = (byNamespace[namespace] as { connections: readonly { connectorId: string; accounts: readonly unknown[] }[] }).connections
    for (let i = 0; i < connections.length; i++) {
      const c = connections[i] as { connectorId: string; accounts: readonly unknown[] }
      if (c.accounts.length > 0) keys.push(`${namespace} ${c.connectorId}`)
    }
  }
  return keys
}

function splitKey(key: string): [Namespace, string] {
  const space = key.indexOf(' ')
  return [key.slice(0, space) as Namespace, key.slice(space + 1)]
}

function toEvent(namespace: Namespace, connectorId: string, e: WalletProviderEvent): EventInput {
  switch (e.type) {
    case 'accountsChanged':
      return e.accounts.length === 0
        ? connectionDisconnected({ namespace, connectorId })
        : accountsChanged({ namespace, connectorId, accounts: e.accounts.map(accountData) })
    case 'chainChanged':
      return networkChanged({ namespace, connectorId, caipNetworkId: e.caipNetworkId })
    case 'disconnect':
      return connectionDisconnected({ namespace, connectorId })
    case 'ignored':
      return walletEventIgnored({ namespace, connectorId, event: e.event, reason: e.reason })
  }
}
