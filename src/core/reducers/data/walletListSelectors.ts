/**
 * The wallet-directory lists as the views show them: which lists an open prefetches, the
 * wallets the host hides by rdns or name, the featured and recommended wallets, the AllWallets
 * listing. Apart from the balance selectors (dataSelectors.ts), which the first bundle's
 * ConnectButton reads: these join only the chunks that show wallet lists.
 */
import { excludeWallets, type WalletExclusions, type WalletLike } from '../../domain/walletLists.js'
import { RECOMMENDED_WALLETS_COUNT } from '../../domain/constants.js'
import type { ModalState } from '../../state.js'
import { isComplete, type ListedWallet, type WalletListName, type WalletPages } from './dataState.js'

/**
 * The wallet lists an open of the modal prefetches (spec §4): the host's featured wallets, the
 * Connect view's recommended ones and, with the allWallets feature, the AllWallets listing.
 */
export function selectPrefetchedWalletLists(state: ModalState): WalletListName[] {
  const lists: WalletListName[] = ['recommended']
  if ((state.settings.walletFilters?.featured ?? []).length) lists.unshift('featured')
  if (state.features.allWallets) lists.push('all')
  if ((state.settings.walletFilters?.exclude ?? []).length) lists.push('excluded')
  return lists
}

/** What the hidden wallets are told by: the host's options and the directory records read for them. */
type HidingState = Pick<ModalState, 'settings'> & { walletList: { lists: Pick<ModalState['walletList']['lists'], 'excluded'> } }

/**
 * The wallets the host hides (spec §5): by rdns or by name (`excludeWalletRdns`,
 * `excludeWalletNames`), and by directory id (`excludeWalletIds`): those ids, and the rdns of
 * their directory records once read, so a browser wallet that is one of them is hidden too.
 * Null when the host hides none.
 */
export function selectWalletExclusions(state: HidingState): WalletExclusions | null {
  const filters = state.settings.walletFilters
  if (!filters?.excludeRdns && !filters?.excludeNames && !filters?.exclude) return null
  const records = state.walletList.lists.excluded.wallets
  const rdns = records.length ? [...(filters.excludeRdns ?? []), ...records.flatMap((w) => (w.rdns ? [w.rdns] : []))] : filters.excludeRdns
  return { rdns, names: filters.excludeNames, ids: filters.exclude }
}

/**
 * Wallets (directory records or the browser's connectors) without those the host hides by rdns,
 * name or directory id; the same array when it hides none.
 *
 * @example
 * const listed = withoutHiddenWallets(state, state.wallets.connectors)
 */
export function withoutHiddenWallets<T extends WalletLike>(state: HidingState, wallets: T[]): T[] {
  const exclusions = selectWalletExclusions(state)
  return exclusions ? excludeWallets(wallets, exclusions) : wallets
}

/**
 * Whether a directory wallet may be offered on a Connect opened for `namespace` (null: for every
 * namespace): it lists a chain of that family, or the directory did not say which it supports.
 *
 * @example
 * servesNamespace({ id: 'x', name: 'X', namespaces: ['solana'] }, 'eip155') // false
 */
export function servesNamespace(wallet: ListedWallet, namespace: string | null): boolean {
  return namespace === null || wallet.namespaces === undefined || wallet.namespaces.includes(namespace)
}

/**
 * Directory wallets without those the host hides and, on a Connect opened for one namespace
 * (`modal.connectFor`), without those that cannot serve it; the same array when none is left out.
 */
function offeredWallets(state: ModalState, wallets: ListedWallet[]): ListedWallet[] {
  const shown = withoutHiddenWallets(state, wallets)
  const namespace = state.modal.connectFor
  if (namespace === null) return shown
  const serving = shown.filter((w) => servesNamespace(w, namespace))
  return serving.length === shown.length ? shown : serving
}

/** The host's featured wallets, in the host's order (on a namespace Connect, those that serve it). */
export function selectFeaturedWallets(state: ModalState): ListedWallet[] {
  const order = state.settings.walletFilters?.featured ?? []
  const byId = new Map(state.walletList.lists.featured.wallets.map((w) => [w.id, w]))
  return offeredWallets(state, order.flatMap((id) => byId.get(id) ?? []))
}

/**
 * How many wallets the AllWallets listing holds (featured ones included, hidden ones and, on a
 * namespace Connect, those that cannot serve it not, as far as the pages loaded tell), or null
 * while unknown.
 */
export function selectAllWalletsCount(state: ModalState): number | null {
  const { all } = state.walletList.lists
  if (all.count === null) return null
  return all.count - (all.wallets.length - offeredWallets(state, all.wallets).length) + selectFeaturedWallets(state).length
}

/**
 * Up to 4 recommended wallets for the Connect view: directory wallets that are neither featured
 * nor already offered by a connector found in this browser (same rdns or directory id), and on a
 * Connect opened for one namespace, serve it.
 */
export function selectRecommendedWallets(state: ModalState): ListedWallet[] {
  const featured = new Set(state.settings.walletFilters?.featured ?? [])
  const rdns = new Set<string>()
  const ids = new Set<string>()
  for (const c of state.wallets.connectors) {
    if (c.info?.rdns) rdns.add(c.info.rdns)
    if (c.explorerId) ids.add(c.explorerId)
  }
  return offeredWallets(state, state.walletList.lists.recommended.wallets)
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
  const { connectFor } = state.modal
  if (cached && cached.settings === state.settings && cached.recent === recent && cached.connectors === state.wallets.connectors && cached.connectFor === connectFor) {
    return cached.listing
  }
  const listing = buildListing(state)
  listingCache.set(state.walletList, { settings: state.settings, recent, connectors: state.wallets.connectors, connectFor, listing })
  return listing
}

const listingCache = new WeakMap<object, { settings: object; recent: object; connectors: object; connectFor: string | null; listing: AllWalletsListing }>()

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
    const wallets = current ? offeredWallets(state, search.wallets) : []
    return {
      mode: 'search',
      wallets,
      count: current && search.count !== null ? search.count - (search.wallets.length - wallets.length) : null,
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
  const shown = offeredWallets(state, all.wallets)
  const rest = featured.length ? shown.filter((w) => !featuredIds.has(w.id)) : shown
  // Wallets connected lately lead, taken out of the sections they would be in.
  const recent: ListedWallet[] = []
  for (const matches of recentListingMatchers(state)) {
    const found = featured.find(matches) ?? rest.find(matches)
    if (found && !recent.includes(found)) recent.push(found)
  }
  const others = (list: ListedWallet[]) => (recent.length ? list.filter((w) => !recent.includes(w)) : list)
  const featuredLeft = others(featured)
  const wallets = recent.length || featured.length ? [...recent, ...featuredLeft, ...others(rest)] : shown
  return {
    mode: 'list',
    wallets,
    count: selectAllWalletsCount(state),
    status: all.status,
    error: all.error,
    hasMore: !isComplete(all),
    searching: false,
    sections: { recent: recent.length, featured: featuredLeft.length },
  }
}
