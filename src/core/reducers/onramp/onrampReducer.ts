import { DEFAULT_PAYMENT_CURRENCY_ID, DEFAULT_PURCHASE_CURRENCY_ID } from '../../domain/onramp.js'
import type { OnrampPaymentCurrency, OnrampProvider, OnrampPurchaseCurrency, OnrampQuote, Transaction } from '../../domain/entities.js'
import type { SerializedError } from '../../errors/base.js'
import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import {
  onrampActivityFailed,
  onrampActivityFetched,
  onrampActivityRequested,
  onrampAmountSet,
  onrampCurrencySelected,
  onrampDelivered,
  onrampOptionsFetched,
  onrampOptionsRequested,
  onrampPaymentMethodSelected,
  onrampProviderSelected,
  onrampPurchaseCancelled,
  onrampPurchaseFailed,
  onrampPurchaseOpened,
  onrampPurchaseRequested,
  onrampQuotesFetched,
  onrampQuotesRequested,
  onrampReset,
} from '../../events/onramp/onramp.js'
import { createSlice } from '../createSlice.js'
import { resultAcknowledged } from '../../events/modal/router.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { isResetTo } from '../isResetTo.js'

export type OnrampQuoteKey = { amount: string; purchaseCurrency: string; paymentCurrency: string; paymentMethod: string; network: string }

export type OnrampPurchase = {
  provider: string
  status: 'opening' | 'waiting' | 'delivered' | 'failed'
  requestId: string | null
  url: string | null
  startBalance: string | null
  delivered: { amount: string; symbol: string } | null
  error: SerializedError | null
}

/** The Buy view (spec §3 on-ramp state): options, the form, the providers' quotes and the purchase under way. */
export type OnrampState = {
  options: { status: 'loading' | 'loaded'; paymentCurrencies: OnrampPaymentCurrency[]; purchaseCurrencies: OnrampPurchaseCurrency[]; providers: OnrampProvider[] } | null
  purchaseCurrency: string
  paymentCurrency: string
  paymentMethod: string
  amount: string
  quotes: (OnrampQuoteKey & { status: 'loading' | 'loaded'; requestId: string | null; items: { provider: string; quote: OnrampQuote | null; error: SerializedError | null }[] }) | null
  selectedProvider: string | null
  purchase: OnrampPurchase | null
  /** The account's on-ramp activity (what on-ramps delivered to it, newest first), once asked for. */
  activity: {
    caipAddress: string
    status: 'loading' | 'loaded' | 'failed'
    requestId: string | null
    transactions: Transaction[]
    error: SerializedError | null
  } | null
}

const FORM = { purchaseCurrency: DEFAULT_PURCHASE_CURRENCY_ID, paymentCurrency: DEFAULT_PAYMENT_CURRENCY_ID, paymentMethod: 'card', amount: '', quotes: null, selectedProvider: null, purchase: null }
const EMPTY: OnrampState = { options: null, ...FORM, activity: null }

const sameKey = (a: OnrampQuoteKey, b: OnrampQuoteKey) =>
  a.amount === b.amount && a.purchaseCurrency === b.purchaseCurrency && a.paymentCurrency === b.paymentCurrency && a.paymentMethod === b.paymentMethod && a.network === b.network

/** Whether the quotes wait for this request's answer (the reducer and the effect agree on it). */
export const awaitsOnrampQuotes = (s: OnrampState, key: OnrampQuoteKey, requestId: string | undefined) =>
  s.quotes?.status === 'loading' && sameKey(s.quotes, key) && isCurrentRequest(s.quotes.requestId, requestId)

/** Whether this purchase is the one under way (opening its page or waiting for the delivery). */
export const isPurchasing = (s: OnrampState, requestId: string | undefined) =>
  (s.purchase?.status === 'opening' || s.purchase?.status === 'waiting') && isCurrentRequest(s.purchase.requestId, requestId)

const busy = (s: OnrampState) => s.purchase?.status === 'opening' || s.purchase?.status === 'waiting'

