import { describe, expect, it } from 'vitest'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { accountDisconnected } from '../../../src/core/events/connection/connectionLifecycle'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { modalCloseRequested, modalOpenRequested, modalShakeEnded, modalShakeRequested } from '../../../src/core/events/modal/modal'
import { sessionStarted } from '../../../src/core/events/modal/session'
import { siwxSessionStored } from '../../../src/core/events/siwx/siwx'
import { routerPushed, routerWentBack } from '../../../src/core/events/modal/router'
import { walletListPageFailed, walletListPageLoaded, walletListPageRequested, walletListSearchChanged } from '../../../src/core/events/data/walletList'
import { rootReducer } from '../../../src/core/reducers/rootReducer'
import { type ModalState, type SessionSettings } from '../../../src/core/state'
import { initialState } from '../../../src/core/reducers/rootReducer'

function run(settings: Partial<SessionSettings>, inputs: (EventInput | [EventInput, number])[]): ModalState {
  let state = initialState()
  let seq = 0
  const all: [EventInput, number][] = [[sessionStarted({ projectId: 'p', adapters: ['eip155'], ...settings }), 0], ...inputs.map((i, n): [EventInput, number] => (Array.isArray(i) ? i : [i, (n + 1) * 10]))]
  for (const [input, at] of all) state = rootReducer(state, { ...input, seq: ++seq, at } as StampedEvent)
  return state
}

const connected = connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: '0x1', type: 'eoa' }], caipNetworkId: 'eip155:1' })

describe('opening picks the view of spec §2', () => {
  it('Connect when not connected, Account when connected, the requested view when given', () => {
    expect(run({}, [modalOpenRequested({})]).router.view).toBe('Connect')
    expect(run({}, [connected, modalOpenRequested({})]).router.view).toBe('Account')
    expect(run({}, [connected, modalOpenRequested({ view: 'Networks' })]).router.view).toBe('Networks')
  })
  it('with no adapters or manual control: AllWallets on mobile, ConnectingWalletConnectBasic on desktop', () => {
    expect(run({ adapters: [], isMobile: true }, [modalOpenRequested({})]).router.view).toBe('AllWallets')
    expect(run({ adapters: [], isMobile: false }, [modalOpenRequested({})]).router.view).toBe('ConnectingWalletConnectBasic')
    expect(run({ manualControl: true, isMobile: false }, [modalOpenRequested({})]).router.view).toBe('ConnectingWalletConnectBasic')
    expect(run({ manualControl: true, isMobile: true }, [modalOpenRequested({})]).router.view).toBe('AllWallets')
    // WalletConnect alone serves eip155, but no chain adapter was given.
    expect(run({ adapters: ['eip155'], noChainAdapters: true, isMobile: false }, [modalOpenRequested({})]).router.view).toBe('ConnectingWalletConnectBasic')
  })
  it('opening for another namespace switches the active one', () => {
    const s = run({ adapters: ['eip155', 'solana'] }, [modalOpenRequested({ namespace: 'solana' })])
    expect(s.connection.activeNamespace).toBe('solana')
    expect(s.modal.namespace).toBe('solana')
  })
})

describe('closing', () => {
  it('resets to Connect, also from a deep history', () => {
    const s = run({}, [modalOpenRequested({}), routerPushed({ view: 'AllWallets' }), modalCloseRequested({})])
    expect(s.modal.open).toBe(false)
    expect(s.router.history).toEqual(['Connect'])
  })
  it('in embedded mode lands on Account when connected, else Connect', () => {
    expect(run({ embedded: true }, [connected, modalOpenRequested({ view: 'Networks' }), modalCloseRequested({})]).router.view).toBe('Account')
    expect(run({ embedded: true }, [modalOpenRequested({ view: 'Networks' }), modalCloseRequested({})]).router.view).toBe('Connect')
    expect(run({ embedded: false }, [connected, modalOpenRequested({ view: 'Networks' }), modalCloseRequested({})]).router.view).toBe('Connect')
  })
  it('SIWXSignMessage stays open while sign-in is required and no session exists, and shakes', () => {
    const s = run({ siwx: { required: true } }, [modalOpenRequested({ view: 'SIWXSignMessage' }), modalCloseRequested({})])
    expect(s.modal.open).toBe(true)
    expect(s.router.view).toBe('SIWXSignMessage')
    expect(s.modal.shake).toBe(true)
  })
  it('SIWXSignMessage closes once a session exists or when sign-in is optional', () => {
    expect(run({ siwx: { required: true } }, [modalOpenRequested({ view: 'SIWXSignMessage' }), siwxSessionStored({ caipAddress: 'eip155:1:0x1', session: {} }), modalCloseRequested({})]).modal.open).toBe(false)
    expect(run({ siwx: { required: false } }, [modalOpenRequested({ view: 'SIWXSignMessage' }), modalCloseRequested({})]).modal.open).toBe(false)
  })
})

