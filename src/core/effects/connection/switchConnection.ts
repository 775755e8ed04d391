import { catchError, defer, EMPTY, map, mergeMap, of } from 'rxjs'
import { assertConnectionStatus } from '../../domain/connectionStatus.js'
import { connectionRequested } from '../../events/connection/connection.js'
import { connectionSwitched, connectionSwitchFailed, connectionSwitchRequested } from '../../events/connection/connectionLifecycle.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { selectActiveConnection, selectConnectNetwork } from '../../selectors.js'
import { ChainAdapterNotFoundError, ConnectorNotFoundError } from '../../errors/connection.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/**
 * Makes a stored connection current (spec §4): connected or active ones are reconnected silently
 * and the outcome says whether the account or the wallet changed; a disconnected wallet starts
 * its connect flow again (which returns to ProfileWallets; the embedded wallet's e-mail, social
 * or Farcaster login is reopened by its own feature). Other statuses fail with
 * 'Invalid connection status: {status}'.
 */
export const switchConnection: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(connectionSwitchRequested),
    mergeMap((e) => {
      const { namespace, connectorId } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => connectionSwitchFailed({ namespace, connectorId, error: serializeError(error) }, meta)
      let status: string
      try {
        status = assertConnectionStatus(e.payload.status)
      } catch (error) {
        return of(fail(error))
      }
      const state = state$.value
      if (status === 'disconnected') {
        // The embedded wallet (an AUTH connector) connects through its login, which its own
        // feature reopens (e-mail, social or Farcaster): a plain connect would find no session.
        const auth = state.wallets.connectors.some((c) => c.id === connectorId && c.chain === namespace && c.type === 'AUTH')
        return auth ? EMPTY : of(connectionRequested({ connectorId, namespace }))
      }
      const before = selectActiveConnection(state, namespace)
      if (!state.connection.byNamespace[namespace]?.connections.some((c) => c.connectorId === connectorId)) {
        return of(fail(new ConnectorNotFoundError(connectorId)))
      }
      const adapter = deps.adapters[namespace]
      if (!adapter) return of(fail(new ChainAdapterNotFoundError(namespace)))
      const network = selectConnectNetwork(state, namespace)
      return defer(() => adapter.reconnect(connectorId, network ? { network } : undefined)).pipe(
        map((session) => {
          if (!session || session.accounts.length === 0) return fail(new GangwayError('Failed to connect', { details: 'the wallet has no authorised account' }))
          const accounts = session.accounts.map(({ address, type }) => ({ address, type }))
          return connectionSwitched(
            {
              namespace,
              connectorId,
              accounts,
              caipNetworkId: session.caipNetworkId,
              accountChanged: before?.accounts[0]?.address.toLowerCase() !== session.accounts[0]!.address.toLowerCase(),
              walletChanged: before?.connectorId !== connectorId,
            },
            meta,
          )
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
