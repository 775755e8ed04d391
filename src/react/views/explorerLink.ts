/**
 * A page of the network's block explorer (a transaction's, `tx`, or an address's), or null when
 * the network has no explorer (a local chain), its address is not an http(s) one, or the id
 * cannot be written in a URL (a lone surrogate in an API's answer).
 *
 * @example
 * explorerLink('https://etherscan.io/', 'tx', '0xabc…') // 'https://etherscan.io/tx/0xabc…'
 */
export function explorerLink(explorerUrl: string | undefined, page: 'tx' | 'address', id: string): string | null {
  if (!explorerUrl || !/^https?:\/\//i.test(explorerUrl)) return null
  try {
    return `${explorerUrl.replace(/\/+$/, '')}/${page}/${encodeURIComponent(id)}`
  } catch {
    // encodeURIComponent throws a URIError on a lone surrogate.
    return null
  }
}
