import { catchError, defer, EMPTY, exhaustMap, filter, mergeMap, of } from 'rxjs'
import { serializeError } from '../errors.js'
import { modalOpenRequested } from '../events/modal.js'
import { walletConnectProviderFailed, walletConnectProviderLoaded } from '../events/walletConnect.js'
import type { Effect } from './runEffects.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'

/**
 * Opening the modal loads the WalletConnect provider in the background (its own chunk, never in
 * the host's first bundle), so the QR code is quick when the visitor picks WalletConnect.
 */
export const loadWalletConnectProvider: Effect<WalletConnectDeps> = (event$, state$, deps) =>
  event$.pipe(
    filter(modalOpenRequested.match),
    filter(() => deps.walletConnect !== undefined && state$.value.walletConnect.provider !== 'ready'),
    exhaustMap(() =>
      defer(() => deps.walletConnect!.prefetch()).pipe(
        mergeMap((loaded) => (loaded ? of(walletConnectProviderLoaded({})) : EMPTY)),
        catchError((error: unknown) => of(walletConnectProviderFailed({ error: serializeError(error) }))),
      ),
    ),
  )
