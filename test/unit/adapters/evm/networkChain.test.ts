import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { addChainParameters, evmChainId, toViemChain } from '../../../../src/adapters/evm/networkChain'

const local2 = defineEvmNetwork({ id: 31338, name: 'Gangway Local 2', rpcUrl: 'http://127.0.0.1:8546', testnet: true })

describe('defineEvmNetwork', () => {
  it('is spec §3 Network data with a CAIP-2 id', () => {
    expect(local2).toEqual({
      id: 31338,
      name: 'Gangway Local 2',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31338',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8546'] }, chainDefault: { http: ['http://127.0.0.1:8546'] } },
      testnet: true,
    })
    expect(JSON.parse(JSON.stringify(local2))).toEqual(local2)
  })
})

describe('addChainParameters', () => {
  it('hex chain id, name, currency and RPC URLs; explorers and icon only when known', () => {
    expect(addChainParameters(local2)).toEqual({
      chainId: '0x7a6a',
      chainName: 'Gangway Local 2',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8546'],
    })
    const full = defineEvmNetwork({
      id: 8453,
      name: 'Base',
      rpcUrl: 'https://mainnet.base.org',
      blockExplorer: { name: 'Basescan', url: 'https://basescan.org' },
      imageUrl: 'https://example.org/base.png',
    })
    expect(addChainParameters(full)).toMatchObject({ chainId: '0x2105', blockExplorerUrls: ['https://basescan.org'], iconUrls: ['https://example.org/base.png'] })
  })
  it('prefers the chain\'s own RPC (chainDefault) over the default one', () => {
    const proxied = { ...local2, rpcUrls: { default: { http: ['https://rpc.example/v1?chainId=31338'] }, chainDefault: { http: ['http://127.0.0.1:8546'] } } }
    expect(addChainParameters(proxied).rpcUrls).toEqual(['http://127.0.0.1:8546'])
  })
})

describe('toViemChain', () => {
  it('keeps id, name, currency and RPC', () => {
    const chain = toViemChain({ ...local2, id: '31338' })
    expect(evmChainId({ ...local2, id: '31338' })).toBe(31338)
    expect(chain).toMatchObject({ id: 31338, name: 'Gangway Local 2', rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } }, testnet: true })
  })
})
