import { EMPTY, mergeMap, switchMap, take } from 'rxjs'
import type { EventInput } from '../../events/defineEvent.js'
import { sessionStarted } from '../../events/modal/session.js'
import { siwxSessionStored } from '../../events/siwx/siwx.js'
import { pairingUriReceived } from '../../events/walletConnect/walletConnect.js'
import { isWalletConnectConnecting } from '../../reducers/walletConnect/walletConnectReducer.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'

/**
 * What the WalletConnect connector reports becomes events: each pairing URI (for the attempt
 * waiting on it, or for a pairing made ahead of a tap) and the sessions of a one-step sign-in.
 */
export const watchWalletConnectActivity: Effect<WalletConnectDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(sessionStarted),
    take(1),
    switchMap(() => deps.walletConnect?.activity() ?? EMPTY),
    mergeMap((activity): EventInput[] => {
      if (activity.type === 'signedIn') {
        return activity.sessions.map(({ caipAddress, session }) => siwxSessionStored({ caipAddress, session: JSON.parse(JSON.stringify(session)) as unknown }))
      }
      const s = state$.value
      if (isWalletConnectConnecting(s)) return [pairingUriReceived({ uri: activity.uri }, { requestId: s.wallets.attempt?.requestId ?? undefined })]
      return s.walletConnect.prefetching ? [pairingUriReceived({ uri: activity.uri })] : []
    }),
  )
