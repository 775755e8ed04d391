import { isAuthConnectOutcome } from './authConnecting.js'
import { connectionFailed, connectionSucceeded } from '../../events/connection/connection.js'
import { socialLoginFailed, socialLoginRequested, socialLoginResultReceived, socialLoginUriReceived } from '../../events/embeddedWallet/embeddedWallet.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { routerWentBack } from '../../events/modal/router.js'
import type { SerializedError } from '../../errors/base.js'
import { createSlice } from '../createSlice.js'
import { isCurrentRequest, namesRequest } from '../../events/requestLifecycle.js'
import { BASE_INITIAL, SOCIAL_LOGIN_IDLE as IDLE } from '../baseInitialState.js'

/**
 * A social or Farcaster login under way (ConnectingSocial, ConnectingFarcaster): `preparing`
 * while the embedded wallet makes the sign-in address, `waiting` while the visitor signs in
 * (the popup, or Farcaster on their phone), `connecting` once they did, `failed` with the error.
 */
export type SocialLoginState = {
  provider: string | null
  step: 'idle' | 'preparing' | 'waiting' | 'connecting' | 'failed'
  uri: string | null
  /** Farcaster: a page that signs in on this machine (the local stack's dev client). */
  clientUrl: string | null
  requestId: string | null
  error: SerializedError | null
}


const idle = (): SocialLoginState => ({ ...IDLE })

const isNotIdle = (s: SocialLoginState): boolean =>
  s.provider !== null || s.step !== 'idle' || s.uri !== null || s.clientUrl !== null || namesRequest(s) || s.error !== null

/** Whether an answer belongs to the login under way. */
export const awaitsSocialStep = (s: SocialLoginState, requestId: string | undefined) =>
  s.step !== 'idle' && s.step !== 'failed' && isCurrentRequest(s.requestId, requestId, { unnamed: 'ignored' })

export const socialLoginSlice = createSlice(
  'socialLogin',
  BASE_INITIAL.socialLogin,
  (b) =>
    b
      .addCase(socialLoginRequested, (s, event) =>
        Object.assign(s, { ...IDLE, provider: event.payload.provider, step: 'preparing', requestId: event.requestId ?? null }),
      )
      .addCase(socialLoginUriReceived, (s, event) => {
        if (!awaitsSocialStep(s, event.requestId) || s.step !== 'preparing') return
        s.step = 'waiting'
        s.uri = event.payload.uri
        s.clientUrl = event.payload.clientUrl ?? null
      })
      .addCase(socialLoginResultReceived, (s, event) => {
        if (awaitsSocialStep(s, event.requestId) && s.step === 'waiting') s.step = 'connecting'
      })
      .addCase(socialLoginFailed, (s, event) => {
        if (!awaitsSocialStep(s, event.requestId)) return
        s.step = 'failed'
        s.error = event.payload.error
      })
      // Optimization: every connect's outcome reaches this slice, nearly always another wallet's;
      // the guards keep those out of immer.
      .addReplacer(connectionSucceeded, idle, isAuthConnectOutcome)
      .addCase(
        connectionFailed,
        (s, event) => {
          s.step = 'failed'
          s.error = event.payload.error
        },
        isAuthConnectOutcome,
      )
      // Closing the modal or going back abandons the login. Optimization: with none under way
      // (nearly every close and Back) the slice is left as it is.
      .addReplacer(modalCloseRequested, idle, isNotIdle)
      .addReplacer(routerWentBack, idle, isNotIdle),
)
