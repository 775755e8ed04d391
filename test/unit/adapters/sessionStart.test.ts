import { describe, expect, it } from 'vitest'
import { sessionStart } from '../../../src/adapters/sessionStart'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'

/** A page that is still loading: its load event fires when the test says so. */
function loadingPage() {
  const listeners: (() => void)[] = []
  const win = {
    document: { readyState: 'interactive' },
    addEventListener: (type: string, listener: () => void) => type === 'load' && listeners.push(listener),
  } as unknown as Window
  return { win, load: () => listeners.splice(0).forEach((l) => l()) }
}

const settled = async (p: Promise<unknown>) => {
  let done = false
  void p.then(() => (done = true))
  for (let i = 0; i < 5; i++) await Promise.resolve()
  return done
}

describe('when a session starts', () => {
  it('outside a browser, or in a page that has loaded, at once', async () => {
    expect(await settled(sessionStart(undefined, new Promise(() => undefined)).ready)).toBe(true)
    const loaded = { document: { readyState: 'complete' }, addEventListener: () => undefined } as unknown as Window
    expect(await settled(sessionStart(loaded, new Promise(() => undefined)).ready)).toBe(true)
  })

  it('on a first visit to a loading page, once idle after its load event, not before', async () => {
    const page = loadingPage()
    const start = sessionStart(page.win, Promise.resolve(false))
    expect(await settled(start.ready)).toBe(false)
    page.load()
    expect(await settled(start.ready)).toBe(false)
    await new Promise((r) => setTimeout(r, 1))
    expect(await settled(start.ready)).toBe(true)
  })

  it('sooner for a returning visitor, or when something waits for it', async () => {
    const returning = sessionStart(loadingPage().win, Promise.resolve(true))
    expect(await settled(returning.ready)).toBe(true)
    const first = sessionStart(loadingPage().win, new Promise(() => undefined))
    expect(await settled(first.ready)).toBe(false)
    first.now()
    expect(await settled(first.ready)).toBe(true)
    // A failed storage read is no reason to start early, nor to never start.
    const page = loadingPage()
    const failed = sessionStart(page.win, Promise.reject(new Error('read failed')))
    expect(await settled(failed.ready)).toBe(false)
    page.load()
    await new Promise((r) => setTimeout(r, 1))
    expect(await settled(failed.ready)).toBe(true)
  })
})

describe('a modal before its session starts', () => {
  it("shows the host's configuration, holds what is dispatched, and runs it once started", async () => {
    const network = { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], networks: [network] as never, themeMode: 'dark', storage: createMemoryStorage(), persistLog: false })
    // Before `ready` (the effects' chunk is still loading), the state is already the configured one.
    expect(modal.getState().settings.networks?.map((n) => n.caipNetworkId)).toEqual(['eip155:31337'])
    expect(modal.getState().preferences.themeMode).toBe('dark')
    modal.open()
    expect(modal.getState().modal.open).toBe(false)
    await modal.ready
    expect(modal.getState().modal.open).toBe(true)
    // Held events run after the session's start and its hydration, so hydration never overwrites them.
    expect(modal.timeTravel.log.events.map((e) => e.type).slice(0, 3)).toEqual(['session/started', 'storage/hydrated', 'modal/openRequested'])
    modal.destroy()
  })
})
