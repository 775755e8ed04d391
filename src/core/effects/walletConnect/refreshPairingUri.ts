import { EMPTY, filter, ignoreElements, map, merge, tap, switchMap, timer } from 'rxjs'
import { PAIRING_EXPIRY_MARGIN_MS } from '../../domain/constants.js'
import { isPairingExpired } from '../../domain/timing.js'
import { pairingRefreshRequested } from '../../events/walletConnect/walletConnect.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'
import { watchState } from '../runtime/watchState.js'

/**
 * Keeps the pairing URI fresh: once 10 s or less of its 4 min are left it counts as expired
 * (spec §5, §9) and a new pairing replaces it. A refresh request (from this timer, the host or
 * the devtools) asks the connector for the new pairing.
 */
export const refreshPairingUri: Effect<WalletConnectDeps> = (event$, state$, deps) =>
  merge(
    watchState(state$, (s) => s.walletConnect.pairing).pipe(
      switchMap((pairing) => {
        if (!pairing) return EMPTY
        const wait = Math.max(0, pairing.expiresAt - PAIRING_EXPIRY_MARGIN_MS - deps.clock.now())
        return timer(wait, deps.scheduler).pipe(
          filter(() => isPairingExpired(deps.clock.now(), pairing.expiresAt) && state$.value.walletConnect.pairing === pairing),
          map(() => pairingRefreshRequested({}, { requestId: pairing.requestId ?? undefined })),
        )
      }),
    ),
    event$.pipe(
      ofType(pairingRefreshRequested),
      tap(() => deps.walletConnect?.refreshPairing()),
      ignoreElements(),
    ),
  )
