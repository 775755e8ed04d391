import { describe, expect, it } from 'vitest'
import { connectWallet } from '../../../../../src/core/effects/connection/connectWallet'
import { ChainAdapterNotFoundError } from '../../../../../src/core/errors/connection'
import { connectionFailed, connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { networkSwitched, networkSwitchRequested } from '../../../../../src/core/events/connection/network'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter, TEST_SETTINGS } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter, session } from '../fakes'

const request = (connectorId: string, requestId: string, namespace: 'eip155' | 'solana' = 'eip155') => connectionRequested({ connectorId, namespace }, { requestId })
const succeeded = (connectorId: string, requestId: string) =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId })
const failed = (connectorId: string, requestId: string, error: unknown, namespace: 'eip155' | 'solana' = 'eip155') =>
  connectionFailed({ connectorId, namespace, error: serializeError(error, 'Failed to connect') }, { requestId })

describe('connectWallet', () => {
  it("connects the requested wallet and reports its accounts under the request's id", () => {
    const { adapter, calls } = fakeAdapter({ connect: () => reply(session(), 100) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(connectWallet, { events: { marble: 'r', values: { r: request('a', 'r1') } }, state: stateAfter(), reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('100ms s', { s: succeeded('a', 'r1') })
    })
    // The wallet is asked on the namespace's network: none selected yet, the host's first.
    expect(calls).toEqual([['connect', 'a', { network: TEST_SETTINGS.networks![0] }]])
  })

  it("a rejection is connection/failed with the wallet's message, and a retry later still connects", () => {
    let n = 0
    const rejected = new GangwayError('Connection rejected', { code: 4001 })
    const { adapter } = fakeAdapter({ connect: () => (++n === 1 ? replyError(rejected, 10) : reply(session(), 10)) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r 1999ms t', values: { r: request('a', 'r1'), t: request('a', 'r2') } }
      const out = runEffect(connectWallet, { events, state: stateAfter(), loop: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('10ms f 1999ms s', { f: failed('a', 'r1', rejected), s: succeeded('a', 'r2') })
    })
  })

  it("a wallet that answers without accounts fails with 'Failed to connect'", () => {
    const { adapter } = fakeAdapter({ connect: () => reply({ accounts: [], caipNetworkId: 'eip155:1' }, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(connectWallet, { events: { marble: 'r', values: { r: request('a', 'r1') } }, state: stateAfter(), reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('5ms f', { f: failed('a', 'r1', new GangwayError('Failed to connect', { details: 'the wallet returned no accounts' })) })
    })
  })

  it('a namespace without a chain adapter fails at once', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(connectWallet, { events: { marble: 'r', values: { r: request('p', 'r1', 'solana') } }, state: stateAfter(), reduce: true })
      expectObservable(out).toBe('f', { f: failed('p', 'r1', new ChainAdapterNotFoundError('solana'), 'solana') })
    })
  })

  it('a request the reducer did not take up (the same wallet is already connecting) asks the wallet nothing', () => {
    const { adapter, calls } = fakeAdapter({ connect: () => reply(session(), 100) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r 9ms d', values: { r: request('a', 'r1'), d: request('a', 'r2') } }
      const out = runEffect(connectWallet, { events, state: stateAfter(), reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('100ms s', { s: succeeded('a', 'r1') })
    })
    expect(calls).toHaveLength(1)
  })

  it('picking another wallet does not cancel the first call: both outcomes come, each with its own request id', () => {
    const { adapter } = fakeAdapter({ connect: (id) => reply(session(), id === 'a' ? 100 : 20) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 9ms b', values: { a: request('a', 'r1'), b: request('b', 'r2') } }
      const out = runEffect(connectWallet, { events, state: stateAfter(), reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('30ms b 69ms a', { a: succeeded('a', 'r1'), b: succeeded('b', 'r2') })
    })
  })
})

describe('connectWallet asks on the network the visitor chose', () => {
  it('the namespace\'s selected network, not the first one', () => {
    const { adapter, calls } = fakeAdapter({ connect: () => reply(session(), 10) })
    const two = TEST_SETTINGS.networks![1]!
    new EffectScheduler().run(({ expectObservable }) => {
      const chosen = { namespace: 'eip155' as const, caipNetworkId: two.caipNetworkId }
      const state = stateAfter([networkSwitchRequested(chosen, { requestId: 's1' }), networkSwitched(chosen, { requestId: 's1' })])
      expect(state.network.selected.eip155).toBe(two.caipNetworkId)
      const out = runEffect(connectWallet, { events: { marble: 'r', values: { r: request('a', 'r1') } }, state, reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('10ms s', { s: succeeded('a', 'r1') })
    })
    expect(calls).toEqual([['connect', 'a', { network: two }]])
  })
})
