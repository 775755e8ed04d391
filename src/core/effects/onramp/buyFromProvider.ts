import { sliceOf } from '../../selectors.js'
import { catchError, concat, defer, filter, from, interval, map, merge, mergeMap, of, race, share, take, takeUntil, timer } from 'rxjs'
import { ONRAMP_DELIVERY_POLL_MS, ONRAMP_DELIVERY_TIMEOUT_MS } from '../../domain/constants.js'
import { formatTokenUnits, parseTokenUnits } from '../../domain/format.js'
import { ONRAMP_QUERY_PROVIDERS, onrampProviderUrl } from '../../domain/onramp.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { activityPageRequested } from '../../events/accountSheet/activity.js'
import { balanceRefreshRequested } from '../../events/connection/balance.js'
import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import { onrampActivityRequested, onrampDelivered, onrampPurchaseCancelled, onrampPurchaseFailed, onrampPurchaseOpened, onrampPurchaseRequested, onrampReset } from '../../events/onramp/onramp.js'
import { selectSendableTokens } from '../../reducers/data/dataSelectors.js'
import { isPurchasing } from '../../reducers/onramp/onrampReducer.js'
import { selectActiveCaipNetworkId, selectCaipAddress } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/** What the active account holds of `symbol` on the active network: balance (whole units) and decimals. */
function holding(state: ModalState, symbol: string): { balance: string; decimals: number } | null {
  const token = selectSendableTokens(state).find((t) => t.token.symbol === symbol)
  return token ? { balance: token.balance ?? '0', decimals: token.token.decimals } : null
}

/**
 * Buys from a provider (spec §7): its page URL, from the URL generator
 * (`POST /v1/generators/onrampurl`) or, for providers of the query kind, built with the spec's
 * query; the view has opened the window in the click and shows the page in it. Then the balances
 * are fetched every 4 s until the account holds more of the currency bought, which is the
 * delivery; the activity list and the account's on-ramp activity are fetched again. Nothing arriving within 10 minutes fails the
 * purchase; a cancel, a reset or a disconnect stops waiting.
 */
export const buyFromProvider: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(onrampPurchaseRequested),
    filter((e) => isPurchasing(sliceOf(state$.value, 'onramp'), e.requestId)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const state = state$.value
      const fail = (error: unknown) => onrampPurchaseFailed({ error: serializeError(error) }, meta)
      const api = deps.api.blockchain
      const caipAddress = selectCaipAddress(state)
      const network = selectActiveCaipNetworkId(state)
      const provider = sliceOf(state, 'onramp').options?.providers.find((p) => p.name === e.payload.provider)
      const address = caipAddress?.split(':')[2]
      if (!address || !network) return of(fail(new GangwayError('No ActiveCaipAddress found')))
      if (!provider) return of(fail(new GangwayError('Something went wrong', { details: `no on-ramp provider '${e.payload.provider}'` })))
      const namespace = network.split(':')[0] as 'eip155' | 'solana'
      const { amount, purchaseCurrency } = sliceOf(state, 'onramp')
      const symbol = namespace === 'solana' ? 'SOL' : purchaseCurrency
      const start = holding(state, symbol)
      const url$ = ONRAMP_QUERY_PROVIDERS.includes(provider.name)
        ? defer(() => {
            const url = onrampProviderUrl(provider.url, { projectId: state.settings.projectId, namespace, walletAddress: address, network, amount })
            return url ? of(url) : Promise.reject(new GangwayError('Something went wrong', { details: `the provider's page is not an http(s) URL` }))
          })
        : api
          ? defer(() =>
              api.generateOnrampUrl({
                provider: provider.name,
                destinationWallets: [{ address, blockchains: [network], assets: [purchaseCurrency] }],
                partnerUserId: address,
                defaultNetwork: network,
                defaultExperience: 'buy',
                ...(Number(amount) > 0 ? { presetFiatAmount: Number(amount) } : {}),
              }),
            )
          : of(null)
      const stop$ = merge(event$.pipe(ofType(onrampPurchaseCancelled)), event$.pipe(ofType(onrampReset)), event$.pipe(ofType(accountDisconnected)))
      return from(url$).pipe(
        mergeMap((url) => {
          if (!url) return of(fail(new GangwayError('Something went wrong', { details: 'no blockchain API is configured (apiUrl)' })))
          const startBalance = start?.balance ?? '0'
          const arrived$ = state$.pipe(
            map((s) => holding(s, symbol)),
            filter((held): held is { balance: string; decimals: number } => {
              if (!held) return false
              try {
                return BigInt(parseTokenUnits(held.balance, held.decimals)) > BigInt(parseTokenUnits(startBalance, held.decimals))
              } catch {
                return false
              }
            }),
            take(1),
            mergeMap((held) => {
              const diff = BigInt(parseTokenUnits(held.balance, held.decimals)) - BigInt(parseTokenUnits(startBalance, held.decimals))
              const caip = selectCaipAddress(state$.value)
              const activity = caip && state$.value.accountSheet?.activity[caip] ? [activityPageRequested({ caipAddress: caip, cursor: null })] : []
              // The on-ramp's own record of it (its transaction), as the purchase shows it.
              const onrampActivity = caip ? [onrampActivityRequested({ caipAddress: caip })] : []
              return of(onrampDelivered({ amount: formatTokenUnits(diff.toString(), held.decimals), symbol }, meta), ...activity, ...onrampActivity)
            }),
          )
          const poll$ = interval(ONRAMP_DELIVERY_POLL_MS, deps.scheduler).pipe(map(() => balanceRefreshRequested({ force: true })))
          const expired$ = timer(ONRAMP_DELIVERY_TIMEOUT_MS, deps.scheduler).pipe(
            map(() => fail(new GangwayError('Something went wrong', { details: `no ${symbol} arrived within ${ONRAMP_DELIVERY_TIMEOUT_MS / 60_000} minutes` }))),
          )
          // The first of the delivery and the time limit ends the wait (and the polling).
          const done$ = race(arrived$, expired$).pipe(share())
          return concat(of(onrampPurchaseOpened({ url, startBalance }, meta)), merge(done$, poll$.pipe(takeUntil(done$))).pipe(takeUntil(stop$)))
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
