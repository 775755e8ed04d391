import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import { gatewayRpcUrl, rpcEndpoints } from '../../../src/adapters/rpcEndpoints'
import { solanaLocalnet } from '../../../src/adapters/solana/defineSolanaNetwork'

const gateway = { apiUrl: 'https://api.example.com/', projectId: 'p 1&x' }

describe('rpcEndpoints', () => {
  it('lists the network’s URLs in order, each once, then the gateway’s JSON-RPC for its CAIP-2 id', () => {
    const base = defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: ['https://a.example', 'https://b.example', 'https://a.example'] })
    const proxied = { ...base, rpcUrls: { default: { http: ['https://proxy.example'] }, chainDefault: { http: ['https://b.example', 'https://proxy.example'] } } }
    expect(rpcEndpoints(base)).toEqual(['https://a.example', 'https://b.example'])
    expect(rpcEndpoints(proxied, gateway)).toEqual(['https://proxy.example', 'https://b.example', 'https://api.example.com/v1/?chainId=eip155%3A8453&projectId=p+1%26x'])
  })

  it('builds the spec’s gateway URL, whose query reads back as the network and project', () => {
    const url = new URL(gatewayRpcUrl({ apiUrl: 'http://127.0.0.1:8787//', projectId: 'test-project' }, 'solana:GwayLocaL'))
    expect([url.origin, url.pathname, url.searchParams.get('chainId'), url.searchParams.get('projectId')]).toEqual(['http://127.0.0.1:8787', '/v1/', 'solana:GwayLocaL', 'test-project'])
    const solana = solanaLocalnet('http://127.0.0.1:8899', { caipNetworkId: 'solana:GwayLocaL' })
    expect(rpcEndpoints(solana, gateway)).toEqual(['http://127.0.0.1:8899', 'https://api.example.com/v1/?chainId=solana%3AGwayLocaL&projectId=p+1%26x'])
  })
})
