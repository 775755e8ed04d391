import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { InvalidInputError } from '../../../../src/core/errors/base'

const refusal = (options: unknown): string => {
  try {
    defineEvmNetwork(options as Parameters<typeof defineEvmNetwork>[0])
    return 'accepted'
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError)
    return (error as Error).message
  }
}

const good = { id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' }

describe('defineEvmNetwork', () => {
  it('builds spec §3 Network data from the facts a host has', () => {
    expect(defineEvmNetwork({ ...good, rpcUrl: ['https://a.example', 'http://127.0.0.1:8545'], blockExplorer: { name: 'Scan', url: 'https://scan.example' } })).toMatchObject({
      id: 8453,
      caipNetworkId: 'eip155:8453',
      chainNamespace: 'eip155',
      rpcUrls: { default: { http: ['https://a.example', 'http://127.0.0.1:8545'] } },
      blockExplorers: { default: { url: 'https://scan.example' } },
    })
  })

  it('refuses, where it is written, what would otherwise connect a wallet whose balances never appear', () => {
    expect(refusal({ ...good, rpcUrl: 'mainnet.base.org' })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork rpcUrl must be an http(s) URL, got "mainnet.base.org""`)
    expect(refusal({ ...good, rpcUrl: 'htps://mainnet.base.org' })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork rpcUrl must be an http(s) URL, got "htps://mainnet.base.org""`)
    expect(refusal({ ...good, rpcUrl: '' })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork rpcUrl must be an http(s) URL, got """`)
    expect(refusal({ ...good, rpcUrl: 'wss://mainnet.base.org' })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork rpcUrl must be an http(s) URL, got "wss://mainnet.base.org""`)
    expect(refusal({ ...good, rpcUrl: [] })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork rpcUrl must name at least one http(s) URL"`)
    expect(refusal({ ...good, rpcUrl: ['https://a.example', 'b.example'] })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork rpcUrl[1] must be an http(s) URL, got "b.example""`)
    expect(refusal({ ...good, id: '8453' })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork id must be a positive integer (the chain id), got "8453""`)
    expect(refusal({ ...good, id: -1 })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork id must be a positive integer (the chain id), got -1"`)
    expect(refusal({ ...good, id: 1.5 })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork id must be a positive integer (the chain id), got 1.5"`)
    // An id no template string can hold (its toString is no function) is refused by field too, never a TypeError.
    expect(refusal({ ...good, id: { toString: '' } })).toMatch(/^Invalid options: defineEvmNetwork id must be a positive integer/)
    expect(refusal({ ...good, name: '' })).toMatchInlineSnapshot(`"Invalid options: defineEvmNetwork name must be a non-empty string, got """`)
  })
})
