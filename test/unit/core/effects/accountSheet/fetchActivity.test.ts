import { describe, expect, it } from 'vitest'
import type { BlockchainApi, HistoryPage, HistoryParams } from '../../../../../src/core/apiPorts'
import type { Transaction } from '../../../../../src/core/domain/entities'
import { fetchActivity } from '../../../../../src/core/effects/accountSheet/fetchActivity'
import { activityPageFetched, activityPageRequested } from '../../../../../src/core/events/accountSheet/activity'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { sendConfirmed } from '../../../../../src/core/events/connection/send'
import { GangwayError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const CAIP = `eip155:1:${ACCOUNT}`
const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
const tx = (id: string): Transaction => ({ id, metadata: { minedAt: '2026-11-01T10:00:00Z', chain: 'eip155:1' }, transfers: [] })

function blockchain(answer: (params: HistoryParams, n: number) => Promise<HistoryPage>) {
  const calls: HistoryParams[] = []
  const api = {
    getHistory: (params: HistoryParams) => {
      calls.push(params)
      return answer(params, calls.length)
    },
  } as unknown as BlockchainApi
  return { deps: { api: { blockchain: api, directory: null, loadConfiguration: null } }, calls }
}

const request = (cursor: string | null, requestId: string) => activityPageRequested({ caipAddress: CAIP, cursor }, { requestId })

describe('fetchActivity', () => {
  it('fetches the page asked for, this network only, then the next one with its cursor', () => {
    const { deps, calls } = blockchain((p) => reply(p.cursor ? { data: [tx('b')], next: null } : { data: [tx('a')], next: 'c1' }, 10))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r 99ms n', values: { r: request(null, 'q1'), n: request('c1', 'q2') } }
      const out = runEffect(fetchActivity, { events, state: connected, loop: true, deps })
      expectObservable(out).toBe('10ms a 99ms b', {
        a: activityPageFetched({ caipAddress: CAIP, cursor: null, transactions: [tx('a')], next: 'c1' }, { requestId: 'q1' }),
        b: activityPageFetched({ caipAddress: CAIP, cursor: 'c1', transactions: [tx('b')], next: null }, { requestId: 'q2' }),
      })
    })
    expect(calls).toEqual([
      { address: ACCOUNT, cursor: null, chainId: 'eip155:1' },
      { address: ACCOUNT, cursor: 'c1', chainId: 'eip155:1' },
    ])
  })

  it("a failed lookup is 'Failed to fetch transactions', with the reason in the details", () => {
    const { deps } = blockchain(() => replyError(new GangwayError('Server Error', { details: 'HTTP 500' }), 5))
    let failed: unknown
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(fetchActivity, { events: { marble: 'r', values: { r: request(null, 'q1') } }, state: connected, reduce: true, deps })
      out.subscribe((e) => (failed = e))
      expectObservable(out).toBe('5ms f', { f: expect.anything() })
    })
    expect(failed).toMatchObject({ type: 'activity/pageFailed', payload: { caipAddress: CAIP, error: { shortMessage: 'Failed to fetch transactions', details: 'HTTP 500' } } })
  })

  it('without a data API the request fails at once, and a duplicate or stale request is not run', () => {
    let out: unknown[] = []
    new EffectScheduler().run(({ expectObservable }) => {
      const run = runEffect(fetchActivity, { events: { marble: 'r', values: { r: request(null, 'q1') } }, state: connected, reduce: true, deps: { api: { blockchain: null, directory: null, loadConfiguration: null } } })
      run.subscribe((e) => out.push(e))
      expectObservable(run).toBe('f', { f: expect.anything() })
    })
    expect(out[0]).toMatchObject({ payload: { error: { shortMessage: 'Failed to fetch transactions' } } })

    const { deps, calls } = blockchain(() => reply({ data: [], next: null }, 50))
    out = []
    new EffectScheduler().run(({ expectObservable }) => {
      // The second request arrives while the first is loading: the slice refuses it, nothing runs twice.
      const events = { marble: 'r 9ms s 9ms c', values: { r: request(null, 'q1'), s: request(null, 'q2'), c: request('nope', 'q3') } }
      expectObservable(runEffect(fetchActivity, { events, state: connected, loop: true, deps })).toBe('50ms a', {
        a: activityPageFetched({ caipAddress: CAIP, cursor: null, transactions: [], next: null }, { requestId: 'q1' }),
      })
    })
    expect(calls).toHaveLength(1)
  })

  it('a confirmed send fetches the newest page again for an account whose activity was shown', () => {
    const { deps, calls } = blockchain(() => reply({ data: [tx('a')], next: null }, 5))
    const shown = stateAfter([
      connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
      request(null, 'q0'),
      activityPageFetched({ caipAddress: CAIP, cursor: null, transactions: [], next: null }, { requestId: 'q0' }),
    ])
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(fetchActivity, { events: { marble: 's', values: { s: sendConfirmed({ hash: '0x1', blockNumber: '2' }) } }, state: shown, loop: true, deps })
      expectObservable(out).toBe('r 4ms a', { r: expect.objectContaining({ type: 'activity/pageRequested' }), a: expect.objectContaining({ type: 'activity/pageFetched' }) })
    })
    expect(calls).toHaveLength(1)
    // Not shown: nothing fetched.
    const { deps: quiet, calls: none } = blockchain(() => reply({ data: [], next: null }, 5))
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchActivity, { events: { marble: 's', values: { s: sendConfirmed({ hash: '0x1', blockNumber: '2' }) } }, state: connected, loop: true, deps: quiet })).toBe('')
    })
    expect(none).toHaveLength(0)
  })
})
