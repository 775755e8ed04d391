// Fuzz: the gateway's Bitcoin routes over a real local node (bcoin regtest) on port 0. Arbitrary
// addresses (the dev accounts', other networks', mutated bech32, junk), txids (random 64-hex,
// near misses), broadcast bodies (random bytes as hex, junk text, odd lengths) and methods: every
// refusal is a 4xx whose text says why, never a 5xx; nothing reaches a block (the node mines
// whenever its mempool takes a transaction, so an unchanged tip means nothing was broadcast).
import { bech32, bech32m } from '@scure/base'
import { Address } from '@scure/btc-signer'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bitcoinGatewayForFile, REGTEST_REFERENCE } from '../support/bitcoinGateway'
import { REGTEST_ADDRESSES, REGTEST_CAIP2, devBitcoinAccount } from '../../dev/bitcoin/devAccounts'
import { fuzzParams } from './fuzzParams'

const btc = bitcoinGatewayForFile()
const REF = REGTEST_REFERENCE

const isRegtestAddress = (value: string) => {
  try {
    Address(REGTEST_ADDRESSES).decode(value)
    return true
  } catch {
    return false
  }
}
const dev = [0, 1, 2].flatMap((i) => [devBitcoinAccount(i).payment.address, devBitcoinAccount(i).ordinals.address])
const words = fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 60 })
const bech = fc.tuple(fc.constantFrom('bcrt', 'rb', 'bc', 'tb', 'x'), fc.constantFrom(bech32, bech32m), words).map(([prefix, codec, w]) => codec.encode(prefix, w, 200))
const mutated = fc.tuple(fc.constantFrom(...dev), fc.nat(), fc.constantFrom('q', 'p', '0', 'B', '%', '/', '')).map(([a, i, c]) => {
  const at = i % a.length
  return `${a.slice(0, at)}${c}${a.slice(at + 1)}`
})
const addressArb = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...dev) },
  { weight: 2, arbitrary: bech },
  { weight: 3, arbitrary: mutated },
  { weight: 1, arbitrary: fc.constantFrom('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', '', '..', '__proto__', '%00') },
  { weight: 2, arbitrary: fc.string({ maxLength: 120 }) },
)
const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'))
const txidArb = fc.oneof(hex64, hex64.map((h) => h.slice(1)), hex64.map((h) => `${h}0`), hex64.map((h) => `${h.slice(0, 63)}g`), fc.string({ maxLength: 70 }))
const bodyArb = fc.oneof(
  { weight: 3, arbitrary: fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b).toString('hex')) },
  // A version, one input, one output: close enough to a transaction to get past the parser at times.
  { weight: 2, arbitrary: fc.uint8Array({ minLength: 40, maxLength: 120 }).map((b) => `0200000001${Buffer.from(b).toString('hex')}00000000`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{1,99}$/).filter((s) => s.length % 2 === 1) },
)
const requestArb = fc.oneof(
  addressArb.map((a) => ({ method: 'GET', path: `/address/${encodeURIComponent(a)}`, address: a })),
  addressArb.map((a) => ({ method: 'GET', path: `/address/${encodeURIComponent(a)}/utxo`, address: a })),
  txidArb.map((t) => ({ method: 'GET', path: `/tx/${encodeURIComponent(t)}/status` })),
  txidArb.map((t) => ({ method: 'GET', path: `/tx/${encodeURIComponent(t)}/hex` })),
  bodyArb.map((body) => ({ method: 'POST', path: '/tx', body })),
  fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), fc.string({ maxLength: 40 })).map(([method, p]) => ({ method, path: `/${encodeURIComponent(p)}` })),
  addressArb.map((a) => ({ method: 'GET', path: `/../../v1/account/${encodeURIComponent(a)}/balance`, balance: a })),
)

describe("fuzz: the gateway's Bitcoin routes", () => {
  it('answers junk with a 4xx that says why, never a 5xx, and broadcasts nothing', async () => {
    const tipBefore = await (await fetch(`${btc.node.esploraUrl}/blocks/tip/height`)).text()
    await fc.assert(
      fc.asyncProperty(requestArb, fc.boolean(), async (request, withChainId) => {
        const url =
          'balance' in request
            ? `${btc.gateway.url}/v1/account/${encodeURIComponent(request.balance!)}/balance?projectId=fuzz${withChainId ? `&chainId=${REGTEST_CAIP2}` : ''}`
            : `${btc.gateway.url}/v1/esplora/${REF}${request.path}?projectId=fuzz`
        const res = await fetch(url, { method: request.method, ...('body' in request ? { body: request.body } : {}) })
        const text = await res.text()
        expect(res.status, `${request.method} ${url} → ${res.status} ${text}`).toBeLessThan(500)
        if (res.status >= 400) expect(text.trim().length, `${url}: empty refusal`).toBeGreaterThan(0)
        if (request.method === 'POST') expect(res.status, `${'body' in request ? request.body : ''} was broadcast`).toBeGreaterThanOrEqual(400)
        // (`.` and `..` are dot segments: the URL itself drops them before sending.)
        if ('address' in request && request.address !== '.' && request.address !== '..') {
          // An address of the network (as @scure/btc-signer reads regtest's) gets an answer, any other a 400.
          expect(res.status, `${request.address} → ${text}`).toBe(isRegtestAddress(request.address!) ? 200 : 400)
        }
      }),
      fuzzParams('gatewayBitcoin', 150),
    )
    expect(await (await fetch(`${btc.node.esploraUrl}/blocks/tip/height`)).text()).toBe(tipBefore)
    expect((await fetch(`${btc.gateway.url}/health`)).status).toBe(200)
  }, 120_000)
})
