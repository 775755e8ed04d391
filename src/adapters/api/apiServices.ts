import type { BlockchainApi, WalletDirectory } from '../../core/apiPorts.js'
import { directoryImageUrls, type DirectoryImageUrls } from './directoryImageUrls.js'

/** Sent as `st` / `sv` with every request, so a deployment can tell the SDK and version apart. */
export const SDK_TYPE = 'gangway'
export const SDK_VERSION = '0.1.0'

/** The options that say which HTTP services a modal has. */
export type ServiceOptions = {
  projectId: string
  apiUrl?: string | undefined
  directoryUrl?: string | undefined
  walletDirectory?: WalletDirectory | undefined
  blockchainApi?: BlockchainApi | undefined
}

/** The wallet directory's base URL: its own, else the data API's. */
export function directoryUrlOf(o: ServiceOptions): string | undefined {
  return o.directoryUrl ?? o.apiUrl
}

/**
 * Which services a modal has (a ready-made port or a URL for it), as the session's settings
 * record them; `createApiDeps` makes the clients of exactly these.
 *
 * @example
 * configuredServices({ projectId: 'p', apiUrl: 'https://api.example.com' }) // { walletDirectory: true, blockchainApi: true }
 */
export function configuredServices(o: ServiceOptions): { walletDirectory: boolean; blockchainApi: boolean } {
  return { walletDirectory: !!(o.walletDirectory ?? directoryUrlOf(o)), blockchainApi: !!(o.blockchainApi ?? o.apiUrl) }
}

/**
 * The directory's image URLs (no request is made): the port's own, or built from the directory's
 * URL; null without a directory.
 */
export function directoryImages(o: ServiceOptions & { fetch?: typeof fetch | undefined }): DirectoryImageUrls | null {
  if (o.walletDirectory) return o.walletDirectory
  const baseUrl = directoryUrlOf(o)
  return baseUrl ? directoryImageUrls({ projectId: o.projectId, sdkType: SDK_TYPE, sdkVersion: SDK_VERSION, baseUrl, ...(o.fetch ? { fetch: o.fetch } : {}) }) : null
}
