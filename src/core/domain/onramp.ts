/**
 * On-ramp defaults and rules (spec §7, §9): the built-in currencies used when the options call
 * fails, the default purchase and payment currencies, and provider-list parsing.
 */
import type { ChainNamespace, OnrampPaymentCurrency, OnrampPurchaseCurrency } from './entities.js'

export const DEFAULT_PURCHASE_CURRENCY_ID = 'USDC'
export const DEFAULT_PAYMENT_CURRENCY_ID = 'USD'

const DEFAULT_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/** The payment currencies used when the on-ramp options call fails: USD and EUR. */
export const DEFAULT_PAYMENT_CURRENCIES: readonly OnrampPaymentCurrency[] = /* @__PURE__ */ Object.freeze(
  ['USD', 'EUR'].map((id) => Object.freeze({ id, payment_method_limits: DEFAULT_LIMITS.map((l) => Object.freeze({ ...l })) })),
)

export const DEFAULT_PURCHASE_CURRENCY: OnrampPurchaseCurrency = /* @__PURE__ */ Object.freeze({
  id: 'USDC',
  name: 'USD Coin',
  symbol: 'USDC',
  networks: [],
})

export const DEFAULT_PAYMENT_CURRENCY: OnrampPaymentCurrency = DEFAULT_PAYMENT_CURRENCIES[0] as OnrampPaymentCurrency

/**
 * On-ramp providers from configuration: kept only when an array of strings, else none.
 *
 * @example
 * parseOnrampProviders(['coinbase', 'meld']) // ['coinbase', 'meld']
 * parseOnrampProviders('coinbase') // []
 */
export function parseOnrampProviders(value: unknown): string[] {
  if (Array.isArray(value) && value.every((p) => typeof p === 'string')) return [...value]
  return []
}

/**
 * The limits of a payment method in a currency, or `undefined` when it has none.
 *
 * @example
 * paymentMethodLimits(DEFAULT_PAYMENT_CURRENCIES, 'EUR', 'card') // { id: 'card', min: '10.00', max: '7500.00' }
 */
export function paymentMethodLimits(
  currencies: readonly OnrampPaymentCurrency[],
  currencyId: string,
  methodId: string,
): { id: string; min: string; max: string } | undefined {
  return currencies.find((c) => c.id === currencyId)?.payment_method_limits.find((l) => l.id === methodId)
}

/**
 * Whether a payment `amount` is within a method's limits (both ends included).
 *
 * @example
 * isWithinPaymentLimits('10.00', { id: 'card', min: '10.00', max: '7500.00' }) // true
 */
export function isWithinPaymentLimits(amount: string | number, limits: { min: string; max: string }): boolean {
  const n = Number(amount)
  return Number.isFinite(n) && n >= Number(limits.min) && n <= Number(limits.max)
}

/**
 * The currency an on-ramp provider deposits: SOL on Solana, USDC elsewhere (spec §7).
 *
 * @example
 * onrampDestinationCurrency('solana') // 'SOL'
 */
export function onrampDestinationCurrency(namespace: ChainNamespace): 'SOL' | 'USDC' {
  return namespace === 'solana' ? 'SOL' : 'USDC'
}

/** Providers whose page takes the wallet in its own query (spec §7), rather than through the URL generator. */
export const ONRAMP_QUERY_PROVIDERS: readonly string[] = /* @__PURE__ */ Object.freeze(['devramp', 'meld'])

/**
 * The page of a provider of the query kind (spec §7): its URL with `publicKey` (the project id),
 * `destinationCurrencyCode` (SOL on Solana, else USDC), `walletAddress` and
 * `externalCustomerId`, plus the `network` (CAIP-2) and the payment `amount`. Null when the
 * provider's URL is not an http(s) one.
 *
 * @example
 * onrampProviderUrl('https://ramp.example/buy', { projectId: 'p', namespace: 'eip155', walletAddress: '0xf39F…', network: 'eip155:1', amount: '100' })
 * // 'https://ramp.example/buy?publicKey=p&destinationCurrencyCode=USDC&walletAddress=0xf39F…&externalCustomerId=0xf39F…&network=eip155%3A1&amount=100'
 */
export function onrampProviderUrl(
  base: string,
  query: { projectId: string; namespace: ChainNamespace; walletAddress: string; network: string; amount: string },
): string | null {
  let url: URL
  try {
    url = new URL(base)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  url.searchParams.set('publicKey', query.projectId)
  url.searchParams.set('destinationCurrencyCode', onrampDestinationCurrency(query.namespace))
  url.searchParams.set('walletAddress', query.walletAddress)
  url.searchParams.set('externalCustomerId', query.walletAddress)
  url.searchParams.set('network', query.network)
  url.searchParams.set('amount', query.amount)
  return url.toString()
}
