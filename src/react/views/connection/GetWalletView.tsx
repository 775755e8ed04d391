import { isWebUrl } from '../../../adapters/api/walletRecord.js'
import type { ListedWallet } from '../../../core/reducers/data/dataState.js'
import type { ModalState } from '../../../core/state.js'
import { WalletImage } from '../../components/WalletImage.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'

/** The wallet GetWallet is about (router data `{ wallet }` or `{ walletId }`), else null: the list of wallets to get. */
const selectWallet = (s: ModalState): ListedWallet | null => {
  const data = s.router.data as { wallet?: ListedWallet; walletId?: string } | undefined
  if (data?.wallet && typeof data.wallet.id === 'string') return data.wallet
  if (typeof data?.walletId !== 'string') return null
  const lists = s.walletList.lists
  return [...lists.featured.wallets, ...lists.recommended.wallets, ...lists.all.wallets, ...lists.search.wallets].find((w) => w.id === data.walletId) ?? null
}

/** Wallets to suggest to someone without one: the featured and recommended ones, then the first listed. */
const selectSuggested = (s: ModalState): ListedWallet[] => {
  const seen = new Set<string>()
  const lists = s.walletList.lists
  return [...lists.featured.wallets, ...lists.recommended.wallets, ...lists.all.wallets]
    .filter((w) => !seen.has(w.id) && (seen.add(w.id), true))
    .slice(0, 6)
}

/**
 * Get a wallet: for one known wallet ("Get <wallet>", from a wallet that is not installed), its
 * browser extension, iPhone and Android apps and website; without one, wallets to start with,
 * each with its website, and All Wallets. Every link is an http(s) page opened in a new tab.
 */
export function GetWalletView({ modal }: ViewProps) {
  const { t } = useI18n()
  const wallet = useModalState(selectWallet, sameJson)
  const suggested = useModalState(selectSuggested, sameJson)
  if (wallet) {
    const links = [
      [t('Browser extension'), wallet.chrome_store],
      [t('iPhone app'), wallet.app_store],
      [t('Android app'), wallet.play_store],
      [t('Website'), wallet.homepage],
    ].filter((l): l is [string, string] => isWebUrl(l[1]))
    return (
      <div className="gw-connecting" data-testid="view-get-wallet" data-wallet-id={wallet.id}>
        <WalletImage url={modal.walletImageUrl(wallet)} name={wallet.name} size={64} />
        <p className="gw-connecting-title">{t('Get {wallet}', { wallet: wallet.name })}</p>
        {links.length > 0 ? (
          <ul className="gw-list gw-get-links" aria-label={t('Where to get {wallet}', { wallet: wallet.name })}>
            {links.map(([label, href]) => (
              <li key={label}>
                <a className="gw-button" href={href} target="_blank" rel="noopener noreferrer" data-testid="get-wallet-link">
                  <span>{label}</span>
                  <span className="gw-muted">{new URL(href).host}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="gw-muted" data-testid="get-wallet-none">
            {t('The directory has no download link for {wallet}.', { wallet: wallet.name })}
          </p>
        )}
      </div>
    )
  }
  return (
    <div className="gw-send" data-testid="view-get-wallet">
      <p className="gw-muted">{t('Start with one of these wallets; each works with this app.')}</p>
      <ul className="gw-list gw-get-links" aria-label={t('Wallets to get')}>
        {suggested.map((w) => (
          <li key={w.id}>
            <button type="button" className="gw-button" data-testid="get-wallet-option" onClick={() => modal.push('GetWallet', { walletId: w.id })}>
              <WalletImage url={modal.walletImageUrl(w)} name={w.name} />
              <span className="gw-wallet-name" title={w.name}>
                {w.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="gw-button" data-testid="get-wallet-all" onClick={() => modal.push('AllWallets')}>
        {t('Explore all wallets')}
      </button>
    </div>
  )
}
