import { describe, expect, it } from 'vitest'
import { reconnectOnLoad } from '../../../../../src/core/effects/connection/reconnectOnLoad'
import { connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { reconnectFinished, reconnectStarted } from '../../../../../src/core/events/connection/connectionLifecycle'
import { storageHydrated } from '../../../../../src/core/events/persistence/storage'
import { GangwayError } from '../../../../../src/core/errors/base'
import { EffectScheduler, minted, noReply, reply, replyError, runEffect, type EffectRun } from '../../../../support/runEffect'
import { stateAfter, TEST_SETTINGS } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter, session } from '../fakes'

const hydrated = (ids: string[]) => storageHydrated({ wallets: { recent: [], connected: { eip155: ids } } })
const started = (ids: string[]) => minted(reconnectStarted({ namespace: 'eip155', connectorIds: ids }))
const finished = minted(reconnectFinished({ namespace: 'eip155' }))
const succeeded = (connectorId: string) =>
  minted(connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }))

/** Every event of one run carries the run's request id. */
function oneRun(run: EffectRun): void {
  const ids = new Set(run.log.filter((e) => e.type !== storageHydrated.type && e.type !== connectionRequested.type).map((e) => e.requestId))
  expect(ids.size).toBe(1)
  expect([...ids][0]).toEqual(expect.any(String))
}

describe('reconnectOnLoad', () => {
  it('after hydration, reconnects the most recent wallet first, stops at the first with accounts, then finishes', () => {
    const { adapter, calls } = fakeAdapter({ reconnect: () => reply(session(), 10) })
    let run!: EffectRun
    new EffectScheduler().run(({ expectObservable }) => {
      run = runEffect(reconnectOnLoad, { events: { marble: 'h', values: { h: hydrated(['a', 'b']) } }, state: stateAfter(), loop: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(run).toBe('s 9ms (cf|)', { s: started(['a', 'b']), c: succeeded('a'), f: finished })
    })
    expect(calls).toEqual([['reconnect', 'a', { network: TEST_SETTINGS.networks![0] }]])
    oneRun(run)
    expect(run.state.wallets.reconnect).toEqual({})
  })

  it('wallets without accounts, or that fail, are skipped one at a time', () => {
    const { adapter, calls } = fakeAdapter({
      reconnect: (id) => (id === 'a' ? reply(null, 10) : id === 'b' ? replyError(new GangwayError('Failed to connect'), 10) : reply(session(), 10)),
    })
    new EffectScheduler().run(({ expectObservable }) => {
      const run = runEffect(reconnectOnLoad, { events: { marble: 'h', values: { h: hydrated(['a', 'b', 'c']) } }, state: stateAfter(), loop: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(run).toBe('s 29ms (cf|)', { s: started(['a', 'b', 'c']), c: succeeded('c'), f: finished })
    })
    expect(calls.map((c) => c[1])).toEqual(['a', 'b', 'c'])
  })

  it("a visitor's own connect ends the run: a late answer is dropped and the run does not finish", () => {
    const { adapter } = fakeAdapter({ reconnect: () => reply(session(), 50) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'h 9ms c', values: { h: hydrated(['a']), c: connectionRequested({ connectorId: 'b', namespace: 'eip155' }, { requestId: 'mine' }) } }
      const run = runEffect(reconnectOnLoad, { events, state: stateAfter(), loop: true, deps: { adapters: { eip155: adapter } } })
      // The answer at 50 ms is dropped and the run ends there without reconnect/finished.
      expectObservable(run).toBe('s 49ms |', { s: started(['a']) })
    })
  })

  it('only the first hydration starts a run; none with reconnect off or nothing to reconnect', () => {
    const { adapter, calls } = fakeAdapter({ reconnect: () => noReply() })
    new EffectScheduler().run(({ expectObservable }) => {
      const twice = runEffect(reconnectOnLoad, { events: { marble: 'h h', values: { h: hydrated(['a']) } }, state: stateAfter(), loop: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(twice).toBe('s', { s: started(['a']) })
      const off = runEffect(reconnectOnLoad, { events: { marble: 'h', values: { h: hydrated(['a']) } }, state: stateAfter([], { settings: { reconnect: false } }), loop: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(off).toBe('|')
      const empty = runEffect(reconnectOnLoad, { events: { marble: 'h', values: { h: hydrated([]) } }, state: stateAfter(), loop: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(empty).toBe('|')
    })
    expect(calls).toHaveLength(1)
  })
})
