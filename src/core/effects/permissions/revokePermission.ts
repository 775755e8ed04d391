import { catchError, defer, filter, map, mergeMap, of } from 'rxjs'
import { GangwayError, serializeError } from '../../errors/base.js'
import { permissionRevokeFailed, permissionRevokeRequested, permissionRevoked } from '../../events/permissions/permissions.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { activeEvmWallet, notConnected } from '../shared/evmWallet.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { askPermissions } from './permissionsWallet.js'

/**
 * Revokes a granted permission through the wallet that granted it, connected with its account:
 * ERC-7715 `wallet_revokeExecutionPermission` (`{ permissionContext }`), or
 * `wallet_revokePermissions` (`[{ permissionContext }]`) for a wallet that knows only that name.
 * The wallet asks the visitor, then disables it; a refusal or failure puts it back as it was.
 */
export const revokePermission: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(permissionRevokeRequested),
    filter((e) => {
      const { context } = e.payload
      const permissions = state$.value.permissions
      return permissions?.grants[context]?.status === 'revoking' && isCurrentRequest(permissions.revokes[context]?.requestId, e)
    }),
    mergeMap((e) => {
      const { context } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => permissionRevokeFailed({ context, error: serializeError(error) }, meta)
      const grant = state$.value.permissions!.grants[context]!
      const wallet = activeEvmWallet(state$.value)
      if (!wallet) return of(fail(notConnected()))
      if (wallet.address.toLowerCase() !== grant.account.toLowerCase()) {
        return of(fail(new GangwayError('Address or auth connector not found', { details: `the permission is ${grant.account}'s: connect that account to revoke it` })))
      }
      const permissionContext = context
      return defer(() =>
        askPermissions(
          deps,
          wallet.connectorId,
          [
            { method: 'wallet_revokeExecutionPermission', params: { permissionContext } },
            { method: 'wallet_revokePermissions', params: [{ permissionContext }] },
          ],
          'This wallet cannot revoke permissions',
        ),
      ).pipe(
        map(() => permissionRevoked({ context }, meta)),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
