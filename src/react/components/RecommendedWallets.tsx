import { RECOMMENDED_WALLETS_COUNT } from '../../core/domain/constants.js'
import { selectFeaturedWallets, selectRecommendedWallets } from '../../core/reducers/data/walletListSelectors.js'
import type { ListedWallet } from '../../core/reducers/data/dataState.js'
import { walletListPageRequested } from '../../core/events/data/walletList.js'
import { useTakingLonger } from '../hooks/useTakingLonger.js'
import { useI18n } from '../i18n/i18n.js'
import { useModal } from '../ModalContext.js'
import { useModalState } from '../useModalState.js'
import { selectDirectoryWallet } from './selectDirectoryWallet.js'
import { WalletImage } from './WalletImage.js'

/** Same wallets in the same order: lists rebuilt by a selector compare equal when nothing changed. */
export function sameWallets(a: readonly ListedWallet[], b: readonly ListedWallet[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i])
}

function DirectoryWallets({ wallets, testId }: { wallets: ListedWallet[]; testId: string }) {
  const modal = useModal()
  if (wallets.length === 0) return null
  return (
    <div data-testid={testId}>
      {wallets.map((wallet) => (
        <button
          key={wallet.id}
          type="button"
          className="gw-button"
          data-wallet-id={wallet.id}
          onClick={() => selectDirectoryWallet(modal, wallet)}
        >
          <WalletImage url={modal.walletImageUrl(wallet)} name={wallet.name} />
          <span className="gw-wallet-name" title={wallet.name}>
            {wallet.name}
          </span>
        </button>
      ))}
    </div>
  )
}

/**
 * Rows of a wallet button's exact size, holding the place of wallets still loading, so the
 * dialog does not grow (and move what the visitor aims at) when they arrive.
 */
export function WalletSkeletonRows({ count, testId, onRetry }: { count: number; testId: string; onRetry?: (() => void) | undefined }) {
  const { t } = useI18n()
  return (
    <div data-testid={testId} aria-busy="true" aria-label={t('Loading wallets')}>
      {Array.from({ length: count }, (_, i) =>
        // Taking long: the first row says so, with a retry, in the row's own size.
        i === 0 && onRetry ? (
          <div key={i} className="gw-button gw-loading-row" role="status" data-testid={`${testId}-slow`}>
            <span className="gw-wallet-name">{t('Taking longer than usual')}</span>
            <button type="button" className="gw-inline-retry" data-testid={`${testId}-retry`} onClick={onRetry}>
              {t('Try again')}
            </button>
          </div>
        ) : (
          <div key={i} className="gw-button gw-loading-row" aria-hidden="true">
            <span className="gw-wallet-icon gw-loading-block" />
            <span className="gw-loading-block gw-loading-text" />
          </div>
        ),
      )}
    </div>
  )
}

/**
 * Up to 4 recommended directory wallets for the Connect view, placed after the configured
 * connectors; wallets a connector already offers are left out. While they load from a
 * configured directory, skeleton rows of the same size hold their place.
 *
 * @example
 * <ConnectorList /><RecommendedWallets />
 */
export function RecommendedWallets() {
  const wallets = useModalState(selectRecommendedWallets, sameWallets)
  const loading = useModalState((s) => {
    const { status } = s.walletList.lists.recommended
    return !!s.settings.services?.walletDirectory && (status === 'idle' || status === 'loading')
  })
  const modal = useModal()
  const { slow, restart } = useTakingLonger(loading && wallets.length === 0)
  const retry = () => {
    restart()
    modal.dispatch(walletListPageRequested({ list: 'recommended', retry: true }))
  }
  if (loading && wallets.length === 0) return <WalletSkeletonRows count={RECOMMENDED_WALLETS_COUNT} testId="recommended-wallets-loading" onRetry={slow ? retry : undefined} />
  return <DirectoryWallets wallets={wallets} testId="recommended-wallets" />
}

/** The host's featured wallets (`featuredWalletIds`), for the Connect view's featured group. */
export function FeaturedWallets() {
  const wallets = useModalState(selectFeaturedWallets, sameWallets)
  return <DirectoryWallets wallets={wallets} testId="featured-wallets" />
}
