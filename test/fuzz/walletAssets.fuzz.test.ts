// Fuzz: what a wallet answers to `wallet_getCapabilities` and `wallet_getAssets` (EIP-7811), read
// by the domain as the account's balances. Whatever the answer (mostly well-formed asset lists with
// junk mixed in, or anything at all), reading it never throws; it gives null or balances of the
// documented shape, each token once, only the chain asked for, amounts exact to the wallet's hex;
// and once priced (`tokenBalances/pricesFetched`) a balance's worth is its amount times its price.

import fc from 'fast-check'
import { formatUnits, getAddress, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { supportsAssetDiscovery, walletAssetBalances, priceId } from '../../src/core/domain/walletAssets'
import { multiplyDecimals } from '../../src/core/domain/format'
import { tokenBalancesFetched, tokenPricesFetched } from '../../src/core/events/data/tokenBalances'
import { rootReducer } from '../../src/core/reducers/rootReducer'
import { connectionSucceeded } from '../../src/core/events/connection/connection'
import { stateAfter } from '../support/stateAfter'
import { fuzzParams } from './fuzzParams'

const network = { caipNetworkId: 'eip155:1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b)))
const hexAmount = fc.bigInt({ min: 0n, max: 2n ** 200n }).map((n) => `0x${n.toString(16)}`)
const asset = fc.oneof(
  { weight: 3, arbitrary: fc.record({ address: address, balance: hexAmount, type: fc.constantFrom('ERC20', 'erc20'), metadata: fc.record({ name: fc.string(), symbol: fc.string({ minLength: 1, maxLength: 8 }), decimals: fc.integer({ min: 0, max: 36 }), price: fc.option(fc.double(), { nil: undefined }), iconUrl: fc.option(fc.oneof(fc.webUrl(), fc.string()), { nil: undefined }) }, { requiredKeys: ['symbol', 'decimals'] }) }) },
  { weight: 1, arbitrary: fc.record({ address: fc.constantFrom('native', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'), balance: hexAmount, type: fc.constantFrom('NATIVE', 'native') }) },
  { weight: 1, arbitrary: fc.record({ address: fc.oneof(address, fc.string()), balance: fc.oneof(hexAmount, fc.string(), fc.integer()), type: fc.oneof(fc.constantFrom('ERC721', 'ERC20', 'NATIVE'), fc.string()), metadata: fc.anything() }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.anything() },
)
const answerArb = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom('0x1', '0x01', '0xa', '0x7a69', 'eip155:1', '1'), fc.oneof({ weight: 5, arbitrary: fc.array(asset, { maxLength: 8 }) }, { weight: 1, arbitrary: fc.anything() })) },
  { weight: 1, arbitrary: fc.anything() },
)

describe('fuzz: wallet asset answers', () => {
  it('read as balances of the documented shape or null, never throwing; prices give exact worth', () => {
    const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
    fc.assert(
      fc.property(answerArb, fc.anything(), fc.double({ min: 0, max: 1e6, noNaN: true }), (answer, capabilities, price) => {
        expect(typeof supportsAssetDiscovery(capabilities, '0x1')).toBe('boolean')
        const balances = walletAssetBalances(answer, network)
        if (balances === null) return
        const ids = balances.map((b) => priceId(b).toLowerCase())
        expect(new Set(ids).size).toBe(ids.length)
        const listed = answer && typeof answer === 'object' ? Object.entries(answer as Record<string, unknown>).find(([k]) => /^0x0*1$/.test(k))?.[1] : undefined
        for (const b of balances) {
          expect(b.chainId).toBe('eip155:1')
          expect(b.symbol.length).toBeGreaterThan(0)
          expect(Number.isFinite(b.price) && b.price >= 0).toBe(true)
          if (b.address !== undefined) expect(b.address).toMatch(/^eip155:1:0x[0-9a-fA-F]{40}$/)
          if (b.iconUrl !== undefined) expect(b.iconUrl).toMatch(/^https?:\/\//i)
          // The amount is one of the wallet's own items' hex, in the token's decimals, exactly.
          const items = (listed as unknown[]).filter((a): a is { address: unknown; balance: string; type: unknown } => {
            if (typeof a !== 'object' || a === null || typeof (a as { balance?: unknown }).balance !== 'string' || !/^0x[0-9a-fA-F]+$/.test((a as { balance: string }).balance)) return false
            const { address: at, type } = a as { address: unknown; type: unknown }
            const native = String(type).toLowerCase() === 'native' || at === 'native' || String(at).toLowerCase() === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
            return b.address ? !native && b.address === `eip155:1:${String(at)}` : native
          })
          expect(items.some((a) => b.quantity.numeric === formatUnits(BigInt(a.balance), Number(b.quantity.decimals)))).toBe(true)
        }
        const fetched = rootReducer(connected, { ...tokenBalancesFetched({ caipAddress: `eip155:1:${ACCOUNT}`, balances, source: 'wallet' }), seq: 1, at: 1 })
        const priced = rootReducer(fetched, { ...tokenPricesFetched({ caipAddress: `eip155:1:${ACCOUNT}`, prices: ids.map((id) => ({ address: id, price })) }), seq: 2, at: 2 })
        for (const [i, b] of priced.tokenBalances.byAccount[`eip155:1:${ACCOUNT}`]!.balances!.entries()) {
          if (balances[i]!.price > 0) {
            expect(b).toEqual(balances[i])
          } else {
            expect(b.price).toBe(price)
            expect(b.value).toBe(Number(multiplyDecimals(b.quantity.numeric, price)))
          }
        }
      }),
      fuzzParams('wallet asset answers', 300),
    )
  })
})
