import { describe, expect, it } from 'vitest'
import { emitAccountDisconnected } from '../../../../../src/core/effects/connection/emitAccountDisconnected'
import { connectionDisconnected, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { accountDisconnected } from '../../../../../src/core/events/connection/connectionLifecycle'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, OTHER_ACCOUNT, fakeAnalytics } from '../fakes'

const connected = (connectorId: string, address: string) =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:1' })
const gone = (connectorId: string) => connectionDisconnected({ namespace: 'eip155', connectorId })

describe('emitAccountDisconnected', () => {
  it('the disconnect that leaves a namespace without connections resets its account and tracks DISCONNECT_SUCCESS', () => {
    const { analytics, tracked } = fakeAnalytics()
    const state = stateAfter([connected('a', ACCOUNT)], { settings: { features: { multiWallet: true } } })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'x 9ms d', values: { x: modalOpenRequested({}), d: gone('a') } }
      expectObservable(runEffect(emitAccountDisconnected, { events, state, reduce: true, deps: { analytics } })).toBe('10ms a', {
        a: accountDisconnected({ namespace: 'eip155' }),
      })
    })
    expect(tracked).toEqual([{ frame: 10, event: 'DISCONNECT_SUCCESS' }])
  })

  it('a disconnect that leaves another connection in the namespace emits nothing until the last one goes', () => {
    const { analytics, tracked } = fakeAnalytics()
    const state = stateAfter([connected('a', ACCOUNT), connected('b', OTHER_ACCOUNT)], { settings: { features: { multiWallet: true } } })
    expect(state.connection.byNamespace.eip155?.connections).toHaveLength(2)
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'x 9ms a 9ms b', values: { x: modalOpenRequested({}), a: gone('a'), b: gone('b') } }
      expectObservable(runEffect(emitAccountDisconnected, { events, state, reduce: true, deps: { analytics } })).toBe('20ms n', {
        n: accountDisconnected({ namespace: 'eip155' }),
      })
    })
    expect(tracked.map((t) => t.frame)).toEqual([20])
  })

  it('a disconnect of a namespace with no connection emits nothing', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'x d', values: { x: modalOpenRequested({}), d: gone('a') } }
      expectObservable(runEffect(emitAccountDisconnected, { events, state: stateAfter(), reduce: true })).toBe('')
    })
  })
})
