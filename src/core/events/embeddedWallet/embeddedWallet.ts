import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, empty, literal, nullable, number, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** The id of the embedded wallet's connector (type AUTH), in eip155 and solana. */
export const AUTH_CONNECTOR_ID = 'auth'

/**
 * The visitor asked to sign in with `email` (Connect's e-mail field, EmailLogin, or a resend):
 * the embedded wallet mails a device approval link or a one-time code. Refused within 30 s of
 * the last one ('Please try again after {n} seconds').
 */
export const emailLoginRequested = defineIntent('embeddedWallet/emailLoginRequested', object({ email: string() }))
/** What the wallet service wants next: approve this device, enter the mailed code, or nothing (connect). */
export const emailLoginStepReached = defineEvent(
  'embeddedWallet/emailLoginStepReached',
  object({ action: literal('VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT') }),
)
/** The device was approved by the mailed link; the code is on its way. */
export const emailDeviceApproved = defineEvent('embeddedWallet/deviceApproved', empty())
/** The code the visitor typed (6 digits). */
export const emailOtpSubmitted = defineIntent('embeddedWallet/otpSubmitted', object({ otp: string() }))
/** The code was right: the embedded wallet connects next. */
export const emailOtpVerified = defineEvent('embeddedWallet/otpVerified', empty())
/** A step failed; the view shows the error and stays where the visitor can try again. */
export const emailLoginFailed = defineEvent('embeddedWallet/emailLoginFailed', object({ error: serializedErrorSchema }))
/** The visitor left the e-mail login (Back, or another e-mail): what was under way is dropped. */
export const emailLoginReset = defineEvent('embeddedWallet/emailLoginReset', empty())

/**
 * The visitor picked a social login (`google`, `x`, …) or Farcaster: the embedded wallet is asked
 * for the provider's sign-in address (social, opened in a 600 × 800 popup) or a Farcaster
 * sign-in URL (shown as a QR code and a link).
 */
export const socialLoginRequested = defineIntent('embeddedWallet/socialLoginRequested', object({ provider: string() }))
/** Where the visitor signs in: the provider's page (social) or the Farcaster sign-in URL, with a page that opens it here. */
export const socialLoginUriReceived = defineEvent('embeddedWallet/socialLoginUriReceived', object({ uri: string(), clientUrl: optional(string()) }))
/** The popup came back signed in (its result address, for the embedded wallet to redeem). */
export const socialLoginResultReceived = defineEvent('embeddedWallet/socialLoginResultReceived', object({ resultUri: string() }))
/** The sign-in failed: 'Popup closed', 'Failed to initiate social connection', 'Failed to connect to farcaster', … */
export const socialLoginFailed = defineEvent('embeddedWallet/socialLoginFailed', object({ error: serializedErrorSchema }))

/** The embedded wallet's user as it reported itself after a connect: its e-mail and user name. */
export const embeddedUserReceived = defineEvent('embeddedWallet/userReceived', object({ email: nullable(string()), username: nullable(string()) }))
/**
 * Change the embedded wallet's e-mail to `email` (UpdateEmailWallet): a code goes to the current
 * address, then one to the new. Needs the embedded wallet ('No auth connector found') connected
 * by e-mail or a social login ('Not connected to email or social').
 */
export const emailUpdateRequested = defineIntent('embeddedWallet/emailUpdateRequested', object({ email: string() }))
/** The code step the update is at: the code mailed to the current address, then to the new one. */
export const emailUpdateStepReached = defineEvent('embeddedWallet/emailUpdateStepReached', object({ action: literal('VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP') }))
export const emailUpdateOtpSubmitted = defineIntent('embeddedWallet/emailUpdateOtpSubmitted', object({ otp: string() }))
/** The new address is confirmed and is the wallet's e-mail now. */
export const emailUpdated = defineEvent('embeddedWallet/emailUpdated', object({ email: string() }))
export const emailUpdateFailed = defineEvent('embeddedWallet/emailUpdateFailed', object({ error: serializedErrorSchema }))

/** The embedded wallet's session changed: a new session token, or none (signed out). */
export const embeddedSessionUpdated = defineEvent('embeddedWallet/sessionUpdated', object({ sessionToken: nullable(string()) }))

/** The embedded wallet is moving the connection to the account type the visitor chose (Account's switch). */
export const accountTypeSwitchStarted = defineEvent('embeddedWallet/accountTypeSwitchStarted', object({ type: literal('eoa', 'smartAccount') }))
/** The embedded wallet uses the account of this type now (its address came as `connection/accountsChanged`). */
export const accountTypeSwitched = defineEvent('embeddedWallet/accountTypeSwitched', object({ type: literal('eoa', 'smartAccount') }))
/** The embedded wallet refused the switch ('Smart accounts are not enabled on …'); the preference went back. */
export const accountTypeSwitchFailed = defineEvent('embeddedWallet/accountTypeSwitchFailed', object({ type: literal('eoa', 'smartAccount'), error: serializedErrorSchema }))

/** The EVM chain ids where the embedded wallet's service gives its users a smart account (spec §3 smartAccountEnabledNetworks). */
export const smartAccountNetworksReceived = defineEvent('embeddedWallet/smartAccountNetworksReceived', object({ chainIds: array(number()) }))

export const EMBEDDED_WALLET_EVENTS = [
  smartAccountNetworksReceived,
  accountTypeSwitchStarted,
  accountTypeSwitched,
  accountTypeSwitchFailed,
  embeddedSessionUpdated,
  embeddedUserReceived,
  emailUpdateRequested,
  emailUpdateStepReached,
  emailUpdateOtpSubmitted,
  emailUpdated,
  emailUpdateFailed,
  socialLoginRequested,
  socialLoginUriReceived,
  socialLoginResultReceived,
  socialLoginFailed,
  emailLoginRequested,
  emailLoginStepReached,
  emailDeviceApproved,
  emailOtpSubmitted,
  emailOtpVerified,
  emailLoginFailed,
  emailLoginReset,
] as const
