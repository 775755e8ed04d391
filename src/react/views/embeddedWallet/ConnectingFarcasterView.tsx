import { useEffect } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { EmbeddedWalletMissing, useHasEmbeddedWallet } from '../../components/embeddedWallet.js'
import { copyText } from '../copyText.js'
import { startSocialLogin } from '../../components/socialLogins.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { ConnectingWalletConnectQrCode } from '../connection/ConnectingWalletConnectQrCode.js'
import type { ViewProps } from '../viewProps.js'

/**
 * ConnectingFarcaster: the Farcaster sign-in URL as a QR code to scan with the Farcaster app,
 * and as a link to open it on this device; once the visitor signs in there, the embedded
 * wallet verifies it and connects. 'Failed to connect to farcaster' with a retry otherwise.
 */
export function ConnectingFarcasterView({ modal }: ViewProps) {
  const { t } = useI18n()
  const login = useModalState((s) => s.socialLogin)
  const mine = login.provider === 'farcaster'
  const configured = useHasEmbeddedWallet()

  // Opened directly (not from Connect's button): the sign-in starts here.
  useEffect(() => {
    if (configured && (!mine || login.step === 'idle')) startSocialLogin(modal, 'farcaster')
    // Only on arrival: a failure waits for the visitor's retry.
  }, [])

  if (!configured) return <EmbeddedWalletMissing message="Unable to load email login dependency" />
  const link = login.clientUrl ?? login.uri
  return (
    <div className="gw-connecting" data-testid="view-connecting-farcaster" data-step={mine ? login.step : 'preparing'}>
      {mine && login.uri && login.step !== 'failed' ? (
        <ConnectingWalletConnectQrCode uri={login.uri} label={t('QR code to sign in with Farcaster')} testId="farcaster-qr" />
      ) : login.step === 'failed' ? null : (
        <div className="gw-qr gw-qr-loading" style={{ width: 280, height: 280 }} aria-busy="true" data-testid="farcaster-qr-loading" />
      )}
      <p className="gw-connecting-title">{t('Sign in with Farcaster')}</p>
      <p className="gw-muted" aria-live="polite" data-testid="farcaster-status">
        {login.step === 'connecting' ? t('Connecting…') : login.step === 'failed' ? '' : t('Scan this QR code with your phone, or open the link on this device.')}
      </p>
      {mine && login.error ? <ErrorMessage error={login.error} testId="farcaster-error" /> : null}
      {login.step === 'failed' ? (
        <button type="button" className="gw-button" data-primary="true" data-autofocus="true" data-testid="farcaster-retry" onClick={() => startSocialLogin(modal, 'farcaster')}>
          {t('Try again')}
        </button>
      ) : mine && link && login.step === 'waiting' ? (
        <div className="gw-account-actions">
          <a className="gw-button" href={link} target="_blank" rel="noreferrer" data-testid="farcaster-open">
            {t('Open Farcaster')}
          </a>
          <button type="button" className="gw-button" data-testid="farcaster-copy" onClick={() => copyText(modal, login.uri!, t('Link copied'))}>
            {t('Copy link')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
