import { connectionDisconnected } from '../../events/connection/connection.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import {
  AUTH_CONNECTOR_ID,
  accountTypeSwitched,
  accountTypeSwitchFailed,
  accountTypeSwitchStarted,
  embeddedSessionUpdated,
  embeddedUserReceived,
  emailUpdated,
  emailUpdateFailed,
  emailUpdateOtpSubmitted,
  emailUpdateRequested,
  emailUpdateStepReached,
} from '../../events/embeddedWallet/embeddedWallet.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { routerWentBack } from '../../events/modal/router.js'
import { normalizeEmail } from '../../domain/email.js'
import { isEmailOrRedacted, isOtpOrRedacted } from './emailLoginReducer.js'
import { InvalidInputError, serializeError, type SerializedError } from '../../errors/base.js'
import { createSlice } from '../createSlice.js'
import { isCurrentRequest, namesRequest } from '../../events/requestLifecycle.js'
import { BASE_INITIAL, EMAIL_UPDATE_IDLE as IDLE, NO_EMBEDDED_USER as NO_USER } from '../baseInitialState.js'

/**
 * The embedded wallet's user (Account shows the e-mail; spec §3 embedded-wallet user) and its
 * session token, kept across reloads for a frame that lost its own storage.
 */
export type EmbeddedUserState = {
  email: string | null
  username: string | null
  sessionToken: string | null
  /** Account's switch between the EOA and the smart account: under way (`error` null) or refused. Not kept across reloads. */
  accountTypeSwitch: { to: 'eoa' | 'smartAccount'; error: SerializedError | null } | null
}


export const embeddedUserSlice = createSlice(
  'embeddedUser',
  BASE_INITIAL.embeddedUser,
  (b) =>
    b
      .addCase(embeddedUserReceived, (s, event) => {
        s.email = event.payload.email
        s.username = event.payload.username
      })
      .addCase(embeddedSessionUpdated, (s, event) => (event.payload.sessionToken === null ? { ...NO_USER } : { ...s, sessionToken: event.payload.sessionToken }))
      .addCase(emailUpdated, (s, event) => {
        s.email = event.payload.email
      })
      .addCase(accountTypeSwitchStarted, (s, event) => {
        s.accountTypeSwitch = { to: event.payload.type, error: null }
      })
      .addCase(accountTypeSwitched, (s) => {
        s.accountTypeSwitch = null
      })
      .addCase(accountTypeSwitchFailed, (s, event) => {
        s.accountTypeSwitch = { to: event.payload.type, error: event.payload.error }
      })
      // Only storage holds the user (the stored log has it redacted): a reload starts from what
      // storage holds, and nothing stored is no user.
      .addReplacer(storageHydrated, (s, event) => {
        const stored = event.payload.embeddedWallet
        const email = stored?.email ?? null
        const username = stored?.username ?? null
        const sessionToken = stored?.sessionToken ?? null
        return s.email === email && s.username === username && s.sessionToken === sessionToken ? s : { email, username, sessionToken, accountTypeSwitch: s.accountTypeSwitch }
      })
      // Optimization: every disconnect reaches this slice, nearly always another wallet's; the
      // guard keeps those out of immer.
      .addReplacer(
        connectionDisconnected,
        () => ({ ...NO_USER }),
        (_s, event) => event.payload.namespace === 'eip155' && event.payload.connectorId === AUTH_CONNECTOR_ID,
      ),
)

/**
 * UpdateEmailWallet (spec §4): `sending` while a code is mailed, `primaryOtp` for the code sent
 * to the current address, `secondaryOtp` for the one sent to the new address, `verifying`
 * while a code is checked, `done` once the new address is the wallet's.
 */
export type EmailUpdateState = {
  step: 'idle' | 'sending' | 'primaryOtp' | 'secondaryOtp' | 'verifying' | 'done'
  email: string | null
  /** Which code is being checked (a wrong one goes back to it). */
  code: 'primaryOtp' | 'secondaryOtp' | null
  requestId: string | null
  error: SerializedError | null
}

const idle = (): EmailUpdateState => ({ ...IDLE })

const isNotIdle = (s: EmailUpdateState): boolean => s.step !== 'idle' || s.email !== null || s.code !== null || namesRequest(s) || s.error !== null

/** Whether an answer belongs to the update under way. */
export const awaitsEmailUpdate = (s: EmailUpdateState, requestId: string | undefined) =>
  s.step !== 'idle' && s.step !== 'done' && isCurrentRequest(s.requestId, requestId, { unnamed: 'ignored' })

export const emailUpdateSlice = createSlice(
  'emailUpdate',
  BASE_INITIAL.emailUpdate,
  (b) =>
    b
      .addCase(emailUpdateRequested, (s, event) => {
        const email = normalizeEmail(event.payload.email)
        if (!isEmailOrRedacted(email)) return { ...IDLE, error: serializeError(new InvalidInputError('Invalid email', { details: 'e-mail fields must be valid format' })) }
        return { step: 'sending', email, code: null, requestId: event.requestId ?? null, error: null }
      })
      .addCase(emailUpdateStepReached, (s, event) => {
        if (!awaitsEmailUpdate(s, event.requestId)) return
        s.step = event.payload.action === 'VERIFY_PRIMARY_OTP' ? 'primaryOtp' : 'secondaryOtp'
      })
      .addCase(emailUpdateOtpSubmitted, (s, event) => {
        if ((s.step !== 'primaryOtp' && s.step !== 'secondaryOtp') || !isOtpOrRedacted(event.payload.otp)) return
        s.code = s.step
        s.step = 'verifying'
        s.requestId = event.requestId ?? null
        s.error = null
      })
      .addCase(emailUpdated, (s, event) => {
        if (awaitsEmailUpdate(s, event.requestId)) Object.assign(s, { ...IDLE, step: 'done', email: event.payload.email })
      })
      .addCase(emailUpdateFailed, (s, event) => {
        if (!awaitsEmailUpdate(s, event.requestId)) return
        s.error = event.payload.error
        // A wrong code stays on its step; a refused address goes back to the address.
        s.step = s.step === 'verifying' && s.code ? s.code : 'idle'
      })
      // Closing the modal or Back drops the update. Optimization: with none under way (nearly
      // every close and Back) the slice is left as it is.
      .addReplacer(modalCloseRequested, idle, isNotIdle)
      .addReplacer(routerWentBack, idle, isNotIdle),
)
