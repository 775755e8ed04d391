import { original } from 'immer'
import { modalCloseRequested } from '../../events/modal/modal.js'
import {
  walletListPageFailed,
  walletListPageLoaded,
  walletListPageRequested,
  walletListRequestId,
  walletListSearchChanged,
} from '../../events/data/walletList.js'
import { createSlice } from '../createSlice.js'
import { emptyWalletPages, initialWalletListState, isComplete, type ListedWallet, type WalletPages } from './dataState.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

/**
 * The wallet lists: pages load one at a time, in order (a request while one is loading, or
 * after the last, is ignored), an outcome of a superseded request is dropped, and a new search
 * text starts its results afresh. Closing the modal clears the search.
 */
export const walletListSlice = createSlice('walletList', initialWalletListState, (b) =>
  b
    .addCase(walletListPageRequested, (w, event, state) => {
      if (!state.settings.services?.walletDirectory) return
      const { list } = event.payload
      if (list === 'featured' && (state.settings.walletFilters?.featured ?? []).length === 0) return
      if (list === 'excluded' && (state.settings.walletFilters?.exclude ?? []).length === 0) return
      let pages = w.lists[list]
      if (list === 'search') {
        const query = (event.payload.query ?? pages.query).trim()
        if (query === '') {
          w.lists.search = emptyWalletPages()
          return
        }
        if (query !== pages.query) {
          w.lists.search = emptyWalletPages(query)
          pages = w.lists.search
        } else if (event.payload.query !== undefined && pages.status !== 'failed' && pages.status !== 'idle') {
          // The same search again (the pause ended on an unchanged text): nothing new to load.
          return
        }
      }
      if ((pages.pending && !event.payload.retry) || isComplete(pages)) return
      // A retry asks the same page again; the request it replaces is aborted, its outcome dropped.
      pages.pending = { page: pages.pending?.page ?? pages.page + 1, requestId: walletListRequestId(event) }
      pages.status = 'loading'
      pages.error = null
    })
    .addCase(walletListPageLoaded, (w, event) => {
      const pages = w.lists[event.payload.list]
      if (!pages.pending || !isCurrentRequest(pages.pending.requestId, event)) return
      // Optimization: read the listed wallets from the base state, not through the draft, so a
      // page appended to thousands of wallets does not make a proxy for each of them.
      const listed = (original(pages.wallets) ?? []) as ListedWallet[]
      const seen = new Set(listed.map((x) => x.id))
      const added: ListedWallet[] = []
      for (const wallet of event.payload.wallets) {
        if (seen.has(wallet.id)) continue
        seen.add(wallet.id)
        added.push(wallet)
      }
      pages.wallets = [...listed, ...added]
      pages.page = pages.pending.page
      // An empty page ends the list even if the count promised more, so scrolling cannot loop.
      const total = listed.length + added.length
      pages.count = event.payload.wallets.length === 0 ? total : Math.max(event.payload.count, total)
      pages.pending = null
      pages.status = 'loaded'
      pages.error = null
    })
    .addCase(walletListPageFailed, (w, event) => {
      const pages = w.lists[event.payload.list]
      if (!pages.pending || !isCurrentRequest(pages.pending.requestId, event)) return
      pages.pending = null
      pages.status = 'failed'
      pages.error = event.payload.error
    })
    .addCase(walletListSearchChanged, (w, event) => {
      w.searchInput = event.payload.query
      if (event.payload.query.trim() === '') w.lists.search = emptyWalletPages()
    })
    .addCase(
      modalCloseRequested,
      (w) => {
        w.searchInput = ''
        w.lists.search = emptyWalletPages()
      },
      // A close refused (sign-in required) keeps the search; an empty one has nothing to clear.
      (w, _event, state) => !state.modal.open && (w.searchInput !== '' || !isEmptyPages(w.lists.search)),
    ),
  { after: ['modal'] },
)

function isEmptyPages(p: WalletPages): boolean {
  return p.status === 'idle' && p.wallets.length === 0 && p.count === null && p.page === 0 && p.pending === null && p.query === '' && p.error === null
}
