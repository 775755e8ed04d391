import { catchError, defer, EMPTY, filter, from, map, mergeMap, of, takeUntil, type Observable } from 'rxjs'
import { connectionRequested } from '../events/connection.js'
import {
  emailDeviceApproved,
  emailLoginFailed,
  emailLoginRequested,
  emailLoginReset,
  emailLoginStepReached,
  emailOtpSubmitted,
  emailOtpVerified,
} from '../events/embeddedWallet.js'
import { modalCloseRequested } from '../events/modal.js'
import { GangwayError, serializeError } from '../errors/base.js'
import { awaitsEmailStep, EMAIL_CONNECTOR_ID } from '../reducers/emailLoginReducer.js'
import type { AuthConnector } from '../ports.js'
import type { EventInput } from '../events/defineEvent.js'
import { ofType } from './ofType.js'
import type { Effect } from './runEffects.js'
import type { WalletDeps } from './walletDeps.js'

/** What the e-mail login uses: the embedded wallet (absent when the host did not configure one). */
export type EmbeddedWalletDeps = WalletDeps & { auth: AuthConnector | undefined }

/** 'Unable to load email login dependency' when no embedded wallet is configured (spec §8). */
const noAuth = () => new GangwayError('Unable to load email login dependency', { details: 'the embeddedWallet option is not set' })

/**
 * Runs a step of the e-mail login against the embedded wallet, aborted when the visitor leaves
 * (Back, another address) or closes the modal; its failure becomes `emailLoginFailed` with the
 * step's request id.
 */
function step(
  event$: Observable<{ type: string }>,
  requestId: string | undefined,
  run: (signal: AbortSignal) => Promise<EventInput[]>,
): Observable<EventInput> {
  const meta = { requestId }
  const left$ = event$.pipe(filter((e) => emailLoginReset.match(e as never) || modalCloseRequested.match(e as never)))
  return defer(() => {
    const controller = new AbortController()
    return from(run(controller.signal)).pipe(
      mergeMap((events) => from(events)),
      takeUntil(left$.pipe(map(() => controller.abort()))),
    )
  }).pipe(catchError((error: unknown) => of(emailLoginFailed({ error: serializeError(error, 'A problem occurred while trying initialize authentication') }, meta))))
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
      return step(event$, e.requestId, async (signal) => {
        const { action } = await auth.connectEmail({ email }, signal)
        if (action !== 'VERIFY_DEVICE') return [emailLoginStepReached({ action }, meta), ...(action === 'CONNECT' ? [connectionRequested({ connectorId: EMAIL_CONNECTOR_ID, namespace: 'eip155' }, meta)] : [])]
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
      return step(event$, e.requestId, async (signal) => {
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
      return step(event$, e.requestId, async (signal) => {
        await auth.connectOtp({ otp: e.payload.otp }, signal)
        return [emailOtpVerified({}, meta), connectionRequested({ connectorId: EMAIL_CONNECTOR_ID, namespace: 'eip155' }, meta)]
      })
    }),
  )
