// Fuzz: the gateway's on-ramp over the two local chains with the treasury. Arbitrary bodies at the
// quote routes, the URL generator and the providers' pay route, and arbitrary queries at their
// pages. Every answer is a 200 of the documented shape or a 400 `{ error }` (a 404 only for an
// unknown provider in the path), never a 5xx. A body the oracle below reads as a valid purchase
// must be answered 200, any other 400. Funds move only on a 200 payment, by exactly its purchase
// amount on its chain; on anything else the treasury's USDC and nonces on both chains are unchanged.
// Query values carry a marker tag that must never reach a page as markup.

import fc from 'fast-check'
import { erc20Abi, getAddress, isAddress, parseUnits, toHex, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack, walletOn } from '../unit/gateway/harness'
import { fuzzParams } from './fuzzParams'

type Stack = Awaited<ReturnType<typeof startStack>>
let stack: Stack

beforeAll(async () => {
  stack = await startStack()
}, 60_000)
afterAll(() => stack?.stop())

const CHAINS = [31337, 31338] as const
const PROVIDERS = { gangwaypay: 100n, devramp: 200n } as const
const LIMITS = { card: [1_000n, 750_000n], ach_bank_account: [1_000n, 2_500_000n] } as const
/** Network spellings the gateway reads, and the chain each names. */
const NETWORKS: Record<string, number> = {
  'eip155:31337': 31337,
  'eip155:31338': 31338,
  '31337': 31337,
  '31338': 31338,
  'gangway-local': 31337,
  'gangway-local-2': 31338,
}

// ---- arbitraries -----------------------------------------------------------------------------

function mostlyValid<T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>) {
  return fc.oneof({ weight: 6, arbitrary: valid as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: invalid })
}
const centsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
const amountArb = mostlyValid(
  fc.oneof(
    fc.integer({ min: 1_000, max: 2_500_000 }).map(centsText),
    fc.constantFrom('9.99', '10', '10.00', '7500', '7500.00', '7500.01', '25000', '25000.00', '25000.01', ' 100 ', '10.5'),
  ),
  fc.oneof(
    fc.constantFrom('0', '0.00', '1e3', '-10', '10.001', '', '١٠٠', 'NaN', 'Infinity', '10,00', '.5', '5.'),
    fc.integer({ min: -10, max: 30_000 }),
    fc.double(),
    fc.string({ maxLength: 12 }),
    fc.anything(),
  ),
)
const purchaseArb = mostlyValid(
  fc.constantFrom('USDC', 'usdc', { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [] }),
  fc.oneof(fc.constantFrom('SOL', 'ETH', '', 'U$DC', { symbol: 'USDC' }), fc.anything()),
)
const paymentArb = mostlyValid(
  fc.constantFrom('USD', 'EUR', 'eur', { id: 'EUR', payment_method_limits: [] }),
  fc.oneof(fc.constantFrom('GBP', '', 'US D', { id: 7 }), fc.anything()),
)
const networkArb = mostlyValid(
  fc.constantFrom(...Object.keys(NETWORKS), 31337, 31338, ' eip155:31338 ', 'GANGWAY-LOCAL'),
  fc.oneof(fc.constantFrom('eip155:1', 'solana', 'solana:localnet', '', 'eip155:031337', 'eip155:31337:0x0'), fc.integer({ min: 0, max: 40_000 }), fc.string({ maxLength: 30 }), fc.anything()),
)
const methodArb = mostlyValid(fc.constantFrom(undefined, 'card', 'ach_bank_account'), fc.oneof(fc.constantFrom('bank', 'paypal', 'CARD'), fc.anything()))
const providerArb = mostlyValid(fc.constantFrom(undefined, 'gangwaypay', 'devramp'), fc.oneof(fc.constantFrom('moonpay', '', 'GANGWAYPAY'), fc.anything()))
const freshAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(toHex(bytes)))
const addressArb = mostlyValid(
  fc.oneof(freshAddress, freshAddress.map((a) => a.toLowerCase())),
  fc.oneof(
    // A checksum broken by flipping the case of one letter, when there is one.
    freshAddress.map((a) => a.replace(/[a-f]/, (c) => c.toUpperCase())),
    freshAddress.map((a) => a.slice(0, -1)),
    freshAddress.map((a) => `0X${a.slice(2)}`),
    fc.constantFrom('0x1', '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg', '', `0x${'g'.repeat(40)}`),
    fc.anything(),
  ),
)

