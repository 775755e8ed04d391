import { selectAddress, selectNetworks } from '../../../core/selectors.js'
import type { ModalState } from '../../../core/state.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { ConnectingWalletConnectQrCode, QR_CARD } from '../connection/ConnectingWalletConnectQrCode.js'
import { copyText } from '../copyText.js'
import { NAMESPACE_NAMES } from '../namespaceNames.js'
import type { ViewProps } from '../viewProps.js'

const QR_SIZE = 216

const selectNetworkNames = (s: ModalState): string[] => selectNetworks(s).map((n) => n.name)

/** Names as a list in the modal's language ('A, B, C' in English, 'A、B、C' in Japanese). */
const listOf = (language: string, locale: string, names: string[]): string =>
  language === 'en' ? names.join(', ') : new Intl.ListFormat(locale, { type: 'conjunction' }).format(names)

/**
 * Receive: the connected address as a QR code and as text with a copy button, and the networks
 * (of the active chain family) it receives on.
 */
export function ReceiveView({ modal }: ViewProps) {
  const { t, language, locale } = useI18n()
  const address = useModalState(selectAddress)
  const namespace = useModalState((s) => s.connection.activeNamespace)
  const networks = useModalState(selectNetworkNames, sameJson)
  if (!address || !namespace) return <p className="gw-empty">{t('Not connected.')}</p>
  return (
    <div className="gw-connecting" data-testid="view-receive">
      <div style={QR_CARD}>
        <ConnectingWalletConnectQrCode uri={address} size={QR_SIZE} label={t('QR code of your address {address}', { address })} testId="receive-qr" />
      </div>
      <p className="gw-mono gw-receive-address" data-testid="receive-address">
        {address}
      </p>
      <button type="button" className="gw-button" data-primary="true" data-testid="receive-copy" onClick={() => copyText(modal, address, t('Address copied'))}>
        {t('Copy address')}
      </button>
      {networks.length > 0 ? (
        <p className="gw-muted" data-testid="receive-networks">
          {t('Receive {family} assets on {networks}', { family: NAMESPACE_NAMES[namespace], networks: listOf(language, locale, networks) })}
        </p>
      ) : null}
    </div>
  )
}
