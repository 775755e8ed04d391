import { debounceTime, filter, map } from 'rxjs'
import { WALLET_SEARCH_DELAY_MS } from '../../domain/constants.js'
import { walletListPageRequested, walletListSearchChanged } from '../../events/data/walletList.js'
import type { CoreDeps } from '../../ports.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'

/**
 * Starts a wallet search once typing has paused for 300 ms (spec §9), with the text in the box
 * at that moment; a text cleared or changed meanwhile (or a closed modal) starts nothing.
 */
export const debounceWalletSearch: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(walletListSearchChanged),
    debounceTime(WALLET_SEARCH_DELAY_MS, deps.scheduler),
    map(() => state$.value.walletList.searchInput.trim()),
    filter((query) => query !== ''),
    map((query) => walletListPageRequested({ list: 'search', query })),
  )