/** A purchase body: mostly all fields, some dropped or replaced by anything. */
const purchaseBody = (withAddress: boolean) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ purchaseCurrency: purchaseArb, paymentCurrency: paymentArb, amount: amountArb, network: networkArb, paymentMethod: methodArb, provider: providerArb, address: withAddress ? addressArb : fc.constant(undefined) }) },
    { weight: 2, arbitrary: fc.record({ purchaseCurrency: purchaseArb, paymentCurrency: paymentArb, amount: amountArb, network: networkArb, paymentMethod: methodArb, address: addressArb }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything() },
  )

const generatorBody = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        destinationWallets: mostlyValid(
          fc.array(
            fc.record(
              {
                address: addressArb,
                blockchains: fc.array(fc.oneof(fc.constantFrom(...Object.keys(NETWORKS), 'ethereum', 'solana'), fc.string({ maxLength: 10 })), { maxLength: 3 }),
                assets: fc.array(fc.constantFrom('USDC', 'usdc', 'SOL', 'ETH'), { maxLength: 2 }),
                supportedNetworks: fc.array(fc.constantFrom(...Object.keys(NETWORKS), 'eip155:1'), { maxLength: 2 }),
              },
              { requiredKeys: ['address'] },
            ),
            { minLength: 1, maxLength: 3 },
          ),
          fc.oneof(fc.constant([]), fc.array(fc.anything(), { maxLength: 3 }), fc.anything()),
        ),
        partnerUserId: mostlyValid(fc.string({ maxLength: 30 }), fc.anything()),
        defaultNetwork: fc.option(networkArb, { nil: undefined }),
        defaultExperience: fc.option(fc.oneof(fc.constantFrom('buy', 'send'), fc.anything()), { nil: undefined }),
        presetFiatAmount: fc.option(fc.oneof(fc.double({ min: 0, max: 30_000, noNaN: true }), fc.double(), fc.anything()), { nil: undefined }),
        presetCryptoAmount: fc.option(fc.oneof(fc.double({ min: 0, max: 30_000, noNaN: true }), fc.anything()), { nil: undefined }),
        provider: providerArb,
      },
      { requiredKeys: ['destinationWallets'] },
    ),
  },
  { weight: 1, arbitrary: fc.anything() },
)

/** Query text that would be markup if printed raw: a marker tag the page must never contain. */
const hostileText = fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(`<i data-fuzz="1">`, `"><i data-fuzz=1>`, `</script><i data-fuzz=1>`, `'&amp;<i data-fuzz>`)).map(([a, b]) => a + b)
const queryValue = fc.oneof(
  fc.constantFrom(...Object.keys(NETWORKS), 'USDC', 'SOL', 'usdc', '42.5', '100', '1e3', ''),
  freshAddress,
  hostileText,
  fc.string({ maxLength: 30 }),
)
const QUERY_KEYS = ['address', 'walletAddress', 'network', 'asset', 'destinationCurrencyCode', 'presetFiatAmount', 'presetCryptoAmount', 'amount', 'partnerUserId', 'externalCustomerId', 'publicKey', 'experience']
const pageQuery = fc.dictionary(fc.constantFrom(...QUERY_KEYS), queryValue, { maxKeys: 7 })

const providerPath = fc.oneof({ weight: 8, arbitrary: fc.constantFrom('gangwaypay', 'devramp') }, { weight: 1, arbitrary: fc.constantFrom('moonpay', 'GangwayPay', 'dev ramp') })

type Target =
  | { kind: 'quote'; body: unknown }
  | { kind: 'pageQuote'; provider: string; body: unknown }
  | { kind: 'pay'; provider: string; body: unknown }
  | { kind: 'generator'; body: unknown }
  | { kind: 'page'; provider: string; query: Record<string, string> }

const targetArb: fc.Arbitrary<Target> = fc.oneof(
  { weight: 2, arbitrary: purchaseBody(false).map((body): Target => ({ kind: 'quote', body })) },
  { weight: 1, arbitrary: fc.tuple(providerPath, purchaseBody(false)).map(([provider, body]): Target => ({ kind: 'pageQuote', provider, body })) },
  { weight: 3, arbitrary: fc.tuple(providerPath, purchaseBody(true)).map(([provider, body]): Target => ({ kind: 'pay', provider, body })) },
  { weight: 2, arbitrary: generatorBody.map((body): Target => ({ kind: 'generator', body })) },
  { weight: 2, arbitrary: fc.tuple(providerPath, pageQuery).map(([provider, query]): Target => ({ kind: 'page', provider, query })) },
)

