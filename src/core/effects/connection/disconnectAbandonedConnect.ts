import { catchError, defer, EMPTY, filter, ignoreElements, merge, mergeMap, tap } from 'rxjs'
import { connectionFailed, connectionSucceeded } from '../../events/connection/connection.js'
import type { Namespace } from '../../events/views.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

/** How many connects abandoned by closing the modal are remembered (a late approval names one of them). */
const REMEMBERED = 32

/**
 * A wallet that approves a connect after the visitor closed the modal on it is disconnected:
 * the reducers ignore that late `connection/succeeded` (its attempt failed with 'Modal closed'),
 * so without this the wallet would hold a session the app does not know about. A connector the
 * app is connected with, or is connecting again, is left alone.
 */
export const disconnectAbandonedConnect: Effect<WalletDeps> = (event$, state$, deps) => {
  const abandoned: string[] = []
  return merge(
    event$.pipe(
      ofType(connectionFailed),
      tap((e) => {
        if (!e.requestId || e.payload.error.kind !== 'MODAL_CLOSED') return
        abandoned.push(e.requestId)
        if (abandoned.length > REMEMBERED) abandoned.shift()
      }),
      ignoreElements(),
    ),
    event$.pipe(
      ofType(connectionSucceeded),
      filter((e) => abandoned.some((id) => isCurrentRequest(id, e))),
      mergeMap((e) => {
        abandoned.splice(abandoned.indexOf(e.requestId!), 1)
        const { connectorId, namespace } = e.payload
        const adapter = deps.adapters[namespace]
        if (!adapter || inUse(state$.value, namespace, connectorId)) return EMPTY
        return defer(() => adapter.disconnect(connectorId)).pipe(
          ignoreElements(),
          // Nothing to tell the visitor: the app never had this session.
          catchError(() => EMPTY),
        )
      }),
    ),
  )
}

function inUse(state: ModalState, namespace: Namespace, connectorId: string): boolean {
  const connected = state.connection.byNamespace[namespace]?.connections.some((c) => c.connectorId === connectorId)
  const attempt = state.wallets.attempt
  const connecting = attempt?.status === 'connecting' && attempt.connectorId === connectorId && attempt.namespace === namespace
  return !!connected || !!connecting
}
