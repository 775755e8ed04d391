import { describe, expect, it } from 'vitest'
import { defineBitcoinNetwork, REGTEST_GENESIS } from '../../../../src/adapters/bitcoin/defineBitcoinNetwork'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { sessionGrant, sessionNamespaces, startChain } from '../../../../src/adapters/walletconnect/sessionNamespaces'
import type { Network } from '../../../../src/core/domain/entities'

const local = defineEvmNetwork({ id: 31337, name: 'Local', rpcUrl: ['http://127.0.0.1:8545', 'http://127.0.0.1:9545'] })
const local2 = defineEvmNetwork({ id: 31338, name: 'Local 2', rpcUrl: 'http://127.0.0.1:8546' })
const solana: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('sessionNamespaces (spec §3: methods, events, chains, rpcMap)', () => {
  it('one namespace per chain namespace, chains in the host order, the first RPC URL per chain', () => {
    const namespaces = sessionNamespaces([local2, local, solana, local])
    expect(Object.keys(namespaces)).toEqual(['eip155', 'solana'])
    expect(namespaces.eip155).toEqual({
      methods: [
        'personal_sign',
        'eth_signTypedData_v4',
        'eth_sendTransaction',
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_getCapabilities',
        'wallet_sendCalls',
        'wallet_getCallsStatus',
        'wallet_showCallsStatus',
        'wallet_requestExecutionPermissions',
        'wallet_revokeExecutionPermission',
        'wallet_getGrantedExecutionPermissions',
        'wallet_getSupportedExecutionPermissions',
        'wallet_grantPermissions',
        'wallet_revokePermissions',
      ],
      events: ['accountsChanged', 'chainChanged'],
      chains: ['eip155:31338', 'eip155:31337'],
      rpcMap: { '31338': 'http://127.0.0.1:8546', '31337': 'http://127.0.0.1:8545' },
    })
    expect(namespaces.solana).toMatchObject({ chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], rpcMap: { '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'http://127.0.0.1:8899' } })
  })

  it('no networks, no namespaces', () => {
    expect(sessionNamespaces([])).toEqual({})
  })
})

describe('sessionGrant', () => {
  it('reads checksummed accounts once and the approved chains', () => {
    const grant = sessionGrant(
      { eip155: { chains: ['eip155:31337', 'eip155:31338'], accounts: [`eip155:31337:${ADDRESS.toLowerCase()}`, `eip155:31338:${ADDRESS}`] } },
      'eip155',
    )
    expect(grant).toEqual({ accounts: [ADDRESS], chains: ['eip155:31337', 'eip155:31338'] })
  })

  it('takes the chains from the accounts when the namespace lists none, and inline chain keys', () => {
    expect(sessionGrant({ 'eip155:5': { accounts: [`eip155:5:${ADDRESS}`] } }, 'eip155')).toEqual({ accounts: [ADDRESS], chains: ['eip155:5'] })
    expect(sessionGrant({ solana: { accounts: ['solana:abc:Addr'] } }, 'eip155')).toEqual({ accounts: [], chains: [] })
    expect(sessionGrant(undefined, 'eip155')).toEqual({ accounts: [], chains: [] })
  })
})

describe('startChain', () => {
  it("prefers the host's order among approved chains, else the first approved", () => {
    expect(startChain(['eip155:31338', 'eip155:31337'], ['eip155:31337', 'eip155:31338'])).toBe('eip155:31337')
    expect(startChain(['eip155:5'], ['eip155:31337'])).toBe('eip155:5')
    expect(startChain([], ['eip155:31337'])).toBeNull()
  })
})

describe('the bip122 namespace', () => {
  const regtest = defineBitcoinNetwork({ genesisHash: REGTEST_GENESIS, name: 'Regtest', rpcUrl: 'http://127.0.0.1:3002', kind: 'regtest' })
  const payment = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'

  it('Bitcoin networks add it with the Bitcoin methods, the Esplora URL in rpcMap by reference', () => {
    const namespaces = sessionNamespaces([local, regtest])
    expect(Object.keys(namespaces)).toEqual(['eip155', 'bip122'])
    expect(namespaces.bip122).toEqual({
      methods: ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'],
      events: ['accountsChanged', 'chainChanged'],
      chains: ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328'],
      rpcMap: { '0f9188f13cb7b2c71f2a335e3a4fc328': 'http://127.0.0.1:3002' },
    })
  })

  it('a grant keeps genesis-hash chains and address-shaped accounts only', () => {
    const grant = sessionGrant(
      {
        bip122: {
          chains: ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'bip122:nothex', 'bip122:0F9188'],
          accounts: [`bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${payment}`, 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328:bc1<script>', 'bip122:xyz:bcrt1qabc'],
        },
      },
      'bip122',
    )
    expect(grant).toEqual({ accounts: [payment], chains: ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328'] })
  })
})
