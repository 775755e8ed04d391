// Fuzz: the gateway's answers the modal reads an account's profile and tokens by, over the two
// local chains with the treasury. Arbitrary text records set with a name (through the control and
// through a signed registration), arbitrary token lists at the price endpoint, arbitrary history
// queries with and without the on-ramp flag. Every answer is a 200 of the documented shape or a
// 400 `{ error }`, never a 5xx; a name's records are kept exactly when the oracle below accepts
// them and are never half-written; a price names the id it was asked by; on-ramp activity lists
// only deliveries from the treasury, never cached; an address's identity never borrows a name.

import fc from 'fast-check'
import { getAddress, toHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack } from '../unit/gateway/harness'
import { fuzzParams } from './fuzzParams'

type Stack = Awaited<ReturnType<typeof startStack>>
let stack: Stack
/** Addresses the on-ramp delivered to before the campaign (and one that only received ETH). */
let delivered: Address[] = []
let base = ''

const P = 'projectId=fuzz'
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) ?? 'null' })

beforeAll(async () => {
  stack = await startStack()
  base = stack.gateway.url
  const account = () => privateKeyToAccount(generatePrivateKey()).address
  delivered = [account(), account()]
  for (const [i, address] of delivered.entries()) {
    const paid = await fetch(`${base}/onramp/gangwaypay/pay`, json('POST', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: `${20 + i}.00`, network: 'eip155:31337', address }))
    expect(paid.status).toBe(200)
  }
}, 120_000)
afterAll(() => stack?.stop())

// ---- arbitraries -----------------------------------------------------------------------------

function mostlyValid<T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>) {
  return fc.oneof({ weight: 5, arbitrary: valid as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: invalid })
}
const keyArb = mostlyValid(
  fc.oneof(fc.constantFrom('avatar', 'bio', 'com.twitter', 'url', 'x_handle', 'a-b'), fc.stringMatching(/^[a-z][a-z0-9._-]{0,31}$/)),
  fc.oneof(fc.constantFrom('', ' avatar', '1st', 'no spaces', '__proto__', 'constructor', 'é', 'a'.repeat(33)), fc.string({ maxLength: 40 })),
)
const valueArb = mostlyValid(
  fc.oneof(fc.constantFrom('https://example.com/a.png', 'http://127.0.0.1/x.svg', 'hello'), fc.string({ maxLength: 60 })),
  fc.oneof(fc.constantFrom('javascript:alert(1)', 'ftp://x', 'data:image/png;base64,AA', 'x'.repeat(513)), fc.anything()),
)
const attributesArb = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(keyArb.filter((k): k is string => typeof k === 'string'), valueArb, { maxKeys: 10 }) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, [], ['avatar'], 'avatar', 7, { avatar: 'https://example.com/a.png' }) },
  { weight: 1, arbitrary: fc.anything() },
)
const LABELS = ['fuzz-one', 'fuzz-two', 'fuzz-three'] as const

/** The records a body's `attributes` must be kept as, or null when the gateway must refuse them. */
function expectedAttributes(value: unknown): Record<string, string> | null {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) return null
  const entries = Object.entries(value)
  if (entries.length > 8) return null
  for (const [key, text] of entries) {
    if (!/^[a-z][a-z0-9._-]{0,31}$/i.test(key) || typeof text !== 'string' || text.length > 512) return null
    if (key === 'avatar') {
      try {
        if (!['http:', 'https:'].includes(new URL(text).protocol)) return null
      } catch {
        return null
      }
    }
  }
  return Object.fromEntries(entries) as Record<string, string>
}

const knownTokenIds = () => [
  ...stack.dev.tokens.map((t) => `eip155:${t.chainId}:${t.address}`),
  ...stack.dev.tokens.map((t) => `eip155:${t.chainId}:${t.address.toLowerCase()}`),
  `eip155:31337:${NATIVE}`,
  `eip155:31338:${NATIVE}`,
]
const tokenIdArb = (): fc.Arbitrary<unknown> =>
  mostlyValid(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...knownTokenIds()) },
      // Well-formed ids the gateway does not price: another chain, an unknown contract, Solana without a validator.
      { weight: 2, arbitrary: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `eip155:31337:${getAddress(toHex(b))}`) },
      { weight: 1, arbitrary: fc.constantFrom(`eip155:1:${NATIVE}`, 'solana:localnet:So11111111111111111111111111111111111111112') },
    ),
    fc.oneof(fc.constantFrom('eip155:31337', 'eip155:31337:0x12', '::', 'eip155::0x0', `eip155:31337:${NATIVE}:x`), fc.string({ maxLength: 20 }), fc.anything()),
  )

