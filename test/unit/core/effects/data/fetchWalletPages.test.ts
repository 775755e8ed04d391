import { describe, expect, it } from 'vitest'
import type { GetWalletsParams, WalletDirectory, WalletPage } from '../../../../../src/core/apiPorts'
import { fetchWalletPages } from '../../../../../src/core/effects/data/fetchWalletPages'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { walletListPageFailed, walletListPageLoaded, walletListPageRequested } from '../../../../../src/core/events/data/walletList'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, noReply, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

type Call = { params: GetWalletsParams; signal: AbortSignal | undefined }

function directory(answer: (params: GetWalletsParams, n: number) => Promise<WalletPage>) {
  const calls: Call[] = []
  const port = {
    getWallets: (params: GetWalletsParams, options?: { signal?: AbortSignal }) => {
      calls.push({ params, signal: options?.signal })
      return answer(params, calls.length)
    },
  } as unknown as WalletDirectory
  return { deps: { api: { directory: port, blockchain: null, loadConfiguration: null } }, calls }
}

const state = stateAfter([modalOpenRequested({})], { settings: { services: { walletDirectory: true } } })
const page = (ids: string[], count: number): WalletPage => ({ data: ids.map((id) => ({ id, name: id.toUpperCase(), extra: 'dropped' }) as never), count })
const request = (list: 'all' | 'recommended' | 'search', requestId: string, query?: string) =>
  walletListPageRequested(query === undefined ? { list } : { list, query }, { requestId })

describe('fetchWalletPages', () => {
  it('loads the page the reducer took up, keeping only the listed fields', () => {
    const { deps, calls } = directory(() => reply(page(['w1', 'w2'], 80), 30))
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(fetchWalletPages, { events: { marble: 'r', values: { r: request('all', 'q1') } }, state, reduce: true, deps })
      expectObservable(out).toBe('30ms l', {
        l: walletListPageLoaded({ list: 'all', page: 1, wallets: [{ id: 'w1', name: 'W1' }, { id: 'w2', name: 'W2' }], count: 80 }, { requestId: 'q1' }),
      })
    })
    expect(calls.map((c) => c.params)).toEqual([{ page: 1, entries: 40, chains: ['eip155:1', 'eip155:2'] }])
  })

  it('a failed page is walletList/pageFailed, and the list can be asked again', () => {
    const { deps } = directory((_p, n) => (n === 1 ? replyError(new GangwayError('Server Error'), 10) : reply(page(['w1'], 1), 10)))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 99ms b', values: { a: request('recommended', 'q1'), b: request('recommended', 'q2') } }
      expectObservable(runEffect(fetchWalletPages, { events, state, loop: true, deps })).toBe('10ms f 99ms l', {
        f: walletListPageFailed({ list: 'recommended', page: 1, error: serializeError(new GangwayError('Server Error')) }, { requestId: 'q1' }),
        l: walletListPageLoaded({ list: 'recommended', page: 1, wallets: [{ id: 'w1', name: 'W1' }], count: 1 }, { requestId: 'q2' }),
      })
    })
  })

  it('a new search supersedes the one still loading: its call is aborted and its answer never reported', () => {
    const { deps, calls } = directory((params) => reply(page([String(params.search)], 1), params.search === 'va' ? 100 : 20))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 9ms b', values: { a: request('search', 's1', 'va'), b: request('search', 's2', 'vault') } }
      expectObservable(runEffect(fetchWalletPages, { events, state, reduce: true, deps })).toBe('30ms l', {
        l: walletListPageLoaded({ list: 'search', page: 1, wallets: [{ id: 'vault', name: 'VAULT' }], count: 1 }, { requestId: 's2' }),
      })
    })
    expect(calls.map((c) => [c.params.search, c.params.entries, c.signal?.aborted])).toEqual([
      ['va', 100, true],
      ['vault', 100, true],
    ])
  })

  it('lists load side by side: a request of one list does not cancel another', () => {
    const { deps } = directory((params) => (params.entries === 4 ? reply(page(['r'], 1), 50) : reply(page(['a'], 1), 10)))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r a', values: { r: request('recommended', 'r1'), a: request('all', 'a1') } }
      expectObservable(runEffect(fetchWalletPages, { events, state, reduce: true, deps })).toBe('11ms a 38ms r', {
        a: walletListPageLoaded({ list: 'all', page: 1, wallets: [{ id: 'a', name: 'A' }], count: 1 }, { requestId: 'a1' }),
        r: walletListPageLoaded({ list: 'recommended', page: 1, wallets: [{ id: 'r', name: 'R' }], count: 1 }, { requestId: 'r1' }),
      })
    })
  })

  it('a request the reducer refused (one page is already loading) makes no call', () => {
    const { deps, calls } = directory(() => noReply())
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a b', values: { a: request('all', 'a1'), b: request('all', 'a2') } }
      expectObservable(runEffect(fetchWalletPages, { events, state, reduce: true, deps })).toBe('')
    })
    expect(calls).toHaveLength(1)
  })
})
