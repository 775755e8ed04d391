import { Observable } from 'rxjs'
import type { EIP1193Provider } from 'viem'
import type { Connector } from '../../core/domain/entities.js'
import { isSafeIcon } from '../safeIcon.js'

/** EIP-6963 provider info as wallets announce it. */
export type Eip6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

/** A wallet found in the page: its connector (data) and its provider (kept by the adapter). */
export type InjectedWallet = { connector: Connector; provider: EIP1193Provider }

/** The connector id of the legacy `window.ethereum` wallet. */
export const LEGACY_INJECTED_ID = 'injected'

/**
 * The most announced wallets kept. A browser has a handful; a page flooded with announcements
 * (a hostile script, a broken extension) keeps the first 100 distinct ones and ignores the rest.
 */
export const MAX_ANNOUNCED_WALLETS = 100

/** Longest accepted announcement fields: rdns is a reverse domain name (≤ 253), an icon a data URI or URL. */
const MAX_UUID = 128
const MAX_NAME = 100
const MAX_RDNS = 253
const MAX_ICON = 256 * 1024
const RDNS = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/

/** A batched publish waits for the next animation frame, or this long where frames do not come (a background tab). */
const PUBLISH_FALLBACK_MS = 100

export type InjectedWalletDiscovery = {
  /** The wallets, published at most once per animation frame (batched), the first list at once. */
  wallets$: Observable<InjectedWallet[]> & { readonly value: InjectedWallet[] }
  /** Emits on every change, before the batched list: for a caller waiting on one wallet. */
  changed$: Observable<void>
  /** The wallet of a connector id as of now, published or not (O(1)). */
  find(connectorId: string): InjectedWallet | undefined
  stop(): void
}

/**
 * Discovers wallets in a page: EIP-6963 announcements (requested once, and taken whenever a
 * wallet announces itself later), checked, deduplicated by rdns and capped at
 * `MAX_ANNOUNCED_WALLETS`, plus the legacy `window.ethereum` when no announced wallet is that same
 * provider. Announcements arriving after the first request are published together, once per
 * animation frame, so a flood of them costs one list per frame rather than one per wallet.
 *
 * @example
 * const { wallets$, stop } = discoverInjectedWallets(window)
 * wallets$.subscribe((list) => console.log(list.map((w) => w.connector.name)))
 */
