import type { WalletDirectory } from '../../core/apiPorts.js'
import { apiUrl } from './apiUrl.js'
import type { ApiClientOptions } from './apiUrl.js'

export type DirectoryImageUrls = Pick<WalletDirectory, 'walletImageUrl' | 'assetImageUrl' | 'currencyImageUrl' | 'tokenImageUrl'>

/**
 * The wallet directory's image URLs (for `<img src>`; no request is made). Kept apart from the
 * client so a modal can build them before the client has loaded.
 *
 * @example
 * directoryImageUrls(options).walletImageUrl('abc') // '…/getWalletImage/abc?projectId=…'
 */
export function directoryImageUrls(options: ApiClientOptions): DirectoryImageUrls {
  const imageUrl = (path: string) => (id: string) => apiUrl(options, `${path}/${encodeURIComponent(id)}`)
  return {
    walletImageUrl: imageUrl('/getWalletImage'),
    assetImageUrl: imageUrl('/public/getAssetImage'),
    currencyImageUrl: imageUrl('/public/getCurrencyImage'),
    tokenImageUrl: imageUrl('/public/getTokenImage'),
  }
}
