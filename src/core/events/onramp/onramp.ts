import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, empty, json, literal, nullable, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'
import type { OnrampPaymentCurrency, OnrampProvider, OnrampPurchaseCurrency, OnrampQuote, Transaction } from '../../domain/entities.js'

const quoteKey = { amount: string(), purchaseCurrency: string(), paymentCurrency: string(), paymentMethod: string(), network: string() }

/** The Buy view opened: fetch what can be bought, with what, from which providers. */
export const onrampOptionsRequested = defineEvent('onramp/optionsRequested', empty())
/** The options (the built-in USD / EUR defaults when the API failed, spec §7). */
export const onrampOptionsFetched = defineEvent(
  'onramp/optionsFetched',
  object({
    paymentCurrencies: array(json<OnrampPaymentCurrency>()),
    purchaseCurrencies: array(json<OnrampPurchaseCurrency>()),
    providers: array(json<OnrampProvider>()),
  }),
)
/** The currency to buy (`purchase`, e.g. USDC) or to pay with (`payment`, e.g. USD), by id. */
export const onrampCurrencySelected = defineEvent('onramp/currencySelected', object({ kind: literal('purchase', 'payment'), id: string() }))
/** `card` or `ach_bank_account`. */
export const onrampPaymentMethodSelected = defineEvent('onramp/paymentMethodSelected', object({ id: string() }))
/** The amount to pay, as typed (decimal text). */
export const onrampAmountSet = defineEvent('onramp/amountSet', object({ amount: string() }))
/** Ask each provider for a quote of what the form holds; the latest asked for wins. */
export const onrampQuotesRequested = defineIntent('onramp/quotesRequested', object(quoteKey))
/** Each provider's quote, or why it has none. */
export const onrampQuotesFetched = defineEvent(
  'onramp/quotesFetched',
  object({
    ...quoteKey,
    quotes: array(object({ provider: string(), quote: nullable(json<OnrampQuote>()), error: nullable(serializedErrorSchema) })),
  }),
)
export const onrampProviderSelected = defineEvent('onramp/providerSelected', object({ provider: string() }))
/** Buy from `provider`: its page opens (the view opened the window in the click), then the delivery is waited for. */
export const onrampPurchaseRequested = defineIntent('onramp/purchaseRequested', object({ provider: string() }))
/** The provider's page to show, and what the account held of the currency bought before (whole units). */
export const onrampPurchaseOpened = defineEvent('onramp/purchaseOpened', object({ url: string(), startBalance: string() }))
/** The tokens arrived: `amount` more of the currency bought (whole units). */
export const onrampDelivered = defineEvent('onramp/delivered', object({ amount: string(), symbol: string() }))
/** No page could be made, or nothing arrived in time. */
export const onrampPurchaseFailed = defineEvent('onramp/purchaseFailed', object({ error: serializedErrorSchema }))
/**
 * Fetch the account's on-ramp activity (spec §7: history with `onramp=coinbase`, never from a
 * cache): what on-ramps delivered to it, newest first; asked once a purchase has arrived.
 */
export const onrampActivityRequested = defineIntent('onramp/activityRequested', object({ caipAddress: string() }))
export const onrampActivityFetched = defineEvent('onramp/activityFetched', object({ caipAddress: string(), transactions: array(json<Transaction>()) }))
/** 'Failed to fetch transactions': the purchase shows without its transaction. */
export const onrampActivityFailed = defineEvent('onramp/activityFailed', object({ caipAddress: string(), error: serializedErrorSchema }))
/** The visitor stopped waiting. */
export const onrampPurchaseCancelled = defineEvent('onramp/purchaseCancelled', empty())
/** The on-ramp reset (spec §4): back to buying USDC with USD, nothing under way. */
export const onrampReset = defineEvent('onramp/reset', object({ keepOptions: optional(literal(true)) }))

export const ONRAMP_EVENTS = [
  onrampOptionsRequested,
  onrampOptionsFetched,
  onrampCurrencySelected,
  onrampPaymentMethodSelected,
  onrampAmountSet,
  onrampQuotesRequested,
  onrampQuotesFetched,
  onrampProviderSelected,
  onrampPurchaseRequested,
  onrampPurchaseOpened,
  onrampDelivered,
  onrampPurchaseFailed,
  onrampPurchaseCancelled,
  onrampActivityRequested,
  onrampActivityFetched,
  onrampActivityFailed,
  onrampReset,
] as const
