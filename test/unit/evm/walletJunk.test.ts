// @vitest-environment happy-dom
// What a wallet sends is checked before it reaches the core: junk events are reported as
// `ignored` (never thrown back into the wallet), junk answers fail the call with the spec's text.
import { afterEach, describe, expect, it } from 'vitest'
import { createEvmAdapter } from '../../../src/adapters/evm/createEvmAdapter'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import type { WalletProviderEvent } from '../../../src/core/ports'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { announceWallet, createFakeEip1193, FAKE_ADDRESS, FAKE_RDNS } from './fakeEip1193'

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
})

function setup(answers: Record<string, unknown> = {}) {
  const wallet = createFakeEip1193(answers)
  cleanup.push(announceWallet(window, wallet.provider))
  const adapter = createEvmAdapter({ window, discoveryTimeoutMs: 50, prefetch: false })
  return { wallet, adapter }
}

/** Subscribes to the adapter's events for the fake wallet, once it is connected. */
async function listen() {
  const { wallet, adapter } = setup()
  await adapter.connect(FAKE_RDNS)
  const seen: WalletProviderEvent[] = []
  const sub = adapter.events(FAKE_RDNS).subscribe((e) => seen.push(e))
  cleanup.push(() => sub.unsubscribe())
  await settle(2)
  return { wallet, seen }
}

describe('wallet events are checked', () => {
  it("chainChanged('0xzz'), '0x0', -1, NaN, 1.5 are ignored with a reason; hex and decimal chain ids are taken", async () => {
    const { wallet, seen } = await listen()
    for (const junk of ['0xzz', '0x0', -1, Number.NaN, 1.5, '', null, { chainId: 1 }, '0x20000000000000']) wallet.emit('chainChanged', junk)
    wallet.emit('chainChanged', '0x89')
    wallet.emit('chainChanged', 10)
    expect(seen.filter((e) => e.type === 'chainChanged')).toEqual([
      { type: 'chainChanged', caipNetworkId: 'eip155:137' },
      { type: 'chainChanged', caipNetworkId: 'eip155:10' },
    ])
    expect(seen.filter((e) => e.type === 'ignored')).toHaveLength(9)
    expect(seen[0]).toEqual({ type: 'ignored', event: 'chainChanged', reason: 'chain id "0xzz" is not a positive integer' })
  })

  it("accountsChanged(['0xnot-an-address']) never throws into the wallet's own listener, and is ignored", async () => {
    const { wallet, seen } = await listen()
    expect(() => wallet.emit('accountsChanged', ['0xnot-an-address'])).not.toThrow()
    // A mixed-case address with a wrong EIP-55 checksum is no address either.
    expect(() => wallet.emit('accountsChanged', ['0x70997970c51812DC3A010C7d01b50e0d17dc79C8'])).not.toThrow()
    expect(seen).toEqual([
      { type: 'ignored', event: 'accountsChanged', reason: 'account "0xnot-an-address" is not an address' },
      { type: 'ignored', event: 'accountsChanged', reason: 'account "0x70997970c51812DC3A010C7d01b50e0d17dc79C8" is not an address' },
    ])
  })

  it("accountsChanged('0x…') (a string, not an array) does not disconnect; [] still does; lowercase addresses are checksummed", async () => {
    const { wallet, seen } = await listen()
    wallet.emit('accountsChanged', FAKE_ADDRESS)
    wallet.emit('accountsChanged', [FAKE_ADDRESS.toLowerCase(), FAKE_ADDRESS])
    wallet.emit('accountsChanged', [])
    expect(seen).toEqual([
      { type: 'ignored', event: 'accountsChanged', reason: `accounts "${FAKE_ADDRESS}" is not an array` },
      { type: 'accountsChanged', accounts: [{ address: FAKE_ADDRESS, type: 'eoa' }] },
      { type: 'accountsChanged', accounts: [] },
    ])
  })

  it('a payload whose fields throw when read, and a junk connect event, are ignored', async () => {
    const { wallet, seen } = await listen()
    const hostile = new Proxy({}, { get: () => { throw new Error('gotcha') } })
    expect(() => wallet.emit('disconnect', hostile)).not.toThrow()
    expect(() => wallet.emit('connect', { chainId: 'nope' })).not.toThrow()
    wallet.emit('connect', { chainId: '0x1' })
    expect(seen).toEqual([
      { type: 'ignored', event: 'disconnect', reason: 'could not be read (Error)' },
      { type: 'ignored', event: 'connect', reason: 'chain id "nope" is not a positive integer' },
    ])
  })
})

