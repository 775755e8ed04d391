import type { TokenBalance, WalletRecord } from '../../domain/entities.js'
import type { SerializedError } from '../../errors/base.js'

/**
 * The wallet-directory lists the modal shows: the AllWallets listing (`all`), its search
 * results (`search`), the host's featured wallets and the recommended ones of the Connect view;
 * and the records of the wallets the host excludes by directory id (`excluded`), read for their
 * rdns so a browser wallet that is one of them is hidden too.
 */
export const WALLET_LISTS = ['all', 'search', 'featured', 'recommended', 'excluded'] as const
export type WalletListName = (typeof WALLET_LISTS)[number]

/**
 * A directory wallet as the lists keep it: the fields the views use (spec §3 Wallet record), and
 * `namespaces`, the chain families of its `chains` (a Connect opened for one family offers only
 * wallets that serve it); absent when the directory did not say which chains the wallet supports.
 */
export type ListedWallet = Pick<
  WalletRecord,
  'id' | 'name' | 'image_id' | 'image_url' | 'mobile_link' | 'desktop_link' | 'webapp_link' | 'rdns' | 'badge_type' | 'homepage' | 'chrome_store' | 'app_store' | 'play_store'
> & { namespaces?: string[] }

/** Pages of one list, loaded in order. */
export type WalletPages = {
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  wallets: ListedWallet[]
  /** How many wallets match in all; null until a page answered. */
  count: number | null
  /** Pages loaded so far (0: none). */
  page: number
  /** The page being fetched and the request it belongs to; outcomes of other requests are ignored. */
  pending: { page: number; requestId: string } | null
  /** The search text these results are for (search list only; '' otherwise). */
  query: string
  error: SerializedError | null
}

export type WalletListState = {
  lists: Record<WalletListName, WalletPages>
  /** What the visitor typed in the search box; the search itself starts after a 300 ms pause. */
  searchInput: string
}

/** Token balances of one account from the blockchain data API (or its wallet), with when they were fetched (cache 30 s). */
export type TokenBalancesEntry = {
  /** null: the lookup failed, the views fall back to the balance read over RPC. */
  balances: TokenBalance[] | null
  timestamp: number
  /** 'wallet': the wallet listed them (EIP-7811 asset discovery); else the blockchain data API. */
  source?: 'wallet'
}

export type TokenBalancesState = {
  /** By CAIP-10 account id. */
  byAccount: Record<string, TokenBalancesEntry>
}

/** What the HTTP services told about this app. */
export type ApiState = {
  /** The seq of the failure that raised the Invalid App Configuration alert (raised once per session). */
  invalidAppConfigSeq: number | null
  /** The project's origin allow-list does not admit this page. */
  originRefused: boolean
}

export function emptyWalletPages(query = ''): WalletPages {
  return { status: 'idle', wallets: [], count: null, page: 0, pending: null, query, error: null }
}

export function initialWalletListState(): WalletListState {
  return {
    lists: { all: emptyWalletPages(), search: emptyWalletPages(), featured: emptyWalletPages(), recommended: emptyWalletPages(), excluded: emptyWalletPages() },
    searchInput: '',
  }
}

export function initialTokenBalancesState(): TokenBalancesState {
  return { byAccount: {} }
}

export function initialApiState(): ApiState {
  return { invalidAppConfigSeq: null, originRefused: false }
}

/** Every wallet of the list is loaded. */
export function isComplete(pages: Pick<WalletPages, 'count' | 'wallets' | 'page'>): boolean {
  return pages.page > 0 && pages.count !== null && pages.wallets.length >= pages.count
}