export function discoverInjectedWallets(win: Window, options: { legacyInjected?: boolean } = {}): InjectedWalletDiscovery {
  // Optimization: plain listener sets behind rxjs' Observable (already in the host's first
  // bundle) rather than subjects, so discovery brings no more of rxjs to it.
  let list: InjectedWallet[] = []
  const listListeners = new Set<(list: InjectedWallet[]) => void>()
  const changeListeners = new Set<() => void>()
  const wallets$ = new Observable<InjectedWallet[]>((subscriber) => {
    const listener = (next: InjectedWallet[]) => subscriber.next(next)
    subscriber.next(list)
    listListeners.add(listener)
    return () => listListeners.delete(listener)
  }) as Observable<InjectedWallet[]> & { readonly value: InjectedWallet[] }
  Object.defineProperty(wallets$, 'value', { get: () => list })
  const changed$ = new Observable<void>((subscriber) => {
    const listener = () => subscriber.next()
    changeListeners.add(listener)
    return () => changeListeners.delete(listener)
  })
  const announced = new Map<string, InjectedWallet>()
  let legacy: InjectedWallet | null = null
  /** The batched publish waiting for its frame, if any. */
  let pending: object | null = null
  let stopped = false

  const publishNow = (): void => {
    pending = null
    if (stopped) return
    const next = [...announced.values()]
    if (legacy && !next.some((w) => w.provider === legacy!.provider)) next.push(legacy)
    list = next
    for (const listener of [...listListeners]) listener(next)
  }

  const frame = typeof win.requestAnimationFrame === 'function' ? win.requestAnimationFrame.bind(win) : null
  const publishSoon = (): void => {
    for (const listener of [...changeListeners]) listener()
    if (pending) return
    const token = {}
    pending = token
    // Whichever comes first: the next frame, or a timer for tabs that get no frames.
    const publishOnce = () => {
      clearTimeout(timeout)
      if (pending === token) publishNow()
    }
    const timeout = setTimeout(publishOnce, PUBLISH_FALLBACK_MS)
    if (frame) frame(publishOnce)
    else queueMicrotask(publishOnce)
  }

  const onAnnounce = (event: Event): void => {
    let wallet: InjectedWallet | null
    try {
      wallet = announcedWallet((event as CustomEvent<unknown>).detail)
    } catch {
      return // A detail whose fields cannot even be read is no wallet.
    }
    if (!wallet) return
    const rdns = wallet.connector.id
    const existing = announced.get(rdns)
    if (!existing && announced.size >= MAX_ANNOUNCED_WALLETS) return
    // A wallet announcing itself again (on every request) is the same wallet: keep one entry.
    if (existing && existing.provider === wallet.provider && sameConnector(existing.connector, wallet.connector)) return
    announced.set(rdns, wallet)
    publishSoon()
  }

  const checkLegacy = (): void => {
    if (options.legacyInjected === false) return
    let ethereum: (EIP1193Provider & Record<string, unknown>) | undefined
    try {
      ethereum = (win as unknown as { ethereum?: unknown }).ethereum as (EIP1193Provider & Record<string, unknown>) | undefined
      if (!ethereum || typeof ethereum.request !== 'function') return
      if (legacy?.provider === ethereum) return
      legacy = {
        provider: ethereum,
        connector: { id: LEGACY_INJECTED_ID, name: legacyName(ethereum), chain: 'eip155', type: 'INJECTED', installed: true },
      }
    } catch {
      return
    }
    publishSoon()
  }

  win.addEventListener('eip6963:announceProvider', onAnnounce)
  win.addEventListener('ethereum#initialized', checkLegacy)
  win.dispatchEvent(new Event('eip6963:requestProvider'))
  checkLegacy()
  // The wallets that answered the request synchronously are the first list, at once.
  if (pending) publishNow()

  return {
    wallets$,
    changed$,
    find: (connectorId) => {
      const wallet = announced.get(connectorId)
      if (wallet) return wallet
      return legacy?.connector.id === connectorId ? legacy : undefined
    },
    stop: () => {
      stopped = true
      win.removeEventListener('eip6963:announceProvider', onAnnounce)
      win.removeEventListener('ethereum#initialized', checkLegacy)
    },
  }
}

/**
 * The wallet an EIP-6963 announcement describes, or null when it is malformed: the info's rdns,
 * name and uuid must be strings of sane length (rdns a reverse domain name), the provider must
 * have a `request` function. An icon that is not a `data:image/` or https URL is dropped.
 */
function announcedWallet(detail: unknown): InjectedWallet | null {
  if (detail === null || typeof detail !== 'object') return null
  const { info, provider } = detail as { info?: unknown; provider?: unknown }
  if (info === null || typeof info !== 'object') return null
  if (provider === null || typeof provider !== 'object' || typeof (provider as { request?: unknown }).request !== 'function') return null
  const { uuid, name, icon, rdns } = info as Partial<Record<keyof Eip6963ProviderInfo, unknown>>
  if (typeof rdns !== 'string' || rdns.length > MAX_RDNS || !RDNS.test(rdns)) return null
  if (uuid !== undefined && (typeof uuid !== 'string' || uuid.length > MAX_UUID)) return null
  if (name !== undefined && (typeof name !== 'string' || name.length > MAX_NAME)) return null
  const shownName = typeof name === 'string' && name.trim() ? name.trim() : rdns
  const imageUrl = typeof icon === 'string' && icon.length <= MAX_ICON && isSafeIcon(icon) ? icon : undefined
  const connector: Connector = {
    id: rdns,
    name: shownName,
    chain: 'eip155',
    type: 'ANNOUNCED',
    installed: true,
    info: { rdns, name: shownName, ...(typeof uuid === 'string' && uuid ? { uuid } : {}) },
    ...(imageUrl ? { imageUrl } : {}),
  }
  return { connector, provider: provider as EIP1193Provider }
}

function sameConnector(a: Connector, b: Connector): boolean {
  return a.name === b.name && a.imageUrl === b.imageUrl && a.info?.uuid === b.info?.uuid
}

function legacyName(provider: Record<string, unknown>): string {
  if (provider.isMetaMask === true) return 'MetaMask'
  if (provider.isCoinbaseWallet === true) return 'Coinbase Wallet'
  if (provider.isBraveWallet === true) return 'Brave Wallet'
  return 'Browser Wallet'
}