// ---- oracle ----------------------------------------------------------------------------------

type Valid = { chainId: number; cents: bigint; feeBps: bigint; eur: boolean }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A currency id as the API reads it: the text itself or an object's `id`, upper-cased. */
const idOf = (v: unknown) => {
  const id = isObject(v) ? v.id : v
  return typeof id === 'string' && id.length > 0 && id.length <= 20 ? id.toUpperCase() : null
}
function chainOf(network: unknown): number | null {
  if (typeof network !== 'string' && typeof network !== 'number') return null
  const text = String(network).trim()
  // Own keys only: 'valueOf' or 'constructor' is no network.
  const known = (key: string) => (Object.hasOwn(NETWORKS, key) ? NETWORKS[key]! : null)
  if (/^\d{1,15}$/.test(text)) return known(`eip155:${Number(text)}`)
  return known(text) ?? known(text.toLowerCase())
}
function centsOf(amount: unknown): bigint | null {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : typeof amount === 'string' ? amount.trim() : null
  const match = text === null ? null : /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text)
  return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : null
}

/** The purchase a body asks for, when the API must accept it; null when it must refuse it. */
function validPurchase(body: unknown, pathProvider: string | null, withAddress: boolean): Valid | null {
  if (!isObject(body)) return null
  const provider = pathProvider ?? (body.provider === undefined || body.provider === null ? 'gangwaypay' : body.provider)
  if (typeof provider !== 'string' || !Object.hasOwn(PROVIDERS, provider)) return null
  if (idOf(body.purchaseCurrency) !== 'USDC') return null
  const currency = idOf(body.paymentCurrency)
  if (currency !== 'USD' && currency !== 'EUR') return null
  const chainId = chainOf(body.network)
  if (chainId === null) return null
  const method = body.paymentMethod === undefined || body.paymentMethod === null || body.paymentMethod === '' ? 'card' : body.paymentMethod
  if (method !== 'card' && method !== 'ach_bank_account') return null
  const cents = centsOf(body.amount)
  if (cents === null || cents < LIMITS[method][0] || cents > LIMITS[method][1]) return null
  if (withAddress && (typeof body.address !== 'string' || !isAddress(body.address))) return null
  return { chainId, cents, feeBps: PROVIDERS[provider as keyof typeof PROVIDERS], eur: currency === 'EUR' }
}

/** USDC (6 decimals) bought: total − fee (rounded half up) − 0.10, EUR at 1.08 USD. */
function expectedUsdc(v: Valid): { fee: bigint; subtotal: bigint; raw: bigint } {
  const fee = (v.cents * v.feeBps + 5_000n) / 10_000n
  const subtotal = v.cents - fee - 10n
  // Cents to micro-USD is × 10,000; EUR cents × 1.08 is × 10,800, exact.
  return { fee, subtotal, raw: subtotal * (v.eur ? 10_800n : 10_000n) }
}

const fixed2 = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
const usdcText = (raw: bigint) => `${raw / 1_000_000n}.${String(raw % 1_000_000n).padStart(6, '0')}`

// ---- chain state -----------------------------------------------------------------------------

async function treasuryState(): Promise<bigint[]> {
  const treasury = stack.dev.treasury.address
  return Promise.all(
    CHAINS.flatMap((chainId) => {
      const reader = walletOn(stack.dev.chains.find((c) => c.chainId === chainId)!, stack.dev.treasury.privateKey).reader
      const usdc = stack.dev.tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC')!
      return [
        reader.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [treasury] }),
        reader.getTransactionCount({ address: treasury }).then(BigInt),
      ]
    }),
  )
}

async function usdcBalance(chainId: number, who: Address): Promise<bigint> {
  const reader = walletOn(stack.dev.chains.find((c) => c.chainId === chainId)!, stack.dev.treasury.privateKey).reader
  const usdc = stack.dev.tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC')!
  return reader.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
}

// ---- campaign --------------------------------------------------------------------------------

