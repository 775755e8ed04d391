import { ignoreElements, tap } from 'rxjs'
import { connectionFailed, connectionSucceeded } from '../../events/connection/connection.js'
import type { CoreDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { sendSafely } from '../runtime/sendSafely.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

/** CONNECT_SUCCESS and CONNECT_ERROR for the visitor's connect attempts (not silent reconnects, not stale answers). */
export const connectionAnalytics: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(connectionSucceeded, connectionFailed),
    tap((event) => {
      // The attempt as it was before the outcome: the outcome clears it.
      const attempt = state$.previous.wallets.attempt
      if (!attempt || attempt.status !== 'connecting' || !isCurrentRequest(attempt.requestId, event, { unnamed: 'ignored' })) return
      const track = connectionSucceeded.match(event)
        ? { event: 'CONNECT_SUCCESS', properties: { method: connectMethod(state$.value, event.payload.connectorId), name: event.payload.connectorId } }
        : connectionFailed.match(event)
          ? { event: 'CONNECT_ERROR', properties: { message: event.payload.error.shortMessage } }
          : null
      if (track) sendSafely(() => deps.analytics.track(track))
    }),
    ignoreElements(),
  )

/** How the visitor connected: a browser wallet, or WalletConnect by QR code (desktop) or deep link (mobile). */
function connectMethod(state: ModalState, connectorId: string): 'browser' | 'qrcode' | 'mobile' {
  const connector = state.wallets.connectors.find((c) => c.id === connectorId)
  if (connector?.type !== 'WALLET_CONNECT') return 'browser'
  return state.settings.isMobile ? 'mobile' : 'qrcode'
}