describe('shake (500 ms, no retrigger while active)', () => {
  it('a second request within 500 ms keeps the first start time', () => {
    const s = run({}, [[modalShakeRequested({}), 1000], [modalShakeRequested({}), 1499]])
    expect(s.modal.shakeStartedAt).toBe(1000)
  })
  it('at 500 ms the old shake is over and a new one starts', () => {
    const s = run({}, [[modalShakeRequested({}), 1000], [modalShakeRequested({}), 1500]])
    expect(s.modal.shakeStartedAt).toBe(1500)
  })
  it('ends on shakeEnded', () => {
    const s = run({}, [[modalShakeRequested({}), 1000], [modalShakeEnded({}), 1500]])
    expect(s.modal.shake).toBe(false)
  })
})

describe('loading while an open prefetches wallet data (spec §4)', () => {
  const directory: Partial<SessionSettings> = { services: { walletDirectory: true } }
  const open = modalOpenRequested({})
  const asked = (list: 'featured' | 'recommended' | 'all', requestId: string) => walletListPageRequested({ list }, { requestId })
  const page = (list: 'featured' | 'recommended' | 'all', requestId: string) => walletListPageLoaded({ list, page: 1, wallets: [{ id: `${list}-1`, name: 'W' }], count: 1 }, { requestId })
  const failed = (list: 'recommended' | 'all', requestId: string) => walletListPageFailed({ list, page: 1, error: { name: 'ApiRequestError', shortMessage: 'Server Error' } }, { requestId })
  const loading = (settings: Partial<SessionSettings>, events: EventInput[]) => run(settings, events).modal.loading

  it('is set by the open and cleared once every list it prefetches has answered, loaded or failed', () => {
    const requested = [open, asked('featured', 'f'), asked('recommended', 'r'), asked('all', 'a')]
    const settings = { ...directory, walletFilters: { featured: ['x'] } }
    expect(loading(settings, [open])).toBe(true)
    expect(loading(settings, [...requested, page('recommended', 'r'), page('featured', 'f')])).toBe(true)
    expect(loading(settings, [...requested, page('recommended', 'r'), page('featured', 'f'), page('all', 'a')])).toBe(false)
    expect(loading(settings, [...requested, failed('all', 'a'), page('featured', 'f'), failed('recommended', 'r')])).toBe(false)
  })

  it("an answer to a superseded request, or to a list an open does not prefetch, ends nothing", () => {
    const requested = [open, asked('recommended', 'r'), asked('all', 'a'), page('all', 'a')]
    expect(loading(directory, [...requested, page('recommended', 'stale')])).toBe(true)
    const search = walletListPageLoaded({ list: 'search', page: 1, wallets: [], count: 0 }, { requestId: 's' })
    expect(loading(directory, [...requested, walletListSearchChanged({ query: 'x' }), walletListPageRequested({ list: 'search', query: 'x' }, { requestId: 's' }), search])).toBe(true)
  })

  it('closing clears it; an open with every list loaded, or without a wallet directory, never sets it', () => {
    const requested = [open, asked('recommended', 'r'), asked('all', 'a')]
    expect(loading(directory, [...requested, modalCloseRequested({})])).toBe(false)
    const answered = [...requested, page('recommended', 'r'), page('all', 'a'), modalCloseRequested({})]
    expect(loading(directory, [...answered, open])).toBe(false)
    // A list whose last request failed is fetched again: the next open waits for it.
    expect(loading(directory, [...requested, page('recommended', 'r'), failed('all', 'a'), modalCloseRequested({}), open])).toBe(true)
    expect(loading({}, [open])).toBe(false)
    expect(loading({ ...directory, features: { allWallets: false } }, [open, asked('recommended', 'r'), page('recommended', 'r')])).toBe(false)
  })
})

