import { BehaviorSubject, type Observable } from 'rxjs'
import type { EIP1193Provider } from 'viem'
import type { Connector } from '../../core/domain/entities.js'

/** EIP-6963 provider info as wallets announce it. */
export type Eip6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

/** A wallet found in the page: its connector (data) and its provider (kept by the adapter). */
export type InjectedWallet = { connector: Connector; provider: EIP1193Provider }

/** The connector id of the legacy `window.ethereum` wallet. */
export const LEGACY_INJECTED_ID = 'injected'

/**
 * Discovers wallets in a page: EIP-6963 announcements (requested once, and taken whenever a
 * wallet announces itself later), deduplicated by rdns, plus the legacy `window.ethereum` when no
 * announced wallet is that same provider. Returns the live list and a stop function.
 *
 * @example
 * const { wallets$, stop } = discoverInjectedWallets(window)
 * wallets$.subscribe((list) => console.log(list.map((w) => w.connector.name)))
 */
export function discoverInjectedWallets(
  win: Window,
  options: { legacyInjected?: boolean } = {},
): { wallets$: Observable<InjectedWallet[]> & { readonly value: InjectedWallet[] }; stop(): void } {
  const wallets$ = new BehaviorSubject<InjectedWallet[]>([])
  const announced = new Map<string, InjectedWallet>()
  let legacy: InjectedWallet | null = null

  const publish = (): void => {
    const list = [...announced.values()]
    if (legacy && !list.some((w) => w.provider === legacy!.provider)) list.push(legacy)
    wallets$.next(list)
  }

  const onAnnounce = (event: Event): void => {
    const detail = (event as CustomEvent<{ info?: Partial<Eip6963ProviderInfo>; provider?: unknown }>).detail
    const info = detail?.info
    const provider = detail?.provider as EIP1193Provider | undefined
    if (!info || typeof info.rdns !== 'string' || info.rdns === '' || typeof provider?.request !== 'function') return
    const rdns = info.rdns
    const name = typeof info.name === 'string' && info.name ? info.name : rdns
    const connector: Connector = {
      id: rdns,
      name,
      chain: 'eip155',
      type: 'ANNOUNCED',
      installed: true,
      info: { rdns, name, ...(typeof info.uuid === 'string' ? { uuid: info.uuid } : {}) },
      ...(typeof info.icon === 'string' && info.icon ? { imageUrl: info.icon } : {}),
    }
    const existing = announced.get(rdns)
    // A wallet announcing itself again (on every request) is the same wallet: keep one entry.
    if (existing && existing.provider === provider && sameConnector(existing.connector, connector)) return
    announced.set(rdns, { connector, provider })
    publish()
  }

  const checkLegacy = (): void => {
    if (options.legacyInjected === false) return
    const ethereum = (win as unknown as { ethereum?: unknown }).ethereum as (EIP1193Provider & Record<string, unknown>) | undefined
    if (!ethereum || typeof ethereum.request !== 'function') return
    if (legacy?.provider === ethereum) return
    legacy = {
      provider: ethereum,
      connector: { id: LEGACY_INJECTED_ID, name: legacyName(ethereum), chain: 'eip155', type: 'INJECTED', installed: true },
    }
    publish()
  }

  win.addEventListener('eip6963:announceProvider', onAnnounce)
  win.addEventListener('ethereum#initialized', checkLegacy)
  win.dispatchEvent(new Event('eip6963:requestProvider'))
  checkLegacy()

  return {
    wallets$,
    stop: () => {
      win.removeEventListener('eip6963:announceProvider', onAnnounce)
      win.removeEventListener('ethereum#initialized', checkLegacy)
    },
  }
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
