import { useEffect, useRef, type KeyboardEvent } from 'react'
import { groupActivity, readTransactions } from '../../core/domain/activity.js'
import { isFeatureSupported } from '../../core/domain/constants.js'
import type { Transaction, TransactionYearGroup, Transfer } from '../../core/domain/entities.js'
import { formatBalance, formatUsd, multiplyDecimals, relativeTime, truncateAddress } from '../../core/domain/format.js'
import { accountTabSelected, activityPageRequested, nftsRequested, type AccountTab } from '../../core/events/activity.js'
import { newRequestId } from '../../core/events/newRequestId.js'
import { selectSendableTokens } from '../../core/reducers/dataSelectors.js'
import { selectActiveNetwork, selectCaipAddress } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'
import { ErrorMessage } from '../components/ErrorMessage.js'
import { useModalState } from '../useModalState.js'
import { sameJson } from '../hooks/sameJson.js'
import { explorerLink } from './explorerLink.js'
import type { ViewProps } from './viewProps.js'

type TabProps = Pick<ViewProps, 'modal'>

/** How long the newest activity page is shown before the tab fetches it again. */
const ACTIVITY_STALE_MS = 30_000

const TAB_LABELS: Record<AccountTab, string> = { tokens: 'Tokens', nfts: 'NFTs', activity: 'Activity' }
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']


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
  const tabs = useModalState(selectTabs, sameJson)
  const selected = useModalState((s) => s.accountSheet.tab)
  const tab = tabs.includes(selected) ? selected : 'tokens'
  const refs = useRef<Partial<Record<AccountTab, HTMLButtonElement | null>>>({})

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    e.preventDefault()
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!
    modal.dispatch(accountTabSelected({ tab: next }))
    refs.current[next]?.focus()
  }

  return (
    <div className="gw-tabs">
      <style>{TABS_CSS}</style>
      <div className="gw-tablist" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t}
            ref={(el) => {
              refs.current[t] = el
            }}
            type="button"
            role="tab"
            id={`gw-tab-${t}`}
            className="gw-tab"
            aria-selected={t === tab}
            aria-controls={`gw-tabpanel-${t}`}
            tabIndex={t === tab ? 0 : -1}
            data-testid={`account-tab-${t}`}
            onClick={() => modal.dispatch(accountTabSelected({ tab: t }))}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`gw-tabpanel-${tab}`} aria-labelledby={`gw-tab-${tab}`}>
        {tab === 'activity' ? <ActivityPanel modal={modal} /> : tab === 'nfts' ? <NftsPanel modal={modal} /> : <TokensPanel />}
      </div>
    </div>
  )
}

