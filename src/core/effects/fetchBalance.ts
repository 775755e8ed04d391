import { catchError, defer, EMPTY, map, of, switchMap } from 'rxjs'
import { formatUnits } from 'viem'
import { isFresh } from '../domain/timing'
import { balanceFailed, balanceFetched } from '../events/balance'
import { serializeError } from '../errors'
import { selectActiveConnection, selectActiveNetwork, selectCaipAddress } from '../selectors'
import type { Effect } from './runEffects'
import { balanceTriggers } from './balanceTriggers'
import type { WalletDeps } from './walletDeps'

/**
 * Fetches the active account's native balance over the network's RPC when the account or
 * network changes, on request and after a confirmed send. A balance younger than 30 s is not
 * fetched again unless forced (spec §9).
 */
export const fetchBalance: Effect<WalletDeps> = (event$, state$, deps) =>
  balanceTriggers(event$, state$).pipe(
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
