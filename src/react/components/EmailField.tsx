import { useId, useState, type FormEvent } from 'react'
import { isValidEmail, normalizeEmail } from '../../core/domain/email.js'
import { emailLoginRequested } from '../../core/events/embeddedWallet/embeddedWallet.js'
import type { Modal } from '../../createModal.js'
import { useI18n } from '../i18n/i18n.js'
import type { SerializedError } from '../../core/errors/base.js'
import { ErrorMessage } from './ErrorMessage.js'

/** What was last typed in a modal's e-mail field, kept across views (never persisted: it is the visitor's, not the log's). */
const emailDrafts = new WeakMap<Modal, string>()

/**
 * Connect's e-mail field (spec §4): a valid address asks the embedded wallet for a code and
 * opens EmailLogin; an invalid one says so under the field and goes nowhere.
 */
export function EmailField(props: {
  modal: Modal
  initial?: string
  /** The login's own error (EmailLogin's), shown in the field's one error slot when the field has none of its own. */
  error?: SerializedError | null
  /** Seconds of the e-mail cooldown left: Continue reads as disabled until then (pressed, it says how long: the reducer's refusal). */
  cooldownLeft?: number
}) {
  const { modal, initial = '', error = null, cooldownLeft = 0 } = props
  const { t } = useI18n()
  // What was typed survives a move to EmailLogin and back (the draft is the modal's, not this field's).
  const [email, setEmail] = useState(() => emailDrafts.get(modal) ?? initial)
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
            emailDrafts.set(modal, e.target.value)
            setInvalid(false)
          }}
          data-testid="email-input"
        />
        <button type="submit" className="gw-button" data-primary="true" data-testid="email-submit" aria-disabled={cooldownLeft > 0}>
          {t('Continue')}
        </button>
      </div>
      {invalid ? (
        <p id={noteId} className="gw-error-text" role="alert" data-testid="email-invalid">
          {t('Enter a valid e-mail address')}
        </p>
      ) : error ? (
        <ErrorMessage error={error} testId="email-error" />
      ) : null}
    </form>
  )
}