describe('wallet answers are checked', () => {
  it.each([['0x0'], [-1], ['0xzz'], [null]])("a connect whose eth_chainId answers %j fails with 'Failed to connect'", async (chainId) => {
    const { adapter } = setup({ eth_chainId: chainId })
    await expect(adapter.connect(FAKE_RDNS)).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Failed to connect' })
    await expect(adapter.reconnect(FAKE_RDNS)).rejects.toMatchObject({ shortMessage: 'Failed to connect' })
  })

  it("accounts that are not an array of addresses fail the connect with 'Failed to connect'; a decimal chain id is taken", async () => {
    const { wallet, adapter } = setup({ eth_requestAccounts: FAKE_ADDRESS })
    await expect(adapter.connect(FAKE_RDNS)).rejects.toMatchObject({ shortMessage: 'Failed to connect' })
    wallet.answer('eth_requestAccounts', [])
    await expect(adapter.connect(FAKE_RDNS)).rejects.toMatchObject({ shortMessage: 'Failed to connect' })
    wallet.answer('eth_requestAccounts', [FAKE_ADDRESS.toLowerCase()])
    wallet.answer('eth_chainId', 137)
    expect(await adapter.connect(FAKE_RDNS)).toEqual({ accounts: [{ address: FAKE_ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:137' })
  })

  it("a signature that is not hex fails with 'Error signing message'", async () => {
    const { adapter } = setup({ personal_sign: 'signed!' })
    await adapter.connect(FAKE_RDNS)
    await expect(adapter.signMessage(FAKE_RDNS, { address: FAKE_ADDRESS, message: 'hi' })).rejects.toMatchObject({
      shortMessage: 'Error signing message',
      details: 'the wallet answered with junk: personal_sign: signature "signed!" is not a hex signature',
    })
  })
})

describe('through the modal', () => {
  const NETWORKS = [defineEvmNetwork({ id: 1, name: 'Ethereum', rpcUrl: 'http://127.0.0.1:1' })]

  it("chainChanged('0xzz') changes nothing and shows as connection/walletEventIgnored; the modal stays closed", async () => {
    const { wallet, adapter } = setup()
    const { modal } = await createTestModal({ adapters: [adapter], networks: NETWORKS })
    const log: { type: string }[] = []
    const sub = modal.event$.subscribe((e) => log.push(e))
    await modal.connect(FAKE_RDNS)
    await settle()
    const before = modal.getState()
    expect(before.modal.open).toBe(false)
    wallet.emit('chainChanged', '0xzz')
    wallet.emit('accountsChanged', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await settle()
    sub.unsubscribe()
    const after = modal.getState()
    expect(after.modal.open).toBe(false)
    expect(after.connection).toEqual(before.connection)
    expect(JSON.stringify(after)).not.toContain('NaN')
    expect(log.filter((e) => e.type === 'connection/walletEventIgnored')).toMatchObject([
      { payload: { namespace: 'eip155', connectorId: FAKE_RDNS, event: 'chainChanged', reason: 'chain id "0xzz" is not a positive integer' } },
      { payload: { connectorId: FAKE_RDNS, event: 'accountsChanged' } },
    ])
    modal.destroy()
  })
})
