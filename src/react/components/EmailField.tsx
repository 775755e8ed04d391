import { useId, useState, type FormEvent } from 'react'
import { isValidEmail, normalizeEmail } from '../../core/domain/email.js'
import { emailLoginRequested } from '../../core/events/embeddedWallet/embeddedWallet.js'
import type { Modal } from '../../createModal.js'
import { useI18n } from '../i18n/i18n.js'

/**
 * Connect's e-mail field (spec §4): a valid address asks the embedded wallet for a code and
 * opens EmailLogin; an invalid one says so under the field and goes nowhere.
 */
export function EmailField({ modal, initial = '' }: { modal: Modal; initial?: string }) {
  const { t } = useI18n()
  const [email, setEmail] = useState(initial)
  const [invalid, setInvalid] = useState(false)
  const noteId = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const address = normalizeEmail(email)
    if (!isValidEmail(address)) {
      setInvalid(true)
      return
    }
    modal.dispatch(emailLoginRequested({ email: address }))
    if (modal.getState().router.view !== 'EmailLogin') modal.push('EmailLogin')
  }
  return (
    <form className="gw-email-form" onSubmit={submit} noValidate data-testid="email-form">
      <div className="gw-email-row">
        <input
          className="gw-search"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('Email')}
          aria-label={t('Email')}
          aria-invalid={invalid}
          aria-describedby={invalid ? noteId : undefined}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            setInvalid(false)
          }}
          data-testid="email-input"
        />
        <button type="submit" className="gw-button" data-primary="true" data-testid="email-submit">
          {t('Continue')}
        </button>
      </div>
      {invalid ? (
        <p id={noteId} className="gw-error-text" role="alert" data-testid="email-invalid">
          {t('Enter a valid e-mail address')}
        </p>
      ) : null}
    </form>
  )
}
