/**
 * List rules: which tokens and wallets are shown, in which order, and the recent-wallets list.
 */
// Optimization: the constants live in constants.ts, which the first bundle reads (the options'
// checks, the initial state); this module's rules join only the chunks that apply them.
import { DEFAULT_CONNECTOR_ORDER, DEFAULT_CONNECT_METHOD_ORDER, INSTALLED_WALLET_CONNECT_METHOD_ORDER, RECENT_WALLETS_MAX, type ConnectMethod, type ConnectorGroup } from './constants.js'
import type { Connector, ConnectorType } from './entities.js'

export { DEFAULT_CONNECTOR_ORDER, DEFAULT_CONNECT_METHOD_ORDER, INSTALLED_WALLET_CONNECT_METHOD_ORDER, RECENT_WALLETS_MAX } from './constants.js'
export type { ConnectMethod, ConnectorGroup } from './constants.js'

/**
 * Token balances without the tokens whose decimals are exactly `"0"` (`"0.0"` is kept).
 *
 * @example
 * filterTokenBalances([{ quantity: { decimals: '0', numeric: '1' } }]) // []
 */
export function filterTokenBalances<T extends { quantity: { decimals: string } }>(balances: readonly T[]): T[] {
  return balances.filter((b) => b.quantity.decimals !== '0')
}

/** Wallets a host or the project configuration hides. */
export type WalletExclusions = {
  rdns?: readonly string[] | undefined
  names?: readonly string[] | undefined
  ids?: readonly string[] | undefined
}

/** Anything shown as a wallet: a directory record or a connector. */
export type WalletLike = {
  id?: string | undefined
  /** A connector's directory id, when known. */
  explorerId?: string | undefined
  name: string
  rdns?: string | null | undefined
  info?: { rdns?: string | undefined } | undefined
}

function rdnsOf(item: WalletLike): string | undefined {
  return item.rdns ?? item.info?.rdns ?? undefined
}

/**
 * The items not excluded by rdns, name or id (a directory record's id, a connector's directory
 * id). Matching is exact.
 *
 * @example
 * excludeWallets(connectors, { rdns: ['io.metamask'] })
 */
export function excludeWallets<T extends WalletLike>(items: readonly T[], exclusions: WalletExclusions): T[] {
  const rdns = new Set(exclusions.rdns ?? [])
  const names = new Set(exclusions.names ?? [])
  const ids = new Set(exclusions.ids ?? [])
  return items.filter((item) => {
    const r = rdnsOf(item)
    if (r !== undefined && rdns.has(r)) return false
    if (names.has(item.name)) return false
    if (item.id !== undefined && ids.has(item.id)) return false
    if (item.explorerId !== undefined && ids.has(item.explorerId)) return false
    return true
  })
}

/**
 * Whether the generic browser-wallet connector is shown: on desktop only when installed; on
 * mobile unless it has no rdns and is not installed.
 *
 * @example
 * isBrowserWalletVisible({ installed: false }, { isMobile: false }) // false
 * isBrowserWalletVisible({ installed: false, info: { rdns: 'io.metamask' } }, { isMobile: true }) // true
 */
export function isBrowserWalletVisible(
  connector: Pick<Connector, 'installed' | 'info'>,
  env: { isMobile: boolean },
): boolean {
  if (connector.installed === true) return true
  if (!env.isMobile) return false
  return Boolean(connector.info?.rdns)
}

const GROUP_OF_TYPE: Record<ConnectorType, ConnectorGroup | null> = {
  WALLET_CONNECT: 'walletConnect',
  INJECTED: 'injected',
  ANNOUNCED: 'injected',
  MULTI_CHAIN: 'injected',
  EXTERNAL: 'external',
  // The embedded wallet is offered as e-mail and social login, not as a wallet entry.
  AUTH: null,
}

/**
 * The connect-view section a connector belongs to, or `null` for the embedded (auth) connector.
 *
 * @example
 * connectorGroupOf({ type: 'ANNOUNCED' }) // 'injected'
 */
export function connectorGroupOf(connector: Pick<Connector, 'type'>): ConnectorGroup | null {
  return GROUP_OF_TYPE[connector.type]
}

/**
 * Flattens the sections of the connect view in `order` (groups it leaves out follow in the
 * default order), keeping only the first entry of each id.
 *
 * @example
 * orderConnectors({ injected: [mm], recent: [rainbow], walletConnect: [wc] })
 * // [{ group: 'walletConnect', item: wc }, { group: 'recent', item: rainbow }, { group: 'injected', item: mm }]
 */
export function orderConnectors<T extends { id: string }>(
  groups: Partial<Record<ConnectorGroup, readonly T[]>>,
  order: readonly ConnectorGroup[] = DEFAULT_CONNECTOR_ORDER,
): { group: ConnectorGroup; item: T }[] {
  const sequence = [...new Set([...order, ...DEFAULT_CONNECTOR_ORDER])]
  const seen = new Set<string>()
  const out: { group: ConnectorGroup; item: T }[] = []
  for (const group of sequence) {
    for (const item of groups[group] ?? []) {
      if (seen.has(item.id)) continue
      seen.add(item.id)
      out.push({ group, item })
    }
  }
  return out
}

/**
 * The order of the connect methods (spec §1): the host's order first, the methods it leaves out
 * after it in the default order, which is email, social, wallet, or wallet first when an
 * installed wallet is detected. Disabled methods are left out.
 *
 * @example
 * orderConnectMethods({ installedWalletDetected: true }) // ['wallet', 'email', 'social']
 * orderConnectMethods({ order: ['social'] }) // ['social', 'email', 'wallet']
 */
export function orderConnectMethods(
  options: {
    order?: readonly ConnectMethod[] | undefined
    installedWalletDetected?: boolean | undefined
    enabled?: Partial<Record<ConnectMethod, boolean>> | undefined
  } = {},
): ConnectMethod[] {
  const fallback = options.installedWalletDetected ? INSTALLED_WALLET_CONNECT_METHOD_ORDER : DEFAULT_CONNECT_METHOD_ORDER
  return [...new Set([...(options.order ?? []), ...fallback])].filter((m) => options.enabled?.[m] !== false)
}

/**
 * The recent-wallets list after `wallet` was used: it goes first, an older entry with its id is
 * dropped, and the list keeps at most 2.
 *
 * @example
 * addRecentWallet([{ id: 'a' }, { id: 'b' }], { id: 'c' }) // [{ id: 'c' }, { id: 'a' }]
 */
export function addRecentWallet<T extends { id: string }>(recent: readonly T[], wallet: T): T[] {
  return [wallet, ...recent.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}
