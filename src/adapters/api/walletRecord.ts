/**
 * Wallet records as the wallet directory API sends them (spec §3), checked at the boundary: the
 * directory is outside our control, and its links end up in `href`s and `window.open`.
 */
import type { WalletRecord } from '../../core/domain/entities.js'

/** URL schemes a link of a wallet record may never use: they run code or read local data. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'filesystem', 'about'])

/** `scheme://…` at the very start of a link (RFC 3986 scheme characters only). */
const SCHEME_LINK = /^([a-z][a-z0-9+.-]*):\/\//i
/** A bare app scheme name, as some records give it: `rainbow`, `rainbow:`, `rainbow://`. */
const BARE_SCHEME = /^([a-z][a-z0-9+.-]*):?\/{0,2}$/i
/** Whitespace and control characters: browsers drop some of them inside a scheme, so `java\tscript:` runs. */
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/

/** How a wallet link opens: a web page (http or https) or an installed app (its own scheme). */
export type WalletLinkKind = 'web' | 'app'

/**
 * What kind of link `link` is, or null when it must not be used: not text, empty, with
 * whitespace or control characters, or with a scheme that runs code or reads local data
 * (`javascript:`, `data:`, `vbscript:`, `file:` …). Only `http(s)://…` and `scheme://…` app
 * links (or a bare scheme name, `rainbow`) pass.
 *
 * @example
 * walletLinkKind('https://link.example.com') // 'web'
 * walletLinkKind('metamask://')              // 'app'
 * walletLinkKind('javascript://%0aalert(1)') // null
 */
export function walletLinkKind(link: unknown): WalletLinkKind | null {
  if (typeof link !== 'string') return null
  const trimmed = link.trim()
  if (trimmed === '' || trimmed.length > 2048 || UNSAFE_CHARACTERS.test(trimmed)) return null
  const scheme = (SCHEME_LINK.exec(trimmed) ?? BARE_SCHEME.exec(trimmed))?.[1]?.toLowerCase()
  if (scheme === undefined || FORBIDDEN_SCHEMES.has(scheme)) return null
  if (scheme === 'http' || scheme === 'https') return SCHEME_LINK.test(trimmed) && trimmed.length > scheme.length + 3 ? 'web' : null
  return 'app'
}

/** Whether `link` is an http(s) URL with a host: what store pages, homepages and images may be. */
export function isWebUrl(link: unknown): link is string {
  if (typeof link !== 'string' || UNSAFE_CHARACTERS.test(link) || link.length > 2048) return false
  if (!/^https?:\/\//i.test(link)) return false
  try {
    return new URL(link).host !== ''
  } catch {
    return false
  }
}

const LINK_FIELDS = ['mobile_link', 'desktop_link', 'webapp_link'] as const
const WEB_FIELDS = ['image_url', 'homepage', 'app_store', 'play_store', 'chrome_store'] as const
const TEXT_FIELDS = ['image_id', 'rdns'] as const

/**
 * A wallet record of the directory, checked: `id` and `name` must be non-empty text (else
 * null: the record cannot be listed); each optional field of the wrong type or with an unsafe
 * link is left out (the rest of the record is kept); `chains` and `injected` keep only their
 * well-formed items; fields the spec does not name are not copied.
 *
 * @example
 * parseWalletRecord({ id: 'a1', name: 'Amber', mobile_link: 'javascript:alert(1)', chains: ['eip155:1', 7] })
 * // { id: 'a1', name: 'Amber', chains: ['eip155:1'] }
 */
export function parseWalletRecord(value: unknown): WalletRecord | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const raw = value as Record<string, unknown>
  const { id, name } = raw
  if (typeof id !== 'string' || id.trim() === '' || typeof name !== 'string' || name.trim() === '') return null
  const record: WalletRecord = { id, name }
  for (const field of TEXT_FIELDS) {
    const v = raw[field]
    if (v === null || typeof v === 'string') record[field] = v
  }
  for (const field of LINK_FIELDS) {
    const v = raw[field]
    if (v === null || walletLinkKind(v) !== null) record[field] = v as string | null
  }
  for (const field of WEB_FIELDS) {
    const v = raw[field]
    if (v === null || isWebUrl(v)) record[field] = v
  }
  if (Array.isArray(raw.chains)) record.chains = raw.chains.filter((c): c is string => typeof c === 'string')
  if (raw.injected === null) record.injected = null
  else if (Array.isArray(raw.injected)) {
    record.injected = raw.injected.flatMap((item: unknown) => {
      const i = item as { namespace?: unknown; injected_id?: unknown } | null
      return typeof i === 'object' && i !== null && typeof i.namespace === 'string' && typeof i.injected_id === 'string'
        ? [{ namespace: i.namespace, injected_id: i.injected_id }]
        : []
    })
  }
  if (raw.badge_type === null || raw.badge_type === 'none' || raw.badge_type === 'certified') record.badge_type = raw.badge_type
  return record
}
