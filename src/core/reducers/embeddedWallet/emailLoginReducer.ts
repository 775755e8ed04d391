import { isAuthConnectOutcome } from './authConnecting.js'
import { connectionFailed, connectionSucceeded } from '../../events/connection/connection.js'
import {
  emailDeviceApproved,
  emailLoginFailed,
  emailLoginRequested,
  emailLoginReset,
  emailLoginStepReached,
  emailOtpSubmitted,
  emailOtpVerified,
} from '../../events/embeddedWallet/embeddedWallet.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { routerWentBack } from '../../events/modal/router.js'
import { sessionStarted } from '../../events/modal/session.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { emailCooldownError } from '../../domain/timing.js'
import { isValidEmail, normalizeEmail } from '../../domain/email.js'
import { serializeError, type SerializedError } from '../../errors/base.js'
import { InvalidInputError } from '../../errors/base.js'
import { createSlice } from '../createSlice.js'
import { REDACTED } from '../../redact.js'
import { isCurrentRequest, namesRequest } from '../../events/requestLifecycle.js'
import { BASE_INITIAL, EMAIL_LOGIN_IDLE as IDLE } from '../baseInitialState.js'


/**
 * The e-mail login under way (EmailLogin, spec §4): `sending` while the service mails, then
 * `verifyDevice` (a link to approve this device) or `verifyOtp` (a 6-digit code), `verifying`
 * while the code is checked, `connecting` while the wallet connects.
 */
export type EmailLoginState = {
  step: 'idle' | 'sending' | 'verifyDevice' | 'verifyOtp' | 'verifying' | 'connecting'
  email: string | null
  /** The request the answers must carry. */
  requestId: string | null
  error: SerializedError | null
  /** When the last code or link was asked for (event time): another may follow 30 s later. */
  lastRequestAt: number | null
}


/**
 * A valid address, or one redacted by an export (a replayed log steps through the same states,
 * its secrets redacted).
 */
export const isEmailOrRedacted = (email: string) => email === REDACTED || isValidEmail(email)
/** Six digits, or a code redacted by an export. */
export const isOtpOrRedacted = (otp: string) => otp === REDACTED || /^\d{6}$/.test(otp)

/** Whether an answer belongs to the step under way (a late one after a reset or close is dropped). */
export const awaitsEmailStep = (s: EmailLoginState, requestId: string | undefined) =>
  s.step !== 'idle' && isCurrentRequest(s.requestId, requestId, { unnamed: 'ignored' })

/** Back to idle, keeping the cooldown. */
const reset = (s: EmailLoginState): EmailLoginState => ({ ...IDLE, lastRequestAt: s.lastRequestAt })

/** Whether anything but the cooldown differs from idle (what a reset would clear). */
const isUnderWay = (s: EmailLoginState): boolean => s.step !== 'idle' || s.email !== null || namesRequest(s) || s.error !== null

export const emailLoginSlice = createSlice(
  'emailLogin',
  BASE_INITIAL.emailLogin,
  (b) =>
    b
      .addCase(emailLoginRequested, (s, event) => {
        const email = normalizeEmail(event.payload.email)
        if (!isEmailOrRedacted(email)) {
          s.error = serializeError(new InvalidInputError('Invalid email', { details: 'e-mail fields must be valid format' }))
          return
        }
        const wait = emailCooldownError(event.at, s.lastRequestAt ?? undefined)
        if (wait) {
          s.error = serializeError(wait)
          return
        }
        s.step = 'sending'
        s.email = email
        s.requestId = event.requestId ?? null
        s.error = null
        s.lastRequestAt = event.at
      })
      .addCase(emailLoginStepReached, (s, event) => {
        if (!awaitsEmailStep(s, event.requestId)) return
        const { action } = event.payload
        s.step = action === 'VERIFY_DEVICE' ? 'verifyDevice' : action === 'VERIFY_OTP' ? 'verifyOtp' : 'connecting'
      })
      .addCase(emailDeviceApproved, (s, event) => {
        if (awaitsEmailStep(s, event.requestId) && s.step === 'verifyDevice') s.step = 'verifyOtp'
      })
      .addCase(emailOtpSubmitted, (s, event) => {
        if (s.step !== 'verifyOtp' || !isOtpOrRedacted(event.payload.otp)) return
        s.step = 'verifying'
        s.requestId = event.requestId ?? null
        s.error = null
      })
      .addCase(emailOtpVerified, (s, event) => {
        if (awaitsEmailStep(s, event.requestId)) s.step = 'connecting'
      })
      .addCase(emailLoginFailed, (s, event) => {
        if (!awaitsEmailStep(s, event.requestId)) return
        s.error = event.payload.error
        // A wrong code stays on the code; anything else goes back to the address.
        s.step = s.step === 'verifying' ? 'verifyOtp' : 'idle'
      })
      // Optimization: every connect's outcome reaches this slice, nearly always another wallet's;
      // the guards keep those out of immer.
      .addReplacer(connectionSucceeded, reset, isAuthConnectOutcome)
      .addCase(
        connectionFailed,
        (s, event) => {
          s.step = 'idle'
          s.error = event.payload.error
        },
        isAuthConnectOutcome,
      )
      // Closing the modal, Back or another address drops what was under way; the cooldown stays.
      // Optimization: a login that is not under way (nearly every close and Back) is left as it is.
      .addReplacer(modalCloseRequested, reset, isUnderWay)
      .addReplacer(emailLoginReset, reset, isUnderWay)
      .addReplacer(routerWentBack, reset, isUnderWay)
      // The cooldown outlives a reload; what storage holds is the durable state.
      .addReplacer(sessionStarted, (s, _event, fresh) => (s.lastRequestAt === null ? fresh.emailLogin : { ...fresh.emailLogin, lastRequestAt: s.lastRequestAt }))
      .addReplacer(storageHydrated, (s, event) => {
        const at = event.payload.embeddedWallet?.lastEmailLoginAt
        const lastRequestAt = typeof at === 'number' ? at : null
        return s.lastRequestAt === lastRequestAt ? s : { ...s, lastRequestAt }
      }),
)
