import { getWallets } from '@wallet-standard/app'
import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import type { Connector } from '../../core/domain/entities.js'
import { isSafeIcon } from '../safeIcon.js'
import { btcProviderWallet, standardBitcoinWallet, type BitcoinWalletApi, type BtcProvider, type StandardWallet } from './bitcoinWallets.js'

/** A Bitcoin wallet found in the page: its connector (data) and its calls (kept by the adapter). */
export type BitcoinWallet = { connector: Connector; wallet: BitcoinWalletApi; source: 'standard' | 'btcProviders' }

/** The most wallets kept; a page flooded with registrations keeps the first 100 distinct names. */
export const MAX_BITCOIN_WALLETS = 100
const MAX_NAME = 100
const MAX_ICON = 256 * 1024

export type BitcoinWalletDiscovery = {
  /** The Bitcoin wallets, deduplicated by name (Wallet Standard ones first), the first list at once. */
  wallets$: Observable<BitcoinWallet[]> & { readonly value: BitcoinWallet[] }
  /** Emits whenever the list changed: for a caller waiting on one wallet. */
  changed$: Observable<void>
  /** The wallet of a connector id (its name) as of now. */
  find(connectorId: string): BitcoinWallet | undefined
  /** Reads `window.btc_providers` again (it announces nothing when it changes). */
  rescan(): void
  stop(): void
}

/**
 * Discovers Bitcoin wallets both ways wallets offer themselves: Wallet Standard wallets with the
 * `bitcoin:connect` feature (through `getWallets()` of @wallet-standard/app, registered before or
 * later), and the providers `window.btc_providers` lists (the sats-connect convention:
 * `{ id, name, icon }` each, the provider at `window[id]` with `request(method, params)`).
 * Wallets of the same name are one (a Wallet Standard one wins, then the first listed).
 *
 * @example
 * const { wallets$ } = discoverBitcoinWallets(window)
 * wallets$.subscribe((list) => console.log(list.map((w) => w.connector.name)))
 */
export function discoverBitcoinWallets(win: Window | undefined): BitcoinWalletDiscovery {
  const registry = getWallets()
  const wallets$ = new BehaviorSubject<BitcoinWallet[]>([])
  const changed$ = new Subject<void>()
  /** Each wallet object's entry, kept while it stays, so an unchanged list compares equal. */
  const known = new Map<object, BitcoinWallet>()
  let stopped = false

  const refresh = (): void => {
    if (stopped) return
    const byName = new Map<string, BitcoinWallet>()
    const seen = new Set<object>()
    const add = (key: object, make: () => BitcoinWallet | null): void => {
      if (byName.size >= MAX_BITCOIN_WALLETS) return
      let found: BitcoinWallet | null
      try {
        const before = known.get(key)
        found = make()
        if (found && before && sameConnector(before.connector, found.connector)) found = before
      } catch {
        return // A wallet whose fields cannot even be read is none.
      }
      if (!found || byName.has(found.connector.id)) return
      seen.add(key)
      known.set(key, found)
      byName.set(found.connector.id, found)
    }
    let standard: readonly unknown[] = []
    try {
      standard = registry.get()
    } catch {
      // A broken registry lists nothing; btc_providers may still.
    }
    for (const w of standard) if (w !== null && typeof w === 'object') add(w, () => standardEntry(w as StandardWallet))
    for (const entry of providerEntries(win)) add(entry.provider, () => entry.make())
    for (const key of known.keys()) if (!seen.has(key)) known.delete(key)
    const next = [...byName.values()]
    const current = wallets$.value
    if (next.length === current.length && next.every((w, i) => w === current[i])) return
    wallets$.next(next)
    changed$.next()
  }

  const offRegister = registry.on('register', refresh)
  const offUnregister = registry.on('unregister', refresh)
  refresh()

  return {
    wallets$,
    changed$: changed$.asObservable(),
    find: (connectorId) => wallets$.value.find((w) => w.connector.id === connectorId),
    rescan: refresh,
    stop: () => {
      stopped = true
      offRegister()
      offUnregister()
    },
  }
}

function connectorOf(name: unknown, icon: unknown, chains: Connector['chains']): Connector | null {
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME) return null
  const shownName = name.trim()
  const imageUrl = typeof icon === 'string' && icon.length <= MAX_ICON && isSafeIcon(icon) ? icon : undefined
  return {
    id: shownName,
    name: shownName,
    chain: 'bip122',
    type: 'ANNOUNCED',
    installed: true,
    info: { name: shownName },
    ...(chains && chains.length > 0 ? { chains } : {}),
    ...(imageUrl ? { imageUrl } : {}),
  }
}

/** A registered wallet with `bitcoin:connect`, or null. */
function standardEntry(wallet: StandardWallet): BitcoinWallet | null {
  const { name, icon, features } = wallet as { name?: unknown; icon?: unknown; features?: unknown }
  if (features === null || typeof features !== 'object') return null
  const connect = (features as Record<string, unknown>)['bitcoin:connect'] as { connect?: unknown } | undefined
  if (!connect || typeof connect.connect !== 'function') return null
  const api = standardBitcoinWallet(wallet)
  const connector = connectorOf(name, icon, api.chains())
  return connector ? { connector, wallet: api, source: 'standard' } : null
}

/** The providers `window.btc_providers` lists whose object at `window[id]` has `request`. */
function providerEntries(win: Window | undefined): { provider: object; make: () => BitcoinWallet | null }[] {
  if (!win) return []
  let list: unknown
  try {
    list = (win as unknown as { btc_providers?: unknown }).btc_providers
  } catch {
    return []
  }
  if (!Array.isArray(list)) return []
  const entries: { provider: object; make: () => BitcoinWallet | null }[] = []
  for (const item of list.slice(0, MAX_BITCOIN_WALLETS)) {
    try {
      if (item === null || typeof item !== 'object') continue
      const { id, name, icon } = item as { id?: unknown; name?: unknown; icon?: unknown }
      if (typeof id !== 'string' || id === '' || id.length > 200) continue
      const provider = lookup(win, id)
      if (provider === null || typeof provider !== 'object' || typeof (provider as { request?: unknown }).request !== 'function') continue
      entries.push({
        provider: provider as object,
        make: () => {
          const connector = connectorOf(name, icon, undefined)
          return connector ? { connector, wallet: btcProviderWallet(provider as BtcProvider), source: 'btcProviders' } : null
        },
      })
    } catch {
      // An entry that cannot be read is none.
    }
  }
  return entries
}

/** `window[id]`, where the id may be a dotted path (`XverseProviders.BitcoinProvider`). */
function lookup(win: Window, id: string): unknown {
  let current: unknown = win
  for (const part of id.split('.')) {
    if (current === null || typeof current !== 'object' || part === '__proto__' || part === 'constructor' || part === 'prototype') return undefined
    current = (current as Record<string, unknown>)[part]
  }
  return current
}

function sameConnector(a: Connector, b: Connector): boolean {
  return a.name === b.name && a.imageUrl === b.imageUrl && (a.chains ?? []).join() === (b.chains ?? []).join()
}
