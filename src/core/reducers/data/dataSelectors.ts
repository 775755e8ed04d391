import { filterTokenBalances } from '../../domain/walletLists.js'
import { RECOMMENDED_WALLETS_COUNT } from '../../domain/constants.js'
import type { TokenBalance } from '../../domain/entities.js'
import type { SendToken } from '../../events/connection/send.js'
import { selectActiveNetwork, selectCaipAddress } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import { isComplete, type ListedWallet, type WalletPages } from './dataState.js'

/** The active account's native balance, whichever source knows it. */
export type AccountBalance = {
  /** Whole units as a decimal string (format with `formatBalance`). */
  balance: string
  symbol: string
  /** The balance's worth in dollars, when the blockchain data API priced it. */
  usdValue: number | null
  /** `api`: the blockchain data API; `rpc`: the fallback read over the network's RPC. */
  source: 'api' | 'rpc'
}

/**
 * The active account's native balance: from the blockchain data API when it answered, else the
 * balance read over RPC (spec §7: a failed lookup returns null and falls back), else null.
 *
 * @example
 * const balance = useModalState(selectAccountBalance) // { balance: '9999.99', symbol: 'ETH', usdValue: 29999970, source: 'api' }
 */
export function selectAccountBalance(state: ModalState): AccountBalance | null {
  const caipAddress = selectCaipAddress(state)
  if (!caipAddress) return null
  const network = caipAddress.split(':').slice(0, 2).join(':')
  const native = state.tokenBalances.byAccount[caipAddress]?.balances?.find((b) => !b.address && b.chainId === network)
  if (native) {
    const usd = typeof native.value === 'number' && Number.isFinite(native.value) ? native.value : null
    return { balance: native.quantity.numeric, symbol: native.symbol, usdValue: usd, source: 'api' }
  }
  const rpc = state.account.balances[caipAddress]
  if (rpc && rpc.balance !== null) return { balance: rpc.balance, symbol: rpc.symbol, usdValue: null, source: 'rpc' }
  return null
}

/** The active account's token balances from the API (tokens with decimals "0" dropped), or null when unknown. */
export function selectTokenBalances(state: ModalState): TokenBalance[] | null {
  const caipAddress = selectCaipAddress(state)
  const balances = caipAddress ? state.tokenBalances.byAccount[caipAddress]?.balances : null
  return balances ? filterTokenBalances(balances) : null
}

/** A token the active account can send, with its balance in whole units (null while unknown). */
export type SendableToken = { token: SendToken; balance: string | null; usdPrice: number | null }

/**
 * What the active account can send on the active network: its native token first (balance from
 * the data API, else RPC), then the tokens the data API lists as held there.
 *
 * @example
 * const tokens = useModalState(selectSendableTokens, sameJson) // [{ token: { symbol: 'ETH', decimals: 18, … }, balance: '9999.99', … }, …]
 */
export function selectSendableTokens(state: ModalState): SendableToken[] {
  const network = selectActiveNetwork(state)
  if (!network || !selectCaipAddress(state)) return []
  const { symbol, decimals, name } = network.nativeCurrency
  const native = selectAccountBalance(state)
  const priced = selectTokenBalances(state)?.find((b) => !b.address && b.chainId === network.caipNetworkId)
  const tokens: SendableToken[] = [{ token: { symbol, decimals, name }, balance: native?.balance ?? null, usdPrice: validPrice(priced?.price) }]
  for (const b of selectTokenBalances(state) ?? []) {
    const decimals = Number(b.quantity.decimals)
    if (!b.address || b.chainId !== network.caipNetworkId || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) continue
    const address = b.address.split(':').pop() as string
    tokens.push({ token: { symbol: b.symbol, decimals, name: b.name, address }, balance: b.quantity.numeric, usdPrice: validPrice(b.price) })
  }
  return tokens
}

/** The balance held of `token` by the active account on the active network (whole units), or null when unknown. */
export function selectSendBalance(state: ModalState, token: { address?: string | undefined }): string | null {
  const address = token.address?.toLowerCase()
  return selectSendableTokens(state).find((t) => t.token.address?.toLowerCase() === address)?.balance ?? null
}

const validPrice = (price: unknown): number | null => (typeof price === 'number' && Number.isFinite(price) && price >= 0 ? price : null)

/** The host's featured wallets, in the host's order. */
export function selectFeaturedWallets(state: ModalState): ListedWallet[] {
  const order = state.settings.walletFilters?.featured ?? []
  const byId = new Map(state.walletList.lists.featured.wallets.map((w) => [w.id, w]))
  return order.flatMap((id) => byId.get(id) ?? [])
}

