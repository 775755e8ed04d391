import { Subject } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GangwayError } from '../../../src/core/errors/base'
import { loadRemoteConfig } from '../../../src/core/effects/data/loadRemoteConfig'
import { NO_API, type DataDeps } from '../../../src/core/effects/shared/dataDeps'
import { balanceFetched } from '../../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { accountDisconnected } from '../../../src/core/events/connection/connectionLifecycle'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { sendConfirmed } from '../../../src/core/events/connection/send'
import { sessionStarted } from '../../../src/core/events/modal/session'
import { walletListPageRequested, walletListSearchChanged } from '../../../src/core/events/data/walletList'
import { selectAccountBalance } from '../../../src/core/reducers/data/dataSelectors'
import { selectAllWallets, selectAllWalletsCount, selectRecommendedWallets, withoutHiddenWallets } from '../../../src/core/reducers/data/walletListSelectors'
import { initialState } from '../../../src/core/reducers/rootReducer'
import type { Network } from '../../../src/core/domain/entities'
import { createTestModal } from '../../support/testModal'
import { createVirtualTime, settle } from '../../support/virtualTime'
import { createFakeBlockchainApi, createFakeDirectory, httpError, nativeBalance } from './fakeApi'

const A = '0x00000000000000000000000000000000000000A1'
const network = (id: number): Network => ({
  id,
  name: `Chain ${id}`,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:9/${id}`] } },
})

afterEach(() => {
  vi.restoreAllMocks()
})

const banners = (log: readonly StampedEvent[]) => log.filter((e) => e.type === 'banner/showRequested').map((e) => (e.payload as { message: string }).message)

describe('no HTTP services configured', () => {
  it('makes no request at all, whatever the modal does', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { modal, time } = await createTestModal()
    modal.open()
    modal.dispatch(walletListPageRequested({ list: 'all' }))
    modal.dispatch(walletListSearchChanged({ query: 'vault' }))
    await time.advanceBy(1_000)
    modal.dispatch(connectionSucceeded({ connectorId: 'x', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: 'eip155:1' }))
    await time.advanceBy(1_000)
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(modal.getState().settings.services).toEqual({ walletDirectory: false, blockchainApi: false })
    expect(modal.getState().walletList.lists.all.status).toBe('idle')
  })
})

describe('wallet lists', () => {
  it('opening prefetches the featured, recommended and first AllWallets pages once, within the host networks and ids', async () => {
    const fake = createFakeDirectory()
    const featured = [fake.records[5]!.id, fake.records[9]!.id]
    const exclude = [fake.records[0]!.id]
    const { modal, time } = await createTestModal({
      walletDirectory: fake.directory,
      networks: [network(31337), network(31338)],
      featuredWalletIds: featured,
      excludeWalletIds: exclude,
    })
    modal.open()
    await time.advanceBy(0)
    const chains = ['eip155:31337', 'eip155:31338']
    expect(fake.calls).toEqual([
      { page: 1, entries: 2, include: featured, exclude },
      { page: 1, entries: 4, chains, exclude: [...exclude, ...featured] },
      { page: 1, entries: 40, chains, exclude: [...exclude, ...featured] },
      // The excluded wallets' own records, for their rdns (a browser wallet may be one of them).
      { page: 1, entries: 1, include: exclude },
    ])
    const state = modal.getState()
    expect(selectRecommendedWallets(state)).toHaveLength(4)
    const listing = selectAllWallets(state)
    expect(listing.wallets.slice(0, 2).map((w) => w.id)).toEqual(featured)
    expect(listing.wallets).toHaveLength(42)
    expect(listing.wallets.some((w) => w.id === exclude[0])).toBe(false)
    modal.close()
    modal.open()
    await time.advanceBy(0)
    expect(fake.calls).toHaveLength(4)
  })

  it('a browser wallet the host excludes by directory id is hidden, by its rdns or its directory id', async () => {
    const fake = createFakeDirectory()
    const [byRdns, byExplorerId, kept] = fake.records
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory, excludeWalletIds: [byRdns!.id, byExplorerId!.id] })
    const connectors = [
      { id: 'announced-a', name: 'A', chain: 'eip155', type: 'ANNOUNCED', info: { rdns: byRdns!.rdns! } },
      { id: 'injected-b', name: 'B', chain: 'eip155', type: 'INJECTED', explorerId: byExplorerId!.id },
      { id: 'announced-c', name: 'C', chain: 'eip155', type: 'ANNOUNCED', info: { rdns: kept!.rdns! } },
    ] as const
    modal.dispatch({ type: 'connectors/changed', payload: { namespace: 'eip155', connectors } })
    const shown = () => withoutHiddenWallets(modal.getState(), [...modal.getState().wallets.connectors]).map((c) => c.id)
    // Before the directory told the excluded wallets' rdns, only the directory id is known.
    expect(shown()).toEqual(['announced-a', 'announced-c'])
    modal.open()
    await time.advanceBy(0)
    expect(fake.calls.at(-1)).toEqual({ page: 1, entries: 2, include: [byRdns!.id, byExplorerId!.id] })
    expect(modal.getState().walletList.lists.excluded.wallets.map((w) => w.id).sort()).toEqual([byRdns!.id, byExplorerId!.id].sort())
    expect(shown()).toEqual(['announced-c'])
    expect(modal.getState().modal.loading).toBe(false)
  })

  it('no excluded ids: no request for excluded records, and a request for them is ignored', async () => {
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory })
    modal.open()
    await time.advanceBy(0)
    modal.dispatch(walletListPageRequested({ list: 'excluded' }))
    await time.advanceBy(0)
    expect(fake.calls.some((c) => c.include?.length)).toBe(false)
    expect(modal.getState().walletList.lists.excluded.status).toBe('idle')
  })

  it('without the allWallets feature only the Connect view lists are prefetched', async () => {
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory, features: { allWallets: false } })
    modal.open()
    await time.advanceBy(0)
    expect(fake.calls.map((c) => c.entries)).toEqual([4])
  })

  it('recommends wallets no connector of this browser already offers', async () => {
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory })
    modal.open()
    await time.advanceBy(0)
    const [first, second] = fake.records
    modal.dispatch({
      type: 'connectors/changed',
      payload: {
        namespace: 'eip155',
        connectors: [
          { id: 'injected-a', name: first!.name, chain: 'eip155', type: 'ANNOUNCED', info: { rdns: first!.rdns! } },
          { id: 'injected-b', name: 'B', chain: 'eip155', type: 'INJECTED', explorerId: second!.id },
        ],
      },
    })
    const ids = selectRecommendedWallets(modal.getState()).map((w) => w.id)
    expect(ids).toEqual(fake.records.slice(2, 4).map((w) => w.id))
  })

  it('wallets hidden by rdns or by name leave the recommendations, the featured ones, the listing, a search and their counts', async () => {
    const fake = createFakeDirectory()
    const [byRdns, byName] = fake.records
    const featured = [fake.records[5]!.id, fake.records[8]!.id]
    const { modal, time } = await createTestModal({
      walletDirectory: fake.directory,
      featuredWalletIds: featured,
      excludeWalletRdns: [byRdns!.rdns!, fake.records[8]!.rdns!],
      excludeWalletNames: [byName!.name],
    })
    modal.open()
    await time.advanceBy(0)
    // The recommendations ask for one more wallet per hidden rdns or name, and show 4.
    expect(fake.calls.map((c) => c.entries)).toEqual([2, 4 + 3, 40])
    const hidden = [byRdns!.id, byName!.id, featured[1]]
    const state = modal.getState()
    const recommended = selectRecommendedWallets(state).map((w) => w.id)
    expect(recommended).toHaveLength(4)
    expect(recommended.filter((id) => hidden.includes(id))).toEqual([])
    const listing = selectAllWallets(state)
    expect(listing.wallets[0]!.id).toBe(featured[0])
    expect(listing.sections.featured).toBe(1)
    expect(listing.wallets.filter((w) => hidden.includes(w.id))).toEqual([])
    // 320 wallets, 3 of them hidden.
    expect(listing.count).toBe(317)
    expect(selectAllWalletsCount(state)).toBe(317)
    modal.dispatch(walletListSearchChanged({ query: byName!.name }))
    await time.advanceBy(300)
    const search = selectAllWallets(modal.getState())
    const answered = modal.getState().walletList.lists.search
    expect(answered.wallets.some((w) => w.id === byName!.id)).toBe(true)
    expect(search.wallets.some((w) => w.id === byName!.id)).toBe(false)
    expect(search.count).toBe(answered.count! - 1)
  })

  it('a Connect opened for one namespace offers only directory wallets that serve it: the recommendations, the featured ones, the listing, a search and the count', async () => {
    const fake = createFakeDirectory()
    const serves = (namespace: string) => new Set(fake.records.filter((r) => r.chains!.some((c) => c.startsWith(`${namespace}:`))).map((r) => r.id))
    const evm = serves('eip155')
    const solana = serves('solana')
    // Record 3 serves Solana alone, record 0 both families.
    const featured = [fake.records[3]!.id, fake.records[0]!.id]
    expect(evm.has(featured[0]!)).toBe(false)
    const { modal, time } = await createTestModal({ adapters: ['eip155', 'solana'], walletDirectory: fake.directory, featuredWalletIds: featured })
    modal.open({ view: 'Connect', namespace: 'eip155' })
    await time.advanceBy(0)
    let state = modal.getState()
    expect(state.modal.connectFor).toBe('eip155')
    // The lists keep each wallet's chain families, not its chain ids.
    expect(state.walletList.lists.featured.wallets.find((w) => w.id === featured[0])!.namespaces).toEqual(['solana'])
    const listing = selectAllWallets(state)
    expect(listing.wallets[0]!.id).toBe(featured[1])
    expect(listing.sections.featured).toBe(1)
    expect(listing.wallets.filter((w) => !evm.has(w.id))).toEqual([])
    const all = state.walletList.lists.all
    const left = all.wallets.filter((w) => !evm.has(w.id)).length
    expect(left).toBeGreaterThan(0)
    expect(listing.count).toBe(all.count! - left + 1)
    expect(selectAllWalletsCount(state)).toBe(listing.count)
    expect(selectRecommendedWallets(state).every((w) => evm.has(w.id))).toBe(true)
    const solanaOnly = fake.records.find((r) => !evm.has(r.id) && r.id !== featured[0])!
    modal.dispatch(walletListSearchChanged({ query: solanaOnly.name }))
    await time.advanceBy(300)
    state = modal.getState()
    expect(state.walletList.lists.search.wallets.some((w) => w.id === solanaOnly.id)).toBe(true)
    expect(selectAllWallets(state).wallets.some((w) => w.id === solanaOnly.id)).toBe(false)
    modal.dispatch(walletListSearchChanged({ query: '' }))

    // A Solana Connect: the EVM-only recommendations are not offered.
    modal.close()
    modal.open({ view: 'Connect', namespace: 'solana' })
    await time.advanceBy(0)
    state = modal.getState()
    const recommended = state.walletList.lists.recommended.wallets
    expect(recommended.some((w) => !solana.has(w.id))).toBe(true)
    expect(selectRecommendedWallets(state).map((w) => w.id)).toEqual(recommended.filter((w) => solana.has(w.id)).map((w) => w.id))
    expect(selectAllWallets(state).wallets[0]!.id).toBe(featured[0])
    expect(selectAllWallets(state).wallets.every((w) => solana.has(w.id))).toBe(true)

    // A plain Connect offers every wallet again.
    modal.close()
    modal.open({ view: 'Connect' })
    await time.advanceBy(0)
    state = modal.getState()
    expect(selectRecommendedWallets(state)).toHaveLength(4)
    expect(selectAllWallets(state).wallets.slice(0, 2).map((w) => w.id)).toEqual(featured)
    expect(selectAllWallets(state).wallets).toHaveLength(all.wallets.length + 2)
  })

  it('searches 300 ms after the last key with 100 entries; a newer search aborts the older one', async () => {
    const fake = createFakeDirectory({ count: 1000 })
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory, features: { allWallets: false } })
    const searches = () => fake.calls.filter((c) => c.search !== undefined)
    modal.dispatch(walletListSearchChanged({ query: 'va' }))
    await time.advanceBy(200)
    modal.dispatch(walletListSearchChanged({ query: 'vault ' }))
    await time.advanceBy(299)
    expect(searches()).toEqual([])
    fake.hold()
    await time.advanceBy(1)
    expect(searches()).toEqual([{ page: 1, entries: 100, search: 'vault' }])
    modal.dispatch(walletListSearchChanged({ query: 'e' }))
    await time.advanceBy(300)
    fake.release()
    await settle()
    expect(fake.aborted.map((c) => c.search)).toEqual(['vault'])
    const listing = selectAllWallets(modal.getState())
    expect(listing).toMatchObject({ mode: 'search', hasMore: true, searching: false })
    expect(listing.wallets).toHaveLength(100)
    expect(listing.wallets.every((w) => w.name.toLowerCase().includes('e'))).toBe(true)
    // Scrolling the results asks for their next page of 100.
    modal.dispatch(walletListPageRequested({ list: 'search' }))
    await settle()
    expect(searches().at(-1)).toEqual({ page: 2, entries: 100, search: 'e' })
    expect(selectAllWallets(modal.getState()).wallets).toHaveLength(200)
  })

  it('a text cleared during the pause searches nothing', async () => {
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory, features: { allWallets: false } })
    modal.dispatch(walletListSearchChanged({ query: 'vault' }))
    await time.advanceBy(100)
    modal.dispatch(walletListSearchChanged({ query: '' }))
    await time.advanceBy(1_000)
    expect(fake.calls).toEqual([])
  })
})

describe('the modal loading while an open prefetches', () => {
  it('is set from the open until the directory answered, also when it failed; without a directory never', async () => {
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory })
    fake.hold()
    modal.open()
    await time.advanceBy(0)
    expect(modal.getState().modal.loading).toBe(true)
    fake.release()
    await settle()
    expect(modal.getState().modal.loading).toBe(false)
    modal.close()
    modal.open()
    expect(modal.getState().modal.loading).toBe(false)

    const failing = createFakeDirectory()
    failing.fail(() => httpError(500))
    const second = await createTestModal({ walletDirectory: failing.directory })
    second.modal.open()
    expect(second.modal.getState().modal.loading).toBe(true)
    await second.time.advanceBy(0)
    await settle()
    expect(second.modal.getState().walletList.lists.recommended.status).toBe('failed')
    expect(second.modal.getState().modal.loading).toBe(false)

    const bare = await createTestModal()
    bare.modal.open()
    expect(bare.modal.getState().modal.loading).toBe(false)
  })
})

describe('alerts for failed calls', () => {
  it('429 shows Rate Limited once for simultaneous failures; 5xx shows Server Error; the lists keep working', async () => {
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory })
    fake.fail(() => httpError(429))
    modal.open()
    await time.advanceBy(0)
    expect(modal.getState().banner).toMatchObject({ open: true, variant: 'error', message: 'Rate Limited' })
    expect(modal.getState().walletList.lists.all).toMatchObject({ status: 'failed', error: { shortMessage: 'Rate Limited', code: 429 } })
    fake.fail(() => httpError(503))
    modal.dispatch(walletListPageRequested({ list: 'all' }))
    await time.advanceBy(150)
    expect(modal.getState().banner).toMatchObject({ open: true, message: 'Server Error' })
    fake.fail(null)
    modal.dispatch(walletListPageRequested({ list: 'all' }))
    await time.advanceBy(0)
    expect(modal.getState().walletList.lists.all).toMatchObject({ status: 'loaded', page: 1 })
    expect(banners(modal.timeTravel.log.events)).toEqual(['Rate Limited', 'Server Error'])
  })

  it('Invalid App Configuration is raised once per session, whichever call was refused', async () => {
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory })
    fake.fail(() => httpError(403))
    modal.open()
    await time.advanceBy(0)
    modal.closeBanner()
    modal.dispatch(walletListPageRequested({ list: 'all' }))
    modal.dispatch({ type: 'api/requestFailed', payload: { source: 'analytics', error: { name: 'ApiRequestError', shortMessage: 'Invalid App Configuration', code: 403 } } })
    await time.advanceBy(1_000)
    expect(banners(modal.timeTravel.log.events)).toEqual(['Invalid App Configuration'])
    expect(modal.getState().banner.open).toBe(false)
  })

  it('other failures (network, bad JSON) show in the view, not as an alert', async () => {
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory })
    fake.fail(() => new GangwayError('Invalid server response', { code: 'INVALID_RESPONSE' }))
    modal.open()
    await time.advanceBy(0)
    expect(modal.getState().walletList.lists.all.error?.shortMessage).toBe('Invalid server response')
    expect(banners(modal.timeTravel.log.events)).toEqual([])
  })
})

describe('remote configuration', () => {
  it('remote features override local options on session start', async () => {
    const fake = createFakeDirectory()
    fake.setConfig({ features: { allWallets: false, swaps: false } })
    const { modal } = await createTestModal({ walletDirectory: fake.directory, features: { allWallets: true, activity: false } })
    expect(modal.getState().features).toMatchObject({ allWallets: false, swaps: false, activity: false })
  })

  it('a configuration that cannot be fetched leaves the local options and alerts on 429', async () => {
    const fake = createFakeDirectory()
    fake.setConfig({ features: {} }, httpError(429))
    const { modal } = await createTestModal({ walletDirectory: fake.directory, features: { allWallets: false } })
    expect(modal.getState().features.allWallets).toBe(false)
    expect(modal.getState().remoteFeatures).toBeNull()
    expect(modal.getState().banner).toMatchObject({ open: true, message: 'Rate Limited' })
  })

  it('an origin the allow-list refuses reports Invalid App Configuration with the origin', async () => {
    const time = createVirtualTime()
    const event$ = new Subject<StampedEvent>()
    const out: EventInput[] = []
    const deps: DataDeps = {
      clock: time.clock,
      scheduler: time.scheduler,
      storage: { get: async () => undefined, set: async () => {}, del: async () => {}, clear: async () => {} },
      analytics: { track: () => undefined },
      api: {
        ...NO_API,
        loadConfiguration: async () => ({
          features: { activity: false },
          configError: null,
          originError: new GangwayError('Invalid App Configuration', { details: 'not allowed' }),
          origin: 'https://shop.example',
        }),
      },
    }
    const state$ = Object.assign(new Subject<never>(), { value: initialState(), previous: initialState() })
    const sub = loadRemoteConfig(event$, state$, deps).subscribe((e) => out.push(e))
    event$.next({ ...sessionStarted({ projectId: 'p', adapters: [] }), seq: 1, at: 0 })
    await settle()
    sub.unsubscribe()
    expect(out).toEqual([
      { type: 'config/remoteLoaded', payload: { features: { activity: false } } },
      {
        type: 'config/remoteFailed',
        payload: { error: { name: 'GangwayError', shortMessage: 'Invalid App Configuration', kind: 'UNKNOWN', details: 'not allowed' }, origin: 'https://shop.example' },
      },
    ])
  })
})

describe('token balances from the blockchain data API', () => {
  async function connected(answer: Parameters<typeof createFakeBlockchainApi>[0]) {
    const fake = createFakeBlockchainApi(answer)
    const t = await createTestModal({ blockchainApi: fake.api, networks: [network(31337)] })
    t.modal.dispatch(connectionSucceeded({ connectorId: 'x', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: 'eip155:31337' }))
    await t.time.advanceBy(0)
    return { ...t, fake }
  }

  it('fetches on connect and shows the API balance with its dollar value', async () => {
    const { modal, fake } = await connected(() => [nativeBalance('eip155:31337', '2.5')])
    expect(fake.calls).toEqual([{ address: A, chainId: 'eip155:31337', currency: 'usd' }])
    expect(selectAccountBalance(modal.getState())).toEqual({ balance: '2.5', symbol: 'ETH', usdValue: 7500, source: 'api' })
  })

  it('keeps the balances 30 s: opening the modal within that asks nothing, after it asks again; a send forces it', async () => {
    const { modal, fake, time } = await connected(() => [nativeBalance('eip155:31337', '1')])
    await time.advanceBy(29_999)
    modal.open()
    await time.advanceBy(0)
    expect(fake.calls).toHaveLength(1)
    modal.close()
    await time.advanceBy(1)
    modal.open()
    await time.advanceBy(0)
    expect(fake.calls).toHaveLength(2)
    modal.dispatch(sendConfirmed({ hash: `0x${'1'.repeat(64)}`, blockNumber: '5' }))
    await time.advanceBy(0)
    expect(fake.calls.at(-1)).toEqual({ address: A, chainId: 'eip155:31337', currency: 'usd', forceUpdate: true })
  })

  it('a failed lookup is unknown (null) and the RPC balance shows instead; it is retried after 30 s', async () => {
    let answer: ReturnType<typeof nativeBalance>[] | null = null
    const { modal, fake, time } = await connected(() => answer)
    const caipAddress = `eip155:31337:${A}`
    expect(modal.getState().tokenBalances.byAccount[caipAddress]?.balances).toBeNull()
    expect(modal.getState().lastError).toMatchObject({ source: 'tokenBalances/failed', shortMessage: 'Token Balance Unavailable' })
    expect(selectAccountBalance(modal.getState())).toBeNull()
    modal.dispatch(balanceFetched({ caipAddress, balance: '3.25', symbol: 'ETH' }))
    expect(selectAccountBalance(modal.getState())).toEqual({ balance: '3.25', symbol: 'ETH', usdValue: null, source: 'rpc' })
    answer = [nativeBalance('eip155:31337', '3.25')]
    modal.open()
    await time.advanceBy(0)
    expect(fake.calls).toHaveLength(1)
    modal.close()
    await time.advanceBy(30_000)
    modal.open()
    await time.advanceBy(0)
    expect(selectAccountBalance(modal.getState())?.source).toBe('api')
  })

  it('resetting the account clears its balances', async () => {
    const { modal } = await connected(() => [nativeBalance('eip155:31337', '1')])
    modal.dispatch(accountDisconnected({ namespace: 'eip155' }))
    expect(modal.getState().tokenBalances.byAccount).toEqual({})
  })
})
