import { describe, expect, it } from 'vitest'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { modalCloseRequested, modalOpenRequested } from '../../../src/core/events/modal/modal'
import { sessionStarted } from '../../../src/core/events/modal/session'
import {
  walletListPageFailed,
  walletListPageLoaded,
  walletListPageRequested,
  walletListRequestId,
  walletListSearchChanged,
} from '../../../src/core/events/data/walletList'
import type { ListedWallet } from '../../../src/core/reducers/data/dataState'
import { rootReducer } from '../../../src/core/reducers/rootReducer'
import { type ModalState, type SessionSettings } from '../../../src/core/state'
import { initialState } from '../../../src/core/reducers/rootReducer'

const SETTINGS: SessionSettings = { projectId: 'p', adapters: ['eip155'], services: { walletDirectory: true } }
const wallets = (from: number, n: number): ListedWallet[] => Array.from({ length: n }, (_, i) => ({ id: `w${from + i}`, name: `Wallet ${from + i}` }))

/** Folds events through the root reducer, stamping them as the store would. */
function run(events: EventInput[], settings: SessionSettings = SETTINGS) {
  let seq = 0
  const log: StampedEvent[] = []
  let state: ModalState = initialState()
  for (const e of [sessionStarted(settings), ...events]) {
    const stamped = { ...e, seq: ++seq, at: 1_000 * seq }
    log.push(stamped)
    state = rootReducer(state, stamped)
  }
  return { state, log, last: log[log.length - 1]! }
}

