/**
 * A page of the network's block explorer (a transaction's, `tx`, or an address's), or null when
 * the network has no explorer (a local chain) or its address is not an http(s) one.
 *
 * @example
 * explorerLink('https://etherscan.io/', 'tx', '0xabc…') // 'https://etherscan.io/tx/0xabc…'
 */
export function explorerLink(explorerUrl: string | undefined, page: 'tx' | 'address', id: string): string | null {
  if (!explorerUrl || !/^https?:\/\//i.test(explorerUrl)) return null
  return `${explorerUrl.replace(/\/+$/, '')}/${page}/${encodeURIComponent(id)}`
}
