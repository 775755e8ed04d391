import { walletLinkKind } from '../api/walletRecord.js'

/** The links of a wallet record that open it with a pairing URI (spec §3 wallet record). */
export type WalletLinks = { mobile: string | null; desktop: string | null; webapp: string | null }

const isHttpLink = (link: string) => /^https?:\/\//i.test(link)

/**
 * The link that opens a wallet with a pairing URI: `{link}wc?uri=…` for an app scheme
 * (`metamask://`), `{link}/wc?uri=…` for an https link; the URI is percent-encoded. A bare scheme
 * name (`rainbow` or `rainbow:`) becomes `rainbow://`. Null for an empty link, and for a link
 * that is not http(s) or an app scheme (`javascript:`, `data:`, `vbscript:`, `file:` …, see
 * `walletLinkKind`): the directory's records are not trusted to be safe to open.
 *
 * @example
 * walletLink('metamask://', 'wc:ab@2?relay-protocol=irn') // 'metamask://wc?uri=wc%3Aab%402%3Frelay-protocol%3Dirn'
 * walletLink('https://link.example.com', uri)             // 'https://link.example.com/wc?uri=…'
 */
export function walletLink(link: string | null | undefined, uri: string): string | null {
  if (walletLinkKind(link) === null || typeof uri !== 'string') return null
  const trimmed = (link as string).trim()
  const base = trimmed.includes('://')
    ? trimmed.endsWith('/')
      ? trimmed
      : `${trimmed}/`
    : `${trimmed.replaceAll('/', '').replaceAll(':', '')}://`
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}

/**
 * Every way to open `wallet` with `uri`: its mobile deep link, desktop app link and web app link
 * (each null when the record has none).
 *
 * @example
 * walletLinks({ mobile_link: 'amber://', webapp_link: 'https://app.amber.example' }, uri).webapp
 * // 'https://app.amber.example/wc?uri=…'
 */
export function walletLinks(
  wallet: { mobile_link?: string | null; desktop_link?: string | null; webapp_link?: string | null },
  uri: string,
): WalletLinks {
  return {
    mobile: walletLink(wallet.mobile_link, uri),
    desktop: walletLink(wallet.desktop_link, uri),
    webapp: walletLink(wallet.webapp_link, uri),
  }
}

/** Whether a link leaves the page for another site (https) rather than an installed app (scheme). */
export function isWebLink(link: string): boolean {
  return isHttpLink(link)
}
