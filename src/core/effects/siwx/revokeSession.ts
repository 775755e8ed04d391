import { catchError, defer, filter, map, mergeMap, of } from 'rxjs'
import { revokeSessionMessage } from '../../domain/siwxSessions.js'
import { siwxAccountOf } from '../../domain/siwx.js'
import { siwxRevokeFailed, siwxRevokeRequested, siwxSessionRevoked } from '../../events/siwx/siwx.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { isRevoking } from '../../reducers/siwx/siwxSessionsReducer.js'
import { selectActiveConnection, selectCaipAddress } from '../../selectors.js'
import type { ApiDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/**
 * Revokes a hosted session: the active wallet signs `revokeSessionMessage(address, id)`, then the
 * gateway checks the signature and drops the session (`POST /v1/sessions/{address}/revoke`).
 * A refusal in the wallet or a refusal by the store is `siwx/revokeFailed`; the session stays.
 */
export const revokeSession: Effect<WalletDeps & Partial<ApiDeps>> = (event$, state$, deps) =>
  event$.pipe(
    ofType(siwxRevokeRequested),
    filter((e) => isRevoking(state$.value.siwxSessions, e.payload.caipAddress, e.payload.id, e.requestId)),
    mergeMap((e) => {
      const { caipAddress, id } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => siwxRevokeFailed({ caipAddress, id, error: serializeError(error) }, meta)
      const state = state$.value
      const account = siwxAccountOf(caipAddress)
      const connection = account ? selectActiveConnection(state, account.namespace) : null
      const adapter = account ? deps.adapters[account.namespace] : undefined
      const store = deps.api?.blockchain
      if (!account || !connection || !adapter || !store || selectCaipAddress(state) !== caipAddress) {
        return of(fail(new GangwayError('No ActiveCaipAddress found', { details: caipAddress })))
      }
      const { address } = account
      return defer(() => adapter.signMessage(connection.connectorId, { address, message: revokeSessionMessage(address, id) })).pipe(
        mergeMap((signature) => defer(() => store.revokeSession({ address, pci: id, signature }))),
        map(() => siwxSessionRevoked({ caipAddress, id }, meta)),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
