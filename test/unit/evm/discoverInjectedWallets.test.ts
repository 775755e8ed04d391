// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { discoverInjectedWallets } from '../../../src/adapters/evm/discoverInjectedWallets'

const provider = () => ({ request: async () => null, on() {}, removeListener() {} })
const announce = (info: Record<string, unknown>, p: unknown) =>
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: p } }))

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  delete (window as { ethereum?: unknown }).ethereum
})

describe('discoverInjectedWallets', () => {
  it('asks for EIP-6963 announcements and turns each into an ANNOUNCED connector keyed by rdns', () => {
    const p = provider()
    const answer = () => announce({ uuid: 'u1', name: 'Alpha', icon: 'data:image/svg+xml,a', rdns: 'io.alpha' }, p)
    window.addEventListener('eip6963:requestProvider', answer)
    cleanup.push(() => window.removeEventListener('eip6963:requestProvider', answer))
    const { wallets$, stop } = discoverInjectedWallets(window)
    cleanup.push(stop)
    expect(wallets$.value.map((w) => w.connector)).toEqual([
      { id: 'io.alpha', name: 'Alpha', chain: 'eip155', type: 'ANNOUNCED', installed: true, imageUrl: 'data:image/svg+xml,a', info: { rdns: 'io.alpha', name: 'Alpha', uuid: 'u1' } },
    ])
    expect(wallets$.value[0]?.provider).toBe(p)
  })

  it('deduplicates by rdns, takes later announcements, and ignores malformed ones', () => {
    const { wallets$, stop } = discoverInjectedWallets(window)
    cleanup.push(stop)
    const p = provider()
    announce({ uuid: 'u1', name: 'Alpha', icon: 'data:a', rdns: 'io.alpha' }, p)
    announce({ uuid: 'u1', name: 'Alpha', icon: 'data:a', rdns: 'io.alpha' }, p)
    announce({ uuid: 'u2', name: 'Beta', icon: 'data:b', rdns: 'io.beta' }, provider())
    announce({ uuid: 'u3', name: 'No rdns', icon: 'data:c' }, provider())
    announce({ uuid: 'u4', name: 'No provider', icon: 'data:d', rdns: 'io.broken' }, {})
    expect(wallets$.value.map((w) => w.connector.id)).toEqual(['io.alpha', 'io.beta'])
  })

  it('offers window.ethereum as INJECTED unless it is an announced wallet, or when turned off', () => {
    const legacy = Object.assign(provider(), { isMetaMask: true })
    ;(window as { ethereum?: unknown }).ethereum = legacy
    const first = discoverInjectedWallets(window)
    cleanup.push(first.stop)
    expect(first.wallets$.value.map((w) => [w.connector.id, w.connector.type, w.connector.name])).toEqual([['injected', 'INJECTED', 'MetaMask']])
    announce({ uuid: 'u1', name: 'MetaMask', icon: 'data:m', rdns: 'io.metamask' }, legacy)
    expect(first.wallets$.value.map((w) => w.connector.id)).toEqual(['io.metamask'])
    const off = discoverInjectedWallets(window, { legacyInjected: false })
    cleanup.push(off.stop)
    expect(off.wallets$.value).toEqual([])
  })

  it('picks up a window.ethereum injected later (ethereum#initialized)', () => {
    const { wallets$, stop } = discoverInjectedWallets(window)
    cleanup.push(stop)
    expect(wallets$.value).toEqual([])
    ;(window as { ethereum?: unknown }).ethereum = provider()
    window.dispatchEvent(new Event('ethereum#initialized'))
    expect(wallets$.value.map((w) => w.connector.name)).toEqual(['Browser Wallet'])
  })
})
