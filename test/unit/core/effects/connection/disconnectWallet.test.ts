import { describe, expect, it } from 'vitest'
import { disconnectWallet } from '../../../../../src/core/effects/connection/disconnectWallet'
import { ChainAdapterNotFoundError, ConnectorNotFoundError } from '../../../../../src/core/errors/connection'
import { connectionDisconnected, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { disconnectFailed, disconnectRequested } from '../../../../../src/core/events/connection/connectionLifecycle'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, OTHER_ACCOUNT, fakeAdapter } from '../fakes'

const connected = (connectorId: string, address = ACCOUNT) =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:1' })
const state = stateAfter([connected('a'), connected('b', OTHER_ACCOUNT)], { settings: { features: { multiWallet: true } } })
const request = (requestId: string, connectorId?: string) =>
  disconnectRequested(connectorId === undefined ? { namespace: 'eip155' } : { namespace: 'eip155', connectorId }, { requestId })

describe('disconnectWallet', () => {
  it('disconnects the named connector through its adapter', () => {
    const { adapter, calls } = fakeAdapter({ disconnect: () => reply(undefined, 20) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(disconnectWallet, { events: { marble: 'd', values: { d: request('q', 'a') } }, state, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('20ms g', { g: connectionDisconnected({ namespace: 'eip155', connectorId: 'a' }, { requestId: 'q' }) })
    })
    expect(calls).toEqual([['disconnect', 'a']])
  })

  it('without a connector named, the active one is disconnected', () => {
    const { adapter, calls } = fakeAdapter({ disconnect: () => reply(undefined) })
    const active = state.connection.byNamespace.eip155!.activeConnectorId!
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(disconnectWallet, { events: { marble: 'd', values: { d: request('q') } }, state, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('g', { g: connectionDisconnected({ namespace: 'eip155', connectorId: active }, { requestId: 'q' }) })
    })
    expect(calls).toEqual([['disconnect', active]])
  })

  it("a wallet that cannot disconnect is 'Failed to disconnect', and the next request still works", () => {
    let n = 0
    const { adapter } = fakeAdapter({ disconnect: () => (++n === 1 ? replyError(new Error('socket closed'), 5) : reply(undefined, 5)) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'd 9ms e', values: { d: request('q1', 'a'), e: request('q2', 'a') } }
      const out = runEffect(disconnectWallet, { events, state, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('5ms f 9ms g', {
        f: disconnectFailed(
          { namespace: 'eip155', connectorId: 'a', error: serializeError(new GangwayError('Failed to disconnect', { details: 'socket closed' })) },
          { requestId: 'q1' },
        ),
        g: connectionDisconnected({ namespace: 'eip155', connectorId: 'a' }, { requestId: 'q2' }),
      })
    })
  })

  it('an unknown connector or a namespace without adapter fails without a call', () => {
    const { adapter, calls } = fakeAdapter()
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(disconnectWallet, { events: { marble: 'd', values: { d: request('q', 'zz') } }, state, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('f', {
        f: disconnectFailed({ namespace: 'eip155', connectorId: 'zz', error: serializeError(new ConnectorNotFoundError('zz')) }, { requestId: 'q' }),
      })
      const bare = runEffect(disconnectWallet, { events: { marble: 'd', values: { d: request('q', 'a') } }, state })
      expectObservable(bare).toBe('f', {
        f: disconnectFailed({ namespace: 'eip155', connectorId: 'a', error: serializeError(new ChainAdapterNotFoundError('eip155')) }, { requestId: 'q' }),
      })
    })
    expect(calls).toEqual([])
  })
})
