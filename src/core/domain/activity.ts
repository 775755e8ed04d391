/**
 * Activity rules: which transactions are shown and how they are grouped.
 */
import type { Transaction, TransactionYearGroup, Transfer } from './entities.js'

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
 * The transactions shown for `caipNetworkId`: spam dropped, other chains dropped, those without
 * a transfer dropped (nothing moved that a row could show), and those whose `minedAt` is not a
 * date dropped (they cannot be placed in the history).
 *
 * @example
 * filterTransactions(page, 'eip155:1')
 */
export function filterTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter(
    (tx) => tx.metadata.chain === caipNetworkId && tx.transfers.length > 0 && !isSpamTransaction(tx) && Number.isFinite(minedAtMs(tx)),
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
const DIRECTIONS = /* @__PURE__ */ new Set(['in', 'out', 'self'])
const STATUSES = /* @__PURE__ */ new Set(['confirmed', 'failed', 'pending'])

/** Copies the entries whose value is defined (so optional fields stay absent, not undefined). */
function defined<T extends object>(entries: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined)) as T
}

function readTransfer(value: unknown): Transfer | null {
  if (!isObject(value)) return null
  const quantity = isObject(value.quantity) ? text(value.quantity.numeric) : undefined
  const fungible = isObject(value.fungible_info) ? value.fungible_info : null
  const nft = isObject(value.nft_info) ? value.nft_info : null
  const icon = fungible && isObject(fungible.icon) ? text(fungible.icon.url) : undefined
  const preview = nft && isObject(nft.content) && isObject(nft.content.preview) ? text(nft.content.preview.url) : undefined
  const spam = nft && isObject(nft.flags) && typeof nft.flags.is_spam === 'boolean' ? nft.flags.is_spam : undefined
  return defined<Transfer>({
    direction: typeof value.direction === 'string' && DIRECTIONS.has(value.direction) ? value.direction : undefined,
    quantity: quantity === undefined ? undefined : { numeric: quantity },
    value: finite(value.value),
    price: finite(value.price),
    fungible_info: fungible ? defined({ name: text(fungible.name), symbol: text(fungible.symbol), icon: icon === undefined ? undefined : { url: icon } }) : undefined,
    nft_info: nft
      ? defined({ name: text(nft.name), content: preview === undefined ? undefined : { preview: { url: preview } }, flags: spam === undefined ? undefined : { is_spam: spam } })
      : undefined,
  })
}

/**
 * The well-formed transactions of a history page, as data the views can rely on: each needs an
 * id and metadata with `minedAt` and `chain` strings; other fields of the wrong type are
 * dropped, transfers that are not objects are left out, and a missing `transfers` is empty.
 * Anything else (a page's junk, a replayed log's) is left out rather than failing the page.
 *
 * @example
 * readTransactions([{ id: 'a', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1' } }, 42]) // [{ id: 'a', …, transfers: [] }]
 */
export function readTransactions(value: unknown): Transaction[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item): Transaction[] => {
    if (!isObject(item) || typeof item.id !== 'string' || !isObject(item.metadata)) return []
    const m = item.metadata
    if (typeof m.minedAt !== 'string' || typeof m.chain !== 'string') return []
    const application = isObject(m.application) ? defined<{ name?: string; iconUrl?: string }>({ name: text(m.application.name), iconUrl: text(m.application.iconUrl) }) : undefined
    const metadata = defined<Transaction['metadata']>({
      minedAt: m.minedAt,
      chain: m.chain,
      operationType: text(m.operationType),
      hash: text(m.hash),
      sentFrom: text(m.sentFrom),
      sentTo: text(m.sentTo),
      status: typeof m.status === 'string' && STATUSES.has(m.status) ? m.status : undefined,
      nonce: finite(m.nonce),
      application,
    })
    const transfers = Array.isArray(item.transfers) ? item.transfers.flatMap((t) => readTransfer(t) ?? []) : []
    return [{ id: item.id, metadata, transfers }]
  })
}
