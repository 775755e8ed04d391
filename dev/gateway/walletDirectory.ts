import { readFileSync } from 'node:fs'
import type { WalletRecord } from '../../src/core/domain/entities'
import { CAIP2_PATTERN, enumParam, HttpError, ID_PATTERN, intParam, listParam, stringParam } from './validate'
import { BUNDLED_WALLET_COUNT, generateWalletRecords, MAX_WALLET_COUNT } from './walletRecords'

/** A parsed `GET /getWallets` query. */
export type WalletQuery = {
  /** 1-based page number. */
  page: number
  entries: number
  include: string[]
  exclude: string[]
  chains: string[]
  search: string
  badgeType: 'certified' | 'none' | null
}

export const MAX_ENTRIES = 1000
export const MAX_PAGE = 100_000

/** Parses and validates the query of `GET /getWallets`; throws `HttpError(400)` on bad input. */
export function parseWalletQuery(params: URLSearchParams): WalletQuery {
  const idList = { pattern: ID_PATTERN, what: 'wallet id' }
  return {
    page: intParam(params, 'page', { min: 1, max: MAX_PAGE, fallback: 1 }),
    entries: intParam(params, 'entries', { min: 1, max: MAX_ENTRIES, fallback: 40 }),
    include: listParam(params, 'include', idList),
    exclude: listParam(params, 'exclude', idList),
    chains: listParam(params, 'chains', { pattern: CAIP2_PATTERN, what: 'CAIP-2 network id' }, 100),
    search: (stringParam(params, 'search', 100) ?? '').trim(),
    badgeType: enumParam(params, 'badge_type', ['certified', 'none']),
  }
}

/**
 * One page of the wallets matching `query`, in directory order, and how many match in all.
 * Search is a case-insensitive substring of the name; `chains` keeps wallets supporting any
 * of the listed networks; `include` keeps only the listed ids, `exclude` drops them.
 */
export function queryWallets(records: readonly WalletRecord[], query: WalletQuery): { data: WalletRecord[]; count: number } {
  const include = query.include.length ? new Set(query.include) : null
  const exclude = new Set(query.exclude)
  const chains = query.chains.length ? new Set(query.chains) : null
  const needle = query.search.toLowerCase()
  const matches = records.filter(
    (w) =>
      (!include || include.has(w.id)) &&
      !exclude.has(w.id) &&
      (!chains || (w.chains ?? []).some((c) => chains.has(c))) &&
      (needle === '' || w.name.toLowerCase().includes(needle)) &&
      (query.badgeType !== 'certified' || w.badge_type === 'certified'),
  )
  const start = (query.page - 1) * query.entries
  return { data: matches.slice(start, start + query.entries), count: matches.length }
}

/**
 * The directory's records: the bundled file, optionally preceded by host-supplied wallets
 * (e.g. the local sample wallet with its local URL), extended on demand up to `count` records.
 */
export function createWalletStore(options: { extraWallets?: readonly WalletRecord[]; file?: string } = {}) {
  const file = options.file ?? new URL('./wallets.json', import.meta.url)
  const bundled = JSON.parse(readFileSync(file, 'utf8')) as WalletRecord[]
  const extra = options.extraWallets ?? []
  const byCount = new Map<number, WalletRecord[]>()
  const standard = [...extra, ...bundled]
  // Image id → wallet name, for every record served so far (the icon shows the initials).
  const images = new Map<string, string>()
  const remember = (list: readonly WalletRecord[]) => {
    for (const w of list) if (w.image_id) images.set(w.image_id, w.name)
  }
  remember(standard)

  return {
    /** All records, or the first `count` (generated past the bundled file when needed). */
    records(count: number | null): readonly WalletRecord[] {
      if (count === null) return standard
      if (!Number.isInteger(count) || count < 1 || count > MAX_WALLET_COUNT) {
        throw new HttpError(400, `Wallet count must be an integer from 1 to ${MAX_WALLET_COUNT}`)
      }
      let list = byCount.get(count)
      if (!list) {
        const generated = [...bundled, ...generateWalletRecords(bundled.length, Math.max(count, BUNDLED_WALLET_COUNT))]
        list = [...extra, ...generated].slice(0, count)
        // Optimization: a bench asks for the same size on every page; keep a few sizes only.
        if (byCount.size > 8) byCount.clear()
        byCount.set(count, list)
        remember(list)
      }
      return list
    },
    /** The name of the wallet using this image id, if any record served so far uses it. */
    imageOwner(imageId: string): string | undefined {
      return images.get(imageId)
    },
  }
}

export type WalletStore = ReturnType<typeof createWalletStore>
