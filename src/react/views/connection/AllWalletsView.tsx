import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { walletListPageRequested, walletListSearchChanged } from '../../../core/events/data/walletList.js'
import { selectAllWallets } from '../../../core/reducers/data/walletListSelectors.js'
import type { ListedWallet } from '../../../core/reducers/data/dataState.js'
import { selectDirectoryWallet } from '../../components/selectDirectoryWallet.js'
import { VirtualList, type VirtualListHandle } from '../../components/VirtualList.js'
import { WalletImage } from '../../components/WalletImage.js'
import { ErrorMessage, GENERIC_ERROR_MESSAGE, userMessage } from '../../components/ErrorMessage.js'
import { useI18n, type I18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'

/** Wallet tiles per row of the grid, a row's height and the grid's viewport (px): about three and a half rows in view. */
export const WALLET_COLUMNS = 4
export const WALLET_ROW_HEIGHT = 96
export const WALLET_LIST_HEIGHT = 360
/** A section heading's height in the grid (px). */
export const WALLET_HEADING_HEIGHT = 30

/** What the grid shows, row by row: a section heading, a row of tiles (wallets `from` to `to`), or the end of the list. */
type GridItem = { kind: 'heading'; label: string } | { kind: 'row'; from: number; to: number } | { kind: 'footer' }

/**
 * The grid's rows, section by section: the wallets connected lately under "Recent", the host's
 * featured ones under "Featured", then the rest under "All wallets" (that heading only when one
 * of the others is there). A search has no sections.
 */
function gridItems(
  count: number,
  sections: { recent: number; featured: number },
  footer: boolean,
  labels: { recent: string; featured: string; all: string },
): GridItem[] {
  const items: GridItem[] = []
  const section = (label: string | null, from: number, to: number) => {
    if (to <= from) return
    if (label !== null) items.push({ kind: 'heading', label })
    for (let i = from; i < to; i += WALLET_COLUMNS) items.push({ kind: 'row', from: i, to: Math.min(i + WALLET_COLUMNS, to) })
  }
  const { recent, featured } = sections
  section(labels.recent, 0, recent)
  section(labels.featured, recent, recent + featured)
  section(recent + featured > 0 ? labels.all : null, recent + featured, count)
  if (footer) items.push({ kind: 'footer' })
  return items
}
/** The longest search the wallet directory takes (its `search` parameter: 100 characters). */
export const MAX_SEARCH_LENGTH = 100

/**
 * Every wallet of the directory: a search box (the search runs after a 300 ms pause), a
 * windowed grid of wallet tiles (the host's featured wallets first) that loads 40 more as it
 * nears its end, loading, error and empty states, and keyboard use (arrow keys along the line
 * and between rows, Page Up / Down, Home / End, Enter).
 */
export function AllWalletsView({ modal }: ViewProps) {
  const i18n = useI18n()
  const { t, dir } = i18n
  const listing = useModalState(selectAllWallets)
  const searchInput = useModalState((s) => s.walletList.searchInput)
  const configured = useModalState((s) => !!s.settings.services?.walletDirectory)
  const [active, setActive] = useState(-1)
  const listRef = useRef<VirtualListHandle>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const ids = useId()
  const listId = `${ids}-list`
  const optionId = (index: number) => `${ids}-wallet-${index}`
  const { wallets, mode, status, hasMore } = listing
  const listName = mode === 'search' ? 'search' : 'all'

  // Opened without a prefetch (e.g. straight to AllWallets): load the first pages now.
  useEffect(() => {
    const { lists } = modal.getState().walletList
    for (const list of ['featured', 'all'] as const) {
      if (lists[list].status === 'idle') modal.dispatch(walletListPageRequested({ list }))
    }
  }, [modal])

  // A new listing (another search, the search cleared) starts with no row chosen.
  const text = searchInput.trim()
  useEffect(() => setActive(-1), [mode, text])

  const loadMore = useCallback(() => {
    if (hasMore && status !== 'loading' && status !== 'failed') modal.dispatch(walletListPageRequested({ list: listName }))
  }, [modal, hasMore, status, listName])
  const retry = () => modal.dispatch(walletListPageRequested({ list: listName }))
  const choose = (wallet: ListedWallet | undefined) => {
    if (wallet) selectDirectoryWallet(modal, wallet)
  }
  // One stable handler for every row, so rows that stay in view are not rendered again on scroll.
  const pick = useRef<(index: number) => void>(() => {})
  pick.current = (index) => {
    setActive(index)
    choose(wallets[index])
  }
  const onPick = useCallback((index: number) => pick.current(index), [])

  const footer = hasMore || (status === 'failed' && wallets.length > 0)
  const { sections } = listing
  const headings = sections.recent + sections.featured > 0
  const items = gridItems(wallets.length, sections, footer, { recent: t('Recent'), featured: t('Featured'), all: t('All wallets') })
  // The whole listing's size, not the loaded or rendered part: a screen reader says "12 of 137".
  const setSize = Math.max(listing.count ?? 0, wallets.length)
  const itemOf = (index: number) => items.findIndex((item) => item.kind === 'row' && index >= item.from && index < item.to)

  const moveTo = (index: number) => {
    if (wallets.length === 0) return
    const next = Math.min(Math.max(index, 0), wallets.length - 1)
    setActive(next)
    listRef.current?.scrollToIndex(itemOf(next))
  }
  const pageRows = Math.max(1, Math.floor(WALLET_LIST_HEIGHT / WALLET_ROW_HEIGHT) - 1)
  const onListKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Along the line: to the left in a right-to-left language.
    const step = dir === 'rtl' ? -1 : 1
    const keys: Record<string, () => void> = {
      ArrowRight: () => moveTo(active + step),
      ArrowLeft: () => moveTo(active - step),
      ArrowDown: () => moveTo(active + WALLET_COLUMNS),
      ArrowUp: () => (active < WALLET_COLUMNS ? inputRef.current?.focus() : moveTo(active - WALLET_COLUMNS)),
      PageDown: () => moveTo(active + pageRows * WALLET_COLUMNS),
      PageUp: () => moveTo(active - pageRows * WALLET_COLUMNS),
      Home: () => moveTo(0),
      End: () => moveTo(wallets.length - 1),
      Enter: () => choose(wallets[active]),
      ' ': () => choose(wallets[active]),
    }
    const action = keys[e.key]
    if (!action) return
    e.preventDefault()
    action()
  }
  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'Enter') && wallets.length > 0) {
      e.preventDefault()
      listRef.current?.element?.focus()
      moveTo(Math.max(active, 0))
    }
  }

  if (!configured) {
    return (
      <p className="gw-empty" data-testid="all-wallets-empty">
        {t('No wallet directory is configured.')}
      </p>
    )
  }

  return (
    <div className="gw-all-wallets" data-testid="all-wallets">
      <input
        ref={inputRef}
        className="gw-search"
        type="search"
        placeholder={t('Search wallet')}
        aria-label={t('Search wallet')}
        // Only while the list is rendered: the loading, empty and error states have no list to control.
        aria-controls={wallets.length > 0 ? listId : undefined}
        autoComplete="off"
        spellCheck={false}
        // The directory refuses a longer search: it is cut here, never answered with an error.
        maxLength={MAX_SEARCH_LENGTH}
        value={searchInput}
        onChange={(e) => modal.dispatch(walletListSearchChanged({ query: e.target.value.slice(0, MAX_SEARCH_LENGTH) }))}
        onKeyDown={onSearchKeyDown}
        data-testid="all-wallets-search"
      />
      <p className="gw-muted gw-list-summary" role="status" aria-live="polite" data-testid="all-wallets-count">
        {/* A failed listing says so once, below: no 'Loading wallets…' over its error. */}
        {status === 'failed' && wallets.length === 0 ? '' : summary(i18n, listing.count, mode, listing.searching)}
      </p>
      {wallets.length === 0 ? (
        listing.searching || status === 'loading' || status === 'idle' ? (
          <div className="gw-list-state gw-wallet-grid-state" data-testid="all-wallets-loading" aria-busy="true">
            {Array.from({ length: 3 * WALLET_COLUMNS }, (_, i) => (
              <div key={i} className="gw-wallet-tile gw-skeleton" style={{ height: WALLET_ROW_HEIGHT - 8 }} />
            ))}
          </div>
        ) : status === 'failed' ? (
          <div className="gw-empty" data-testid="all-wallets-error">
            <ErrorMessage error={listing.error ?? { shortMessage: GENERIC_ERROR_MESSAGE }} />
            <button type="button" className="gw-button" data-primary="true" data-autofocus="true" onClick={retry}>
              {t('Try again')}
            </button>
          </div>
        ) : (
          <p className="gw-empty" data-testid="all-wallets-empty">
            {mode === 'search' ? t('No wallet found for “{search}”.', { search: text }) : t('No wallets to show.')}
          </p>
        )
      ) : (
        <VirtualList
          // A new listing (search text, search cleared) starts at its top.
          key={`${mode}:${text}`}
          ref={listRef}
          id={listId}
          className="gw-wallet-list"
          role="listbox"
          aria-label={mode === 'search' ? t('Wallets matching {search}', { search: text }) : t('All wallets')}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          tabIndex={0}
          onKeyDown={onListKeyDown}
          onFocus={() => active < 0 && setActive(0)}
          itemCount={items.length}
          itemHeight={headings ? (i) => (items[i]?.kind === 'heading' ? WALLET_HEADING_HEIGHT : WALLET_ROW_HEIGHT) : WALLET_ROW_HEIGHT}
          height={WALLET_LIST_HEIGHT}
          // Rows of four: two rows beyond each edge, and the next page asked for when the last row shows.
          overscan={2}
          endThreshold={1}
          itemKey={(i) => {
            const item = items[i]
            return item?.kind === 'row' ? wallets[item.from]!.id : item?.kind === 'heading' ? `heading:${item.label}` : 'footer'
          }}
          onEndReached={loadMore}
          data-testid="all-wallets-list"
          renderItem={(i) => {
            const item = items[i]!
            if (item.kind === 'heading') {
              return (
                <p className="gw-wallet-grid-heading" aria-hidden="true" data-testid="all-wallets-heading">
                  {item.label}
                </p>
              )
            }
            if (item.kind === 'footer') {
              return status === 'failed' ? (
                <div className="gw-wallet-row gw-list-footer" data-testid="all-wallets-more-error">
                  <span className="gw-error-text">{t(userMessage(listing.error))}</span>
                  <button type="button" className="gw-link-button" onClick={retry}>
                    {t('Try again')}
                  </button>
                </div>
              ) : (
                <div className="gw-wallet-row gw-list-footer gw-muted" data-testid="all-wallets-more">
                  {t('Loading more wallets…')}
                </div>
              )
            }
            return (
              <div className="gw-wallet-grid-row" role="presentation">
                {wallets.slice(item.from, item.to).map((wallet, k) => (
                  <WalletTile
                    key={wallet.id}
                    id={optionId(item.from + k)}
                    index={item.from + k}
                    setSize={setSize}
                    wallet={wallet}
                    active={item.from + k === active}
                    imageUrl={modal.walletImageUrl(wallet)}
                    onPick={onPick}
                  />
                ))}
              </div>
            )
          }}
        />
      )}
    </div>
  )
}

