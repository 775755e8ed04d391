import { useEffect, useRef, type KeyboardEvent } from 'react'
import { groupActivity, readTransactions } from '../../../core/domain/activity.js'
import { isFeatureSupported } from '../../../core/domain/constants.js'
import type { Transaction, TransactionYearGroup, Transfer } from '../../../core/domain/entities.js'
import { multiplyDecimals, relativeTime, truncateAddress } from '../../../core/domain/format.js'
import { accountTabSelected, activityPageRequested, nftsRequested, type AccountTab } from '../../../core/events/accountSheet/activity.js'
import { selectSendableTokens } from '../../../core/reducers/data/dataSelectors.js'
import { selectActiveNetwork, selectCaipAddress } from '../../../core/selectors.js'
import type { ModalState } from '../../../core/state.js'
import { useAmountFormat, type AmountFormat } from '../../components/AccountBalance.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { IconImage } from '../../components/IconImage.js'
import { useI18n, type I18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { StyleSheet } from '../../useStyleSheet.js'
import { sameJson } from '../../hooks/sameJson.js'
import { explorerLink } from '../explorerLink.js'
import type { ViewProps } from '../viewProps.js'

type TabProps = Pick<ViewProps, 'modal'>

/** How long the newest activity page is shown before the tab fetches it again. */
const ACTIVITY_STALE_MS = 30_000

type Translate = I18n['t']

const TAB_LABELS: Record<AccountTab, (t: Translate) => string> = { tokens: (t) => t('Tokens'), nfts: (t) => t('NFTs'), activity: (t) => t('Activity') }

/** Intl's names of `relativeTime`'s units. */
const TIME_UNITS: Record<string, Intl.RelativeTimeFormatUnit> = { sec: 'second', min: 'minute', hr: 'hour', d: 'day', mo: 'month', yr: 'year' }

/**
 * How long ago a transaction was, in the modal's language: '5 min ago' in English (the domain's
 * short forms), Intl's short relative time otherwise, with the same floored count and unit.
 */
function timeAgo({ language, locale }: Pick<I18n, 'language' | 'locale'>, now: number, then: number): string {
  const elapsed = relativeTime(now, then)
  if (language === 'en') return `${elapsed} ago`
  const [count = '0', unit = 'sec'] = elapsed.split(' ')
  return new Intl.RelativeTimeFormat(locale, { style: 'short' }).format(-Number(count), TIME_UNITS[unit] ?? 'second')
}

/**
 * A month heading ('March 2025'), in the locale's words and order. The first of a month a Date
 * cannot hold (the earliest representable month starts before its range) reads as `year-month`.
 */
function monthHeading(locale: string, year: number, month: number): string {
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  const first = new Date(0)
  first.setUTCFullYear(year, month - 1, 1)
  if (Number.isNaN(first.getTime())) return `${year}-${String(month).padStart(2, '0')}`
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first)
}


/** The tabs this account has: Tokens always; NFTs and Activity where the network's family has it and the data API is configured. */
const selectTabs = (s: ModalState): AccountTab[] => {
  const namespace = s.connection.activeNamespace
  const activity = s.features.activity && !!namespace && isFeatureSupported('activity', namespace) && s.settings.services?.blockchainApi === true
  return activity ? ['tokens', 'nfts', 'activity'] : ['tokens']
}

const TABS_CSS = `
.gw-tabs { margin-top: 8px; }
.gw-tablist { display: flex; gap: 4px; border-bottom: 1px solid var(--gw-border); margin-bottom: 8px; }
.gw-tab { flex: 1; padding: 8px; border: 0; border-bottom: 2px solid transparent; background: none; color: var(--gw-fg-2); font: inherit; cursor: pointer; }
.gw-tab[aria-selected='true'] { color: var(--gw-fg); border-bottom-color: var(--gw-accent); font-weight: 600; }
.gw-token-row, .gw-tx-row { display: flex; align-items: center; gap: 10px; padding: 8px 0; border-bottom: 1px solid var(--gw-border); }
.gw-token-icon { width: 28px; height: 28px; border-radius: 50%; flex: none; display: inline-flex; align-items: center; justify-content: center;
  background: var(--gw-bg-2); color: var(--gw-fg); font-weight: 600; border: 1px solid var(--gw-border); }
.gw-row-main { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.gw-row-end { display: flex; flex-direction: column; align-items: flex-end; text-align: right; }
.gw-tx-month { margin: 12px 0 2px; font-size: .85em; font-weight: 600; color: var(--gw-fg-2); }
.gw-tx-amount[data-direction='in'] { color: var(--gw-success); }
.gw-tabs-note { padding: 16px 4px; text-align: center; }
.gw-nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 10px; }
.gw-nft { display: flex; flex-direction: column; gap: 4px; }
.gw-nft-image { width: 100%; aspect-ratio: 1; border-radius: calc(var(--gw-radius) * 2); background: var(--gw-bg-2); object-fit: cover; display: block; }
.gw-nft-name { font-size: .9em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`