export const onrampSlice = createSlice(
  'onramp',
  (): OnrampState => ({ ...EMPTY }),
  (b) =>
    b
      .addCase(onrampOptionsRequested, (s) => {
        if (!s.options) s.options = { status: 'loading', paymentCurrencies: [], purchaseCurrencies: [], providers: [] }
      })
      .addCase(onrampOptionsFetched, (s, event) => {
        s.options = { status: 'loaded', ...event.payload }
        // A choice the options no longer have goes back to the default, else the first listed.
        const pick = (list: { id: string }[], current: string, fallback: string) =>
          list.some((c) => c.id === current) ? current : list.some((c) => c.id === fallback) ? fallback : (list[0]?.id ?? fallback)
        s.purchaseCurrency = pick(event.payload.purchaseCurrencies, s.purchaseCurrency, DEFAULT_PURCHASE_CURRENCY_ID)
        s.paymentCurrency = pick(event.payload.paymentCurrencies, s.paymentCurrency, DEFAULT_PAYMENT_CURRENCY_ID)
      })
      .addCase(onrampCurrencySelected, (s, event) => {
        if (busy(s)) return
        if (event.payload.kind === 'purchase') s.purchaseCurrency = event.payload.id
        else s.paymentCurrency = event.payload.id
      })
      .addCase(onrampPaymentMethodSelected, (s, event) => {
        if (!busy(s)) s.paymentMethod = event.payload.id
      })
      .addCase(onrampAmountSet, (s, event) => {
        if (busy(s)) return
        s.amount = event.payload.amount
        if (s.purchase?.status === 'delivered' || s.purchase?.status === 'failed') s.purchase = null
      })
      .addCase(onrampQuotesRequested, (s, event) => {
        // The quotes shown stay until the new ones come, so nothing jumps while typing.
        s.quotes = { ...event.payload, status: 'loading', requestId: event.requestId ?? null, items: s.quotes?.items ?? [] }
      })
      .addCase(onrampQuotesFetched, (s, event) => {
        const { quotes, ...key } = event.payload
        if (!awaitsOnrampQuotes(s, key, event.requestId)) return
        s.quotes = { ...key, status: 'loaded', requestId: null, items: quotes }
        // The cheapest quote is chosen unless the visitor chose a provider that has one.
        const priced = quotes.filter((q) => q.quote !== null)
        if (!priced.some((q) => q.provider === s.selectedProvider)) {
          const best = [...priced].sort((a, b) => Number(b.quote!.purchaseAmount.amount) - Number(a.quote!.purchaseAmount.amount))[0]
          s.selectedProvider = best?.provider ?? null
        }
      })
      .addCase(onrampProviderSelected, (s, event) => {
        if (!busy(s)) s.selectedProvider = event.payload.provider
      })
      .addCase(onrampPurchaseRequested, (s, event) => {
        if (busy(s)) return
        s.purchase = { provider: event.payload.provider, status: 'opening', requestId: event.requestId ?? null, url: null, startBalance: null, delivered: null, error: null }
      })
      .addCase(onrampPurchaseOpened, (s, event) => {
        if (!isPurchasing(s, event.requestId)) return
        s.purchase = { ...s.purchase!, status: 'waiting', url: event.payload.url, startBalance: event.payload.startBalance }
      })
      .addCase(onrampDelivered, (s, event) => {
        if (!isPurchasing(s, event.requestId)) return
        s.purchase = { ...s.purchase!, status: 'delivered', delivered: event.payload }
        s.amount = ''
        s.quotes = null
      })
      .addCase(onrampPurchaseFailed, (s, event) => {
        if (isPurchasing(s, event.requestId)) s.purchase = { ...s.purchase!, status: 'failed', error: event.payload.error }
      })
      .addCase(onrampPurchaseCancelled, (s) => {
        if (busy(s)) s.purchase = null
      })
      .addCase(onrampActivityRequested, (s, event) => {
        const held = s.activity?.caipAddress === event.payload.caipAddress ? s.activity.transactions : []
        s.activity = { caipAddress: event.payload.caipAddress, status: 'loading', requestId: event.requestId ?? null, transactions: held, error: null }
      })
      .addCase(onrampActivityFetched, (s, event) => {
        if (s.activity?.status !== 'loading' || s.activity.caipAddress !== event.payload.caipAddress || !isCurrentRequest(s.activity.requestId, event.requestId)) return
        s.activity = { ...s.activity, status: 'loaded', requestId: null, transactions: event.payload.transactions }
      })
      .addCase(onrampActivityFailed, (s, event) => {
        if (s.activity?.status !== 'loading' || s.activity.caipAddress !== event.payload.caipAddress || !isCurrentRequest(s.activity.requestId, event.requestId)) return
        s.activity = { ...s.activity, status: 'failed', requestId: null, error: event.payload.error }
      })
      .addReplacer(onrampReset, (s, event) => ({ ...EMPTY, options: event.payload.keepOptions ? s.options : null }))
      // An acknowledged purchase leaves an empty form for the next Buy; options and activity stay.
      .addReplacer(resultAcknowledged, (s) => ({ ...s, ...FORM }), (s, event) => event.payload.flow === 'onramp' && s.purchase?.status === 'delivered')
      // Optimization: already reset, the slice keeps its object.
      .addReplacer(accountDisconnected, () => ({ ...EMPTY }), (s) => !isResetTo(s, EMPTY)),
)
