import { catchError, EMPTY, map, of, switchMap } from 'rxjs'
import { isFeatureSupported } from '../../domain/constants.js'
import { isFresh } from '../../domain/timing.js'
import { tokenBalancesFailed, tokenBalancesFetched } from '../../events/data/tokenBalances.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { selectAddress, selectCaipAddress } from '../../selectors.js'
import type { Effect } from '../runtime/runEffects.js'
import { balanceTriggers } from './balanceTriggers.js'
import { fromAbortable, type ApiDeps, type DataDeps } from './dataDeps.js'
import type { ModalState } from '../../state.js'

/**
 * Fetches the active account's token balances from the blockchain data API when the account or
 * network changes, when the modal opens, on request and after a confirmed send (forced). A
 * result younger than 30 s is kept unless forced, and so is a failure, which leaves the balance
 * unknown so the views fall back to the RPC balance (spec §7, §9).
 */
export const fetchTokenBalances: Effect<DataDeps> = (event$, state$, deps) =>
  balanceTriggers(event$, state$, { onOpen: true }).pipe(
    switchMap((force) => {
      const api = deps.api.blockchain
      const state = state$.value
      const caipAddress = selectCaipAddress(state)
      const address = selectAddress(state)
      if (!api || !caipAddress || !address || !apiServesBalances(state, deps)) return EMPTY
      const cached = state.tokenBalances.byAccount[caipAddress]
      if (!force && cached && isFresh(deps.clock.now(), cached.timestamp, 'balance')) return EMPTY
      const chainId = caipAddress.slice(0, caipAddress.length - address.length - 1)
      return fromAbortable((signal) =>
        api.getBalance({ address, chainId, currency: 'usd', ...(force ? { forceUpdate: true } : {}) }, { signal }),
      ).pipe(
        map((balances) =>
          balances
            ? tokenBalancesFetched({ caipAddress, balances })
            : tokenBalancesFailed({ caipAddress, error: serializeError(new GangwayError('Token Balance Unavailable', { details: caipAddress })) }),
        ),
        catchError((error: unknown) =>
          // An aborted lookup is not a failure: recording one would hold the balance unknown for 30 s.
          isAborted(error) ? EMPTY : of(tokenBalancesFailed({ caipAddress, error: serializeError(error, 'Token Balance Unavailable') })),
        ),
      )
    }),
  )

function isAborted(error: unknown): boolean {
  return error instanceof GangwayError && error.code === 'ABORTED'
}

/** Whether the blockchain data API looks up this account's balances (else the RPC is asked directly). */
export function apiServesBalances(state: ModalState, deps: Partial<ApiDeps>): boolean {
  const namespace = state.connection.activeNamespace
  return !!deps.api?.blockchain && !!namespace && isFeatureSupported('balances', namespace)
}
