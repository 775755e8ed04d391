import type { GetWalletsParams, RemoteProjectConfig, WalletDirectory, WalletPage } from '../../core/apiPorts.js'
import type { WalletRecord } from '../../core/domain/entities.js'
import { parseWalletRecord } from './walletRecord.js'
import { directoryImageUrls } from './directoryImageUrls.js'
import { createHttpJson, expectArray, expectObject, expectString } from './httpJson.js'
import type { ApiClientOptions } from './apiUrl.js'
import { parseRemoteFeatures } from './loadRemoteConfiguration.js'

/**
 * The wallet directory API client (spec §7): wallet listing with paging, search, include /
 * exclude and chain filters, image URLs, the project configuration (features), the origin
 * allow-list and the analytics configuration.
 *
 * @example
 * const directory = createWalletDirectoryClient({ baseUrl, projectId, sdkType: 'gangway', sdkVersion: '0.1.0' })
 * const { data, count } = await directory.getWallets({ page: 1, entries: 40, chains: ['eip155:1'] })
 */
export function createWalletDirectoryClient(options: ApiClientOptions): WalletDirectory {
  const http = createHttpJson(options)

  return {
    getWallets(params: GetWalletsParams, { signal } = {}): Promise<WalletPage> {
      return http.request(
        {
          path: '/getWallets',
          signal,
          query: {
            page: params.page,
            entries: params.entries,
            include: params.include,
            exclude: params.exclude,
            chains: params.chains,
            search: params.search?.trim() || undefined,
            badge_type: params.badgeType,
          },
        },
        parseWalletPage,
      )
    },

    getProjectConfig({ signal } = {}): Promise<RemoteProjectConfig> {
      return http.request({ path: '/appkit/v1/config', signal }, (body) => ({
        features: parseRemoteFeatures(expectObject(body, 'the config').features),
      }))
    },

    getAllowedOrigins({ signal } = {}): Promise<string[]> {
      return http.request({ path: '/projects/v1/origins', signal }, (body) =>
        expectArray(expectObject(body, 'the origins').allowedOrigins, 'allowedOrigins').map((o, i) =>
          expectString(o, `allowedOrigins[${i}]`),
        ),
      )
    },

    getAnalyticsConfig({ signal } = {}): Promise<{ isAnalyticsEnabled: boolean }> {
      return http.request({ path: '/getAnalyticsConfig', signal }, (body) => {
        const enabled = expectObject(body, 'the analytics config').isAnalyticsEnabled
        if (typeof enabled !== 'boolean') throw new Error('expected isAnalyticsEnabled to be a boolean')
        return { isAnalyticsEnabled: enabled }
      })
    },

    ...directoryImageUrls(options),
  }
}

/**
 * A page of the directory, checked record by record (see `parseWalletRecord`): a record without
 * an id or a name, or repeating an id already on the page, is left out, and so is any optional
 * field of the wrong type or with an unsafe link; the rest of the page is kept.
 */
function parseWalletPage(body: unknown): WalletPage {
  const page = expectObject(body, 'the wallet page')
  if (typeof page.count !== 'number' || !Number.isSafeInteger(page.count) || page.count < 0) {
    throw new Error('expected count to be a non-negative integer')
  }
  const seen = new Set<string>()
  const data: WalletRecord[] = []
  for (const item of expectArray(page.data, 'data')) {
    const wallet = parseWalletRecord(item)
    if (wallet === null || seen.has(wallet.id)) continue
    seen.add(wallet.id)
    data.push(wallet)
  }
  return { data, count: page.count }
}
