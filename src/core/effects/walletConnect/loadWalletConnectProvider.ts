import { catchError, defer, EMPTY, mergeMap, of } from 'rxjs'
import { serializeError } from '../../errors/base.js'
import { walletConnectProviderFailed, walletConnectProviderLoaded } from '../../events/walletConnect/walletConnect.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'

/**
 * Loads the WalletConnect provider ahead of use (its own chunk, never in the host's first
 * bundle), so the QR code is quick when the visitor picks WalletConnect. The port waits until
 * the page is idle after loading, so the click that opens the modal never starts the download;
 * without a browser, or with `prefetch: false`, the provider loads on first use instead.
 */
export const loadWalletConnectProvider: Effect<WalletConnectDeps> = (_event$, state$, deps) =>
  defer(() => {
    const walletConnect = deps.walletConnect
    if (!walletConnect || state$.value.walletConnect.provider === 'ready') return EMPTY
    return defer(() => walletConnect.prefetch()).pipe(
      mergeMap((loaded) => (loaded ? of(walletConnectProviderLoaded({})) : EMPTY)),
      catchError((error: unknown) => of(walletConnectProviderFailed({ error: serializeError(error) }))),
    )
  })