// ---- campaign --------------------------------------------------------------------------------

describe('fuzz: profile, price and on-ramp activity calls through the gateway', () => {
  it("keeps a name's text records exactly when they are valid (control or signed registration), and never half-writes them", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const held = new Map<string, Record<string, string>>()
    let registered = 0
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LABELS), fc.boolean(), attributesArb, async (label, signed, attributes) => {
        const name = `${label}.gangway`
        let response: Response
        if (signed) {
          // A registration claims a free name only: free it first, so the records decide.
          await fetch(`${base}/_control/names/${name}`, { method: 'DELETE' })
          held.delete(name)
          const message = JSON.stringify({ name, attributes, timestamp: Math.floor(Date.now() / 1000) })
          const signature = await owner.signMessage({ message })
          response = await fetch(`${base}/v1/profile/account?${P}`, json('POST', { coin_type: 60, address: owner.address, message, signature }))
        } else {
          response = await fetch(`${base}/_control/names/${name}`, json('PUT', { address: owner.address, attributes }))
        }
        const text = await response.text()
        // What the gateway receives: the JSON of the body (a key whose value JSON leaves out is not sent).
        const expected = expectedAttributes((JSON.parse(JSON.stringify({ attributes })) as { attributes?: unknown }).attributes)
        const what = `${signed ? 'register' : 'set'} ${JSON.stringify(attributes)?.slice(0, 120)} → ${response.status} ${text.slice(0, 160)}`
        expect(response.status, what).toBeLessThan(500)
        if (expected === null) {
          expect(response.status, what).toBe(400)
        } else {
          expect(response.status, what).toBe(200)
          held.set(name, expected)
          if (signed) registered++
        }
        const profile = await fetch(`${base}/v1/profile/account/${name}?${P}`)
        const kept = held.get(name)
        if (kept === undefined) {
          expect(profile.status, what).toBe(404)
        } else {
          const body = (await profile.json()) as { attributes: Record<string, string>[] }
          expect(Object.assign({}, ...body.attributes), what).toEqual(kept)
          expect(body.attributes.every((a) => Object.keys(a).length === 1), what).toBe(true)
        }
        const reverse = (await (await fetch(`${base}/v1/profile/reverse/${owner.address}?${P}`)).json()) as { name: string; attributes: Record<string, string>[] }[]
        expect(reverse.map((r) => r.name).sort(), what).toEqual([...held.keys()].sort())
        for (const r of reverse) expect(Object.assign({}, ...r.attributes), what).toEqual(held.get(r.name))
        // The identity is the address's own, whatever names point at it.
        expect(await (await fetch(`${base}/v1/identity/${owner.address}?${P}`)).json(), what).toEqual({ name: null, avatar: null })
      }),
      fuzzParams('gateway profile records', 60),
    )
    expect(registered).toBeGreaterThan(0)
  })

  it('prices any token list with each known id named as asked, leaves the others out, and refuses malformed lists', async () => {
    const known = new Set(knownTokenIds().map((id) => id.toLowerCase()))
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 6, arbitrary: fc.array(tokenIdArb(), { minLength: 1, maxLength: 6 }) }, { weight: 1, arbitrary: fc.oneof(fc.constant([]), fc.anything()) }),
        fc.constantFrom(undefined, 'usd', 'eur'),
        async (addresses, currency) => {
          const response = await fetch(`${base}/v1/fungible/price?${P}`, json('POST', { projectId: 'fuzz', addresses, ...(currency ? { currency } : {}) }))
          const body = (await response.json()) as { fungibles?: { address: string; symbol: string; price: number; name: string; iconUrl: string }[]; error?: string }
          const what = `${JSON.stringify(addresses)?.slice(0, 200)} ${currency} → ${response.status} ${JSON.stringify(body).slice(0, 200)}`
          expect(response.status, what).toBeLessThan(500)
          const wellFormed =
            Array.isArray(addresses) &&
            addresses.length >= 1 &&
            addresses.length <= 100 &&
            addresses.every((a) => typeof a === 'string' && /^[^:]+:[^:]+:[^:]+$/.test(a) && (!a.startsWith('eip155:') || /^0x[0-9a-fA-F]{40}$/.test(a.split(':')[2]!)))
          if (!wellFormed || currency === 'eur') {
            expect(response.status, what).toBe(400)
            expect(typeof body.error, what).toBe('string')
            return
          }
          expect(response.status, what).toBe(200)
          const asked = (addresses as string[]).filter((a) => known.has(a.toLowerCase()))
          expect(body.fungibles!.map((f) => f.address), what).toEqual(asked)
          for (const f of body.fungibles!) {
            expect(Number.isFinite(f.price) && f.price > 0, what).toBe(true)
            const [, chain, contract] = f.address.split(':')
            const token = stack.dev.tokens.find((t) => `${t.chainId}` === chain && t.address.toLowerCase() === contract!.toLowerCase())
            expect(f.symbol, what).toBe(token ? token.symbol : 'ETH')
          }
        },
      ),
      fuzzParams('gateway fungible prices', 60),
    )
  })

  it("answers any history query with the documented page or a 400; with onramp=coinbase only the treasury's deliveries, never cached", async () => {
    const someone = privateKeyToAccount(stack.dev.accounts[1]!.privateKey).address
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...delivered, someone, stack.dev.treasury.address),
        fc.record(
          {
            onramp: fc.oneof({ weight: 4, arbitrary: fc.constant('coinbase') }, { weight: 1, arbitrary: fc.constantFrom('', 'Coinbase', 'moonpay', 'coinbase ') }),
            chainId: fc.constantFrom('eip155:31337', 'eip155:31338', 'eip155:1', 'solana:localnet', 'nope'),
            limit: fc.oneof(fc.integer({ min: 1, max: 100 }).map(String), fc.constantFrom('0', '101', 'x')),
          },
          { requiredKeys: [] },
        ),
        async (address, query) => {
          const response = await fetch(`${base}/v1/account/${address}/history?${P}&${new URLSearchParams(query)}`)
          const body = (await response.json()) as { data?: { metadata: { hash: string }; transfers: { direction: string; fungible_info?: { symbol: string } }[] }[]; next?: unknown; error?: string }
          const what = `${address} ${JSON.stringify(query)} → ${response.status} ${JSON.stringify(body).slice(0, 200)}`
          expect(response.status, what).toBeLessThan(500)
          const badLimit = query.limit !== undefined && !(Number(query.limit) >= 1 && Number(query.limit) <= 100)
          // An empty value is no value, as for every query of the gateway.
          const badOnramp = query.onramp !== undefined && query.onramp !== '' && query.onramp !== 'coinbase'
          // Every address here is an EVM one: on a Solana cluster it names no account of that cluster.
          if (badLimit || badOnramp || query.chainId === 'nope' || query.chainId?.startsWith('solana:')) {
            expect(response.status, what).toBe(400)
            return
          }
          expect(response.status, what).toBe(200)
          expect(Array.isArray(body.data), what).toBe(true)
          if (query.onramp !== 'coinbase') return
          expect(response.headers.get('cache-control'), what).toBe('no-store')
          // Deliveries only: USDC coming in from the treasury, so none to the treasury itself nor to someone it never paid.
          const paidOn31337 = delivered.includes(address as Address) && (query.chainId === undefined || query.chainId === 'eip155:31337')
          expect(body.data!.length, what).toBe(paidOn31337 ? 1 : 0)
          for (const tx of body.data!) expect(tx.transfers.some((t) => t.direction === 'in' && t.fungible_info?.symbol === 'USDC'), what).toBe(true)
        },
      ),
      fuzzParams('gateway on-ramp activity', 40),
    )
  })
})
