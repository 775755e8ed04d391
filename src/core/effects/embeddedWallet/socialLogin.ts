import { filter, ignoreElements, mergeMap, of, tap } from 'rxjs'
import { connectionRequested, connectionSucceeded } from '../../events/connection/connection.js'
import { socialLoginFailed, socialLoginRequested, socialLoginResultReceived, socialLoginUriReceived, AUTH_CONNECTOR_ID } from '../../events/embeddedWallet/embeddedWallet.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { awaitsSocialStep } from '../../reducers/embeddedWallet/socialLoginReducer.js'
import { noAuth, type EmbeddedWalletDeps } from './emailLogin.js'
import { embeddedWalletStep } from './embeddedWalletStep.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { sendSafely } from '../runtime/sendSafely.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

export const FARCASTER = 'farcaster'

/**
 * The failure of a login step: what the embedded wallet said, or the spec's message for the kind
 * of login when something else failed (a dropped connection, a missing frame).
 */
const failedWith = (provider: string) => (error: unknown, meta: { requestId: string | undefined }) => {
  const message = provider === FARCASTER ? 'Failed to connect to farcaster' : 'Failed to initiate social connection'
  const known = error instanceof GangwayError ? error : new GangwayError(message, { details: error instanceof Error ? error.message : String(error), cause: error })
  return socialLoginFailed({ error: serializeError(known, message) }, meta)
}

/**
 * Asks the embedded wallet where the visitor signs in: the social provider's page (opened in
 * the popup) or a Farcaster sign-in URL (shown as a QR code and a link).
 */
export const prepareSocialLogin: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(socialLoginRequested),
    filter((e) => awaitsSocialStep(state$.value.socialLogin, e.requestId)),
    mergeMap((e) => {
      const { provider } = e.payload
      const meta = { requestId: e.requestId }
      const auth = deps.auth
      if (!auth) return of(failedWith(provider)(noAuth(), meta))
      return embeddedWalletStep(event$, e.requestId, failedWith(provider), async (signal) => {
        if (provider === FARCASTER) {
          const { url, clientUrl } = (await auth.getFarcasterUri(signal)) as { url: string; clientUrl?: string }
          return [socialLoginUriReceived({ uri: url, ...(clientUrl ? { clientUrl } : {}) }, meta)]
        }
        const { uri } = await auth.getSocialRedirectUri({ provider }, signal)
        return [socialLoginUriReceived({ uri }, meta)]
      })
    }),
  )

/** The popup came back signed in: the embedded wallet redeems the result, then its connector connects. */
export const completeSocialLogin: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(socialLoginResultReceived),
    filter((e) => state$.value.socialLogin.step === 'connecting' && awaitsSocialStep(state$.value.socialLogin, e.requestId)),
    mergeMap((e) => {
      const provider = state$.value.socialLogin.provider ?? ''
      const meta = { requestId: e.requestId }
      const auth = deps.auth
      if (!auth) return of(failedWith(provider)(noAuth(), meta))
      return embeddedWalletStep(event$, e.requestId, failedWith(provider), async (signal) => {
        await auth.connectSocial({ uri: e.payload.resultUri }, signal)
        return [connectionRequested({ connectorId: AUTH_CONNECTOR_ID, namespace: 'eip155' }, meta)]
      })
    }),
  )

/**
 * Farcaster: while its sign-in URL is shown, waits for the visitor to sign in with their
 * Farcaster app; the embedded wallet verifies it, then its connector connects.
 */
export const awaitFarcasterLogin: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(socialLoginUriReceived),
    filter((e) => state$.value.socialLogin.provider === FARCASTER && awaitsSocialStep(state$.value.socialLogin, e.requestId)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const auth = deps.auth
      if (!auth) return of(failedWith(FARCASTER)(noAuth(), meta))
      return embeddedWalletStep(event$, e.requestId, failedWith(FARCASTER), async (signal) => {
        await auth.connectFarcaster(signal)
        return [socialLoginResultReceived({ resultUri: e.payload.uri }, meta), connectionRequested({ connectorId: AUTH_CONNECTOR_ID, namespace: 'eip155' }, meta)]
      })
    }),
  )

/** SOCIAL_LOGIN_STARTED, SOCIAL_LOGIN_SUCCESS and SOCIAL_LOGIN_ERROR, with the provider (spec §7). */
export const socialLoginAnalytics: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(socialLoginRequested, socialLoginFailed, connectionSucceeded),
    tap((e) => {
      const provider = socialLoginRequested.match(e) ? e.payload.provider : state$.previous.socialLogin.provider
      if (socialLoginRequested.match(e)) sendSafely(() => deps.analytics.track({ event: 'SOCIAL_LOGIN_STARTED', properties: { provider } }))
      else if (socialLoginFailed.match(e) && isCurrentRequest(state$.previous.socialLogin.requestId, e)) {
        sendSafely(() => deps.analytics.track({ event: 'SOCIAL_LOGIN_ERROR', properties: { provider, message: e.payload.error.shortMessage } }))
      } else if (connectionSucceeded.match(e) && e.payload.connectorId === AUTH_CONNECTOR_ID && state$.previous.socialLogin.step === 'connecting') {
        sendSafely(() => deps.analytics.track({ event: 'SOCIAL_LOGIN_SUCCESS', properties: { provider } }))
      }
    }),
    ignoreElements(),
  )
