import { catchError, defer, filter, map, mergeMap, of } from 'rxjs'
import { connectionFailed, connectionRequested, connectionSucceeded } from '../../events/connection/connection.js'
import { serializeError } from '../../errors/base.js'
import { GangwayError } from '../../errors/base.js'
import { ChainAdapterNotFoundError } from '../../errors/connection.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { selectConnectNetwork } from '../../selectors.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { sessionPayload } from './sessionPayload.js'

/**
 * Connects the wallet of an accepted `connection/requested` (the reducer decides: duplicates
 * and retries within 1 s are not taken up). Its outcome carries the request's id, so a late
 * answer after a retry or a closed modal is ignored by the reducers.
 */
export const connectWallet: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(connectionRequested),
    filter((e) => {
      const attempt = state$.value.wallets.attempt
      return !!attempt && attempt.status === 'connecting' && attempt.startedAt === e.at && isCurrentRequest(attempt.requestId, e)
    }),
    mergeMap((e) => {
      const { connectorId, namespace } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => connectionFailed({ connectorId, namespace, error: serializeError(error, 'Failed to connect') }, meta)
      const adapter = deps.adapters[namespace]
      if (!adapter) return of(fail(new ChainAdapterNotFoundError(namespace)))
      const network = selectConnectNetwork(state$.value, namespace)
      return defer(() => adapter.connect(connectorId, network ? { network } : undefined)).pipe(
        map((session) => {
          if (session.accounts.length === 0) return fail(new GangwayError('Failed to connect', { details: 'the wallet returned no accounts' }))
          return connectionSucceeded(sessionPayload(connectorId, namespace, session), meta)
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