type WalletTileProps = { id: string; index: number; setSize: number; wallet: ListedWallet; active: boolean; imageUrl: string | undefined; onPick: (index: number) => void }

/** One wallet of the grid: its squircle icon, its name on one line (whole in the title), a mark when certified. */
const WalletTile = memo(function WalletTile({ id, index, setSize, wallet, active, imageUrl, onPick }: WalletTileProps) {
  const { t } = useI18n()
  const certified = wallet.badge_type === 'certified'
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      // Only some rows are rendered: each option says where it stands in the whole listing.
      aria-setsize={setSize}
      aria-posinset={index + 1}
      aria-label={certified ? `${wallet.name}, ${t('Certified')}` : wallet.name}
      className="gw-wallet-tile"
      data-active={active}
      data-testid="all-wallets-row"
      data-wallet-id={wallet.id}
      onClick={() => onPick(index)}
    >
      <span className="gw-tile-icon">
        <WalletImage url={imageUrl} name={wallet.name} size={48} />
        {certified ? (
          <span className="gw-tile-certified" title={t('Certified')} data-testid="all-wallets-certified">
            <svg width="10" height="10" viewBox="0 0 10 10" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M2 5.2 4.2 7.3 8 2.8" />
            </svg>
          </span>
        ) : null}
      </span>
      <span className="gw-wallet-name" title={wallet.name}>
        {wallet.name}
      </span>
    </div>
  )
})

function summary({ t }: I18n, count: number | null, mode: 'list' | 'search', searching: boolean): string {
  if (mode === 'search') {
    if (searching || count === null) return t('Searching…')
    return count === 1 ? t('1 wallet found') : t('{count} wallets found', { count })
  }
  return count === null ? t('Loading wallets…') : t('{count} wallets', { count })
}
