import { describe, expect, it } from 'vitest'
import { NetworkNotFoundError } from '../../../../../src/core/errors/connection'
import { switchNetwork } from '../../../../../src/core/effects/connection/switchNetwork'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { networkSwitched, networkSwitchFailed, networkSwitchRequested } from '../../../../../src/core/events/connection/network'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

const connected = stateAfter([
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
])
const toNetwork = (caipNetworkId: string, requestId: string) => networkSwitchRequested({ namespace: 'eip155', caipNetworkId }, { requestId })

describe('switchNetwork', () => {
  it('asks the connected wallet to switch, then reports the switch', () => {
    const { adapter, calls } = fakeAdapter({ switchNetwork: () => reply(undefined, 25) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(switchNetwork, { events: { marble: 's', values: { s: toNetwork('eip155:2', 'n1') } }, state: connected, reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('25ms w', { w: networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:2' }, { requestId: 'n1' }) })
    })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.slice(0, 2)).toEqual(['switchNetwork', 'a'])
    expect((calls[0]![2] as { caipNetworkId: string }).caipNetworkId).toBe('eip155:2')
  })

  it('without a wallet, or on the network already, the choice is taken without asking', () => {
    const { adapter, calls } = fakeAdapter()
    new EffectScheduler().run(({ expectObservable }) => {
      const alone = runEffect(switchNetwork, { events: { marble: 's', values: { s: toNetwork('eip155:2', 'n1') } }, state: stateAfter(), reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(alone).toBe('w', { w: networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:2' }, { requestId: 'n1' }) })
      const same = runEffect(switchNetwork, { events: { marble: 's', values: { s: toNetwork('eip155:1', 'n2') } }, state: connected, reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(same).toBe('w', { w: networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:1' }, { requestId: 'n2' }) })
    })
    expect(calls).toEqual([])
  })

  it("a refused switch and a network the host does not list fail; the effect goes on", () => {
    let n = 0
    const refused = new GangwayError('User rejected the request', { code: 4001 })
    const { adapter } = fakeAdapter({ switchNetwork: () => (++n === 1 ? replyError(refused, 5) : reply(undefined, 5)) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 9ms b 9ms c', values: { a: toNetwork('eip155:2', 'n1'), b: toNetwork('eip155:99', 'n2'), c: toNetwork('eip155:2', 'n3') } }
      const out = runEffect(switchNetwork, { events, state: connected, reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('5ms a 4ms b 14ms c', {
        a: networkSwitchFailed({ namespace: 'eip155', caipNetworkId: 'eip155:2', error: serializeError(refused) }, { requestId: 'n1' }),
        b: networkSwitchFailed({ namespace: 'eip155', caipNetworkId: 'eip155:99', error: serializeError(new NetworkNotFoundError('eip155:99')) }, { requestId: 'n2' }),
        c: networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:2' }, { requestId: 'n3' }),
      })
    })
  })

  it('a request superseded before the effect saw it (not the current switch) is not acted on', () => {
    const { adapter, calls } = fakeAdapter({ switchNetwork: () => reply(undefined, 5) })
    const stale = { ...toNetwork('eip155:2', 'old'), seq: 99, at: 0 }
    new EffectScheduler().run(({ expectObservable }) => {
      // A fixed state whose current switch is another request's.
      const state = stateAfter([toNetwork('eip155:2', 'current')], { from: connected })
      const out = runEffect(switchNetwork, { events: { marble: 's', values: { s: stale } }, state, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('')
    })
    expect(calls).toEqual([])
  })
})
