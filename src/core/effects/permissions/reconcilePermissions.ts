import { catchError, defer, EMPTY, filter, map, of, startWith, switchMap } from 'rxjs'
import { readListedPermissions } from '../../domain/permissions/permissionAnswers.js'
import { permissionTokenOf } from '../../domain/permissions/permissionRequests.js'
import { serializeError } from '../../errors/base.js'
import { connectionSucceeded } from '../../events/connection/connection.js'
import { accountsChanged, connectionSwitched } from '../../events/connection/connectionLifecycle.js'
import { permissionsListFailed, permissionsListed } from '../../events/permissions/permissions.js'
import { selectPermissionRequestContext } from '../../reducers/permissions/permissionSelectors.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { activeEvmWallet, evmWalletRequest, invalidAnswer } from '../shared/evmWallet.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { isUnknownMethod } from './permissionsWallet.js'

/**
 * As an EVM wallet connects (or the feature joins a modal already connected, or the account
 * changes), asks it what it has granted (`wallet_getGrantedExecutionPermissions`):
 * `permissions/listed` brings in what the modal did not know and marks as revoked the account's
 * grants the wallet no longer holds. A wallet without the method (4200) is asked nothing more and
 * reports nothing: it is no failure. Nothing is asked while the project's configuration turns
 * session permissions off.
 */
export const reconcilePermissions: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(connectionSucceeded, accountsChanged, connectionSwitched),
    filter((e) => e.payload.namespace === 'eip155'),
    // Asked for the account connected when the feature joins too.
    startWith(null),
    map(() => activeEvmWallet(state$.value)),
    // The latest connection's answer only.
    switchMap((wallet) => {
      const context = selectPermissionRequestContext(state$.value)
      if (!wallet || !context || !state$.value.features.smartSessions) return EMPTY
      const account = wallet.address
      return defer(() => evmWalletRequest(deps, wallet.connectorId, 'wallet_getGrantedExecutionPermissions', undefined)).pipe(
        map((answer) => {
          try {
            const grants = readListedPermissions(answer, account).map((g) => {
              const known = state$.value.permissions?.grants[g.context]
              const token = known ? { symbol: known.symbol, decimals: known.decimals } : permissionTokenOf(context, g.chainId, g.tokenAddress)
              return { ...g, symbol: token.symbol, decimals: token.decimals }
            })
            return permissionsListed({ account, grants })
          } catch (reason) {
            return permissionsListFailed({ account, error: serializeError(invalidAnswer(reason)) })
          }
        }),
        catchError((error: unknown) => (isUnknownMethod(error) ? EMPTY : of(permissionsListFailed({ account, error: serializeError(error) })))),
      )
    }),
  )
