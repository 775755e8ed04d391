// The EVM adapter's viem part is its own chunk: nothing of it loads while the page loads, it is
// prefetched once the page is idle, and `prefetch: false` leaves it to the first wallet call.
import { describe, expect, it } from 'vitest'
import { createEvmAdapter } from '../../../src/adapters/evm/createEvmAdapter'
import { pageIdle } from '../../../src/adapters/pageIdle'
import { announceWallet, createFakeEip1193, FAKE_RDNS } from './fakeEip1193'

/** A page still loading: its `load` event is the test's to fire. */
function loadingPage() {
  const document = { readyState: 'loading' }
  const page = Object.assign(new EventTarget(), { document, setTimeout: globalThis.setTimeout.bind(globalThis) })
  return Object.assign(page, {
    finishLoading() {
      document.readyState = 'complete'
      page.dispatchEvent(new Event('load'))
    },
  }) as unknown as Window & { finishLoading(): void }
}

/** Whether the viem part is loaded: then listening to a wallet attaches its listeners at once. */
function listensAtOnce(adapter: ReturnType<typeof createEvmAdapter>, wallet: ReturnType<typeof createFakeEip1193>): boolean {
  const sub = adapter.events(FAKE_RDNS).subscribe()
  const now = wallet.listenerCount('chainChanged') > 0
  sub.unsubscribe()
  return now
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('EVM adapter idle prefetch', () => {
  it('pageIdle waits for the load event, then for idle time; without a document it says no at once', async () => {
    const page = loadingPage()
    let idle: boolean | null = null
    void pageIdle(page).then((v) => (idle = v))
    await wait(80)
    expect(idle).toBeNull()
    page.finishLoading()
    await wait(80)
    expect(idle).toBe(true)
    expect(await pageIdle(undefined)).toBe(false)
    expect(await pageIdle(new EventTarget() as unknown as Window)).toBe(false)
  })

  it('loads the wallet code once the page is idle, not before', async () => {
    const page = loadingPage()
    const wallet = createFakeEip1193()
    announceWallet(page, wallet.provider)
    const adapter = createEvmAdapter({ window: page })
    await wait(100)
    expect(listensAtOnce(adapter, wallet)).toBe(false)
    page.finishLoading()
    const deadline = Date.now() + 5_000
    while (!listensAtOnce(adapter, wallet) && Date.now() < deadline) await wait(20)
    expect(listensAtOnce(adapter, wallet)).toBe(true)
  })

  it('with prefetch: false, an idle page loads nothing; the first wallet call does', async () => {
    const page = loadingPage()
    const wallet = createFakeEip1193()
    announceWallet(page, wallet.provider)
    const adapter = createEvmAdapter({ window: page, prefetch: false })
    page.finishLoading()
    await wait(300)
    expect(listensAtOnce(adapter, wallet)).toBe(false)
    await adapter.connect(FAKE_RDNS)
    expect(listensAtOnce(adapter, wallet)).toBe(true)
  })
})
