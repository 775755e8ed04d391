import { useI18n } from '../../i18n/i18n.js'
import { ConnectingWalletConnectPanel } from './ConnectingWalletConnectPanel.js'
import type { ViewProps } from '../viewProps.js'

/**
 * The modal without chain adapters (or with manual WalletConnect control) on a desktop: the
 * WalletConnect QR code from the start, and the wallet directory one step away.
 */
export function ConnectingWalletConnectBasicView({ modal }: ViewProps) {
  const { t } = useI18n()
  return (
    <div data-testid="view-connecting-walletconnect-basic">
      <ConnectingWalletConnectPanel modal={modal} />
      <button type="button" className="gw-link-button" data-testid="wc-all-wallets" onClick={() => modal.push('AllWallets')}>
        {t('Choose a wallet')}
      </button>
    </div>
  )
}
