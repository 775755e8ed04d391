import { useState, type FormEvent } from 'react'
import { EMAIL_LOGIN_COOLDOWN_MS } from '../../../core/domain/constants.js'
import type { SerializedError } from '../../../core/errors/base.js'
import { EmailCooldownError } from '../../../core/errors/domain.js'
import { useSecondsLeft } from '../../hooks/useSecondsLeft.js'
import { shortenEmail } from '../../../core/domain/format.js'
import { emailLoginRequested, emailLoginReset, emailOtpSubmitted } from '../../../core/events/embeddedWallet/embeddedWallet.js'
import { EmailField } from '../../components/EmailField.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { OTP_LENGTH, OtpInput } from '../../components/OtpInput.js'
import { MailIcon } from '../../components/icons.js'
import { EmbeddedWalletMissing, useHasEmbeddedWallet } from '../../components/embeddedWallet.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'

/**
 * The login's error as shown now: a cooldown refusal ('Please try again after {n} seconds', the
 * spec's words) names the seconds left as they pass, and is no error once they have.
 */
function liveError(error: SerializedError | null, cooldownLeft: number): SerializedError | null {
  if (!error || error.name !== 'EmailCooldownError') return error
  return cooldownLeft > 0 ? { ...error, shortMessage: new EmailCooldownError(cooldownLeft).shortMessage } : null
}

/**
 * EmailLogin (spec §2, §4): the address (when opened without one), then either the wait for the
 * device approval link or the 6-digit code mailed to the address (typed or pasted; it is sent
 * once complete), with a resend that keeps the 30 s cooldown, and the step's error.
 */
export function EmailLoginView({ modal }: ViewProps) {
  const { t } = useI18n()
  const login = useModalState((s) => s.emailLogin)
  const [otp, setOtp] = useState('')
  const email = login.email ?? ''
  const shown = shortenEmail(email)
  const configured = useHasEmbeddedWallet()
  // The 30 s cooldown counts down from the moment the code was asked for (spec §5).
  const cooldownLeft = useSecondsLeft(modal, login.lastRequestAt === null ? null : login.lastRequestAt + EMAIL_LOGIN_COOLDOWN_MS)
  // A cooldown refusal counts down with it and is gone at zero, when asking again works; one error at a time.
  const error = liveError(login.error, cooldownLeft)

  const submitOtp = (code: string) => {
    if (code.length === OTP_LENGTH) modal.dispatch(emailOtpSubmitted({ otp: code }))
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submitOtp(otp)
  }
  const resend = () => {
    setOtp('')
    modal.dispatch(emailLoginRequested({ email }))
  }
  const another = () => {
    setOtp('')
    modal.dispatch(emailLoginReset({}))
  }

  if (!configured) return <EmbeddedWalletMissing message="Unable to load email login dependency" />

  if (login.step === 'idle') {
    return (
      <div className="gw-connecting" data-testid="view-email-login" data-step="idle">
        <p className="gw-connecting-title">{t('Continue with e-mail')}</p>
        <EmailField modal={modal} initial={email} error={error} cooldownLeft={cooldownLeft} />
      </div>
    )
  }

  if (login.step === 'verifyDevice') {
    return (
      <div className="gw-connecting" data-testid="view-email-login" data-step="verifyDevice">
        <span className="gw-progress-ring" data-active="true">
          <MailIcon />
        </span>
        <p className="gw-connecting-title">{t('Approve this device')}</p>
        <p className="gw-muted" aria-live="polite" data-testid="email-device-note">
          {t('We sent a link to {email}. Open it to approve this device; the code follows.', { email: shown })}
        </p>
        {error ? <ErrorMessage error={error} testId="email-error" /> : null}
        <button type="button" className="gw-text-button" onClick={another} data-testid="email-another">
          {t('Use another e-mail')}
        </button>
      </div>
    )
  }

  const busy = login.step === 'sending' || login.step === 'verifying' || login.step === 'connecting'
  return (
    <form className="gw-connecting" onSubmit={onSubmit} data-testid="view-email-login" data-step={login.step} aria-busy={busy}>
      <span className="gw-progress-ring" data-active={busy}>
        <MailIcon />
      </span>
      <p className="gw-connecting-title">{t('Enter the code')}</p>
      <p className="gw-muted" data-testid="email-otp-note">
        {login.step === 'sending' ? t('Sending a code to {email}…', { email: shown }) : t('We sent a 6-digit code to {email}.', { email: shown })}
      </p>
      <OtpInput value={otp} onChange={setOtp} onComplete={submitOtp} disabled={login.step !== 'verifyOtp'} testId="email-otp" />
      <p className="gw-muted" aria-live="polite" data-testid="email-status">
        {login.step === 'verifying' ? t('Checking the code…') : login.step === 'connecting' ? t('Connecting…') : ''}
      </p>
      {error ? <ErrorMessage error={error} testId="email-error" /> : null}
      <div className="gw-account-actions">
        <button type="button" className="gw-button" onClick={resend} disabled={busy || cooldownLeft > 0} data-testid="email-resend">
          {cooldownLeft > 0 ? t('Resend code in {seconds} s', { seconds: cooldownLeft }) : t('Resend code')}
        </button>
        <button type="button" className="gw-text-button" onClick={another} data-testid="email-another">
          {t('Use another e-mail')}
        </button>
      </div>
    </form>
  )
}