/** The tokens the account holds on this network, native first, each with its worth in dollars when priced. */
function TokensPanel() {
  const tokens = useModalState(selectSendableTokens, sameJson)
  if (tokens.length === 0) return <p className="gw-muted gw-tabs-note">No tokens yet.</p>
  return (
    <ul className="gw-list" data-testid="account-tokens">
      {tokens.map(({ token, balance, usdPrice }) => {
        const worth = balance !== null && usdPrice !== null ? multiplyDecimals(balance, usdPrice) : null
        return (
          <li key={token.address ?? 'native'} className="gw-token-row" data-testid="token-row" data-symbol={token.symbol}>
            <span className="gw-token-icon" aria-hidden="true">
              {token.symbol.slice(0, 1).toUpperCase()}
            </span>
            <span className="gw-row-main">
              <span>{token.name ?? token.symbol}</span>
              <span className="gw-muted" data-testid="token-quantity">
                {balance === null ? 'Balance unknown' : formatBalance(balance, token.symbol)}
              </span>
            </span>
            {worth !== null ? (
              <span className="gw-row-end">
                <span data-testid="token-value">{formatUsd(worth)}</span>
                <span className="gw-muted">{formatUsd(usdPrice ?? 0)}</span>
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
  const caipAddress = useModalState(selectCaipAddress)
  const entry = useModalState((s) => (caipAddress ? (s.accountSheet.nfts[caipAddress] ?? null) : null))
  const request = () => {
    if (caipAddress) modal.dispatch(nftsRequested({ caipAddress }, { requestId: newRequestId() }))
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
      {entry?.status === 'loaded' && items.length === 0 ? <p className="gw-muted gw-tabs-note">No NFTs yet.</p> : null}
      {loading && items.length === 0 ? <p className="gw-muted gw-tabs-note">Loading NFTs…</p> : null}
      {entry?.status === 'failed' && entry.error ? (
        <div className="gw-tabs-note">
          <ErrorMessage error={entry.error} testId="nfts-error" />
          <button type="button" className="gw-button" data-testid="nfts-retry" onClick={request}>
            Try again
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** The account's history on this network: grouped by month, newest first, the next page fetched as the list's end scrolls into view. */
function ActivityPanel({ modal }: TabProps) {
  const caipAddress = useModalState(selectCaipAddress)
  const network = useModalState(selectActiveNetwork)
  const entry = useModalState((s) => (caipAddress ? (s.accountSheet.activity[caipAddress] ?? null) : null))
  const more = useRef<HTMLButtonElement>(null)

  const request = (cursor: string | null) => {
    if (caipAddress) modal.dispatch(activityPageRequested({ caipAddress, cursor }, { requestId: newRequestId() }))
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
      {entry?.status === 'loaded' && groups.length === 0 ? <p className="gw-muted gw-tabs-note">No activity yet.</p> : null}
      {loading ? (
        <p className="gw-muted gw-tabs-note" data-testid="activity-loading">
          Loading activity…
        </p>
      ) : null}
      {entry?.status === 'failed' && entry.error ? (
        <div className="gw-tabs-note">
          <ErrorMessage error={entry.error} testId="activity-error" />
          <button type="button" className="gw-button" data-testid="activity-retry" onClick={() => request(entry.transactions.length > 0 ? entry.next : null)}>
            Try again
          </button>
        </div>
      ) : null}
      {next ? (
        <button ref={more} type="button" className="gw-button" data-testid="activity-more" onClick={() => request(next)}>
          Load more
        </button>
      ) : null}
    </div>
  )
}

/** Transactions grouped by month (newest first), one row each. */
export function ActivityGroups({ groups, now, explorer }: { groups: TransactionYearGroup[]; now: number; explorer: string | undefined }) {
  return (
    <>
      {groups.map((year) =>
        year.months.map((month) => (
          <section key={`${year.year}-${month.month}`} data-testid="activity-month">
            <h3 className="gw-tx-month">
              {MONTHS[month.month - 1]} {year.year}
            </h3>
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

const DIRECTION_WORD: Record<string, string> = { in: 'Received', out: 'Sent', self: 'Sent to self' }

/** One transaction: what moved (its first transfer, more counted), when, and its hash's explorer link. */
function TransactionRow({ tx, now, explorer }: { tx: Transaction; now: number; explorer: string | undefined }) {
  const transfers: Transfer[] = Array.isArray(tx.transfers) ? tx.transfers : []
  const first = transfers[0]
  const title = first?.direction ? (DIRECTION_WORD[first.direction] ?? 'Transaction') : operationTitle(tx.metadata.operationType)
  const symbol = first?.fungible_info?.symbol ?? first?.nft_info?.name ?? ''
  const amount = first?.quantity?.numeric !== undefined ? `${first.direction === 'out' ? '-' : first.direction === 'in' ? '+' : ''}${formatBalance(first.quantity.numeric, symbol)}` : null
  const hash = tx.metadata.hash
  const link = hash ? explorerLink(explorer, 'tx', hash) : null
  return (
    <li className="gw-tx-row" data-testid="activity-row" data-hash={hash}>
      <span className="gw-token-icon" aria-hidden="true">
        {first?.direction === 'in' ? '↓' : first?.direction === 'out' ? '↑' : '•'}
      </span>
      <span className="gw-row-main">
        <span data-testid="activity-title">
          {title}
          {transfers.length > 1 ? <span className="gw-muted"> +{transfers.length - 1} more</span> : null}
        </span>
        <span className="gw-muted">
          {tx.metadata.status === 'failed' ? <span className="gw-error-text">Failed · </span> : null}
          {relativeTime(now, Date.parse(tx.metadata.minedAt))} ago
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
      {amount ? (
        <span className="gw-row-end gw-tx-amount" data-direction={first?.direction} data-testid="activity-amount">
          {amount}
        </span>
      ) : null}
    </li>
  )
}

/** A transaction without transfers (an approval, a contract call): its operation in words. */
function operationTitle(operation: string | undefined): string {
  if (!operation) return 'Transaction'
  const words = operation.replace(/[_-]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Transaction'
}
