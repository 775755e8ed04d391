import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startGateway, type Gateway } from '../../../../dev/gateway/startGateway'
import { createApiDeps, SDK_TYPE, SDK_VERSION } from '../../../../src/adapters/api/createApiDeps'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../../src/createModal'
import type { SerializedError } from '../../../../src/core/errors/base'
import { type ModalState } from '../../../../src/core/state'
import { initialState } from '../../../../src/core/reducers/rootReducer'

// The HTTP services as a modal wires them, against an in-process gateway over real HTTP.
let gateway: Gateway
beforeAll(async () => {
  gateway = await startGateway({ chains: [], tokens: [] })
})
afterAll(() => gateway.stop())
beforeEach(() => gateway.control.reset())
afterEach(() => vi.unstubAllGlobals())

function deps(options: { origin?: string | null; state?: ModalState } = {}) {
  let state = options.state ?? initialState({ projectId: 'test-project', adapters: ['eip155'] })
  const failures: [string, SerializedError][] = []
  const made = createApiDeps({
    projectId: 'test-project',
    apiUrl: gateway.url,
    origin: options.origin ?? null,
    getState: () => state,
    onFailure: (source, error) => failures.push([source, error]),
  })
  return { ...made, failures, setState: (next: ModalState) => (state = next) }
}

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('createApiDeps', () => {
  it('error reports reach the sink through the Analytics port, 5 in 60 s at most', async () => {
    vi.stubGlobal('window', globalThis)
    vi.stubGlobal('document', {})
    const { analytics } = deps()
    for (let i = 0; i < 7; i++) await analytics!.reportError!({ event: 'connection/failed', errorType: 'ConnectorError', errorMessage: `Failed to connect ${i}` })
    const records = (await gateway.control.analytics())
    expect(records).toHaveLength(5)
    expect(records[0]?.body.props).toMatchObject({ type: 'error', event: 'connection/failed', errorType: 'ConnectorError', errorMessage: 'Failed to connect 0' })
  })

  it('makes nothing without URLs or ports', () => {
    const made = createApiDeps({ projectId: 'p', origin: null, getState: () => initialState(), onFailure: () => {} })
    expect(made.analytics).toBeNull()
    expect(made.api).toEqual({ directory: null, blockchain: null, loadConfiguration: null })
  })

  it('analytics reach the sink through the Analytics port, unless the feature is off', async () => {
    // Analytics are only sent from a page.
    vi.stubGlobal('window', globalThis)
    vi.stubGlobal('document', {})
    const { analytics, setState } = deps()
    await analytics!.track({ event: 'MODAL_OPEN', properties: { connected: false } })
    const [record] = (await gateway.control.analytics())
    expect(record?.query).toEqual({ projectId: 'test-project', st: SDK_TYPE, sv: SDK_VERSION })
    expect(record?.body.props).toEqual({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } })
    const off = initialState({ projectId: 'test-project', adapters: [] })
    setState({ ...off, features: { ...off.features, analytics: false } })
    await analytics!.track({ event: 'MODAL_CLOSE', properties: { connected: false } })
    expect((await gateway.control.analytics())).toHaveLength(1)
  })

  it('an event is judged by the modal as it was when the event was tracked, not when the client had loaded', async () => {
    vi.stubGlobal('window', globalThis)
    vi.stubGlobal('document', {})
    const { analytics, setState } = deps()
    const on = initialState({ projectId: 'test-project', adapters: ['eip155'] })
    const off = { ...on, features: { ...on.features, analytics: false } }
    // Tracked while on, turned off before the client answers: still sent.
    const sent = analytics!.track({ event: 'MODAL_OPEN', properties: { connected: false } })
    setState(off)
    await sent
    // Tracked while off, turned on at once: not sent.
    const skipped = analytics!.track({ event: 'MODAL_CLOSE', properties: { connected: false } })
    setState(on)
    await skipped
    expect((await gateway.control.analytics()).map((r) => (r.body.props as { event: string }).event)).toEqual(['MODAL_OPEN'])
  })

  it('a 403 from analytics is reported for the Invalid App Configuration alert', async () => {
    vi.stubGlobal('window', globalThis)
    vi.stubGlobal('document', {})
    gateway.control.setFault({ status: 403, pathPrefix: '/e' })
    const { analytics, failures } = deps()
    await analytics!.track({ event: 'MODAL_OPEN' })
    expect(failures).toEqual([['analytics', expect.objectContaining({ shortMessage: 'Invalid App Configuration', code: 403 })]])
  })

  it('loads the remote features, with the analytics configuration, and checks the origin', async () => {
    gateway.control.setFeature('allWallets', false)
    gateway.control.setAnalyticsEnabled(false)
    const allowed = await deps({ origin: 'http://127.0.0.1:5173' }).api.loadConfiguration!()
    expect(allowed.features).toMatchObject({ allWallets: false, analytics: false, swaps: true })
    expect(allowed.originError).toBeNull()
    gateway.control.setAllowedOrigins(['https://*.shop.example'])
    const refused = await deps({ origin: 'http://127.0.0.1:5173' }).api.loadConfiguration!()
    expect((refused.originError as { shortMessage: string }).shortMessage).toBe('Invalid App Configuration')
    expect(refused.origin).toBe('http://127.0.0.1:5173')
    const noPage = await deps({ origin: null }).api.loadConfiguration!()
    expect(noPage.originError).toBeNull()
  })
})

describe('a modal on the gateway', () => {
  it('opens with the directory pages prefetched and the remote features applied', async () => {
    gateway.control.setFeature('activity', false)
    const modal = createModal({ projectId: 'test-project', adapters: ['eip155'], apiUrl: gateway.url, storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    await until(() => modal.getState().remoteFeatures !== null)
    expect(modal.getState().features.activity).toBe(false)
    modal.open()
    await until(() => modal.getState().walletList.lists.all.status === 'loaded' && modal.getState().walletList.lists.recommended.status === 'loaded')
    const { all, recommended } = modal.getState().walletList.lists
    expect(all).toMatchObject({ page: 1, count: 320 })
    expect(all.wallets).toHaveLength(40)
    expect(recommended.wallets.map((w) => w.id)).toEqual(all.wallets.slice(0, 4).map((w) => w.id))
    expect(modal.walletImageUrl(all.wallets[0]!)).toBe(
      `${gateway.url}/getWalletImage/${all.wallets[0]!.image_id}?projectId=test-project&st=${SDK_TYPE}&sv=${SDK_VERSION}`,
    )
    modal.destroy()
  })
})
