import { EMPTY, filter, ignoreElements, merge, mergeMap, of, tap } from 'rxjs'
import { modalOpenRequested } from '../../events/modal/modal.js'
import { pairingPrefetchRequested } from '../../events/walletConnect/walletConnect.js'
import { selectIsConnected } from '../../selectors.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'

/**
 * On mobile, opening the modal (not connected) makes a WalletConnect pairing ahead of the
 * visitor's choice, so a wallet's deep link opens from their tap with the URI already there.
 */
export const prefetchWalletConnectPairing: Effect<WalletConnectDeps> = (event$, state$, deps) =>
  merge(
    event$.pipe(
      ofType(modalOpenRequested),
      mergeMap(() => {
        const s = state$.value
        const wanted = deps.walletConnect !== undefined && s.settings.isMobile && !selectIsConnected(s, 'eip155') && !s.walletConnect.pairing
        return wanted ? of(pairingPrefetchRequested({})) : EMPTY
      }),
    ),
    event$.pipe(
      ofType(pairingPrefetchRequested),
      filter(() => state$.value.walletConnect.prefetching),
      tap(() => deps.walletConnect?.prefetchPairing()),
      ignoreElements(),
    ),
  )
