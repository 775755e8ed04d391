import type { Network } from '../core/domain/entities.js'
import { canonicalLocale } from '../core/events/modal/preferences.js'
import type { Features, SessionSettings } from '../core/state.js'
import { optionalModules, type ModalOptions } from './modalOptions.js'

/**
 * The settings of a page load, as data for `session/started`: the host's options (already
 * checked by `assertModalOptions`) and what the page tells (a phone, a Telegram mini-app).
 *
 * @example
 * const settings = sessionSettings({ projectId: 'p', adapters: ['eip155'] }, typeof window !== 'undefined')
 */
export function sessionSettings(o: ModalOptions, hasWindow: boolean): SessionSettings {
  const settings: SessionSettings = {
    projectId: o.projectId ?? '',
    adapters: [...new Set([...(o.adapters ?? []).map((a) => (typeof a === 'string' ? a : a.namespace)), ...(o.walletConnect ? (['eip155'] as const) : [])])],
    isMobile: o.isMobile ?? (hasWindow ? detectMobile() : false),
  }
  if (!o.adapters?.length) settings.noChainAdapters = true
  if (hasWindow && inTelegramMiniApp()) settings.miniApp = 'telegram'
  if (o.features) settings.features = JSON.parse(JSON.stringify(o.features)) as Partial<Features>
  if (o.themeMode) settings.themeMode = o.themeMode
  if (o.defaultNamespace) settings.defaultNamespace = o.defaultNamespace
  if (o.manualControl) settings.manualControl = true
  if (o.embedded) settings.embedded = true
  if (o.siwx) {
    const { statement } = o.siwx
    settings.siwx = {
      required: !!o.siwx.required,
      ...(typeof statement === 'string' && statement.trim() ? { statement: statement.trim() } : {}),
      ...(o.siwx.hosted ? { hosted: true } : {}),
    }
  }
  if (o.legal && (o.legal.termsUrl || o.legal.privacyUrl)) {
    settings.legal = { ...(o.legal.termsUrl ? { termsUrl: o.legal.termsUrl } : {}), ...(o.legal.privacyUrl ? { privacyUrl: o.legal.privacyUrl } : {}) }
  }
  if (o.locale) settings.locale = canonicalLocale(o.locale)!
  if (o.swapChains) settings.swapChains = [...new Set(o.swapChains)]
  if (o.smartAccounts) settings.smartAccounts = { enabled: !!o.smartAccounts.enabled }
  if (o.allowUnsupportedChain !== undefined) settings.allowUnsupportedChain = o.allowUnsupportedChain
  if (o.enableNetworkSwitch !== undefined) settings.enableNetworkSwitch = o.enableNetworkSwitch
  if (o.networks) settings.networks = JSON.parse(JSON.stringify(o.networks)) as Network[]
  if (o.reconnect === false) settings.reconnect = false
  const walletFilters: NonNullable<SessionSettings['walletFilters']> = {}
  if (o.featuredWalletIds?.length) walletFilters.featured = [...o.featuredWalletIds]
  if (o.includeWalletIds?.length) walletFilters.include = [...o.includeWalletIds]
  if (o.excludeWalletIds?.length) walletFilters.exclude = [...o.excludeWalletIds]
  if (o.excludeWalletRdns?.length) walletFilters.excludeRdns = [...new Set(o.excludeWalletRdns)]
  if (o.excludeWalletNames?.length) walletFilters.excludeNames = [...new Set(o.excludeWalletNames)]
  if (Object.keys(walletFilters).length) settings.walletFilters = walletFilters
  if (o.connectMethodsOrder?.length) settings.connectMethodsOrder = [...o.connectMethodsOrder]
  const optional = optionalModules(o)
  if (optional.length) settings.optionalFeatures = optional.map((m) => m.optional)
  // Off by default (spec §1); a host that brings smartSessions() or pay() asks for it, unless its
  // own features option says otherwise. The project's remote configuration may still turn it off.
  if (settings.optionalFeatures?.includes('permissions') && settings.features?.smartSessions === undefined) settings.features = { ...settings.features, smartSessions: true }
  if (settings.optionalFeatures?.includes('pay') && settings.features?.pay === undefined) settings.features = { ...settings.features, pay: true }
  return settings
}

function detectMobile(): boolean {
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : ''
  return /Android|iPhone|iPad|iPod|Mobile/i.test(ua)
}

/** A page opened as a Telegram mini-app: Telegram's web app script found launch data. */
function inTelegramMiniApp(): boolean {
  try {
    const webApp = (window as { Telegram?: { WebApp?: { initData?: unknown } } }).Telegram?.WebApp
    return typeof webApp?.initData === 'string' && webApp.initData.length > 0
  } catch {
    return false
  }
}
