// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { discoverInjectedWallets, MAX_ANNOUNCED_WALLETS } from '../../../../src/adapters/evm/discoverInjectedWallets'

const provider = () => ({ request: async () => null, on() {}, removeListener() {} })
const announce = (info: Record<string, unknown>, p: unknown) =>
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: p } }))
/** Later announcements are published together on the next animation frame. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  delete (window as { ethereum?: unknown }).ethereum
})

function discover(options: { legacyInjected?: boolean } = {}) {
  const discovery = discoverInjectedWallets(window, options)
  cleanup.push(discovery.stop)
  return discovery
}

describe('discoverInjectedWallets', () => {
  it('asks for EIP-6963 announcements and turns each into an ANNOUNCED connector keyed by rdns, at once', () => {
    const p = provider()
    const answer = () => announce({ uuid: 'u1', name: 'Alpha', icon: 'data:image/svg+xml,a', rdns: 'io.alpha' }, p)
    window.addEventListener('eip6963:requestProvider', answer)
    cleanup.push(() => window.removeEventListener('eip6963:requestProvider', answer))
    const { wallets$ } = discover()
    expect(wallets$.value.map((w) => w.connector)).toEqual([
      { id: 'io.alpha', name: 'Alpha', chain: 'eip155', type: 'ANNOUNCED', installed: true, imageUrl: 'data:image/svg+xml,a', info: { rdns: 'io.alpha', name: 'Alpha', uuid: 'u1' } },
    ])
    expect(wallets$.value[0]?.provider).toBe(p)
  })

  it('deduplicates by rdns, takes later announcements, and ignores malformed ones', async () => {
    const { wallets$, find } = discover()
    const p = provider()
    announce({ uuid: 'u1', name: 'Alpha', icon: 'data:image/png;base64,AA', rdns: 'io.alpha' }, p)
    announce({ uuid: 'u1', name: 'Alpha', icon: 'data:image/png;base64,AA', rdns: 'io.alpha' }, p)
    announce({ uuid: 'u2', name: 'Beta', icon: 'https://beta.example/icon.svg', rdns: 'io.beta' }, provider())
    announce({ uuid: 'u3', name: 'No rdns', icon: 'data:image/png;base64,AA' }, provider())
    announce({ uuid: 'u4', name: 'No provider', icon: 'data:image/png;base64,AA', rdns: 'io.broken' }, {})
    announce({ uuid: 'u5', name: 'Not a domain', rdns: 'no spaces allowed' }, provider())
    announce({ uuid: 'u6', name: 'x'.repeat(101), rdns: 'io.longname' }, provider())
    announce({ uuid: 7, name: 'Numeric uuid', rdns: 'io.numeric' }, provider())
    announce({ uuid: 'u8', name: 'Request is no function', rdns: 'io.norequest' }, { request: 'yes' })
    // Found at once for a caller waiting on one wallet, published in the next frame.
    expect(find('io.beta')?.connector.name).toBe('Beta')
    await nextFrame()
    expect(wallets$.value.map((w) => w.connector.id)).toEqual(['io.alpha', 'io.beta'])
    expect(wallets$.value[1]?.connector.imageUrl).toBe('https://beta.example/icon.svg')
  })

  it('keeps a wallet whose icon is not an image data URI or https, without the icon', async () => {
    const { wallets$ } = discover()
    announce({ uuid: 'u1', name: 'Script', icon: 'javascript:alert(1)', rdns: 'io.script' }, provider())
    announce({ uuid: 'u2', name: 'Plain', icon: 'http://tracker.example/pixel.png', rdns: 'io.plain' }, provider())
    announce({ uuid: 'u3', name: 'Html', icon: 'data:text/html,<script>1</script>', rdns: 'io.html' }, provider())
    await nextFrame()
    expect(wallets$.value.map((w) => [w.connector.id, w.connector.imageUrl])).toEqual([
      ['io.script', undefined],
      ['io.plain', undefined],
      ['io.html', undefined],
    ])
  })

  it('a flood of 1,000 announcements is published a bounded number of times and capped', async () => {
    const { wallets$ } = discover()
    const emissions: number[] = []
    const sub = wallets$.subscribe((list) => emissions.push(list.length))
    const started = performance.now()
    for (let i = 0; i < 1_000; i++) announce({ uuid: `u${i}`, name: `Wallet ${i}`, icon: 'data:image/png;base64,AA', rdns: `io.flood${i}` }, provider())
    await nextFrame()
    const elapsed = performance.now() - started
    sub.unsubscribe()
    // The initial empty list, then one list for the whole flood.
    expect(emissions).toEqual([0, MAX_ANNOUNCED_WALLETS])
    expect(wallets$.value.map((w) => w.connector.id).slice(0, 2)).toEqual(['io.flood0', 'io.flood1'])
    // Loose: it was 5–19 s when each announcement republished the whole list.
    expect(elapsed).toBeLessThan(2_000)
    // A wallet already kept may still update itself past the cap; a new one may not.
    announce({ uuid: 'u0', name: 'Renamed', icon: 'data:image/png;base64,AA', rdns: 'io.flood0' }, provider())
    announce({ uuid: 'new', name: 'Late', icon: 'data:image/png;base64,AA', rdns: 'io.late' }, provider())
    await nextFrame()
    expect(wallets$.value[0]?.connector.name).toBe('Renamed')
    expect(wallets$.value.some((w) => w.connector.id === 'io.late')).toBe(false)
  })

  it('an announcement whose fields throw when read is ignored and the page goes on', async () => {
    const { wallets$ } = discover()
    const hostile = new Proxy({}, { get: () => { throw new Error('gotcha') } })
    expect(() => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: hostile }))).not.toThrow()
    announce({ uuid: 'u1', name: 'Alpha', rdns: 'io.alpha' }, provider())
    await nextFrame()
    expect(wallets$.value.map((w) => w.connector.id)).toEqual(['io.alpha'])
  })

  it('offers window.ethereum as INJECTED unless it is an announced wallet, or when turned off', async () => {
    const legacy = Object.assign(provider(), { isMetaMask: true })
    ;(window as { ethereum?: unknown }).ethereum = legacy
    const first = discover()
    expect(first.wallets$.value.map((w) => [w.connector.id, w.connector.type, w.connector.name])).toEqual([['injected', 'INJECTED', 'MetaMask']])
    expect(first.find('injected')?.provider).toBe(legacy)
    announce({ uuid: 'u1', name: 'MetaMask', icon: 'data:image/png;base64,AA', rdns: 'io.metamask' }, legacy)
    await nextFrame()
    expect(first.wallets$.value.map((w) => w.connector.id)).toEqual(['io.metamask'])
    const off = discover({ legacyInjected: false })
    expect(off.wallets$.value).toEqual([])
  })

  it('picks up a window.ethereum injected later (ethereum#initialized)', async () => {
    const { wallets$ } = discover()
    expect(wallets$.value).toEqual([])
    ;(window as { ethereum?: unknown }).ethereum = provider()
    window.dispatchEvent(new Event('ethereum#initialized'))
    await nextFrame()
    expect(wallets$.value.map((w) => w.connector.name)).toEqual(['Browser Wallet'])
  })
})
