// The WalletConnect session's events are checked like an injected wallet's: junk is reported as
// `ignored`, and no listener throws back into the provider.
import { describe, expect, it } from 'vitest'
import { createWalletConnectAdapter } from '../../../src/adapters/walletconnect/createWalletConnectAdapter'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import type { WalletProviderEvent } from '../../../src/core/ports'
import { createFakeProvider } from './fakeProvider'

const NETWORKS = [defineEvmNetwork({ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545' })]
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

async function listen() {
  const fake = createFakeProvider()
  const adapter = createWalletConnectAdapter({ projectId: 'test', networks: NETWORKS, loadProvider: async () => fake.provider })
  const seen: WalletProviderEvent[] = []
  const sub = adapter.events('walletConnect').subscribe((e) => seen.push(e))
  while (fake.listenerCount('chainChanged') === 0) await new Promise((r) => setTimeout(r, 1))
  return { fake, seen, adapter, stop: () => sub.unsubscribe() }
}

describe('WalletConnect session events', () => {
  it('junk chain ids are ignored; numbers, hex and CAIP-2 ids are taken', async () => {
    const { fake, seen, stop } = await listen()
    for (const junk of ['0xzz', 0, -1, Number.NaN, 'eip155:0', 'eip155:abc', 'solana:1', null]) expect(() => fake.emit('chainChanged', junk)).not.toThrow()
    fake.emit('chainChanged', 137)
    fake.emit('chainChanged', '0xa')
    fake.emit('chainChanged', 'eip155:31337')
    stop()
    expect(seen.filter((e) => e.type === 'chainChanged').map((e) => (e as { caipNetworkId: string }).caipNetworkId)).toEqual(['eip155:137', 'eip155:10', 'eip155:31337'])
    expect(seen.filter((e) => e.type === 'ignored')).toHaveLength(8)
    expect(seen[0]).toEqual({ type: 'ignored', event: 'chainChanged', reason: 'chain id "0xzz" is not a positive integer' })
  })

  it("accountsChanged(['0xnot-an-address']) and a string never throw into the provider and are ignored; CAIP-10 accounts are taken", async () => {
    const { fake, seen, stop } = await listen()
    expect(() => fake.emit('accountsChanged', ['0xnot-an-address'])).not.toThrow()
    expect(() => fake.emit('accountsChanged', ADDRESS)).not.toThrow()
    fake.emit('accountsChanged', [`eip155:31337:${ADDRESS.toLowerCase()}`])
    stop()
    expect(seen).toEqual([
      { type: 'ignored', event: 'accountsChanged', reason: 'account "0xnot-an-address" is not an address' },
      { type: 'ignored', event: 'accountsChanged', reason: `accounts "${ADDRESS}" is not an array` },
      { type: 'accountsChanged', accounts: [{ address: ADDRESS, type: 'eoa' }] },
    ])
  })

  it('a session update keeps only valid accounts and chains', async () => {
    const { fake, seen, stop } = await listen()
    fake.provider.session = {
      topic: 't',
      namespaces: { eip155: { chains: ['eip155:0', 'eip155:31337'], accounts: ['eip155:31337:0xnot-an-address', `eip155:NaN:${ADDRESS}`, `eip155:31337:${ADDRESS}`], methods: [], events: [] } },
    }
    fake.emit('session_update')
    stop()
    expect(seen).toEqual([{ type: 'accountsChanged', accounts: [{ address: ADDRESS, type: 'eoa' }] }])
  })

  it("a reconnect whose eth_chainId is junk restores nothing", async () => {
    const fake = createFakeProvider()
    const adapter = createWalletConnectAdapter({ projectId: 'test', networks: NETWORKS, loadProvider: async () => fake.provider })
    fake.provider.session = fake.session([ADDRESS], ['eip155:31337'])
    // The fake answers eth_chainId with 0 until a default chain is set.
    expect(await adapter.reconnect('walletConnect')).toBeNull()
    fake.provider.setDefaultChain('eip155:31337')
    expect(await adapter.reconnect('walletConnect')).toEqual({
      accounts: [{ address: ADDRESS, type: 'eoa' }],
      caipNetworkId: 'eip155:31337',
      networks: { requested: NETWORKS.map((x) => x.caipNetworkId), approved: ['eip155:31337'], supportsAllNetworks: false },
    })
  })

  it('a wallet that approved adding a chain takes networks beyond those it approved', async () => {
    const fake = createFakeProvider()
    const adapter = createWalletConnectAdapter({ projectId: 'test', networks: NETWORKS, loadProvider: async () => fake.provider })
    const session = fake.session([ADDRESS], ['eip155:31337'])
    session.namespaces.eip155!.methods.push('wallet_addEthereumChain')
    fake.provider.session = session
    fake.provider.setDefaultChain('eip155:31337')
    expect((await adapter.reconnect('walletConnect'))?.networks).toEqual({ requested: NETWORKS.map((x) => x.caipNetworkId), approved: ['eip155:31337'], supportsAllNetworks: true })
  })
})