/** The account's tabs: Tokens (balances with their worth) and Activity (the history, paged as it scrolls). */
export function AccountTabs({ modal }: TabProps) {
  const { t, dir } = useI18n()
  const tabs = useModalState(selectTabs, sameJson)
  const selected = useModalState((s) => s.accountSheet.tab)
  const tab = tabs.includes(selected) ? selected : 'tokens'
  const refs = useRef<Partial<Record<AccountTab, HTMLButtonElement | null>>>({})

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // The next tab lies in the line's direction: to the left in a right-to-left language.
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
    const step = e.key === forward ? 1 : e.key === backward ? -1 : 0
    if (!step) return
    e.preventDefault()
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!
    modal.dispatch(accountTabSelected({ tab: next }))
    refs.current[next]?.focus()
  }

  return (
    <div className="gw-tabs">
      <StyleSheet css={TABS_CSS} />
      <div className="gw-tablist" role="tablist" aria-label={t('Account')} onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[name] = el
            }}
            type="button"
            role="tab"
            id={`gw-tab-${name}`}
            className="gw-tab"
            aria-selected={name === tab}
            aria-controls={`gw-tabpanel-${name}`}
            tabIndex={name === tab ? 0 : -1}
            data-testid={`account-tab-${name}`}
            onClick={() => modal.dispatch(accountTabSelected({ tab: name }))}
          >
            {TAB_LABELS[name](t)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`gw-tabpanel-${tab}`} aria-labelledby={`gw-tab-${tab}`}>
        {tab === 'activity' ? <ActivityPanel modal={modal} /> : tab === 'nfts' ? <NftsPanel modal={modal} /> : <TokensPanel modal={modal} />}
      </div>
    </div>
  )
}

/**
 * The tokens the account holds on this network, native first, each with its icon (its balance's,
 * else the wallet directory's token image) and its worth in dollars when priced.
 */
