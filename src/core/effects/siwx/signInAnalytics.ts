import { ignoreElements, tap } from 'rxjs'
import { siwxAccountOf } from '../../domain/siwx.js'
import { siwxSessionStored, siwxSignInFailed } from '../../events/siwx/siwx.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import type { CoreDeps } from '../../ports.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { sendSafely } from '../runtime/sendSafely.js'

/**
 * Spec §4: a sign-in from SIWXSignMessage is tracked, SIWX_AUTH_SUCCESS once its session is
 * stored and SIWX_AUTH_ERROR when it fails (the error's spec message), each with the account's
 * network. Only the outcomes of the sign-in under way count: a session restored or handed over
 * by WalletConnect is not a sign-in made here.
 */
export const signInAnalytics: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(siwxSessionStored, siwxSignInFailed),
    tap((e) => {
      const before = state$.previous.siwxSignIn
      if (before.status !== 'signing' || before.caipAddress !== e.payload.caipAddress || !isCurrentRequest(before.requestId, e)) return
      const network = siwxAccountOf(e.payload.caipAddress)?.caipNetworkId ?? null
      if (siwxSessionStored.match(e)) sendSafely(() => deps.analytics.track({ event: 'SIWX_AUTH_SUCCESS', properties: { network } }))
      else sendSafely(() => deps.analytics.track({ event: 'SIWX_AUTH_ERROR', properties: { network, message: e.payload.error.shortMessage } }))
    }),
    ignoreElements(),
  )