describe('walletListReducer', () => {
  it('a retry while a page is loading asks the same page again and drops the outcome of the request it replaced', () => {
    const { state } = run([
      walletListPageRequested({ list: 'recommended' }, { requestId: 'a' }),
      walletListPageRequested({ list: 'recommended', retry: true }, { requestId: 'b' }),
      walletListPageLoaded({ list: 'recommended', page: 1, wallets: wallets(0, 4), count: 4 }, { requestId: 'a' }),
    ])
    expect(state.walletList.lists.recommended).toMatchObject({ status: 'loading', pending: { page: 1, requestId: 'b' } })
  })

  it('takes one page request at a time and appends pages in order', () => {
    const first = walletListPageRequested({ list: 'all' }, { requestId: 'a' })
    let { state } = run([first, walletListPageRequested({ list: 'all' }, { requestId: 'b' })])
    expect(state.walletList.lists.all).toMatchObject({ status: 'loading', pending: { page: 1, requestId: 'a' } })
    ;({ state } = run([
      first,
      walletListPageLoaded({ list: 'all', page: 1, wallets: wallets(0, 40), count: 90 }, { requestId: 'a' }),
      walletListPageRequested({ list: 'all' }, { requestId: 'c' }),
      walletListPageLoaded({ list: 'all', page: 2, wallets: wallets(40, 40), count: 90 }, { requestId: 'c' }),
      walletListPageRequested({ list: 'all' }, { requestId: 'd' }),
      walletListPageLoaded({ list: 'all', page: 3, wallets: wallets(80, 10), count: 90 }, { requestId: 'd' }),
      walletListPageRequested({ list: 'all' }, { requestId: 'e' }),
    ]))
    const all = state.walletList.lists.all
    expect(all).toMatchObject({ status: 'loaded', page: 3, count: 90, pending: null })
    expect(all.wallets.map((w) => w.id)).toEqual(wallets(0, 90).map((w) => w.id))
  })

  it('ignores an outcome of another request, and a duplicate wallet is listed once', () => {
    const { state } = run([
      walletListPageRequested({ list: 'all' }, { requestId: 'a' }),
      walletListPageLoaded({ list: 'all', page: 1, wallets: wallets(0, 40), count: 100 }, { requestId: 'stale' }),
      walletListPageFailed({ list: 'all', page: 1, error: { name: 'E', shortMessage: 'Server Error' } }, { requestId: 'stale' }),
    ])
    expect(state.walletList.lists.all).toMatchObject({ status: 'loading', wallets: [] })
    const after = run([
      walletListPageRequested({ list: 'all' }, { requestId: 'a' }),
      walletListPageLoaded({ list: 'all', page: 1, wallets: [...wallets(0, 3), ...wallets(1, 1)], count: 3 }, { requestId: 'a' }),
    ]).state
    expect(after.walletList.lists.all.wallets.map((w) => w.id)).toEqual(['w0', 'w1', 'w2'])
  })

  it('derives the request id from the seq when the request carries none', () => {
    const { state, last } = run([walletListPageRequested({ list: 'recommended' })])
    expect(walletListRequestId(last)).toBe(`walletList-${last.seq}`)
    expect(state.walletList.lists.recommended.pending?.requestId).toBe(walletListRequestId(last))
  })

  it('a failure keeps what is listed; the next request retries the same page', () => {
    const { state } = run([
      walletListPageRequested({ list: 'all' }, { requestId: 'a' }),
      walletListPageLoaded({ list: 'all', page: 1, wallets: wallets(0, 40), count: 100 }, { requestId: 'a' }),
      walletListPageRequested({ list: 'all' }, { requestId: 'b' }),
      walletListPageFailed({ list: 'all', page: 2, error: { name: 'ApiRequestError', shortMessage: 'Rate Limited', code: 429 } }, { requestId: 'b' }),
      walletListPageRequested({ list: 'all' }, { requestId: 'c' }),
    ])
    expect(state.walletList.lists.all).toMatchObject({ status: 'loading', page: 1, pending: { page: 2, requestId: 'c' }, error: null })
    expect(state.walletList.lists.all.wallets).toHaveLength(40)
  })

  it('an empty page ends the list even when the count promised more', () => {
    const { state } = run([
      walletListPageRequested({ list: 'all' }, { requestId: 'a' }),
      walletListPageLoaded({ list: 'all', page: 1, wallets: [], count: 500 }, { requestId: 'a' }),
      walletListPageRequested({ list: 'all' }, { requestId: 'b' }),
    ])
    expect(state.walletList.lists.all).toMatchObject({ status: 'loaded', count: 0, pending: null })
  })

  it('a new search text starts afresh; the same text again loads nothing new; clearing it empties the results', () => {
    const search = (query?: string, requestId?: string) => walletListPageRequested(query === undefined ? { list: 'search' } : { list: 'search', query }, { requestId })
    const base = [
      walletListSearchChanged({ query: 'vault' }),
      search('vault', 'a'),
      walletListPageLoaded({ list: 'search', page: 1, wallets: wallets(0, 100), count: 150 }, { requestId: 'a' }),
    ]
    expect(run([...base, search('vault', 'b')]).state.walletList.lists.search).toMatchObject({ status: 'loaded', pending: null, page: 1 })
    expect(run([...base, search(undefined, 'b')]).state.walletList.lists.search).toMatchObject({ pending: { page: 2, requestId: 'b' }, query: 'vault' })
    const other = run([...base, walletListSearchChanged({ query: 'pier' }), search(' pier ', 'c')]).state.walletList
    expect(other.lists.search).toMatchObject({ query: 'pier', wallets: [], page: 0, pending: { page: 1, requestId: 'c' } })
    const cleared = run([...base, walletListSearchChanged({ query: '  ' })]).state.walletList
    expect(cleared.searchInput).toBe('  ')
    expect(cleared.lists.search).toMatchObject({ status: 'idle', wallets: [], query: '' })
  })

  it('closing the modal clears the search, but not the listing', () => {
    const { state } = run([
      modalOpenRequested({ view: 'AllWallets' }),
      walletListPageRequested({ list: 'all' }, { requestId: 'a' }),
      walletListPageLoaded({ list: 'all', page: 1, wallets: wallets(0, 40), count: 100 }, { requestId: 'a' }),
      walletListSearchChanged({ query: 'vault' }),
      walletListPageRequested({ list: 'search', query: 'vault' }, { requestId: 's' }),
      modalCloseRequested({}),
    ])
    expect(state.walletList.searchInput).toBe('')
    expect(state.walletList.lists.search.status).toBe('idle')
    expect(state.walletList.lists.all.wallets).toHaveLength(40)
  })

  it('requests nothing without a configured directory, and no featured list without featured ids', () => {
    const none = run([walletListPageRequested({ list: 'all' })], { projectId: 'p', adapters: [] }).state
    expect(none.walletList.lists.all.status).toBe('idle')
    expect(run([walletListPageRequested({ list: 'featured' })]).state.walletList.lists.featured.status).toBe('idle')
    const featured = run([walletListPageRequested({ list: 'featured' })], { ...SETTINGS, walletFilters: { featured: ['x'] } }).state
    expect(featured.walletList.lists.featured.status).toBe('loading')
  })
})
