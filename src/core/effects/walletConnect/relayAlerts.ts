import { filter, map } from 'rxjs'
import { connectionFailed } from '../../events/connection/connection.js'
import { walletConnectProviderFailed } from '../../events/walletConnect/walletConnect.js'
import { bannerShowRequested } from '../../events/modal/banner.js'
import type { SerializedError } from '../../errors/base.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { isBannerShowing } from '../shared/bannerShowing.js'

/**
 * Shows the spec's alert when the WalletConnect relay refused the modal's socket (spec §8,
 * provider errors mapped): 'Invalid App Configuration' (an origin the project does not allow),
 * 'Session Expired' (an auth token from ahead of the relay's clock), 'Invalid Project ID'. The
 * failed connect says the same in its view; the banner says it wherever the visitor is.
 */
export const relayAlerts: Effect = (event$, state$) =>
  event$.pipe(
    ofType(connectionFailed, walletConnectProviderFailed),
    map((e) => e.payload.error as SerializedError),
    filter((error) => error.kind === 'WALLETCONNECT_RELAY_REFUSED'),
    filter((error) => !isBannerShowing(state$.value, error.shortMessage)),
    map((error) => bannerShowRequested({ variant: 'error', message: error.shortMessage })),
  )
