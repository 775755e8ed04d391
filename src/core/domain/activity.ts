/**
 * Activity rules: which transactions are shown and how they are grouped.
 */
import type { Transaction, TransactionYearGroup } from './entities.js'

/**
 * Whether a transaction is spam: it has transfers and every one is flagged as spam. A
 * transaction without transfers (an approval, a contract call) is not spam.
 *
 * @example
 * isSpamTransaction({ transfers: [{ nft_info: { flags: { is_spam: true } } }] }) // true
 */
export function isSpamTransaction(tx: Pick<Transaction, 'transfers'>): boolean {
  return tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

/** The time a transaction was mined, in ms, or `NaN` when its `minedAt` does not parse. */
export function minedAtMs(tx: Pick<Transaction, 'metadata'>): number {
  return Date.parse(tx.metadata.minedAt)
}

/**
 * The transactions shown for `caipNetworkId`: spam dropped, other chains dropped, and those
 * whose `minedAt` is not a date dropped (they cannot be placed in the history).
 *
 * @example
 * filterTransactions(page, 'eip155:1')
 */
export function filterTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter(
    (tx) => tx.metadata.chain === caipNetworkId && !isSpamTransaction(tx) && Number.isFinite(minedAtMs(tx)),
  )
}

/**
 * Groups transactions by year, then month (1–12, UTC), newest first at every level; within a
 * month, newest first, ties in their original order. Undatable transactions are left out.
 *
 * @example
 * groupTransactions(txs) // [{ year: 2025, months: [{ month: 3, transactions: [...] }, ...] }, ...]
 */
export function groupTransactions(transactions: readonly Transaction[]): TransactionYearGroup[] {
  const dated = transactions
    .map((tx, index) => ({ tx, index, at: minedAtMs(tx) }))
    .filter((e) => Number.isFinite(e.at))
    .sort((a, b) => b.at - a.at || a.index - b.index)
  const years: TransactionYearGroup[] = []
  for (const { tx, at } of dated) {
    const date = new Date(at)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth() + 1
    let y = years[years.length - 1]
    if (!y || y.year !== year) {
      y = { year, months: [] }
      years.push(y)
    }
    let m = y.months[y.months.length - 1]
    if (!m || m.month !== month) {
      m = { month, transactions: [] }
      y.months.push(m)
    }
    m.transactions.push(tx)
  }
  return years
}

/**
 * The activity of a network: `filterTransactions` then `groupTransactions`.
 *
 * @example
 * groupActivity(history, 'eip155:1')
 */
export function groupActivity(transactions: readonly Transaction[], caipNetworkId: string): TransactionYearGroup[] {
  return groupTransactions(filterTransactions(transactions, caipNetworkId))
}

/**
 * Appends a fetched page to the transactions already held, skipping ids already present.
 *
 * @example
 * appendTransactions(state.transactions, page.data)
 */
export function appendTransactions(existing: readonly Transaction[], page: readonly Transaction[]): Transaction[] {
  const ids = new Set(existing.map((t) => t.id))
  const out = [...existing]
  for (const tx of page) {
    if (ids.has(tx.id)) continue
    ids.add(tx.id)
    out.push(tx)
  }
  return out
}
