import { catchError, defer, map, mergeMap, of } from 'rxjs'
import { connectionDisconnected } from '../../events/connection/connection.js'
import { disconnectFailed, disconnectRequested } from '../../events/connection/connectionLifecycle.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { ChainAdapterNotFoundError, ConnectorNotFoundError } from '../../errors/connection.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/**
 * Disconnects a connector (the active one when none is named) through its adapter. The
 * reducers then fall back to the first remaining connection; a failure is 'Failed to disconnect'.
 */
export const disconnectWallet: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(disconnectRequested),
    mergeMap((e) => {
      const { namespace } = e.payload
      const ns = state$.value.connection.byNamespace[namespace]
      const connectorId = e.payload.connectorId ?? ns?.activeConnectorId ?? ''
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => disconnectFailed({ namespace, connectorId, error: serializeError(error) }, meta)
      if (!ns?.connections.some((c) => c.connectorId === connectorId)) return of(fail(new ConnectorNotFoundError(connectorId)))
      const adapter = deps.adapters[namespace]
      if (!adapter) return of(fail(new ChainAdapterNotFoundError(namespace)))
      return defer(() => adapter.disconnect(connectorId)).pipe(
        map(() => connectionDisconnected({ namespace, connectorId }, meta)),
        catchError((error: unknown) => of(fail(error instanceof GangwayError ? error : new GangwayError('Failed to disconnect', { cause: error, details: serializeError(error).shortMessage })))),
      )
    }),
  )
