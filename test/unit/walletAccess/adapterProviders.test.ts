// @vitest-environment happy-dom
// The adapters hand out the EIP-1193 provider of a connector: the announced wallet's own for
// injected wallets, the universal provider's EIP-155 side for WalletConnect.
import { afterEach, describe, expect, it } from 'vitest'
import { createEvmAdapter } from '../../../src/adapters/evm/createEvmAdapter'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import { createWalletConnectAdapter } from '../../../src/adapters/walletconnect/createWalletConnectAdapter'
import { createLazyWalletConnectAdapter } from '../../../src/adapters/walletconnect/createLazyWalletConnectAdapter'
import type { ChainAdapter, EvmCapabilities } from '../../../src/core/ports'
import { announceWallet, createFakeEip1193, FAKE_RDNS } from '../evm/fakeEip1193'
import { createFakeProvider } from '../wcAdapter/fakeProvider'

const NETWORKS = [
  defineEvmNetwork({ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545' }),
  defineEvmNetwork({ id: 31338, name: 'Local 2', rpcUrl: 'http://127.0.0.1:8546' }),
]
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
})

const evm = (adapter: ChainAdapter): EvmCapabilities => adapter.evm!

function injected() {
  const wallet = createFakeEip1193()
  cleanup.push(announceWallet(window, wallet.provider))
  return { wallet, adapter: createEvmAdapter({ window, discoveryTimeoutMs: 50, prefetch: false }) }
}

describe('the EVM adapter', () => {
  it("hands out the announced wallet's own provider by connector id, without asking the wallet anything", async () => {
    const { wallet, adapter } = injected()
    expect(await evm(adapter).getProvider!(FAKE_RDNS)).toBe(wallet.provider)
    expect(wallet.requests).toEqual([])
  })

  it('an unknown connector has no provider', async () => {
    const { adapter } = injected()
    await expect(evm(adapter).getProvider!('io.nowhere')).resolves.toBeUndefined()
  })
})

function walletConnect(inner?: ChainAdapter) {
  const fake = createFakeProvider()
  let loads = 0
  const options = {
    projectId: 'test',
    networks: NETWORKS,
    prefetch: false,
    loadProvider: async () => {
      loads += 1
      return fake.provider
    },
  }
  return { fake, options, loads: () => loads, adapter: createWalletConnectAdapter(options, inner) }
}

async function connectWalletConnect(t: ReturnType<typeof walletConnect>) {
  const connecting = t.adapter.connect('walletConnect')
  await expect.poll(() => t.fake.pending.length).toBe(1)
  t.fake.pending[0]!.approve(t.fake.session([ADDRESS], ['eip155:31337', 'eip155:31338']))
  return connecting
}

describe('the WalletConnect adapter', () => {
  it('has no provider before a session, and asking does not load the SDK', async () => {
    const t = walletConnect()
    await expect(evm(t.adapter).getProvider!('walletConnect')).resolves.toBeUndefined()
    expect(t.loads()).toBe(0)
  })

  it("hands out the session's EIP-1193 provider: one object, eth_chainId in hex, requests on the session's current chain", async () => {
    const t = walletConnect()
    await connectWalletConnect(t)
    const provider = (await evm(t.adapter).getProvider!('walletConnect'))!
    expect(provider).toBeDefined()
    expect(await evm(t.adapter).getProvider!('walletConnect')).toBe(provider)
    // The SDK answers eth_chainId with a number; EIP-1193 (and viem's chain check) want hex.
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    await t.adapter.switchNetwork('walletConnect', NETWORKS[1]!)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }] })
    expect(hash).toBe(`0x${'11'.repeat(32)}`)
    // No chain given: the SDK sends it on its default chain, the one the session stands on.
    expect(t.fake.requests.at(-1)).toEqual({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }], chain: undefined })
  })

  it("passes the wallet's refusal through as the wallet sent it", async () => {
    const t = walletConnect()
    await connectWalletConnect(t)
    const provider = (await evm(t.adapter).getProvider!('walletConnect'))!
    const refusal = Object.assign(new Error('User rejected.'), { code: 5000 })
    t.fake.provider.request = async () => {
      throw refusal
    }
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })).rejects.toBe(refusal)
  })

  it('listeners reach the universal provider', async () => {
    const t = walletConnect()
    await connectWalletConnect(t)
    const provider = (await evm(t.adapter).getProvider!('walletConnect'))!
    const seen: unknown[] = []
    const listener = (chain: unknown) => seen.push(chain)
    const before = t.fake.listenerCount('chainChanged')
    provider.on!('chainChanged', listener)
    expect(t.fake.listenerCount('chainChanged')).toBe(before + 1)
    t.fake.emit('chainChanged', 31338)
    expect(seen).toEqual([31338])
    provider.removeListener!('chainChanged', listener)
    expect(t.fake.listenerCount('chainChanged')).toBe(before)
  })

  it('has no provider once the session is gone', async () => {
    const t = walletConnect()
    await connectWalletConnect(t)
    await t.adapter.disconnect('walletConnect')
    await expect(evm(t.adapter).getProvider!('walletConnect')).resolves.toBeUndefined()
  })

  it("other connectors are the inner EVM adapter's", async () => {
    const { wallet, adapter: inner } = injected()
    const t = walletConnect(inner)
    expect(await evm(t.adapter).getProvider!(FAKE_RDNS)).toBe(wallet.provider)
    expect(t.loads()).toBe(0)
  })
})

describe('the lazy WalletConnect adapter', () => {
  it('asking before anything loaded answers undefined and loads nothing; inner connectors are answered at once', async () => {
    const { wallet, adapter: inner } = injected()
    const t = walletConnect()
    let imports = 0
    const lazy = createLazyWalletConnectAdapter(
      {
        ...t.options,
        loadProvider: async () => {
          imports += 1
          return t.fake.provider
        },
      },
      inner,
    )
    await expect(evm(lazy).getProvider!('walletConnect')).resolves.toBeUndefined()
    expect(await evm(lazy).getProvider!(FAKE_RDNS)).toBe(wallet.provider)
    expect(imports).toBe(0)

    const connecting = lazy.connect('walletConnect')
    await expect.poll(() => t.fake.pending.length).toBe(1)
    t.fake.pending[0]!.approve(t.fake.session([ADDRESS], ['eip155:31337']))
    await connecting
    const provider = await evm(lazy).getProvider!('walletConnect')
    expect(await provider!.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(imports).toBe(1)
  })
})
