import { catchError, defer, EMPTY, filter, map, merge, of, switchMap } from 'rxjs'
import { formatUnits } from 'viem'
import { isFresh } from '../../domain/timing.js'
import { balanceFailed, balanceFetched } from '../../events/connection/balance.js'
import { serializeError } from '../../errors/base.js'
import { selectActiveConnection, selectActiveNetwork, selectCaipAddress } from '../../selectors.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { balanceTriggers } from '../shared/balanceTriggers.js'
import type { ApiDeps } from '../shared/dataDeps.js'
import { apiServesBalances } from '../shared/fetchTokenBalances.js'
import { tokenBalancesFailed, tokenBalancesFetched } from '../../events/data/tokenBalances.js'
import { selectAccountBalance } from '../../reducers/data/dataSelectors.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/**
 * Fetches the active account's native balance over the network's RPC when the account or
 * network changes, on request and after a confirmed send. A balance younger than 30 s is not
 * fetched again unless forced (spec §9). Where the blockchain data API serves balances, the RPC
 * is its fallback: asked only once the API answered without this network's native balance or
 * failed, so one lookup is made, not two.
 */
export const fetchBalance: Effect<WalletDeps & Partial<ApiDeps>> = (event$, state$, deps) =>
  merge(
    balanceTriggers(event$, state$).pipe(filter(() => !apiServesBalances(state$.value, deps))),
    event$.pipe(
      ofType(tokenBalancesFetched, tokenBalancesFailed),
      filter((e) => e.payload.caipAddress === selectCaipAddress(state$.value) && (selectAccountBalance(state$.value)?.source ?? 'rpc') === 'rpc'),
      // The API just looked (itself cache-gated), so the RPC answer must be as fresh.
      map(() => true),
    ),
  ).pipe(
    switchMap((force) => {
      const state = state$.value
      const caipAddress = selectCaipAddress(state)
      const network = selectActiveNetwork(state)
      const namespace = state.connection.activeNamespace
      const address = selectActiveConnection(state)?.accounts[0]?.address
      const adapter = namespace ? deps.adapters[namespace] : undefined
      // Networks the host does not list have no RPC to ask: the balance stays unknown.
      if (!caipAddress || !network || !address || !adapter) return EMPTY
      const cached = state.account.balances[caipAddress]
      if (!force && cached && isFresh(deps.clock.now(), cached.timestamp, 'balance')) return EMPTY
      const { symbol, decimals } = network.nativeCurrency
      return defer(() => adapter.getBalance(network, address)).pipe(
        map((raw) => balanceFetched({ caipAddress, balance: formatUnits(BigInt(raw), decimals), symbol })),
        catchError((error: unknown) => of(balanceFailed({ caipAddress, error: serializeError(error, 'Token Balance Unavailable') }))),
      )
    }),
  )
