import { generateWalletRecords } from '../../../dev/gateway/walletRecords'
import { queryWallets } from '../../../dev/gateway/walletDirectory'
import { ApiRequestError } from '../../../src/core/errors/api'
import type { BalanceParams, BlockchainApi, GetWalletsParams, RemoteProjectConfig, WalletDirectory } from '../../../src/core/apiPorts'
import type { TokenBalance, WalletRecord } from '../../../src/core/domain/entities'

/** An HTTP failure as the clients report it, with the spec's message for the status. */
export function httpError(status: number): ApiRequestError {
  const message = status === 403 ? 'Invalid App Configuration' : status === 429 ? 'Rate Limited' : status >= 500 ? 'Server Error' : 'An error occurred'
  return new ApiRequestError(message, { status, details: `answered HTTP ${status}` })
}

/**
 * A wallet directory in memory with the gateway's query rules, recording every call. `fail`
 * makes the next calls reject; `hold` keeps answers back until `release`.
 */
export function createFakeDirectory(options: { records?: WalletRecord[]; count?: number } = {}) {
  const records = options.records ?? generateWalletRecords(0, options.count ?? 320)
  const calls: GetWalletsParams[] = []
  const aborted: GetWalletsParams[] = []
  let failure: (() => Error) | null = null
  let held: (() => void)[] | null = null
  let config: RemoteProjectConfig = { features: {} }
  let configFailure: Error | null = null
  let origins: string[] = ['*']
  let analyticsEnabled = true
  const wait = () => (held ? new Promise<void>((resolve) => held!.push(resolve)) : Promise.resolve())

  const directory: WalletDirectory = {
    async getWallets(params, request = {}) {
      calls.push(params)
      await wait()
      if (request.signal?.aborted) {
        aborted.push(params)
        throw new ApiRequestError('Request was aborted', { code: 'ABORTED', details: 'aborted' })
      }
      if (failure) throw failure()
      return queryWallets(records, {
        page: params.page,
        entries: params.entries,
        include: [...(params.include ?? [])],
        exclude: [...(params.exclude ?? [])],
        chains: [...(params.chains ?? [])],
        search: params.search ?? '',
        badgeType: params.badgeType ?? null,
      })
    },
    async getProjectConfig() {
      if (configFailure) throw configFailure
      return structuredClone(config)
    },
    async getAllowedOrigins() {
      return [...origins]
    },
    async getAnalyticsConfig() {
      return { isAnalyticsEnabled: analyticsEnabled }
    },
    walletImageUrl: (id) => `http://127.0.0.1:9/getWalletImage/${id}`,
    assetImageUrl: (id) => `http://127.0.0.1:9/public/getAssetImage/${id}`,
    currencyImageUrl: (id) => `http://127.0.0.1:9/public/getCurrencyImage/${id}`,
    tokenImageUrl: (id) => `http://127.0.0.1:9/public/getTokenImage/${id}`,
  }
  return {
    directory,
    records,
    calls,
    aborted,
    fail(make: (() => Error) | null) {
      failure = make
    },
    hold() {
      held = []
    },
    release() {
      const waiting = held ?? []
      held = null
      for (const resolve of waiting) resolve()
    },
    setConfig(next: RemoteProjectConfig, error: Error | null = null) {
      config = next
      configFailure = error
    },
    setOrigins(next: string[]) {
      origins = next
    },
    setAnalyticsEnabled(enabled: boolean) {
      analyticsEnabled = enabled
    },
  }
}

/** The native balance row the blockchain data API answers for an account. */
export function nativeBalance(chainId: string, numeric: string, price = 3000): TokenBalance {
  return { name: 'Ether', symbol: 'ETH', chainId, price, value: Number(numeric) * price, quantity: { decimals: '18', numeric } }
}

/**
 * A blockchain data API whose `getBalance` answers from a script, recording calls. Every other
 * method rejects: the data plane must not call them.
 */
export function createFakeBlockchainApi(answer: (params: BalanceParams) => TokenBalance[] | null | Promise<TokenBalance[] | null>) {
  const calls: BalanceParams[] = []
  const unused = () => Promise.reject(new Error('not used by these tests'))
  const api: BlockchainApi = {
    getSupportedChains: unused,
    isNetworkSupported: unused,
    getIdentity: unused,
    getHistory: unused,
    getNfts: unused,
    async getBalance(params) {
      calls.push(params)
      return answer(params)
    },
    getFungiblePrices: unused,
    getSwapTokens: unused,
    getSwapQuotes: unused,
    getSwapAllowance: unused,
    getGasPrice: unused,
    buildSwapTransaction: unused,
    buildApproveTransaction: unused,
    lookupName: unused,
    reverseLookupNames: unused,
    getNameSuggestions: unused,
    registerName: unused,
    getOnrampOptions: unused,
    getOnrampQuote: unused,
    generateOnrampUrl: unused,
    getSessions: unused,
    createSession: unused,
    revokeSession: unused,
  }
  return { api, calls }
}
