import { describe, expect, it } from 'vitest'
import { followOtherTabs } from '../../../../../src/core/effects/connection/followOtherTabs'
import { connectionDisconnected, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { reconnectFinished, reconnectStarted } from '../../../../../src/core/events/connection/connectionLifecycle'
import { networkChanged } from '../../../../../src/core/events/connection/network'
import { tabsChanged, type TabChanges } from '../../../../../src/core/events/persistence/tabs'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter, session } from '../fakes'

const R = 'tab-change-1'
const changed = (changes: TabChanges) => tabsChanged(changes, { requestId: R })
const connectedTo = (connectorId: string, chain = 'eip155:1') =>
  stateAfter([connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: chain })])

describe('followOtherTabs', () => {
  it('a wallet disconnected in another tab is disconnected here, with the change’s requestId', () => {
    const { adapter, calls } = fakeAdapter()
    new EffectScheduler().run(({ expectObservable }) => {
      const run = runEffect(followOtherTabs, {
        events: { marble: 'c', values: { c: changed({ connections: [{ namespace: 'eip155', connectorId: 'a', connected: false }] }) } },
        state: connectedTo('a'),
        loop: true,
        deps: { adapters: { eip155: adapter } },
      })
      expectObservable(run).toBe('d', { d: connectionDisconnected({ namespace: 'eip155', connectorId: 'a' }, { requestId: R }) })
    })
    // This tab's wallet is not asked: the other tab's disconnect ended the connection.
    expect(calls).toEqual([])
  })

  it('a wallet connected in another tab is reconnected here silently (the page load’s run), then switched to that tab’s network', () => {
    const { adapter, calls } = fakeAdapter({ reconnect: () => reply(session(ACCOUNT, 'eip155:1'), 10), switchNetwork: () => reply(undefined, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      const run = runEffect(followOtherTabs, {
        events: {
          marble: 'c',
          values: { c: changed({ connections: [{ namespace: 'eip155', connectorId: 'a', connected: true }], network: { lastUsed: 'eip155:2' } }) },
        },
        state: stateAfter(),
        loop: true,
        deps: { adapters: { eip155: adapter } },
      })
      expectObservable(run).toBe('s 9ms (cf) 1ms n', {
        s: reconnectStarted({ namespace: 'eip155', connectorIds: ['a'] }, { requestId: R }),
        c: connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId: R }),
        f: reconnectFinished({ namespace: 'eip155', remembered: true }, { requestId: R }),
        n: networkChanged({ namespace: 'eip155', connectorId: 'a', caipNetworkId: 'eip155:2' }, { requestId: R }),
      })
    })
    expect(calls.map((c) => c[0])).toEqual(['reconnect', 'switchNetwork'])
  })

  it('what already matches asks nothing: the wallet connected here, on that network', () => {
    const { adapter, calls } = fakeAdapter()
    new EffectScheduler().run(({ expectObservable }) => {
      const run = runEffect(followOtherTabs, {
        events: { marble: 'c', values: { c: changed({ connections: [{ namespace: 'eip155', connectorId: 'a', connected: true }], network: { lastUsed: 'eip155:1' } }) } },
        state: connectedTo('a'),
        loop: true,
        deps: { adapters: { eip155: adapter } },
      })
      expectObservable(run).toBe('')
    })
    expect(calls).toEqual([])
  })

  it('a wallet that refuses the switch stays where it is; a network the host does not list is not asked for', () => {
    const { adapter, calls } = fakeAdapter({ switchNetwork: () => replyError(new Error('refused'), 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      const run = runEffect(followOtherTabs, {
        events: { marble: 'a b', values: { a: changed({ network: { lastUsed: 'eip155:2' } }), b: changed({ network: { lastUsed: 'eip155:77' } }) } },
        state: connectedTo('a'),
        loop: true,
        deps: { adapters: { eip155: adapter } },
      })
      expectObservable(run).toBe('')
    })
    expect(calls.map((c) => c[0])).toEqual(['switchNetwork'])
  })

  it('with reconnect: false a wallet connected elsewhere is not reconnected here', () => {
    const { adapter, calls } = fakeAdapter()
    new EffectScheduler().run(({ expectObservable }) => {
      const run = runEffect(followOtherTabs, {
        events: { marble: 'c', values: { c: changed({ connections: [{ namespace: 'eip155', connectorId: 'a', connected: true }] }) } },
        state: stateAfter([], { settings: { reconnect: false } }),
        loop: true,
        deps: { adapters: { eip155: adapter } },
      })
      expectObservable(run).toBe('')
    })
    expect(calls).toEqual([])
  })
})
