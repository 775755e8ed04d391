/**
 * A transaction's page on the network's block explorer, or null when the network has no
 * explorer (a local chain) or its address is not an http(s) one.
 *
 * @example
 * transactionUrl('https://etherscan.io/', '0xabc…') // 'https://etherscan.io/tx/0xabc…'
 */
export function transactionUrl(explorerUrl: string | undefined, hash: string): string | null {
  if (!explorerUrl || !/^https?:\/\//i.test(explorerUrl)) return null
  return `${explorerUrl.replace(/\/+$/, '')}/tx/${encodeURIComponent(hash)}`
}