function TokensPanel({ modal }: TabProps) {
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const tokens = useModalState(selectSendableTokens, sameJson)
  if (tokens.length === 0) return <p className="gw-muted gw-tabs-note">{t('No tokens yet.')}</p>
  return (
    <ul className="gw-list" data-testid="account-tokens">
      {tokens.map(({ token, balance, usdPrice, iconUrl }) => {
        const worth = balance !== null && usdPrice !== null ? multiplyDecimals(balance, usdPrice) : null
        return (
          <li key={token.address ?? 'native'} className="gw-token-row" data-testid="token-row" data-symbol={token.symbol}>
            <IconImage src={iconUrl ?? modal.directoryImageUrl('token', token.symbol)} className="gw-token-icon" fallback={token.symbol.slice(0, 1).toUpperCase()} testId="token-icon" />
            <span className="gw-row-main">
              <span>{token.name ?? token.symbol}</span>
              <span className="gw-muted" data-testid="token-quantity">
                {balance === null ? t('Balance unknown') : amounts.balance(balance, token.symbol, token.decimals)}
              </span>
            </span>
            {worth !== null ? (
              <span className="gw-row-end">
                <span data-testid="token-value">{amounts.usd(worth)}</span>
                <span className="gw-muted">{amounts.usd(usdPrice ?? 0)}</span>
              </span>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

/** The NFTs the account holds on this network (spam airdrops left out), fetched each time the tab opens. */
function NftsPanel({ modal }: TabProps) {
  const { t } = useI18n()
  const caipAddress = useModalState(selectCaipAddress)
  const entry = useModalState((s) => (caipAddress ? (s.accountSheet.nfts[caipAddress] ?? null) : null))
  const request = () => {
    if (caipAddress) modal.dispatch(nftsRequested({ caipAddress }))
  }
  useEffect(() => {
    if (entry?.status !== 'loading') request()
  }, [caipAddress])
  if (!caipAddress) return null
  const items = (entry?.items ?? []).filter((n) => !n.spam && typeof n.name === 'string')
  const loading = !entry || entry.status === 'loading'
  return (
    <div data-testid="account-nfts" aria-busy={loading}>
      {items.length > 0 ? (
        <ul className="gw-nft-grid">
          {items.map((n) => (
            <li key={`${String(n.chainId)}:${String(n.contract)}:${String(n.tokenId)}`} className="gw-nft" data-testid="nft-item">
              {typeof n.imageUrl === 'string' && /^https?:\/\//i.test(n.imageUrl) ? (
                <img className="gw-nft-image" src={n.imageUrl} alt="" loading="lazy" data-testid="nft-image" />
              ) : (
                <span className="gw-nft-image" aria-hidden="true" />
              )}
              <span className="gw-nft-name" title={n.name} data-testid="nft-name">
                {n.name}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {entry?.status === 'loaded' && items.length === 0 ? <p className="gw-muted gw-tabs-note">{t('No NFTs yet.')}</p> : null}
      {loading && items.length === 0 ? <p className="gw-muted gw-tabs-note">{t('Loading NFTs…')}</p> : null}
      {entry?.status === 'failed' && entry.error ? (
        <div className="gw-tabs-note">
          <ErrorMessage error={entry.error} testId="nfts-error" />
          <button type="button" className="gw-button" data-testid="nfts-retry" onClick={request}>
            {t('Try again')}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** The account's history on this network: grouped by month, newest first, the next page fetched as the list's end scrolls into view. */
function ActivityPanel({ modal }: TabProps) {
  const { t } = useI18n()
  const caipAddress = useModalState(selectCaipAddress)
  const network = useModalState(selectActiveNetwork)
  const entry = useModalState((s) => (caipAddress ? (s.accountSheet.activity[caipAddress] ?? null) : null))
  const more = useRef<HTMLButtonElement>(null)

  const request = (cursor: string | null) => {
    if (caipAddress) modal.dispatch(activityPageRequested({ caipAddress, cursor }))
  }
  // The newest page when the tab opens (again after 30 s).
  useEffect(() => {
    if (!caipAddress || entry?.status === 'loading') return
    if (!entry || entry.timestamp === null || Date.now() - entry.timestamp > ACTIVITY_STALE_MS) request(null)
  }, [caipAddress])
  // The next page once the end of the list is in view.
  const next = entry?.status === 'loaded' ? entry.next : null
  useEffect(() => {
    const target = more.current
    if (!next || !target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && request(next))
    observer.observe(target)
    return () => observer.disconnect()
  }, [next])

  if (!caipAddress || !network) return null
  // Read field by field: the slice holds pages as they came (a replayed log may hold anything).
  const groups = groupActivity(readTransactions(entry?.transactions ?? []), network.caipNetworkId)
  const loading = !entry || entry.status === 'loading'
  return (
    <div data-testid="account-activity" aria-busy={loading}>
      <ActivityGroups groups={groups} now={Date.now()} explorer={network.blockExplorers?.default?.url} />
      {entry?.status === 'loaded' && groups.length === 0 ? <p className="gw-muted gw-tabs-note">{t('No activity yet.')}</p> : null}
      {loading ? (
        <p className="gw-muted gw-tabs-note" data-testid="activity-loading">
          {t('Loading activity…')}
        </p>
      ) : null}
      {entry?.status === 'failed' && entry.error ? (
        <div className="gw-tabs-note">
          <ErrorMessage error={entry.error} testId="activity-error" />
          <button type="button" className="gw-button" data-testid="activity-retry" onClick={() => request(entry.transactions.length > 0 ? entry.next : null)}>
            {t('Try again')}
          </button>
        </div>
      ) : null}
      {next ? (
        <button ref={more} type="button" className="gw-button" data-testid="activity-more" onClick={() => request(next)}>
          {t('Load more')}
        </button>
      ) : null}
    </div>
  )
}

/** Transactions grouped by month (newest first), one row each. */
export function ActivityGroups({ groups, now, explorer }: { groups: TransactionYearGroup[]; now: number; explorer: string | undefined }) {
  const { locale } = useI18n()
  return (
    <>
      {groups.map((year) =>
        year.months.map((month) => (
          <section key={`${year.year}-${month.month}`} data-testid="activity-month">
            <h3 className="gw-tx-month">{monthHeading(locale, year.year, month.month)}</h3>
            <ul className="gw-list">
              {month.transactions.map((tx) => (
                <TransactionRow key={tx.id} tx={tx} now={now} explorer={explorer} />
              ))}
            </ul>
          </section>
        )),
      )}
    </>
  )
}

/** What a transfer's direction makes of its transaction. */
function directionTitle(t: Translate, direction: string): string {
  if (direction === 'in') return t('Received')
  if (direction === 'out') return t('Sent')
  if (direction === 'self') return t('Sent to self')
  return t('Transaction')
}

/**
 * A transfer's amount with its direction's sign ('-' out, '+' in) in place of any sign the API
 * gave the quantity, so a signed quantity never reads '--1.000' or '+-1.000'.
 */
function signedAmount(amounts: AmountFormat, direction: Transfer['direction'], numeric: string, symbol: string, decimals?: number): string {
  const sign = direction === 'out' ? '-' : direction === 'in' ? '+' : ''
  return sign + amounts.balance(sign ? numeric.trim().replace(/^[+-]/, '') : numeric, symbol, decimals)
}

/**
 * A swap's two sides when the history carries both: the first token out and the first token in
 * (fungible, with their quantities), else null.
 */
function tradeOf(transfers: Transfer[]): [Transfer, Transfer] | null {
  const side = (direction: 'in' | 'out') => transfers.find((t) => t.direction === direction && t.fungible_info && t.quantity?.numeric !== undefined)
  const out = side('out')
  const got = side('in')
  return out && got ? [out, got] : null
}

/** One transaction: what moved (its first transfer, or both sides of a swap; more counted), when, and its hash's explorer link. */
function TransactionRow({ tx, now, explorer }: { tx: Transaction; now: number; explorer: string | undefined }) {
  const i18n = useI18n()
  const { t } = i18n
  const amounts = useAmountFormat()
  const transfers: Transfer[] = Array.isArray(tx.transfers) ? tx.transfers : []
  const first = transfers[0]
  // A swap: a token went out and another came in, both shown (what went out first).
  const trade = tradeOf(transfers)
  const title = trade ? t('Swapped') : first?.direction ? directionTitle(t, first.direction) : operationTitle(t, tx.metadata.operationType)
  const symbol = first?.fungible_info?.symbol ?? first?.nft_info?.name ?? ''
  // An NFT is counted in whole items ("+1 Bored Ape #12"), never with a token's decimals.
  const nft = !!first?.nft_info && !first.fungible_info
  const amount = first?.quantity?.numeric !== undefined ? signedAmount(amounts, first.direction, first.quantity.numeric, symbol, nft ? 0 : undefined) : null
  const more = transfers.length - (trade ? 2 : 1)
  const hash = tx.metadata.hash
  const link = hash ? explorerLink(explorer, 'tx', hash) : null
  return (
    <li className="gw-tx-row" data-testid="activity-row" data-hash={hash}>
      <span className="gw-token-icon" aria-hidden="true">
        {trade ? '⇄' : first?.direction === 'in' ? '↓' : first?.direction === 'out' ? '↑' : '•'}
      </span>
      <span className="gw-row-main">
        <span data-testid="activity-title">
          {title}
          {more > 0 ? <span className="gw-muted"> {t('+{count} more', { count: more })}</span> : null}
        </span>
        <span className="gw-muted">
          {tx.metadata.status === 'failed' ? <span className="gw-error-text">{t('Failed')} · </span> : null}
          {timeAgo(i18n, now, Date.parse(tx.metadata.minedAt))}
          {hash ? (
            <>
              {' · '}
              {link ? (
                <a href={link} target="_blank" rel="noreferrer">
                  {truncateAddress(hash, { head: 6, tail: 4 })}
                </a>
              ) : (
                <span className="gw-mono">{truncateAddress(hash, { head: 6, tail: 4 })}</span>
              )}
            </>
          ) : null}
        </span>
      </span>
      {trade ? (
        <span className="gw-row-end" data-testid="activity-trade">
          {trade.map((move) => (
            <span key={move.direction} className="gw-tx-amount" data-direction={move.direction} data-testid="activity-amount">
              {signedAmount(amounts, move.direction, move.quantity!.numeric, move.fungible_info!.symbol ?? '')}
            </span>
          ))}
        </span>
      ) : amount ? (
        <span className="gw-row-end gw-tx-amount" data-direction={first?.direction} data-kind={nft ? 'nft' : 'token'} data-testid="activity-amount">
          {amount}
        </span>
      ) : null}
    </li>
  )
}

/**
 * A transaction without transfers (an approval, a contract call): its operation in words. The
 * history API's usual operations are translated; any other shows as the API names it.
 */
function operationTitle(t: Translate, operation: string | undefined): string {
  switch (operation) {
    case 'approve':
      return t('Approve')
    case 'burn':
      return t('Burn')
    case 'claim':
      return t('Claim')
    case 'deploy':
      return t('Deploy')
    case 'deposit':
      return t('Deposit')
    case 'execute':
      return t('Execute')
    case 'mint':
      return t('Mint')
    case 'receive':
      return t('Receive')
    case 'send':
      return t('Send')
    case 'stake':
      return t('Stake')
    case 'trade':
      return t('Trade')
    case 'unstake':
      return t('Unstake')
    case 'withdraw':
      return t('Withdraw')
  }
  const words = (operation ?? '').replace(/[_-]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : t('Transaction')
}
