import { getWallets } from '@wallet-standard/app'
import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import type { CaipNetworkId, Connector, Network } from '../../core/domain/entities.js'
import { caipNetworkIdOfWalletChain, walletChainsOf } from './defineSolanaNetwork.js'
import { isSafeIcon } from '../safeIcon.js'

/** A wallet as the Wallet Standard registry holds it (someone else's object: read it with care). */
export type Wallet = ReturnType<ReturnType<typeof getWallets>['get']>[number]

/** A Wallet Standard wallet found in the page: its connector (data) and the wallet (kept by the adapter). */
export type SolanaWallet = { connector: Connector; wallet: Wallet }

/** The most wallets kept; a page flooded with registrations keeps the first 100 distinct names. */
export const MAX_SOLANA_WALLETS = 100

const MAX_NAME = 100
const MAX_ICON = 256 * 1024
const MAX_CHAINS = 64

export type SolanaWalletDiscovery = {
  /** The Solana wallets, deduplicated by name (the first registered wins), the first list at once. */
  wallets$: Observable<SolanaWallet[]> & { readonly value: SolanaWallet[] }
  /** Emits whenever the list changed: for a caller waiting on one wallet. */
  changed$: Observable<void>
  /** The wallet of a connector id (its name) as of now. */
  find(connectorId: string): SolanaWallet | undefined
  stop(): void
}

/**
 * Discovers Wallet Standard wallets that support a Solana chain, through `getWallets()` of
 * @wallet-standard/app: those registered already and those registering later (a wallet's own
 * `change` of chains or features is taken too; an unregistered wallet leaves the list). Each
 * must have a sane name, a `solana:` chain and `standard:connect`; wallets of the same name are
 * one (the first registered), at most `MAX_SOLANA_WALLETS` of them.
 *
 * @example
 * const { wallets$, stop } = discoverSolanaWallets()
 * wallets$.subscribe((list) => console.log(list.map((w) => w.connector.name)))
 */
export function discoverSolanaWallets(): SolanaWalletDiscovery {
  const registry = getWallets()
  const wallets$ = new BehaviorSubject<SolanaWallet[]>([])
  const changed$ = new Subject<void>()
  /** The `change` listeners on each registered wallet, removed when it unregisters. */
  const watching = new Map<Wallet, () => void>()
  let stopped = false

  const refresh = (): void => {
    if (stopped) return
    const byName = new Map<string, SolanaWallet>()
    const previous = new Map(wallets$.value.map((w) => [w.wallet, w]))
    let all: readonly Wallet[]
    try {
      all = registry.get()
    } catch {
      return
    }
    for (const wallet of all) {
      if (byName.size >= MAX_SOLANA_WALLETS) break
      let found: SolanaWallet | null
      try {
        found = solanaWallet(wallet)
      } catch {
        continue // A wallet whose fields cannot even be read is none.
      }
      if (!found || byName.has(found.connector.id)) continue
      // The same wallet unchanged keeps its connector object, so the list compares equal.
      const before = previous.get(wallet)
      byName.set(found.connector.id, before && sameConnector(before.connector, found.connector) ? before : found)
      watch(wallet)
    }
    for (const [wallet, off] of watching) {
      if (all.includes(wallet)) continue
      off()
      watching.delete(wallet)
    }
    const next = [...byName.values()]
    const current = wallets$.value
    if (next.length === current.length && next.every((w, i) => w === current[i])) return
    wallets$.next(next)
    changed$.next()
  }

  /** A wallet that changes its chains or features may join or leave the list. */
  const watch = (wallet: Wallet): void => {
    if (watching.has(wallet)) return
    let off: () => void = () => undefined
    try {
      const events = (wallet.features as Record<string, unknown>)['standard:events'] as { on?: unknown } | undefined
      if (events && typeof events.on === 'function') {
        const remove = (events.on as (event: string, listener: (properties: unknown) => void) => unknown)('change', (properties) => {
          try {
            if (properties !== null && typeof properties === 'object' && ('chains' in properties || 'features' in properties)) refresh()
          } catch {
            // The wallet's change event is its business; a broken one changes nothing here.
          }
        })
        if (typeof remove === 'function') off = remove as () => void
      }
    } catch {
      // A wallet that cannot be listened to still works; its later changes are not seen.
    }
    watching.set(wallet, () => {
      try {
        off()
      } catch {
        // Nothing to undo in a wallet that fails to remove its listener.
      }
    })
  }

  const offRegister = registry.on('register', refresh)
  const offUnregister = registry.on('unregister', refresh)
  refresh()

  return {
    wallets$,
    changed$: changed$.asObservable(),
    find: (connectorId) => wallets$.value.find((w) => w.connector.id === connectorId),
    stop: () => {
      stopped = true
      offRegister()
      offUnregister()
      for (const off of watching.values()) off()
      watching.clear()
    },
  }
}

/**
 * The connector of a registered wallet, or null when it is not a usable Solana wallet: a name of
 * 1–100 characters, at least one `solana:` chain and a `standard:connect` function. An icon that
 * is not a `data:image/` or https URL is dropped; `chains` lists the CAIP-2 ids of the clusters
 * it names (`solana:mainnet` → mainnet's genesis id).
 */
function solanaWallet(wallet: Wallet): SolanaWallet | null {
  if (wallet === null || typeof wallet !== 'object') return null
  const { name, icon, chains, features } = wallet as { name?: unknown; icon?: unknown; chains?: unknown; features?: unknown }
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME) return null
  if (!Array.isArray(chains) || !chains.some((c) => typeof c === 'string' && c.startsWith('solana:'))) return null
  if (features === null || typeof features !== 'object') return null
  const connect = (features as Record<string, unknown>)['standard:connect'] as { connect?: unknown } | undefined
  if (!connect || typeof connect.connect !== 'function') return null
  const shownName = name.trim()
  const caipIds: CaipNetworkId[] = []
  for (const chain of chains.slice(0, MAX_CHAINS)) {
    const id = typeof chain === 'string' ? caipNetworkIdOfWalletChain(chain) : null
    if (id && !caipIds.includes(id)) caipIds.push(id)
  }
  const imageUrl = typeof icon === 'string' && icon.length <= MAX_ICON && isSafeIcon(icon) ? icon : undefined
  const connector: Connector = {
    id: shownName,
    name: shownName,
    chain: 'solana',
    type: 'ANNOUNCED',
    installed: true,
    info: { name: shownName },
    ...(caipIds.length > 0 ? { chains: caipIds } : {}),
    ...(imageUrl ? { imageUrl } : {}),
  }
  return { connector, wallet }
}

function sameConnector(a: Connector, b: Connector): boolean {
  return a.name === b.name && a.imageUrl === b.imageUrl && (a.chains ?? []).join() === (b.chains ?? []).join()
}

/** Whether the wallet lists `network` (by its CAIP-2 id or its cluster name); the id it lists. */
export function supportedChain(wallet: Wallet, network: Network): string | null {
  let chains: unknown
  try {
    chains = (wallet as { chains?: unknown }).chains
  } catch {
    return null
  }
  if (!Array.isArray(chains)) return null
  return walletChainsOf(network).find((chain) => chains.includes(chain)) ?? null
}
