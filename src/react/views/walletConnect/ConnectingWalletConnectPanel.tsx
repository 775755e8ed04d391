import type { CSSProperties } from 'react'
import { walletLinks } from '../../../adapters/walletconnect/walletLink.js'
import { WALLET_CONNECT_ICON } from '../../../adapters/walletconnect/walletConnectIcon.js'
import type { Modal } from '../../../createModal.js'
import { connectionRequested } from '../../../core/events/connection/connection.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../../core/events/walletConnect/walletConnect.js'
import type { ModalState } from '../../../core/state.js'
import { walletConnectNamespace } from '../../../core/reducers/walletConnect/walletConnectState.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { ConnectingWalletConnectQrCode, QR_CARD } from '../connection/ConnectingWalletConnectQrCode.js'
import { copyText } from '../copyText.js'
import { useRetryAllowed } from '../connection/useRetryAllowed.js'

const QR_SIZE = 264
const link: CSSProperties = { textDecoration: 'none', justifyContent: 'center' }

const selectAttempt = (s: ModalState) => (s.wallets.attempt?.connectorId === WALLET_CONNECT_CONNECTOR_ID ? s.wallets.attempt : null)

/**
 * The WalletConnect pairing on screen: the QR code of the pairing URI (the chosen wallet's icon,
 * else WalletConnect's, in the middle), copy link, the wallet's own links (mobile deep link on
 * a phone, desktop app, web app) and, after a failure, the error and a retry after 1 s.
 */
export function ConnectingWalletConnectPanel({ modal }: { modal: Modal }) {
  const { t } = useI18n()
  const uri = useModalState((s) => s.walletConnect.pairing?.uri ?? null)
  const wallet = useModalState((s) => s.walletConnect.wallet)
  const attempt = useModalState(selectAttempt)
  const isMobile = useModalState((s) => !!s.settings.isMobile)
  const retryAllowed = useRetryAllowed(modal, attempt?.startedAt)
  // A connect the visitor closed earlier is no failure to show on a fresh pairing.
  const failed = attempt?.status === 'failed' && attempt.error?.name !== 'ModalClosedError'
  const links = uri && wallet ? walletLinks(wallet, uri) : null

  const retry = () =>
    modal.dispatch(connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: walletConnectNamespace(modal.getState()) }))
  const copy = () => {
    if (uri) copyText(modal, uri, t('Link copied'))
  }

  return (
    <div className="gw-connecting" data-testid="wc-panel" data-status={failed ? 'failed' : uri ? 'ready' : 'loading'}>
      {/* On a phone the wallet's own link comes first (the QR code is for another device); on a desktop the QR code does. */}
      {wallet && links?.mobile && isMobile ? (
        <a className="gw-button" data-primary="true" style={link} href={links.mobile} data-testid="wc-open-mobile">
          {t('Open {wallet}', { wallet: wallet.name })}
        </a>
      ) : null}
      {failed ? (
        <>
          <p className="gw-connecting-title">{wallet?.name ?? 'WalletConnect'}</p>
          <ErrorMessage error={attempt?.error ?? { shortMessage: '' }} testId="wc-error" />
          <button type="button" className="gw-button" data-primary="true" data-testid="wc-retry" data-autofocus="true" disabled={!retryAllowed} onClick={retry}>
            {t('Try again')}
          </button>
        </>
      ) : (
        <>
          <div style={QR_CARD}>
            {uri ? (
              <ConnectingWalletConnectQrCode
                uri={uri}
                iconUrl={wallet?.imageUrl ?? WALLET_CONNECT_ICON}
                fallbackIconUrl={WALLET_CONNECT_ICON}
                size={QR_SIZE}
                label={wallet ? t('QR code to connect {wallet}', { wallet: wallet.name }) : t('QR code to connect your wallet')}
              />
            ) : (
              <div className="gw-qr-loading" style={{ width: QR_SIZE, height: QR_SIZE, background: 'var(--gw-bg-2)' }} aria-busy="true" data-testid="wc-qr-loading" />
            )}
          </div>
          <p className="gw-muted" aria-live="polite">
            {uri
              ? wallet
                ? t('Scan this QR code with {wallet}', { wallet: wallet.name })
                : t('Scan this QR code with your phone')
              : t('Preparing the QR code…')}
          </p>
        </>
      )}
      {wallet && links?.desktop && !isMobile ? (
        <a className="gw-button" style={link} href={links.desktop} data-testid="wc-open-desktop">
          {t('Open {wallet} desktop app', { wallet: wallet.name })}
        </a>
      ) : null}
      {wallet && links?.webapp ? (
        <a className="gw-button" style={link} href={links.webapp} target="_blank" rel="noopener noreferrer" data-testid="wc-open-webapp">
          {t('Open {wallet} in the browser', { wallet: wallet.name })}
        </a>
      ) : null}
      <button type="button" className="gw-button" style={link} disabled={!uri || failed} onClick={copy} data-testid="wc-copy-link">
        {t('Copy link')}
      </button>
      {wallet ? (
        // "Get <wallet>": where to install it, for a visitor who does not have it yet.
        <p className="gw-muted gw-get-hint">
          {t("Don't have {wallet}?", { wallet: wallet.name })}{' '}
          <button type="button" className="gw-link-button" data-testid="wc-get-wallet" onClick={() => modal.push('GetWallet', { walletId: wallet.id })}>
            {t('Get')}
          </button>
        </p>
      ) : null}
    </div>
  )
}
