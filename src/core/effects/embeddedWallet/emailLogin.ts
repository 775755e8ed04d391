import { EMPTY, filter, mergeMap, of } from 'rxjs'
import { connectionRequested } from '../../events/connection/connection.js'
import {
  emailDeviceApproved,
  emailLoginFailed,
  emailLoginRequested,
  emailLoginStepReached,
  emailOtpSubmitted,
  emailOtpVerified, AUTH_CONNECTOR_ID } from '../../events/embeddedWallet/embeddedWallet.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { awaitsEmailStep } from '../../reducers/embeddedWallet/emailLoginReducer.js'
import type { AuthConnector } from '../../ports.js'
import { embeddedWalletStep } from './embeddedWalletStep.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** What the e-mail login uses: the embedded wallet (absent when the host did not configure one). */
export type EmbeddedWalletDeps = WalletDeps & { auth: AuthConnector | undefined }

/** 'Unable to load email login dependency' when no embedded wallet is configured (spec §8). */
export const noAuth = () => new GangwayError('Unable to load email login dependency', { details: 'the embeddedWallet option is not set' })

/**
 * A failed step: what the embedded wallet said, or 'A problem occurred while trying initialize
 * authentication' when something else failed (spec §8).
 */
const emailFailed = (error: unknown, meta: { requestId: string | undefined }) => {
  const message = 'A problem occurred while trying initialize authentication'
  const known = error instanceof GangwayError ? error : new GangwayError(message, { details: error instanceof Error ? error.message : String(error), cause: error })
  return emailLoginFailed({ error: serializeError(known, message) }, meta)
}

/**
 * Asks the embedded wallet to mail a code (or a device approval link) for an accepted
 * `emailLoginRequested`; on a new device it then waits for the approval, after which the code
 * comes (spec §4: VERIFY_DEVICE → VERIFY_OTP → CONNECT).
 */
export const requestEmailLogin: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(emailLoginRequested),
    filter((e) => state$.value.emailLogin.step === 'sending' && awaitsEmailStep(state$.value.emailLogin, e.requestId)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const auth = deps.auth
      if (!auth) return of(emailLoginFailed({ error: serializeError(noAuth()) }, meta))
      const email = state$.value.emailLogin.email as string
      return embeddedWalletStep(event$, e.requestId, emailFailed, async (signal) => {
        const { action } = await auth.connectEmail({ email }, signal)
        if (action !== 'VERIFY_DEVICE') return [emailLoginStepReached({ action }, meta), ...(action === 'CONNECT' ? [connectionRequested({ connectorId: AUTH_CONNECTOR_ID, namespace: 'eip155' }, meta)] : [])]
        return [emailLoginStepReached({ action }, meta)]
      })
    }),
  )

/** While the device waits for its approval link, asks the embedded wallet to wait for it. */
export const awaitDeviceApproval: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(emailLoginStepReached),
    filter((e) => e.payload.action === 'VERIFY_DEVICE' && state$.value.emailLogin.step === 'verifyDevice' && awaitsEmailStep(state$.value.emailLogin, e.requestId)),
    mergeMap((e) => {
      const auth = deps.auth
      if (!auth) return EMPTY
      return embeddedWalletStep(event$, e.requestId, emailFailed, async (signal) => {
        await auth.connectDevice(signal)
        return [emailDeviceApproved({}, { requestId: e.requestId })]
      })
    }),
  )

/** Checks the code the visitor typed; when right, the embedded wallet's connector connects. */
export const verifyEmailOtp: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(emailOtpSubmitted),
    filter((e) => state$.value.emailLogin.step === 'verifying' && awaitsEmailStep(state$.value.emailLogin, e.requestId)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const auth = deps.auth
      if (!auth) return of(emailLoginFailed({ error: serializeError(noAuth()) }, meta))
      return embeddedWalletStep(event$, e.requestId, emailFailed, async (signal) => {
        await auth.connectOtp({ otp: e.payload.otp }, signal)
        return [emailOtpVerified({}, meta), connectionRequested({ connectorId: AUTH_CONNECTOR_ID, namespace: 'eip155' }, meta)]
      })
    }),
  )
