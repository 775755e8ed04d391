// Solana network data: CAIP-2 ids from genesis hashes, the public clusters, a local validator, and
// the chain ids Wallet Standard wallets use for them.
import { describe, expect, it } from 'vitest'
import {
  caipNetworkIdOfWalletChain,
  defineSolanaNetwork,
  SOLANA_DEVNET_ID,
  SOLANA_MAINNET_ID,
  SOLANA_TESTNET_ID,
  solanaDevnet,
  solanaLocalnet,
  solanaMainnet,
  solanaTestnet,
  walletChainsOf,
} from '../../../../src/adapters/solana/defineSolanaNetwork'
import { InvalidCaipNetworkIdError } from '../../../../src/core/errors/domain'

describe('Solana networks', () => {
  it('the public clusters carry the CAIP-2 ids of their genesis hashes (first 32 characters), SOL with 9 decimals', () => {
    expect([solanaMainnet, solanaDevnet, solanaTestnet].map((n) => [n.caipNetworkId, n.id, n.testnet])).toEqual([
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', false],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', true],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', true],
    ])
    expect([SOLANA_MAINNET_ID, SOLANA_DEVNET_ID, SOLANA_TESTNET_ID]).toEqual([solanaMainnet, solanaDevnet, solanaTestnet].map((n) => n.caipNetworkId))
    expect(solanaMainnet).toMatchObject({ chainNamespace: 'solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } })
  })

  it('the public clusters are what defineSolanaNetwork makes of their genesis hashes (valid base58 of 32 bytes)', () => {
    const genesis = {
      mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
      devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
      testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY',
    }
    for (const [network, hash] of [[solanaMainnet, genesis.mainnet], [solanaDevnet, genesis.devnet], [solanaTestnet, genesis.testnet]] as const) {
      const options = { name: network.name, rpcUrl: network.rpcUrls.default.http[0]!, wsUrl: network.rpcUrls.default.webSocket![0]!, blockExplorer: network.blockExplorers!.default, testnet: network.testnet! }
      expect(defineSolanaNetwork({ genesisHash: hash, ...options })).toEqual(network)
    }
  })

  it('defineSolanaNetwork derives the id from a genesis hash and refuses one that is not 32 bytes of base58', () => {
    const genesis = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'
    const n = defineSolanaNetwork({ genesisHash: genesis, name: 'Devnet', rpcUrl: 'https://rpc.example' })
    expect(n.caipNetworkId).toBe(`solana:${genesis.slice(0, 32)}`)
    expect(n.rpcUrls.default).toEqual({ http: ['https://rpc.example'] })
    for (const bad of ['', 'short', `${genesis}0`, genesis.replace('E', '0'), 'O'.repeat(44)]) {
      expect(() => defineSolanaNetwork({ genesisHash: bad, name: 'x', rpcUrl: 'https://rpc.example' })).toThrow(InvalidCaipNetworkIdError)
    }
    expect(defineSolanaNetwork({ id: 'my-cluster', name: 'x', rpcUrl: 'https://r' }).caipNetworkId).toBe('solana:my-cluster')
    for (const bad of ['', 'a:b', 'x'.repeat(33), 'with space']) expect(() => defineSolanaNetwork({ id: bad, name: 'x', rpcUrl: 'https://r' })).toThrow(InvalidCaipNetworkIdError)
  })

  it('solanaLocalnet: PubSub on the next port, the validator\'s CAIP-2 id or `localnet`, and wallets know it as solana:localnet', () => {
    const local = solanaLocalnet('http://127.0.0.1:8899', { caipNetworkId: 'solana:2EPTjCbpZFdiRDpjoRB4MxbTsVktZbGr' })
    expect(local).toMatchObject({
      id: '2EPTjCbpZFdiRDpjoRB4MxbTsVktZbGr',
      caipNetworkId: 'solana:2EPTjCbpZFdiRDpjoRB4MxbTsVktZbGr',
      testnet: true,
      rpcUrls: { default: { http: ['http://127.0.0.1:8899'], webSocket: ['ws://127.0.0.1:8900'] } },
    })
    expect(solanaLocalnet('http://localhost:1234').caipNetworkId).toBe('solana:localnet')
    expect(() => solanaLocalnet('http://127.0.0.1:8899', { caipNetworkId: 'eip155:1' })).toThrow(InvalidCaipNetworkIdError)
    expect(walletChainsOf(local)).toEqual(['solana:2EPTjCbpZFdiRDpjoRB4MxbTsVktZbGr', 'solana:localnet'])
  })

  it('maps Wallet Standard chain ids to CAIP-2 and back', () => {
    expect(walletChainsOf(solanaDevnet)).toEqual([SOLANA_DEVNET_ID, 'solana:devnet'])
    expect(walletChainsOf(solanaMainnet)).toEqual([SOLANA_MAINNET_ID, 'solana:mainnet'])
    expect(['solana:mainnet', 'solana:devnet', 'solana:testnet', SOLANA_MAINNET_ID, 'solana:localnet', 'sui:mainnet', 'solana:', 'solana:a:b'].map(caipNetworkIdOfWalletChain)).toEqual([
      SOLANA_MAINNET_ID,
      SOLANA_DEVNET_ID,
      SOLANA_TESTNET_ID,
      SOLANA_MAINNET_ID,
      null,
      null,
      null,
      null,
    ])
  })
})
