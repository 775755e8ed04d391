import { useResultAcknowledgement } from '../../components/resultAcknowledgement.js'
import { sliceOf } from '../../../core/selectors.js'
import { useState } from 'react'
import { isValidName, NAME_ZONE } from '../../../core/domain/names.js'
import { nameRegisterRequested, nameSuggestionsRequested } from '../../../core/events/names/names.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useActiveWallet } from '../../components/activeWallet.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'

/**
 * RegisterAccountName (spec §2, §4): a label (letters, digits, hyphens, at least 4 characters)
 * in the `.gangway` zone, the name API's suggestions with what is free, then the wallet signs the
 * registration; a failure stays on the form with the error.
 */
export function RegisterAccountNameView({ modal }: ViewProps) {
  const [label, setLabel] = useState('')
  const suggestions = useModalState((s) => sliceOf(s, 'nameRegistration').suggestions)
  const register = useModalState((s) => sliceOf(s, 'nameRegistration').register)
  const wallet = useActiveWallet()
  const { t } = useI18n()
  const typed = label.trim().toLowerCase()
  const valid = isValidName(typed)
  const name = `${typed}.${NAME_ZONE}`
  const current = suggestions && suggestions.label === typed ? suggestions : null
  const exact = current?.items.find((s) => s.name === name) ?? null
  const signing = register?.status === 'signing'
  const failed = register?.status === 'failed' && register.name === name ? register.error : null

  const change = (next: string) => {
    setLabel(next)
    const value = next.trim().toLowerCase()
    if (isValidName(value)) modal.dispatch(nameSuggestionsRequested({ label: value }))
  }
  const submit = () => {
    if (!valid || signing || exact?.registered) return
    modal.dispatch(nameRegisterRequested({ name }))
  }

  return (
    <form
      className="gw-send"
      data-testid="view-register-name"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <label className="gw-field">
        <span className="gw-field-label">{t('Name')}</span>
        <span className="gw-field-row">
          <input
            className="gw-search"
            data-testid="name-input"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('your-name')}
            value={label}
            aria-describedby="gw-name-note"
            aria-invalid={label.trim() !== '' && !valid}
            data-autofocus="true"
            onChange={(e) => change(e.target.value)}
          />
          <span className="gw-muted gw-name-zone">.{NAME_ZONE}</span>
        </span>
        <span id="gw-name-note" className={label.trim() !== '' && !valid ? 'gw-error-text' : 'gw-muted'} data-testid="name-note" aria-live="polite">
          {label.trim() !== '' && !valid
            ? t('Use letters, digits and hyphens, at least 4 characters')
            : valid && exact
              ? exact.registered
                ? t('{name} is taken', { name })
                : t('{name} is available', { name })
              : valid && current?.status !== 'failed'
                ? t('Checking…')
                : t('Letters, digits and hyphens, at least 4 characters')}
        </span>
      </label>
      {valid && current && current.items.length > 0 ? (
        <ul className="gw-list gw-name-suggestions" data-testid="name-suggestions" aria-label={t('Suggestions')}>
          {current.items
            .filter((s) => s.name !== name)
            .map((s) => (
              <li key={s.name}>
                <button
                  type="button"
                  className="gw-button"
                  data-testid="name-suggestion"
                  disabled={s.registered}
                  onClick={() => change(s.name.slice(0, -(NAME_ZONE.length + 1)))}
                >
                  <span>{s.name}</span>
                  <span className="gw-badge">{s.registered ? t('Taken') : t('Available')}</span>
                </button>
              </li>
            ))}
        </ul>
      ) : null}
      {current?.status === 'failed' && current.error ? <ErrorMessage error={current.error} testId="name-suggestions-error" /> : null}
      {signing ? (
        <p className="gw-muted" aria-live="polite" data-testid="name-approve">
          {t('Approve in {wallet}', { wallet: wallet.name })}
        </p>
      ) : null}
      {failed ? <ErrorMessage error={failed} testId="name-error" /> : null}
      <button type="submit" className="gw-button" data-primary="true" data-testid="name-register" aria-disabled={!valid || signing || exact?.registered === true}>
        {signing ? t('Registering…') : failed ? t('Try again') : t('Register')}
      </button>
    </form>
  )
}

/** RegisterAccountNameSuccess: the name registered, and the way back to the account. */
export function RegisterAccountNameSuccessView({ modal }: ViewProps) {
  const name = useModalState((s) => sliceOf(s, 'nameRegistration').registered)
  const { t } = useI18n()
  const message = name ? t('{name} is yours', { name }) : t('Name registered')
  const done = useResultAcknowledgement(modal, 'names', message)
  return (
    <div className="gw-connecting" data-testid="view-register-name-success">
      <p className="gw-connecting-title" data-testid="name-success">
        {message}
      </p>
      <p className="gw-muted">{t('Apps and wallets that read the Gangway name service now show it for this account.')}</p>
      <button type="button" className="gw-button" data-primary="true" data-autofocus="true" data-testid="name-done" onClick={done}>
        {t('Done')}
      </button>
    </div>
  )
}
