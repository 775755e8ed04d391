import { createPublicClient, defineChain } from 'viem'
import { base, sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from '../../../src/evm'
import { networksFromChains } from '../../../src/wagmi'
import { InvalidInputError } from '../../../src/core/errors/base'
import { createTestModal } from '../../support/testModal'
import { evmTransport } from '../../../src/adapters/evm/evmTransport'

describe('networksFromChains', () => {
  it("is the chains as Gangway networks, in wagmi's order: CAIP id, RPC URLs, currency, explorer, testnet flag", () => {
    const [b, s] = networksFromChains([base, sepolia])
    expect(b).toEqual(
      defineEvmNetwork({
        id: 8453,
        name: 'Base',
        rpcUrl: [...base.rpcUrls.default.http],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        blockExplorer: { name: base.blockExplorers.default.name, url: base.blockExplorers.default.url },
      }),
    )
    expect(b).toMatchObject({ caipNetworkId: 'eip155:8453', chainNamespace: 'eip155' })
    expect(s).toMatchObject({ id: 11155111, caipNetworkId: 'eip155:11155111', testnet: true, nativeCurrency: { symbol: 'ETH', decimals: 18 } })
  })

  it('keeps a chain’s WebSocket URLs and its own currency; copies, so the chain object is never shared', () => {
    const chain = defineChain({
      id: 31338,
      name: 'Local Two',
      nativeCurrency: { name: 'Gas', symbol: 'GAS', decimals: 6 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8546'], webSocket: ['ws://127.0.0.1:8546'] } },
    })
    const [network] = networksFromChains([chain])
    expect(network).toEqual({
      id: 31338,
      name: 'Local Two',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31338',
      nativeCurrency: { name: 'Gas', symbol: 'GAS', decimals: 6 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8546'], webSocket: ['ws://127.0.0.1:8546'] }, chainDefault: { http: ['http://127.0.0.1:8546'] } },
    })
    network!.rpcUrls.default.http.push('http://elsewhere')
    expect(chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:8546'])
  })

  it('the networks are ones createModal accepts', async () => {
    const { modal } = await createTestModal({ networks: networksFromChains([base, sepolia]) })
    expect(modal.getState().settings.networks?.map((n) => n.caipNetworkId)).toEqual(['eip155:8453', 'eip155:11155111'])
  })

  it('a chain without an id, a name, an RPC URL or a currency is an InvalidInputError naming it', () => {
    const good = { ...base }
    const cases: [unknown, string][] = [
      [[{ ...good, id: 0 }], 'chains[0].id'],
      [[good, { ...good, id: 1.5 }], 'chains[1].id'],
      [[{ ...good, name: '' }], 'chains[0].name'],
      [[{ ...good, rpcUrls: { default: { http: [] } } }], 'chains[0].rpcUrls.default.http'],
      [[{ ...good, nativeCurrency: undefined }], 'chains[0].nativeCurrency'],
      [[null], 'chains[0]'],
      ['base', 'array'],
    ]
    for (const [chains, named] of cases) {
      let error: unknown
      try {
        networksFromChains(chains as never)
      } catch (e) {
        error = e
      }
      expect(error, named).toBeInstanceOf(InvalidInputError)
      expect((error as InvalidInputError).shortMessage).toBe('Invalid networksFromChains arguments')
      expect((error as InvalidInputError).details, named).toContain(named)
    }
  })

  it("every RPC URL of a wagmi chain is read through, with the modal's fallback: a dead first one does not stall reads", async () => {
    const chain = defineChain({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/', 'http://127.0.0.1:8545/'] } } })
    const [network] = networksFromChains([chain])
    const asked: string[] = []
    const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      asked.push(url)
      if (url.startsWith('http://127.0.0.1:9')) throw new TypeError('fetch failed')
      const body = JSON.parse(String(init?.body)) as { id: number } | { id: number }[]
      const answer = (r: { id: number }) => ({ jsonrpc: '2.0', id: r.id, result: '0x2a' })
      return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)), { headers: { 'content-type': 'application/json' } })
    }
    const client = createPublicClient({ transport: evmTransport(network!, undefined, { rankIntervalMs: 60_000, idleMs: 0 }, fetchFn) })
    expect(await client.getBlockNumber()).toBe(42n)
    expect(asked).toEqual(['http://127.0.0.1:9/', 'http://127.0.0.1:8545/'])
  })
})
