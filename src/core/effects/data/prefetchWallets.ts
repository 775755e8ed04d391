import { filter, from, map, mergeMap } from 'rxjs'
import { modalOpenRequested } from '../../events/modal/modal.js'
import { walletListPageRequested } from '../../events/data/walletList.js'
import { selectPrefetchedWalletLists } from '../../reducers/data/walletListSelectors.js'
import type { CoreDeps } from '../../ports.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'

/**
 * Opening the modal prefetches wallet data (spec §4): the featured and recommended wallets of
 * the Connect view and, with the allWallets feature, the first AllWallets page, so the lists
 * show at once. Lists already loaded are not fetched again; failed ones are retried. The modal
 * slice keeps `loading` set until they have answered.
 */
export const prefetchWallets: Effect<CoreDeps> = (event$, state$) =>
  event$.pipe(
    ofType(modalOpenRequested),
    map(() => state$.value),
    filter((state) => state.modal.open && !!state.settings.services?.walletDirectory),
    mergeMap((state) =>
      from(
        selectPrefetchedWalletLists(state)
          .filter((list) => state.walletList.lists[list].status === 'idle' || state.walletList.lists[list].status === 'failed')
          .map((list) => walletListPageRequested({ list })),
      ),
    ),
  )