describe('Connect for one namespace', () => {
  const solConnected = connectionSucceeded({ connectorId: 's', namespace: 'solana', accounts: [{ address: 'So1', type: 'eoa' }], caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
  const both = { adapters: ['eip155', 'solana'] as SessionSettings['adapters'] }

  it('opened for a namespace from an open modal, it goes on top of the view the visitor was on; Back returns there and lists every namespace again', () => {
    const opened = [solConnected, modalOpenRequested({ namespace: 'solana' }), routerPushed({ view: 'SwitchActiveChain' }), modalOpenRequested({ view: 'Connect', namespace: 'eip155' })]
    const s = run(both, opened)
    expect(s.router).toMatchObject({ view: 'Connect', history: ['Account', 'SwitchActiveChain', 'Connect'] })
    expect(s.modal.connectFor).toBe('eip155')
    expect(s.connection.activeNamespace).toBe('eip155')
    // Going further keeps the filter (the wallets it leads to are still for that namespace) ...
    expect(run(both, [...opened, routerPushed({ view: 'AllWallets' }), routerWentBack({})]).modal.connectFor).toBe('eip155')
    // ... Back past Connect, or closing, ends it.
    const back = run(both, [...opened, routerWentBack({})])
    expect(back.router).toMatchObject({ view: 'SwitchActiveChain', history: ['Account', 'SwitchActiveChain'] })
    expect(back.modal.connectFor).toBeNull()
    expect(run(both, [...opened, modalCloseRequested({})]).modal.connectFor).toBeNull()
  })

  it('opened for a namespace from a closed modal: Connect alone, filtered; without a namespace, not filtered', () => {
    const s = run(both, [solConnected, modalOpenRequested({ view: 'Connect', namespace: 'eip155' })])
    expect(s.router).toMatchObject({ view: 'Connect', history: ['Connect'] })
    expect(s.modal.connectFor).toBe('eip155')
    expect(run(both, [modalOpenRequested({ view: 'Connect' })]).modal.connectFor).toBeNull()
    expect(run(both, [modalOpenRequested({})]).modal.connectFor).toBeNull()
    // A namespace that is connected opens its account, not a filtered Connect.
    const account = run(both, [solConnected, modalOpenRequested({ namespace: 'solana' })])
    expect(account.router.view).toBe('Account')
    expect(account.modal.connectFor).toBeNull()
  })

  it('the account gone while the visitor was past Connect: the fresh Connect lists every namespace', () => {
    const opened = [solConnected, modalOpenRequested({ view: 'Connect', namespace: 'eip155' }), routerPushed({ view: 'AllWallets' })]
    const s = run(both, [...opened, accountDisconnected({ namespace: 'solana' })])
    expect(s.router).toMatchObject({ view: 'Connect', history: ['Connect'] })
    expect(s.modal.connectFor).toBeNull()
    // On Connect itself nothing moves: the filter stays, with its Back.
    const stays = run(both, [solConnected, modalOpenRequested({ namespace: 'solana' }), routerPushed({ view: 'SwitchActiveChain' }), modalOpenRequested({ view: 'Connect', namespace: 'eip155' }), accountDisconnected({ namespace: 'solana' })])
    expect(stays.router.view).toBe('Connect')
    expect(stays.modal.connectFor).toBe('eip155')
  })

  it('a connect that succeeds ends the filter', () => {
    const evm = connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: '0x1', type: 'eoa' }], caipNetworkId: 'eip155:1' })
    const s = run(both, [solConnected, modalOpenRequested({ view: 'Connect', namespace: 'eip155' }), evm])
    expect(s.modal.connectFor).toBeNull()
  })

  it('an account view opened while its namespace is disconnected routes to Connect (for that namespace when one was asked for)', () => {
    for (const view of ['Account', 'ProfileWallets', 'Receive', 'WalletSend'] as const) {
      expect(run({}, [modalOpenRequested({ view })]).router).toMatchObject({ view: 'Connect', history: ['Connect'] })
      expect(run({}, [connected, modalOpenRequested({ view })]).router.view).toBe(view)
      const other = run(both, [solConnected, modalOpenRequested({ view, namespace: 'eip155' })])
      expect(other.router.view).toBe('Connect')
      expect(other.modal.connectFor).toBe('eip155')
    }
    // Views that need no connection open as asked.
    expect(run({}, [modalOpenRequested({ view: 'Networks' })]).router.view).toBe('Networks')
    expect(run(both, [modalOpenRequested({ view: 'SwitchActiveChain' })]).router.view).toBe('SwitchActiveChain')
  })
})
