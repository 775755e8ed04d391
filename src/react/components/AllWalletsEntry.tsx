import { selectAllWalletsCount } from '../../core/reducers/data/walletListSelectors.js'
import { useI18n } from '../i18n/i18n.js'
import { useModal } from '../ModalContext.js'
import { useModalState } from '../useModalState.js'

/**
 * The Connect view's way to AllWallets: shown when the allWallets feature is on (local option
 * or remote configuration) and a wallet directory is configured; shows how many wallets there are.
 *
 * @example
 * <AllWalletsEntry />
 */
export function AllWalletsEntry() {
  const { t } = useI18n()
  const modal = useModal()
  const shown = useModalState((s) => s.features.allWallets && !!s.settings.services?.walletDirectory)
  const count = useModalState(selectAllWalletsCount)
  if (!shown) return null
  return (
    <button type="button" className="gw-button" data-testid="all-wallets-entry" onClick={() => modal.push('AllWallets')}>
      <span className="gw-wallet-icon gw-all-wallets-icon" aria-hidden="true">
        ⋯
      </span>
      <span className="gw-wallet-name">{t('All Wallets')}</span>
      {count !== null ? <span className="gw-badge">{count >= 100 ? `${Math.floor(count / 10) * 10}+` : count}</span> : null}
    </button>
  )
}
