import { catchError, concat, exhaustMap, filter, map, mergeMap, of, race, take, takeUntil, timer } from 'rxjs'
import type { ExchangePaymentStatus } from '../../apiPorts.js'
import { PAY_EXCHANGE_POLL_MS, PAY_EXCHANGE_TIMEOUT_MS } from '../../domain/constants.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { WalletRejectedError } from '../../errors/wallet.js'
import { payConfirmed, payExchangeChosen, payExchangeOpened, payFailed } from '../../events/pay/pay.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { exchangeAssetOf } from './exchangeAsset.js'

/**
 * Pays from the exchange the visitor chose: a payment session with it
 * (`POST /v1/exchanges/{id}/payments`), whose page the view shows in the window it opened in the
 * click (`pay/exchangeOpened`); then the session's status is asked every 2 s until the exchange
 * confirms the transfer (`pay/confirmed` with its hash, which the host's promise resolves with),
 * fails it ('Something went wrong', the exchange's reason in the details) or the visitor cancels
 * it on the exchange's page ('User rejected the request', as a refusal in the wallet). A status
 * that cannot be read is asked again at the next tick; nothing decided within 10 minutes fails
 * the payment. The payment ending otherwise (the visitor stopped waiting) stops the polling.
 */
export const payFromExchange: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(payExchangeChosen),
    filter((e) => {
      const payment = state$.value.pay?.payment
      return payment?.status === 'paying' && payment.exchange?.sessionId === null && isCurrentRequest(payment.requestId, e)
    }),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const payment = state$.value.pay!.payment!
      const fail = (error: unknown, hash?: string) => payFailed(hash ? { hash, error: serializeError(error) } : { error: serializeError(error) }, meta)
      const api = deps.api.blockchain
      if (!api?.createExchangePayment || !api.getExchangePayment) {
        return of(fail(new GangwayError('Something went wrong', { details: 'no blockchain API with exchanges is configured (apiUrl)' })))
      }
      const outcome = (s: Exclude<ExchangePaymentStatus, { status: 'pending' }>) =>
        s.status === 'confirmed'
          ? payConfirmed({ hash: s.txHash, blockNumber: s.blockNumber ?? '' }, meta)
          : s.status === 'cancelled'
            ? fail(new WalletRejectedError('User rejected the request', { details: `the visitor cancelled the payment on ${payment.exchange!.name}` }))
            : fail(new GangwayError('Something went wrong', { details: s.error }), s.txHash)
      // The payment ended another way (the visitor stopped waiting): the exchange is not asked again.
      const ended$ = event$.pipe(
        ofType(payConfirmed, payFailed),
        filter((x) => isCurrentRequest(e.requestId, x)),
      )
      const { recipient, amount, network } = payment
      return fromAbortable((signal) => api.createExchangePayment!({ exchangeId: e.payload.exchangeId, recipient, amount, asset: exchangeAssetOf(payment), network }, { signal })).pipe(
        mergeMap(({ sessionId, url }) => {
          const decided$ = timer(PAY_EXCHANGE_POLL_MS, PAY_EXCHANGE_POLL_MS, deps.scheduler).pipe(
            // One question at a time; one that fails is asked again at the next tick.
            exhaustMap(() => fromAbortable((signal) => api.getExchangePayment!({ sessionId }, { signal })).pipe(catchError(() => of(null)))),
            filter((s): s is Exclude<ExchangePaymentStatus, { status: 'pending' }> => s !== null && s.status !== 'pending'),
            take(1),
            map(outcome),
          )
          const expired$ = timer(PAY_EXCHANGE_TIMEOUT_MS, deps.scheduler).pipe(
            map(() => fail(new GangwayError('Something went wrong', { details: `${payment.exchange!.name} did not complete the payment within ${PAY_EXCHANGE_TIMEOUT_MS / 60_000} minutes` }))),
          )
          return concat(of(payExchangeOpened({ sessionId, url }, meta)), race(decided$, expired$))
        }),
        catchError((error: unknown) => of(fail(error))),
        takeUntil(ended$),
      )
    }),
  )
