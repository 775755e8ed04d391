import type { ClipboardEvent } from 'react'
import { useI18n } from '../i18n/i18n.js'

/** One-time codes are six digits (spec §4). */
export const OTP_LENGTH = 6

/**
 * A one-time code field: digits only (typed or pasted, whatever surrounds them), at most six;
 * `onComplete` gets the code once it has six.
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  disabled,
  testId,
}: {
  value: string
  onChange(code: string): void
  onComplete(code: string): void
  disabled: boolean
  testId: string
}) {
  const { t } = useI18n()
  const take = (text: string) => {
    const code = text.replace(/\D/g, '').slice(0, OTP_LENGTH)
    onChange(code)
    if (code.length === OTP_LENGTH) onComplete(code)
  }
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault()
    take(e.clipboardData.getData('text'))
  }
  return (
    <input
      className="gw-search gw-otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      aria-label={t('6-digit code')}
      value={value}
      disabled={disabled}
      onChange={(e) => take(e.target.value)}
      onPaste={onPaste}
      data-autofocus="true"
      data-testid={testId}
    />
  )
}
