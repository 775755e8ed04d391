import { filter, from, map, mergeMap } from 'rxjs'
import { modalOpenRequested } from '../../events/modal/modal.js'
import { walletListPageRequested } from '../../events/data/walletList.js'
import type { WalletListName } from '../../reducers/data/dataState.js'
import type { CoreDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'

/**
 * Opening the modal prefetches wallet data (spec §4): the featured and recommended wallets of
 * the Connect view and, with the allWallets feature, the first AllWallets page, so the lists
 * show at once. Lists already loaded are not fetched again; failed ones are retried.
 */
export const prefetchWallets: Effect<CoreDeps> = (event$, state$) =>
  event$.pipe(
    ofType(modalOpenRequested),
    map(() => state$.value),
    filter((state) => state.modal.open && !!state.settings.services?.walletDirectory),
    mergeMap((state) => from(listsToPrefetch(state).map((list) => walletListPageRequested({ list })))),
  )

function listsToPrefetch(state: ModalState): WalletListName[] {
  const lists: WalletListName[] = ['recommended']
  if ((state.settings.walletFilters?.featured ?? []).length) lists.unshift('featured')
  if (state.features.allWallets) lists.push('all')
  return lists.filter((list) => {
    const pages = state.walletList.lists[list]
    return pages.status === 'idle' || pages.status === 'failed'
  })
}
