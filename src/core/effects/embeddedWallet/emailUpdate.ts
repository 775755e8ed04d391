import { filter, mergeMap, of } from 'rxjs'
import { connectionSucceeded } from '../../events/connection/connection.js'
import {
  embeddedUserReceived,
  emailUpdated,
  emailUpdateFailed,
  emailUpdateOtpSubmitted,
  emailUpdateRequested,
  emailUpdateStepReached, AUTH_CONNECTOR_ID } from '../../events/embeddedWallet/embeddedWallet.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { awaitsEmailUpdate } from '../../reducers/embeddedWallet/emailUpdateReducer.js'
import { selectActiveConnection } from '../../selectors.js'
import type { EmbeddedWalletDeps } from './emailLogin.js'
import { embeddedWalletStep } from './embeddedWalletStep.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

const failed = (error: unknown, meta: { requestId: string | undefined }) => emailUpdateFailed({ error: serializeError(error) }, meta)

/** Logins that have an e-mail to change: e-mail and the social providers (not Farcaster). */
const CAN_UPDATE = (auth: string | undefined) => auth !== undefined && auth !== 'farcaster'

/**
 * Starts an e-mail update (spec §4, §5): the embedded wallet must be there ('No auth connector
 * found') and connected by e-mail or a social login ('Not connected to email or social'); it
 * mails a code to the current address.
 */
export const requestEmailUpdate: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(emailUpdateRequested),
    filter((e) => state$.value.emailUpdate.step === 'sending' && awaitsEmailUpdate(state$.value.emailUpdate, e.requestId)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const auth = deps.auth
      if (!auth) return of(failed(new GangwayError('No auth connector found'), meta))
      const connection = selectActiveConnection(state$.value, 'eip155')
      if (connection?.connectorId !== AUTH_CONNECTOR_ID || !CAN_UPDATE(connection.auth)) return of(failed(new GangwayError('Not connected to email or social'), meta))
      const email = state$.value.emailUpdate.email as string
      return embeddedWalletStep(event$, e.requestId, failed, async (signal) => {
        const { action } = await auth.updateEmail({ email }, signal)
        return [emailUpdateStepReached({ action }, meta)]
      })
    }),
  )

/** Checks a code of the update: the current address's, then the new one's, which completes it. */
export const verifyEmailUpdateOtp: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(emailUpdateOtpSubmitted),
    filter((e) => state$.value.emailUpdate.step === 'verifying' && awaitsEmailUpdate(state$.value.emailUpdate, e.requestId)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const auth = deps.auth
      if (!auth) return of(failed(new GangwayError('No auth connector found'), meta))
      const primary = state$.value.emailUpdate.code === 'primaryOtp'
      return embeddedWalletStep(event$, e.requestId, failed, async (signal) => {
        if (primary) {
          await auth.updateEmailPrimaryOtp({ otp: e.payload.otp }, signal)
          return [emailUpdateStepReached({ action: 'VERIFY_SECONDARY_OTP' }, meta)]
        }
        const { newEmail } = await auth.updateEmailSecondaryOtp({ otp: e.payload.otp }, signal)
        return [emailUpdated({ email: newEmail }, meta)]
      })
    }),
  )

/**
 * After the embedded wallet connects, its user (e-mail, user name) for Account: asked once per
 * sign-in, on the eip155 connection (its Solana account is the same user).
 */
export const fetchEmbeddedUser: Effect<EmbeddedWalletDeps> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(connectionSucceeded),
    filter((e) => e.payload.connectorId === AUTH_CONNECTOR_ID && e.payload.namespace === 'eip155' && deps.auth !== undefined),
    mergeMap(async (e) => {
      try {
        const user = await deps.auth!.getUser({ caipNetworkId: e.payload.caipNetworkId })
        return [embeddedUserReceived({ email: user.email ?? null, username: user.username ?? null })]
      } catch {
        // Account then shows the address alone.
        return []
      }
    }),
    mergeMap((events) => of(...events)),
  )