describe('fuzz: on-ramp through the gateway', () => {
  it('answers any quote, URL, page or payment with its documented shape or a 400, and moves funds only for a payment it accepts', async () => {
    const base = stack.gateway.url
    let delivered = 0
    await fc.assert(
      fc.asyncProperty(targetArb, async (target) => {
        const before = await treasuryState()
        const knownProvider = 'provider' in target && Object.hasOwn(PROVIDERS, target.provider)
        let response: Response
        if (target.kind === 'page') {
          response = await fetch(`${base}/onramp/${encodeURIComponent(target.provider)}/?${new URLSearchParams(target.query)}`)
        } else {
          const path =
            target.kind === 'quote'
              ? '/v1/onramp/quote?projectId=fuzz'
              : target.kind === 'generator'
                ? '/v1/generators/onrampurl?projectId=fuzz'
                : `/onramp/${encodeURIComponent(target.provider)}/${target.kind === 'pay' ? 'pay' : 'quote'}`
          response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(target.body) ?? 'null' })
        }
        const text = await response.text()
        const what = `${target.kind} → ${response.status} ${text.slice(0, 200)}`
        expect(response.status, what).toBeLessThan(500)
        if ('provider' in target && !knownProvider) {
          expect(response.status, what).toBe(404)
          expect(await treasuryState()).toEqual(before)
          return
        }

        if (target.kind === 'page') {
          expect([200, 400], what).toContain(response.status)
          expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
          expect(text, what).not.toMatch(/<i data-fuzz/)
          expect(text.match(/<script/g), what).toHaveLength(2)
          expect(text.match(/<\/script>/g), what).toHaveLength(2)
          expect(text).toContain(target.provider === 'devramp' ? '<h1 id="title">Dev Ramp</h1>' : '<h1 id="title">Gangway Pay</h1>')
          expect(await treasuryState()).toEqual(before)
          return
        }

        const body = JSON.parse(text) as Record<string, unknown>
        if (response.status !== 200) {
          expect(response.status, what).toBe(400)
          expect(typeof body.error, what).toBe('string')
          expect(await treasuryState(), what).toEqual(before)
        }

        if (target.kind === 'generator') {
          if (response.status === 200) {
            const url = new URL(body.url as string)
            const provider = isObject(target.body) && typeof target.body.provider === 'string' ? target.body.provider : 'gangwaypay'
            expect(`${url.origin}${url.pathname}`, what).toBe(`${base}/onramp/${provider}/`)
            const q = url.searchParams
            const address = q.get(provider === 'devramp' ? 'walletAddress' : 'address')
            expect(isAddress(address ?? ''), what).toBe(true)
            expect(['eip155:31337', 'eip155:31338'], what).toContain(q.get('network'))
            expect(q.get(provider === 'devramp' ? 'destinationCurrencyCode' : 'asset')).toBe('USDC')
            expect(await treasuryState()).toEqual(before)
          }
          return
        }

        const valid = validPurchase(target.body, target.kind === 'quote' ? null : target.provider, target.kind === 'pay')
        expect(response.status, `${what} (oracle: ${valid ? 'valid' : 'invalid'})`).toBe(valid ? 200 : 400)
        if (!valid) return
        const { fee, subtotal, raw } = expectedUsdc(valid)
        if (target.kind !== 'pay') {
          const currency = valid.eur ? 'EUR' : 'USD'
          expect(body, what).toMatchObject({
            paymentTotal: { amount: fixed2(valid.cents), currency },
            providerFee: { amount: fixed2(fee), currency },
            networkFee: { amount: '0.10', currency },
            paymentSubtotal: { amount: fixed2(subtotal), currency },
            purchaseAmount: { amount: usdcText(raw), currency: 'USDC' },
            network: `eip155:${valid.chainId}`,
          })
          expect(typeof body.quoteId).toBe('string')
          expect(await treasuryState()).toEqual(before)
          return
        }
        // A payment: exactly the amount bought left the treasury on its chain, and reached the wallet.
        const to = (target.body as { address: Address }).address
        expect(body, what).toMatchObject({ purchaseAmount: usdcText(raw), currency: 'USDC', network: `eip155:${valid.chainId}`, address: to })
        expect(body.txHash, what).toMatch(/^0x[0-9a-f]{64}$/)
        const after = await treasuryState()
        const i = CHAINS.indexOf(valid.chainId as 31337 | 31338) * 2
        const expected = [...before]
        expected[i] = before[i]! - parseUnits(usdcText(raw), 6)
        expected[i + 1] = before[i + 1]! + 1n
        expect(after, what).toEqual(expected)
        // Fresh addresses: what the wallet holds is this delivery (a repeat address would hold more).
        expect(await usdcBalance(valid.chainId, to)).toBeGreaterThanOrEqual(raw)
        delivered++
      }),
      fuzzParams('gatewayOnramp', 150, { interruptAfterTimeLimit: 90_000 }),
    )
    // The campaign reached the paths that move funds.
    expect(delivered).toBeGreaterThan(0)
    expect((await fetch(`${base}/health`)).status).toBe(200)
  }, 120_000)
})
