import { NEVER, of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../../../src/adapters/storage/memoryKeyValue'
import { EventLog } from '../../../../../src/core/eventLog'
import { siwxSessionsCleared, siwxSessionStored } from '../../../../../src/core/events/siwx/siwx'
import { tabMessage, tabsChanged } from '../../../../../src/core/events/persistence/tabs'
import type { ChainAdapter, WalletSession } from '../../../../../src/core/ports'
import { selectActiveCaipNetworkId, selectIsConnected } from '../../../../../src/core/selectors'
import type { ModalOptions } from '../../../../../src/createModal'
import { connectorOf } from '../../../../support/fakeChainAdapter'
import { createTabHub } from '../../../../support/tabHub'
import { modalReducer } from '../../../../support/modalReducer'
import { createTestModal } from '../../../../support/testModal'
import { ACCOUNT_A, NETWORKS } from '../../../connection/support'

const CAIP = `eip155:1:${ACCOUNT_A}`
const SESSION = { message: 'example.com wants you to sign in', issuedAt: '2026-11-28T00:00:00Z' }

/**
 * An injected wallet as one tab sees it: the extension's authorisations are shared by the tabs
 * (`authorised`), each tab's provider has its own chain. Answers at once; calls are recorded.
 */
function injectedWallet(authorised: Set<string>, startChain = 'eip155:1') {
  let chain = startChain
  const calls: string[] = []
  const session = (): WalletSession => ({ accounts: [{ address: ACCOUNT_A, type: 'eoa' }], caipNetworkId: chain })
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    connectors: () => of([connectorOf('a'), connectorOf('b')]),
    connect: async (id) => {
      calls.push(`connect ${id}`)
      authorised.add(id)
      return session()
    },
    reconnect: async (id) => {
      calls.push(`reconnect ${id}`)
      return authorised.has(id) ? session() : null
    },
    disconnect: async (id) => {
      calls.push(`disconnect ${id}`)
      authorised.delete(id)
    },
    events: () => NEVER,
    switchNetwork: async (id, network) => {
      calls.push(`switchNetwork ${id} ${network.caipNetworkId}`)
      chain = network.caipNetworkId
    },
    signMessage: async () => '0x',
    sendTransfer: async () => '0x',
    getBalance: async () => '0',
    waitForReceipt: async () => ({ status: 'success', blockNumber: '1' }),
  }
  return { adapter, calls }
}

/** Two open tabs of one app: one storage, one channel between them, one extension. */
async function twoTabs(options: Partial<ModalOptions> = {}, chainOfB = 'eip155:1', sharedWallet = true, optionsOfA: Partial<ModalOptions> = {}) {
  const kv = createMemoryKeyValue()
  const hub = createTabHub()
  const authorised = new Set<string>()
  const wallets = [injectedWallet(authorised), injectedWallet(sharedWallet ? authorised : new Set(), chainOfB)] as const
  const open = (i: 0 | 1) =>
    createTestModal({ adapters: [wallets[i].adapter], networks: NETWORKS, persistLog: false, tabSync: hub.tab(), ...options, ...(i === 0 ? optionsOfA : {}) }, kv)
  const a = await open(0)
  const b = await open(1)
  /** Lets messages cross and effects answer in both tabs. */
  const flush = async () => {
    for (let i = 0; i < 3; i++) {
      await a.time.advanceBy(0)
      await b.time.advanceBy(0)
    }
  }
  return { A: a.modal, B: b.modal, hub, wallets, flush, kv }
}

/** Whether a modal's log, replayed from its start, folds to its live state. */
async function replaysExactly(modal: Awaited<ReturnType<typeof createTestModal>>['modal']): Promise<void> {
  const { reducer, initial } = await modalReducer()
  const replayed = new EventLog(reducer, initial)
  replayed.load(JSON.parse(JSON.stringify(modal.timeTravel.exportLog())))
  expect(replayed.presentState).toEqual(modal.getState())
}

const types = (modal: { timeTravel: { log: { snapshot(): { events: { type: string }[] } } } }) => modal.timeTravel.log.snapshot().events.map((e) => e.type)

