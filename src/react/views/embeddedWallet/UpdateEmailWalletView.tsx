import { useState, type FormEvent } from 'react'
import { isValidEmail, normalizeEmail } from '../../../core/domain/email.js'
import { shortenEmail } from '../../../core/domain/format.js'
import { emailUpdateOtpSubmitted, emailUpdateRequested } from '../../../core/events/embeddedWallet/embeddedWallet.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { OtpInput } from '../../components/OtpInput.js'
import { EmbeddedWalletMissing, useHasEmbeddedWallet } from '../../components/embeddedWallet.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'

/**
 * UpdateEmailWallet (spec §2, §4): the new address, then the code mailed to the current address,
 * then the one mailed to the new address; each code is sent once complete. Done returns to Account.
 */
export function UpdateEmailWalletView({ modal }: ViewProps) {
  const { t } = useI18n()
  const update = useModalState((s) => s.emailUpdate)
  const current = useModalState((s) => s.embeddedUser.email)
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [otp, setOtp] = useState('')
  const configured = useHasEmbeddedWallet()

  const submitEmail = (e: FormEvent) => {
    e.preventDefault()
    const address = normalizeEmail(email)
    if (!isValidEmail(address)) return setInvalid(true)
    modal.dispatch(emailUpdateRequested({ email: address }))
  }
  const submitOtp = (code: string) => {
    if (update.step !== 'primaryOtp' && update.step !== 'secondaryOtp') return
    modal.dispatch(emailUpdateOtpSubmitted({ otp: code }))
    setOtp('')
  }

  if (!configured) return <EmbeddedWalletMissing message="No auth connector found" />

  if (update.step === 'done') {
    return (
      <div className="gw-connecting" data-testid="view-update-email" data-step="done">
        <p className="gw-connecting-title" data-testid="update-email-done">
          {t('Your e-mail is now {email}', { email: shortenEmail(update.email ?? '') })}
        </p>
        <button type="button" className="gw-button" data-primary="true" data-autofocus="true" data-testid="update-email-finish" onClick={() => modal.back()}>
          {t('Done')}
        </button>
      </div>
    )
  }

  if (update.step === 'idle' || update.step === 'sending') {
    return (
      <form className="gw-connecting" onSubmit={submitEmail} noValidate data-testid="view-update-email" data-step={update.step}>
        {current ? <p className="gw-muted">{t('Current e-mail: {email}', { email: shortenEmail(current) })}</p> : null}
        <input
          className="gw-search"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('New e-mail')}
          aria-label={t('New e-mail')}
          aria-invalid={invalid}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            setInvalid(false)
          }}
          data-autofocus="true"
          data-testid="update-email-input"
        />
        {invalid ? (
          <p className="gw-error-text" role="alert" data-testid="update-email-invalid">
            {t('Enter a valid e-mail address')}
          </p>
        ) : null}
        {update.error ? <ErrorMessage error={update.error} testId="update-email-error" /> : null}
        <button type="submit" className="gw-button" data-primary="true" disabled={update.step === 'sending'} data-testid="update-email-submit">
          {update.step === 'sending' ? t('Sending…') : t('Continue')}
        </button>
      </form>
    )
  }

  const primary = update.step === 'primaryOtp' || (update.step === 'verifying' && update.code === 'primaryOtp')
  return (
    <div className="gw-connecting" data-testid="view-update-email" data-step={update.step}>
      <p className="gw-connecting-title">{t('Enter the code')}</p>
      <p className="gw-muted" data-testid="update-email-note">
        {primary
          ? t('We sent a 6-digit code to {email}.', { email: shortenEmail(current ?? '') })
          : t('We sent a 6-digit code to {email}.', { email: shortenEmail(update.email ?? '') })}
      </p>
      <OtpInput key={primary ? 'primary' : 'secondary'} value={otp} onChange={setOtp} onComplete={submitOtp} disabled={update.step === 'verifying'} testId="update-email-otp" />
      <p className="gw-muted" aria-live="polite">
        {update.step === 'verifying' ? t('Checking the code…') : ''}
      </p>
      {update.error ? <ErrorMessage error={update.error} testId="update-email-error" /> : null}
    </div>
  )
}
