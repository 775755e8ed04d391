import { catchError, defer, filter, map, mergeMap, of } from 'rxjs'
import { readGrantedPermissions } from '../../domain/permissions/permissionAnswers.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { permissionsGranted, permissionsRequested, permissionsReviewApproved, permissionsWalletRefused } from '../../events/permissions/permissions.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { selectPermissionRequestContext } from '../../reducers/permissions/permissionSelectors.js'
import { permissionTokenOf } from '../../domain/permissions/permissionRequests.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { activeEvmWallet, invalidAnswer, notConnected } from '../shared/evmWallet.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { askPermissions } from './permissionsWallet.js'

/**
 * Asks the connected wallet for the permissions of the request under way (ERC-7715
 * `wallet_requestExecutionPermissions`, or `wallet_grantPermissions` for a wallet that knows
 * only that name), once the visitor approved the review, or at once for a host that asked
 * without one. The wallet shows its own prompt; what it grants lands in the state
 * (`permissions/granted`), a refusal or failure is `permissions/walletRefused` (a wallet without
 * either method: 'This wallet cannot grant permissions').
 */
export const grantPermissions: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(permissionsReviewApproved, permissionsRequested),
    filter((e) => {
      const request = state$.value.permissions?.request
      return request?.status === 'approving' && isCurrentRequest(request.requestId, e)
    }),
    mergeMap((e) => {
      const request = state$.value.permissions!.request!
      const meta = { requestId: e.requestId }
      const refuse = (error: unknown) => permissionsWalletRefused({ error: serializeError(error) }, meta)
      const wallet = activeEvmWallet(state$.value)
      const context = selectPermissionRequestContext(state$.value)
      if (!wallet || !context) return of(refuse(notConnected()))
      const from = request.requests[0]?.from
      if (from && from.toLowerCase() !== wallet.address.toLowerCase()) {
        return of(refuse(new GangwayError('Address or auth connector not found', { details: `the request is ${from}'s, and ${wallet.address} is connected now` })))
      }
      const { requests, tokens } = request
      return defer(() =>
        askPermissions(
          deps,
          wallet.connectorId,
          [
            { method: 'wallet_requestExecutionPermissions', params: requests },
            { method: 'wallet_grantPermissions', params: requests },
          ],
          'This wallet cannot grant permissions',
        ),
      ).pipe(
        map((answer) => {
          try {
            const grants = readGrantedPermissions(answer, wallet.address, requests.length).map((g, i) => {
              // The token as the request showed it; the wallet's own where it granted another (an adjusted request).
              const asked = requests[i]?.permission.data.tokenAddress ?? null
              const token = asked?.toLowerCase() === g.tokenAddress?.toLowerCase() && tokens[i] ? tokens[i] : permissionTokenOf(context, g.chainId, g.tokenAddress)
              return { ...g, symbol: token.symbol, decimals: token.decimals }
            })
            return permissionsGranted({ grants }, meta)
          } catch (reason) {
            return refuse(invalidAnswer(reason))
          }
        }),
        catchError((error: unknown) => of(refuse(error))),
      )
    }),
  )