describe('syncTabs: two open tabs agree', () => {
  it('a connect in A shows in B (its own wallet reconnected silently), a network switch follows, a disconnect clears B', async () => {
    const { A, B, hub, wallets, flush } = await twoTabs()

    await A.connect('a')
    await flush()
    expect(selectIsConnected(B.getState(), 'eip155')).toBe(true)
    expect(B.getState().connection.byNamespace.eip155!.connections.map((c) => c.connectorId)).toEqual(['a'])
    expect(wallets[1].calls).toEqual(['reconnect a'])
    expect(B.getState().wallets.memory.connected.eip155).toEqual(['a'])
    expect(hub.posted).toHaveLength(1)

    await A.switchNetwork('eip155:2')
    await flush()
    expect(selectActiveCaipNetworkId(A.getState())).toBe('eip155:2')
    expect(selectActiveCaipNetworkId(B.getState())).toBe('eip155:2')
    expect(B.getState().network.lastUsed).toBe('eip155:2')
    expect(wallets[1].calls).toEqual(['reconnect a', 'switchNetwork a eip155:2'])
    expect(hub.posted).toHaveLength(2)

    await A.disconnect()
    await flush()
    expect(selectIsConnected(A.getState(), 'eip155')).toBe(false)
    const ns = B.getState().connection.byNamespace.eip155!
    expect(ns).toMatchObject({ status: 'disconnected', connections: [], activeConnectorId: null })
    expect(B.getState().wallets.memory.connected.eip155).toEqual([])
    expect(types(B)).toContain('account/disconnected')
    expect(hub.posted).toHaveLength(3)

    // Nothing came back from B: every message is A's, and waiting brings no more (no ping-pong).
    await flush()
    await flush()
    expect(hub.posted).toHaveLength(3)
    expect(types(A)).not.toContain(tabsChanged.type)
    expect(types(B).filter((t) => t === tabsChanged.type)).toHaveLength(3)
    await replaysExactly(A)
    await replaysExactly(B)
    A.destroy()
    B.destroy()
  })

  it('B’s own wallet reconnecting on another network is switched to A’s, and B tells A nothing of it', async () => {
    const { A, B, hub, wallets, flush } = await twoTabs({}, 'eip155:2')
    await A.connect('a')
    await flush()
    expect(wallets[1].calls).toEqual(['reconnect a', 'switchNetwork a eip155:1'])
    expect(selectActiveCaipNetworkId(B.getState())).toBe('eip155:1')
    expect(selectActiveCaipNetworkId(A.getState())).toBe('eip155:1')
    expect(wallets[0].calls).toEqual(['connect a'])
    await flush()
    expect(hub.posted).toHaveLength(1)
    await replaysExactly(B)
    A.destroy()
    B.destroy()
  })

  it('a wallet B’s provider cannot reconnect stays disconnected in B, and remembered: what is stored still reconnects it', async () => {
    const { A, B, hub, wallets, flush, kv } = await twoTabs({}, 'eip155:1', false)
    await A.connect('a')
    await flush()
    expect(wallets[1].calls).toEqual(['reconnect a'])
    expect(selectIsConnected(B.getState(), 'eip155')).toBe(false)
    expect(B.getState().connection.byNamespace.eip155).toMatchObject({ status: 'disconnected', connections: [] })
    expect(B.getState().wallets.memory.connected.eip155).toEqual(['a'])
    // B wrote what it holds (the theme changed there): the connection A made is still in it.
    B.setThemeMode('dark')
    await flush()
    expect((kv.dump()['gangway:durable'] as { wallets: { connected: Record<string, string[]> } }).wallets.connected.eip155).toEqual(['a'])
    expect(hub.posted).toHaveLength(2)
    A.destroy()
    B.destroy()
  })

  it('B switching network first and A following: each change goes one way only', async () => {
    const { A, B, hub, flush } = await twoTabs()
    await A.connect('a')
    await flush()
    await B.switchNetwork('eip155:2')
    await flush()
    expect(selectActiveCaipNetworkId(A.getState())).toBe('eip155:2')
    expect(hub.posted).toHaveLength(2)
    await flush()
    expect(hub.posted).toHaveLength(2)
    A.destroy()
    B.destroy()
  })

  it('a network chosen in A while nothing is connected is chosen in B', async () => {
    const { A, B, flush } = await twoTabs()
    await A.switchNetwork('eip155:2')
    await flush()
    expect(B.getState().network.selected.eip155).toBe('eip155:2')
    expect(selectActiveCaipNetworkId(B.getState())).toBe('eip155:2')
    A.destroy()
    B.destroy()
  })

  it('the same part changed at once in both tabs: both keep the later change, and nothing bounces', async () => {
    const { A, B, hub, flush } = await twoTabs()
    // At the same instant: the tab ids decide, the same way in both tabs.
    A.setThemeMode('dark')
    B.setThemeMode('light')
    await Promise.all([A.switchNetwork('eip155:2'), B.switchNetwork('eip155:1')])
    await flush()
    expect(A.getState().preferences.themeMode).toBe(B.getState().preferences.themeMode)
    expect(selectActiveCaipNetworkId(A.getState())).toBe(selectActiveCaipNetworkId(B.getState()))
    const posted = hub.posted.length
    expect(posted).toBeLessThanOrEqual(4)
    await flush()
    expect(hub.posted).toHaveLength(posted)
    await replaysExactly(A)
    await replaysExactly(B)
    A.destroy()
    B.destroy()
  })

  it('of two changes crossing each other, the later one wins in both tabs, whichever tab id is greater', async () => {
    // A's clock runs a second ahead of B's.
    const { A, B, hub, flush } = await twoTabs({}, 'eip155:1', true, { clock: { now: () => 1_700_000_001_000 } })
    // B goes dark; A, a second later by its clock and before B's message arrives, dark then light.
    B.setThemeMode('dark')
    A.setThemeMode('dark')
    A.setThemeMode('light')
    await flush()
    expect(A.getState().preferences.themeMode).toBe('light')
    expect(B.getState().preferences.themeMode).toBe('light')
    await flush()
    expect(hub.posted).toHaveLength(3)
    A.destroy()
    B.destroy()
  })

  it('signing in in A signs B in; signing out in A signs B out', async () => {
    const { A, B, hub, flush } = await twoTabs()
    A.dispatch(siwxSessionStored({ caipAddress: CAIP, session: SESSION }))
    await flush()
    expect(B.getState().siwx.sessions[CAIP]).toEqual(SESSION)
    A.dispatch(siwxSessionsCleared({ caipAddress: CAIP }))
    await flush()
    expect(B.getState().siwx.sessions).toEqual({})
    expect(hub.posted).toHaveLength(2)
    await replaysExactly(B)
    A.destroy()
    B.destroy()
  })

  it('the theme and the account type chosen in A are chosen in B', async () => {
    const { A, B, flush } = await twoTabs({ smartAccounts: { enabled: true } })
    A.setThemeMode('dark')
    A.setPreferredAccountType('smartAccount', 'eip155')
    await flush()
    expect(B.getState().preferences).toMatchObject({ themeMode: 'dark', preferredAccountType: { eip155: 'smartAccount' } })
    A.setThemeMode('light')
    await flush()
    expect(B.getState().preferences.themeMode).toBe('light')
    A.destroy()
    B.destroy()
  })

  it('a message that is not one of ours changes nothing', async () => {
    const { A, B, hub, flush } = await twoTabs()
    const before = B.getState()
    for (const junk of [null, 'x', { type: 'gangway/tabs', v: 2, changes: { preferences: { themeMode: 'dark' } } }, tabMessage({}), { type: 'gangway/tabs', v: 1, changes: { network: { lastUsed: 'nope' } } }])
      hub.deliver(junk)
    await flush()
    expect(B.getState()).toBe(before)
    A.destroy()
    B.destroy()
  })

  it('with tabSync: false nothing is posted or taken in', async () => {
    const kv = createMemoryKeyValue()
    const hub = createTabHub()
    const other = hub.tab()
    const t = await createTestModal({ persistLog: false, tabSync: false }, kv)
    t.modal.setThemeMode('dark')
    other.post(tabMessage({ preferences: { themeMode: 'light' } }))
    await t.time.advanceBy(0)
    expect(hub.posted).toHaveLength(1)
    expect(t.modal.getState().preferences.themeMode).toBe('dark')
    t.modal.destroy()
  })
})