/**
 * Up to 4 recommended wallets for the Connect view: directory wallets that are neither featured
 * nor already offered by a connector found in this browser (same rdns or directory id).
 */
export function selectRecommendedWallets(state: ModalState): ListedWallet[] {
  const featured = new Set(state.settings.walletFilters?.featured ?? [])
  const rdns = new Set<string>()
  const ids = new Set<string>()
  for (const c of state.wallets.connectors) {
    if (c.info?.rdns) rdns.add(c.info.rdns)
    if (c.explorerId) ids.add(c.explorerId)
  }
  return state.walletList.lists.recommended.wallets
    .filter((w) => !featured.has(w.id) && !ids.has(w.id) && !(w.rdns && rdns.has(w.rdns)))
    .slice(0, RECOMMENDED_WALLETS_COUNT)
}

/** What the AllWallets view shows: the listing (featured first) or the results of a search. */
export type AllWalletsListing = {
  mode: 'list' | 'search'
  wallets: ListedWallet[]
  /** How many there are in all (more may load as the list scrolls); null while unknown. */
  count: number | null
  status: WalletPages['status']
  error: WalletPages['error']
  /** More pages remain to load. */
  hasMore: boolean
  /** A search waits for the typing pause or its first page. */
  searching: boolean
  /**
   * The listing's sections (not in a search): its first `recent` wallets are ones the visitor
   * connected lately, the next `featured` the host's featured wallets, then the rest.
   */
  sections: { recent: number; featured: number }
}

/**
 * The AllWallets listing. While the visitor types, the results of the text being typed count
 * as loading until the search for it answers.
 *
 * @example
 * const listing = useModalState(selectAllWallets)
 */
export function selectAllWallets(state: ModalState): AllWalletsListing {
  // Optimization: the listing is rebuilt only when the lists or the settings change, so a view
  // selecting it does not re-render for unrelated events (immer keeps unchanged slices identical).
  const cached = listingCache.get(state.walletList)
  const { recent } = state.wallets.memory
  if (cached && cached.settings === state.settings && cached.recent === recent && cached.connectors === state.wallets.connectors) {
    return cached.listing
  }
  const listing = buildListing(state)
  listingCache.set(state.walletList, { settings: state.settings, recent, connectors: state.wallets.connectors, listing })
  return listing
}

const listingCache = new WeakMap<object, { settings: object; recent: object; connectors: object; listing: AllWalletsListing }>()

/**
 * Which directory wallet each recent wallet is, in recent order: the one picked for a
 * WalletConnect connection, else the one with the connector's directory id or rdns.
 */
function recentListingMatchers(state: ModalState): ((wallet: ListedWallet) => boolean)[] {
  return state.wallets.memory.recent.map((r) => {
    const connector = state.wallets.connectors.find((c) => c.id === r.id && c.chain === r.namespace)
    const rdns = r.rdns ?? connector?.info?.rdns
    const id = r.listingId ?? connector?.explorerId
    return (w: ListedWallet) => (id !== undefined && w.id === id) || (!!rdns && w.rdns === rdns)
  })
}

function buildListing(state: ModalState): AllWalletsListing {
  const { lists, searchInput } = state.walletList
  const text = searchInput.trim()
  if (text !== '') {
    const search = lists.search
    const current = search.query === text
    const wallets = current ? search.wallets : []
    return {
      mode: 'search',
      wallets,
      count: current ? search.count : null,
      status: current ? search.status : 'loading',
      error: current ? search.error : null,
      hasMore: current && !isComplete(search),
      searching: !current || (search.status === 'loading' && search.page === 0),
      sections: { recent: 0, featured: 0 },
    }
  }
  const featured = selectFeaturedWallets(state)
  const featuredIds = new Set(featured.map((w) => w.id))
  const all = lists.all
  const rest = featured.length ? all.wallets.filter((w) => !featuredIds.has(w.id)) : all.wallets
  // Wallets connected lately lead, taken out of the sections they would be in.
  const recent: ListedWallet[] = []
  for (const matches of recentListingMatchers(state)) {
    const found = featured.find(matches) ?? rest.find(matches)
    if (found && !recent.includes(found)) recent.push(found)
  }
  const others = (list: ListedWallet[]) => (recent.length ? list.filter((w) => !recent.includes(w)) : list)
  const featuredLeft = others(featured)
  const wallets = recent.length || featured.length ? [...recent, ...featuredLeft, ...others(rest)] : all.wallets
  return {
    mode: 'list',
    wallets,
    count: all.count === null ? null : all.count + featured.length,
    status: all.status,
    error: all.error,
    hasMore: !isComplete(all),
    searching: false,
    sections: { recent: recent.length, featured: featuredLeft.length },
  }
}
