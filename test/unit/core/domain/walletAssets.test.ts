import { describe, expect, it } from 'vitest'
import { priceId, supportsAssetDiscovery, walletAssetBalances } from '../../../../src/core/domain/walletAssets'

const network = { caipNetworkId: 'eip155:31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
const GUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('supportsAssetDiscovery', () => {
  it('reads assetDiscovery.supported for the chain, or for every chain (0x0)', () => {
    expect(supportsAssetDiscovery({ '0x7a69': { assetDiscovery: { supported: true } } }, '0x7a69')).toBe(true)
    expect(supportsAssetDiscovery({ '0x0': { assetDiscovery: { supported: true } } }, '0x7a69')).toBe(true)
    expect(supportsAssetDiscovery({ '0x1': { assetDiscovery: { supported: true } } }, '0x7a69')).toBe(false)
    expect(supportsAssetDiscovery({ '0x7a69': { assetDiscovery: { supported: 'yes' } } }, '0x7a69')).toBe(false)
    expect(supportsAssetDiscovery({ '0x7a69': { atomic: { status: 'ready' } } }, '0x7a69')).toBe(false)
    for (const junk of [null, undefined, 'x', [], { '0x7a69': null }, Object.create({ '0x7a69': { assetDiscovery: { supported: true } } })]) {
      expect(supportsAssetDiscovery(junk, '0x7a69')).toBe(false)
    }
  })
})

describe('walletAssetBalances', () => {
  it("reads the chain's native token and ERC-20s as balances, with what the metadata gives", () => {
    const answer = {
      '0x7a69': [
        { address: 'native', balance: '0x1bc16d674ec80000', type: 'NATIVE' },
        { address: GUSD, balance: '0x2b5e3af16b1880000', type: 'ERC20', metadata: { name: 'Gangway USD', symbol: 'GUSD', decimals: 18, price: 1, value: 50, iconUrl: 'https://img.test/gusd.png' } },
        { address: '0x0000000000000000000000000000000000000001', balance: '0x1', type: 'ERC721', metadata: { name: 'Art', symbol: 'ART' } },
      ],
      '0x1': [{ address: 'native', balance: '0x1', type: 'native' }],
    }
    expect(walletAssetBalances(answer, network)).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 0, quantity: { decimals: '18', numeric: '2' } },
      {
        name: 'Gangway USD',
        symbol: 'GUSD',
        chainId: 'eip155:31337',
        address: `eip155:31337:${GUSD}`,
        price: 1,
        value: 50,
        iconUrl: 'https://img.test/gusd.png',
        quantity: { decimals: '18', numeric: '50' },
      },
    ])
  })

  it('takes the ERC-7528 address and lower-case types for the native token; leaves malformed items out; nothing for another chain', () => {
    const answer = {
      '0x7A69': [
        { address: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', balance: '0x0', type: 'native', metadata: { decimals: 18 } },
        { address: GUSD, balance: 'lots', type: 'ERC20', metadata: { symbol: 'GUSD', decimals: 18 } },
        { address: GUSD, balance: '0x1', type: 'ERC20', metadata: { symbol: 'GUSD', decimals: 1.5 } },
        { address: GUSD, balance: '0x1', type: 'ERC20', metadata: { decimals: 18 } },
        { address: 'nope', balance: '0x1', type: 'ERC20', metadata: { symbol: 'X', decimals: 0 } },
        { address: GUSD, balance: '0x1', type: 'erc20', metadata: { symbol: 'GUSD', decimals: 6, price: -1, iconUrl: 'javascript:x' } },
        { address: GUSD, balance: '0x2', type: 'erc20', metadata: { symbol: 'GUSD', decimals: 6 } },
        null,
        7,
      ],
    }
    expect(walletAssetBalances(answer, network)).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 0, quantity: { decimals: '18', numeric: '0' } },
      { name: 'GUSD', symbol: 'GUSD', chainId: 'eip155:31337', address: `eip155:31337:${GUSD}`, price: 0, quantity: { decimals: '6', numeric: '0.000001' } },
    ])
    expect(walletAssetBalances({ '0x1': [] }, network)).toEqual([])
    expect(walletAssetBalances({ '0x7a69': 'all' }, network)).toBeNull()
    for (const junk of [null, [], 'x', 7]) expect(walletAssetBalances(junk, network)).toBeNull()
  })
})

describe('priceId', () => {
  it('is the CAIP-10 id the data API prices a token by', () => {
    expect(priceId({ chainId: 'eip155:1' })).toBe('eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
    expect(priceId({ chainId: 'eip155:1', address: `eip155:1:${GUSD}` })).toBe(`eip155:1:${GUSD}`)
    expect(priceId({ chainId: 'eip155:1', address: GUSD })).toBe(`eip155:1:${GUSD}`)
  })
})
