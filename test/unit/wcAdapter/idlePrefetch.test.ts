// @vitest-environment happy-dom
// The WalletConnect provider (~470 KB) loads when the page is idle after loading, not on the click
// that opens the modal; `prefetch: false` leaves it to the first use.
import { describe, expect, it } from 'vitest'
import { createWalletConnectAdapter } from '../../../src/walletconnectAdapter'
import { createLazyWalletConnectAdapter } from '../../../src/walletconnectAdapter'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeProvider } from './fakeProvider'

const NETWORKS = [defineEvmNetwork({ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545' })]

/** A page that has not finished loading yet: its `load` event is the test's to fire. */
function loadingPage(): Window & { finishLoading(): void } {
  const document = { readyState: 'loading' }
  const page = Object.assign(new EventTarget(), { document, setTimeout: globalThis.setTimeout.bind(globalThis) })
  return Object.assign(page, {
    finishLoading() {
      document.readyState = 'complete'
      page.dispatchEvent(new Event('load'))
    },
  }) as unknown as Window & { finishLoading(): void }
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function setup(page: Window & { finishLoading(): void }, extra: { prefetch?: boolean; lazy?: boolean } = {}) {
  const fake = createFakeProvider()
  let loads = 0
  const options = {
    projectId: 'test',
    networks: NETWORKS,
    window: page,
    ...(extra.prefetch === false ? { prefetch: false } : {}),
    loadProvider: async () => {
      loads += 1
      return fake.provider
    },
  }
  const adapter = extra.lazy ? createLazyWalletConnectAdapter(options) : createWalletConnectAdapter(options)
  const t = await createTestModal({ adapters: [adapter], networks: NETWORKS })
  return { ...t, loads: () => loads }
}

const idle = () => new Promise((r) => setTimeout(r, 120))

describe('WalletConnect provider prefetch', () => {
  it.each([[false], [true]])('loads once the page has loaded and is idle, never on the open click (lazy adapter: %s)', async (lazy) => {
    const page = loadingPage()
    const { modal, loads } = await setup(page, { lazy })
    modal.open()
    await settle()
    await idle()
    expect(loads()).toBe(0)
    expect(modal.getState().walletConnect.provider).toBe('idle')
    page.finishLoading()
    await until(() => modal.getState().walletConnect.provider === 'ready')
    expect(loads()).toBe(1)
    modal.close()
    modal.open()
    await settle()
    expect(loads()).toBe(1)
  })

  it('with prefetch: false, an idle page loads nothing', async () => {
    const page = loadingPage()
    const { loads, modal } = await setup(page, { prefetch: false })
    page.finishLoading()
    await idle()
    await settle()
    expect(loads()).toBe(0)
    expect(modal.getState().walletConnect.provider).toBe('idle')
  })
})
