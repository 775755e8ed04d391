import type {
  BalanceParams,
  BlockchainApi,
  ExchangePaymentStatus,
  PayExchangeInfo,
  FungiblePrice,
  GasPrice,
  HistoryPage,
  Identity,
  NameProfile,
  OnrampOptions,
  RequestOptions,
  SupportedChains,
  SwapQuote,
  SwapTransaction,
} from '../../core/apiPorts.js'
import { CHAIN_NAMESPACES, type NameSuggestion, type NftItem, type OnrampProvider, type OnrampQuote, type SwapToken, type TokenBalance } from '../../core/domain/entities.js'
import { readTransactions } from '../../core/domain/activity.js'
import type { HostedSession } from '../../core/domain/siwxSessions.js'
import { DEFAULT_PAYMENT_CURRENCIES, DEFAULT_PURCHASE_CURRENCY } from '../../core/domain/onramp.js'
import { GangwayError } from '../../core/errors/base.js'
import { isFresh, isTokenBalanceRetryBlocked, type CacheKind } from '../../core/domain/timing.js'
import { createSharedCalls } from './sharedCalls.js'
import { isWebUrl } from './walletRecord.js'
import { createHttpJson, expectArray, expectObject, expectString } from './httpJson.js'
import { ApiRequestError } from '../../core/errors/api.js'
import type { ApiClientOptions } from './apiUrl.js'

/** On-ramp options used when the API cannot be reached (spec §7): the domain's USD / EUR defaults. */
function defaultOnrampOptions(): OnrampOptions {
  return {
    paymentCurrencies: structuredClone([...DEFAULT_PAYMENT_CURRENCIES]),
    purchaseCurrencies: [structuredClone(DEFAULT_PURCHASE_CURRENCY)],
    providers: [],
  }
}

/** The providers of an options answer: those with a name and an http(s) page; others are left out. */
function parseOnrampProviders(value: unknown): OnrampProvider[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((p): OnrampProvider[] => {
    if (typeof p !== 'object' || p === null) return []
    const { name, label, url, feeRange, supportedChains } = p as Record<string, unknown>
    if (typeof name !== 'string' || name === '' || typeof url !== 'string' || !isWebUrl(url)) return []
    return [
      {
        name,
        url,
        ...(typeof label === 'string' ? { label } : {}),
        ...(typeof feeRange === 'string' ? { feeRange } : {}),
        ...(Array.isArray(supportedChains) ? { supportedChains: supportedChains.filter((c) => CHAIN_NAMESPACES.includes(c)) } : {}),
      },
    ]
  })
}

/** An exchange's icon: a web image, or an inline one (a data: URI of an image, bounded). */
const isIconUrl = (url: unknown): url is string =>
  isWebUrl(url) || (typeof url === 'string' && url.length <= 20_000 && /^data:image\/(svg\+xml|png|jpeg|webp)[;,]/.test(url))

/** The exchanges of an answer: those with an id and a name; a malformed icon is left out, not the exchange. */
function parsePayExchanges(value: unknown): PayExchangeInfo[] {
  return expectArray(value, 'exchanges').flatMap((e): PayExchangeInfo[] => {
    if (typeof e !== 'object' || e === null) return []
    const { id, name, imageUrl } = e as Record<string, unknown>
    if (typeof id !== 'string' || id === '' || id.length > 100 || typeof name !== 'string' || name === '' || name.length > 100) return []
    return [{ id, name, ...(isIconUrl(imageUrl) ? { imageUrl } : {}) }]
  })
}

/** An exchange payment's status; anything else is malformed. */
function parseExchangePaymentStatus(body: unknown): ExchangePaymentStatus {
  const o = expectObject(body, 'the payment status')
  const text = (v: unknown) => (typeof v === 'string' && v !== '' && v.length <= 200 ? v : undefined)
  switch (o.status) {
    case 'pending':
    case 'cancelled':
      return { status: o.status }
    case 'confirmed': {
      const blockNumber = text(o.blockNumber)
      return { status: 'confirmed', txHash: expectString(text(o.txHash), 'txHash'), ...(blockNumber ? { blockNumber } : {}) }
    }
    case 'failed': {
      const txHash = text(o.txHash)
      return { status: 'failed', error: typeof o.error === 'string' ? o.error.slice(0, 500) : 'the exchange did not say why', ...(txHash ? { txHash } : {}) }
    }
    default:
      throw new TypeError(`unknown payment status ${JSON.stringify(o.status)?.slice(0, 40)}`)
  }
}

/** Cached entries are bounded so a long session looking at many accounts stays small. */
const CACHE_MAX_ENTRIES = 256

type Entry<T> = { at: number; value: T }

/**
 * The blockchain data API client (spec §7): supported chains, identity, history, balances,
 * prices, swaps (convert), names (profile), on-ramp and sessions. Calls scoped to a network the
 * API does not list in `/v1/supported-chains` resolve empty without a request. Balances are
 * cached 30 s (a failure resolves `null` and blocks retries for 30 s); identity and reverse
 * names are cached 5 min.
 *
 * @example
 * const api = createBlockchainApiClient({ baseUrl, projectId, sdkType: 'gangway', sdkVersion: '0.1.0' })
 * const balances = await api.getBalance({ address, chainId: 'eip155:1' }) // TokenBalance[] | null
 */
export function createBlockchainApiClient(options: ApiClientOptions): BlockchainApi {
  const http = createHttpJson(options)
  const now = options.now ?? (() => Date.now())
  const enc = encodeURIComponent

  let supported: Promise<SupportedChains> | null = null
  const balances = new Map<string, Entry<TokenBalance[]>>()
  const balanceFailedAt = new Map<string, number>()
  // Why shared per caller signal: a lookup one caller gives up (a newer balance trigger) must
  // not fail another caller waiting for the same account, nor be recorded as a failure.
  const balanceCalls = createSharedCalls<TokenBalance[] | null>(
    (reason) => new ApiRequestError('Request was aborted', { code: 'ABORTED', details: 'The balance lookup was aborted', cause: reason }),
  )
  const identities = new Map<string, Entry<Identity>>()
  const names = new Map<string, Entry<NameProfile[]>>()

  function remember<T>(cache: Map<string, T>, key: string, value: T): void {
    cache.delete(key)
    cache.set(key, value)
    if (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
  }

  function fresh<T>(cache: Map<string, Entry<T>>, key: string, kind: CacheKind): T | undefined {
    const entry = cache.get(key)
    return entry && isFresh(now(), entry.at, kind) ? entry.value : undefined
  }

  function getSupportedChains(): Promise<SupportedChains> {
    // Why no signal: the list is shared by every caller; one caller giving up must not fail the others.
    supported ??= http.request({ path: '/v1/supported-chains' }, parseSupportedChains)
    supported.catch(() => {
      supported = null
    })
    return supported
  }

  async function isNetworkSupported(chainId: string): Promise<boolean> {
    return (await getSupportedChains()).http.includes(chainId)
  }

  /** The network (CAIP-2) of a CAIP-10 id, or undefined when `value` is not one. */
  function networkOf(value: string): string | undefined {
    const parts = value.split(':')
    return parts.length === 3 && parts.every((p) => p !== '') ? `${parts[0]}:${parts[1]}` : undefined
  }

  async function requireSupported(network: string | undefined, message: string): Promise<void> {
    if (network !== undefined && !(await isNetworkSupported(network))) throw new GangwayError(message, { details: network })
  }

  /** Name endpoints show the server's first reason, else the call's own message (spec §8). */
  async function nameCall<T>(fallback: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.code === 'ABORTED') throw error
      throw new ApiRequestError(error.serverReason ?? fallback, {
        status: error.status,
        serverMessage: error.serverMessage,
        serverReason: error.serverReason,
        details: error.details ?? fallback,
        code: typeof error.code === 'string' ? error.code : undefined,
        cause: error,
      })
    }
  }

  /** A session store call: a refusal of the request is `message`, the store's reason in the details; other failures keep their spec message. */
  async function sessionCall<T>(message: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      // 403 and 429 keep their spec messages ('Invalid App Configuration', 'Rate Limited').
      if (!(error instanceof ApiRequestError) || ![400, 401, 404, 409].includes(error.status ?? 0)) throw error
      const details = error.serverMessage ?? error.details ?? message
      throw new ApiRequestError(message, { status: error.status, serverMessage: error.serverMessage, details, cause: error })
    }
  }

  return {
    getSupportedChains: () => getSupportedChains(),
    isNetworkSupported: (chainId) => isNetworkSupported(chainId),

    async getIdentity({ address, sender, chainId }, { signal }: RequestOptions = {}): Promise<Identity> {
      if (chainId !== undefined && !(await isNetworkSupported(chainId))) return { name: null, avatar: null }
      const key = address.toLowerCase()
      const cached = fresh(identities, key, 'identity')
      if (cached) return cached
      const identity = await http.request({ path: `/v1/identity/${enc(address)}`, query: { sender }, signal }, parseIdentity)
      remember(identities, key, { at: now(), value: identity })
      return identity
    },

    async getHistory({ address, cursor, chainId, onramp }, { signal }: RequestOptions = {}): Promise<HistoryPage> {
      if (chainId !== undefined && !(await isNetworkSupported(chainId))) return { data: [], next: null }
      return http.request(
        // On-ramp activity is waited on as a purchase arrives: never from the browser's cache (spec §7).
        { path: `/v1/account/${enc(address)}/history`, query: { cursor: cursor || undefined, chainId, onramp }, signal, ...(onramp ? { cache: 'no-store' as const } : {}) },
        parseHistory,
      )
    },

    async getNfts({ address, chainId }, { signal }: RequestOptions = {}): Promise<NftItem[]> {
      if (chainId !== undefined && !(await isNetworkSupported(chainId))) return []
      return http.request({ path: `/v1/account/${enc(address)}/nfts`, query: { chainId }, signal }, parseNfts)
    },

    getBalance(params: BalanceParams, { signal }: RequestOptions = {}): Promise<TokenBalance[] | null> {
      const currency = params.currency ?? 'usd'
      // EVM addresses are case-insensitive (checksums); Solana's base58 ones are not.
      const who = params.chainId.startsWith('eip155:') ? params.address.toLowerCase() : params.address
      const key = `${who}|${params.chainId}|${currency}`
      if (isTokenBalanceRetryBlocked(now(), balanceFailedAt.get(key))) return Promise.resolve(null)
      const force = params.forceUpdate !== undefined && params.forceUpdate !== false
      if (!force) {
        const cached = fresh(balances, key, 'balance')
        if (cached) return Promise.resolve(cached)
      }
      const lookup = async (shared: AbortSignal): Promise<TokenBalance[] | null> => {
        try {
          if (!(await isNetworkSupported(params.chainId))) return []
          const result = await http.request(
            {
              path: `/v1/account/${enc(params.address)}/balance`,
              query: { currency, chainId: params.chainId, forceUpdate: force ? String(params.forceUpdate) : undefined },
              signal: shared,
            },
            parseBalances,
          )
          balanceFailedAt.delete(key)
          remember(balances, key, { at: now(), value: result })
          return result
        } catch (error) {
          // An aborted lookup is not a failure of the API: no retry block, nothing cached, and
          // it is aborted only once every caller waiting for it has gone.
          if (shared.aborted) throw error
          remember(balanceFailedAt, key, now())
          return null
        }
      }
      return balanceCalls.run(key, lookup, { signal, share: !force })
    },

    async getFungiblePrices({ addresses, currency = 'usd' }, { signal }: RequestOptions = {}): Promise<FungiblePrice[]> {
      const chains = (await getSupportedChains()).http
      const wanted = addresses.filter((a) => chains.includes(networkOf(a) ?? ''))
      if (wanted.length === 0) return []
      return http.request(
        { method: 'POST', path: '/v1/fungible/price', body: { projectId: options.projectId, currency, addresses: wanted }, signal },
        (body) =>
          expectArray(expectObject(body, 'the prices').fungibles, 'fungibles').map((f, i) => {
            const item = expectObject(f, `fungibles[${i}]`)
            if (typeof item.price !== 'number') throw new Error(`expected fungibles[${i}].price to be a number`)
            return item as FungiblePrice
          }),
      )
    },

    async getSwapTokens({ chainId }, { signal }: RequestOptions = {}): Promise<SwapToken[]> {
      if (!(await isNetworkSupported(chainId))) return []
      return http.request({ path: '/v1/convert/tokens', query: { chainId }, signal }, (body) =>
        expectArray(expectObject(body, 'the swap tokens').tokens, 'tokens') as SwapToken[],
      )
    },

    async getSwapQuotes(params, { signal }: RequestOptions = {}): Promise<SwapQuote[]> {
      const network = networkOf(params.from)
      if (network !== undefined && !(await isNetworkSupported(network))) return []
      return http.request({ path: '/v1/convert/quotes', query: { ...params }, signal }, (body) =>
        expectArray(expectObject(body, 'the quotes').quotes, 'quotes') as SwapQuote[],
      )
    },

    async getSwapAllowance({ tokenAddress, userAddress }, { signal }: RequestOptions = {}): Promise<string> {
      const network = networkOf(tokenAddress)
      if (network !== undefined && !(await isNetworkSupported(network))) return '0'
      return http.request({ path: '/v1/convert/allowance', query: { tokenAddress, userAddress }, signal }, (body) =>
        expectString(expectObject(body, 'the allowance').allowance, 'allowance'),
      )
    },

    async getGasPrice({ chainId }, { signal }: RequestOptions = {}): Promise<GasPrice> {
      await requireSupported(chainId, 'Network not supported for Gas Price')
      return http.request({ path: '/v1/convert/gas-price', query: { chainId }, signal }, (body) => {
        const price = expectObject(body, 'the gas price')
        return {
          standard: expectString(price.standard, 'standard'),
          fast: expectString(price.fast, 'fast'),
          instant: expectString(price.instant, 'instant'),
        }
      })
    },

    async buildSwapTransaction(params, { signal }: RequestOptions = {}): Promise<SwapTransaction> {
      await requireSupported(networkOf(params.from), 'Network not supported for Swaps')
      return http.request(
        { method: 'POST', path: '/v1/convert/build-transaction', body: { projectId: options.projectId, ...params }, signal },
        parseSwapTransaction,
      )
    },

    async buildApproveTransaction(params, { signal }: RequestOptions = {}): Promise<SwapTransaction> {
      await requireSupported(networkOf(params.from), 'Network not supported for Swaps')
      return http.request({ path: '/v1/convert/build-approve', query: { ...params }, signal }, parseSwapTransaction)
    },

    lookupName({ name }, { signal }: RequestOptions = {}): Promise<NameProfile> {
      return nameCall('Error resolving name', () =>
        http.request({ path: `/v1/profile/account/${enc(name)}`, query: { apiVersion: '2' }, signal }, (body) =>
          parseNameProfile(body, 'the profile'),
        ),
      )
    },

    async reverseLookupNames({ address, sender }, { signal }: RequestOptions = {}): Promise<NameProfile[]> {
      const key = address.toLowerCase()
      const cached = fresh(names, key, 'ens')
      if (cached) return cached
      const found = await nameCall('Error fetching names for address', () =>
        http.request({ path: `/v1/profile/reverse/${enc(address)}`, query: { sender, apiVersion: '2' }, signal }, (body) =>
          expectArray(body, 'the names').map((n, i) => parseNameProfile(n, `names[${i}]`)),
        ),
      )
      remember(names, key, { at: now(), value: found })
      return found
    },

    getNameSuggestions({ name, zone }, { signal }: RequestOptions = {}): Promise<NameSuggestion[]> {
      return nameCall('Error fetching name suggestions', () =>
        http.request({ path: `/v1/profile/suggestions/${enc(name)}`, query: { zone }, signal }, (body) =>
          expectArray(expectObject(body, 'the suggestions').suggestions, 'suggestions').map((s, i) => {
            expectString(expectObject(s, `suggestions[${i}]`).name, `suggestions[${i}].name`)
            return s as NameSuggestion
          }),
        ),
      )
    },

    registerName({ name, coinType, address, message, signature }, { signal }: RequestOptions = {}): Promise<boolean> {
      return nameCall(`Error registering name ${name}`, () =>
        http.request(
          { method: 'POST', path: '/v1/profile/account', body: { coin_type: coinType, address, message, signature }, signal },
          (body) => {
            const success = (body as { success?: unknown } | undefined)?.success
            return typeof success === 'boolean' ? success : true
          },
        ),
      )
    },

    async getOnrampOptions({ signal }: RequestOptions = {}): Promise<OnrampOptions> {
      try {
        return await http.request({ path: '/v1/onramp/options', signal }, (body) => {
          const o = expectObject(body, 'the on-ramp options')
          return {
            paymentCurrencies: expectArray(o.paymentCurrencies, 'paymentCurrencies'),
            purchaseCurrencies: expectArray(o.purchaseCurrencies, 'purchaseCurrencies'),
            providers: parseOnrampProviders(o.providers),
          } as OnrampOptions
        })
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === 'ABORTED') throw error
        return defaultOnrampOptions()
      }
    },

    getOnrampQuote(params, { signal }: RequestOptions = {}): Promise<OnrampQuote> {
      return http.request(
        { method: 'POST', path: '/v1/onramp/quote', body: { projectId: options.projectId, ...params }, signal },
        (body) => {
          const quote = expectObject(body, 'the quote')
          expectString(expectObject(quote.purchaseAmount, 'purchaseAmount').amount, 'purchaseAmount.amount')
          return quote as OnrampQuote
        },
      )
    },

    generateOnrampUrl(params, { signal }: RequestOptions = {}): Promise<string> {
      return http.request({ method: 'POST', path: '/v1/generators/onrampurl', body: { projectId: options.projectId, ...params }, signal }, (body) =>
        expectString(expectObject(body, 'the on-ramp URL').url, 'url'),
      )
    },

    getPayExchanges({ network, asset }, { signal }: RequestOptions = {}): Promise<PayExchangeInfo[]> {
      return http.request({ path: '/v1/exchanges', query: { network, asset }, signal }, (body) => parsePayExchanges(expectObject(body, 'the exchanges').exchanges))
    },

    createExchangePayment({ exchangeId, ...payment }, { signal }: RequestOptions = {}): Promise<{ sessionId: string; url: string }> {
      return http.request({ method: 'POST', path: `/v1/exchanges/${enc(exchangeId)}/payments`, body: payment, signal }, (body) => {
        const session = expectObject(body, 'the payment session')
        const url = expectString(session.url, 'url')
        // The page opens in a window of the visitor's: only a web page.
        if (!isWebUrl(url)) throw new TypeError("the exchange's page is not an http(s) URL")
        return { sessionId: expectString(session.sessionId, 'sessionId'), url }
      })
    },

    getExchangePayment({ sessionId }, { signal }: RequestOptions = {}): Promise<ExchangePaymentStatus> {
      return http.request({ path: `/v1/exchanges/payments/${enc(sessionId)}`, signal, cache: 'no-store' }, parseExchangePaymentStatus)
    },

    getSessions({ address }, { signal }: RequestOptions = {}): Promise<HostedSession[]> {
      return http.request({ path: `/v1/sessions/${enc(address)}`, signal }, (body) =>
        expectArray(Array.isArray(body) ? body : expectObject(body, 'the sessions').sessions, 'sessions').flatMap((s) => {
          const session = parseHostedSession(s)
          return session ? [session] : []
        }),
      )
    },

    createSession({ address, message, signature }, { signal }: RequestOptions = {}): Promise<HostedSession> {
      return sessionCall('Error signing message', () =>
        http.request({ method: 'POST', path: `/v1/sessions/${enc(address)}`, body: { message, signature }, signal }, (body) => {
          const session = parseHostedSession(expectObject(body, 'the session').session)
          if (!session) throw new TypeError('the session is malformed')
          return session
        }),
      )
    },

    async revokeSession({ address, pci, signature }, { signal }: RequestOptions = {}): Promise<void> {
      await sessionCall('Something went wrong', () =>
        http.request({ method: 'POST', path: `/v1/sessions/${enc(address)}/revoke`, body: { pci, signature }, signal }, () => undefined),
      )
    },
  }
}

function parseSupportedChains(body: unknown): SupportedChains {
  const o = expectObject(body, 'the supported chains')
  const list = (value: unknown, what: string) => (value === undefined ? [] : expectArray(value, what).map((c, i) => expectString(c, `${what}[${i}]`)))
  return { http: list(o.http, 'http'), ws: list(o.ws, 'ws') }
}

function parseIdentity(body: unknown): Identity {
  const o = expectObject(body, 'the identity')
  const text = (value: unknown, what: string) => {
    if (value === undefined || value === null || value === '') return null
    return expectString(value, what)
  }
  return { name: text(o.name, 'name'), avatar: text(o.avatar, 'avatar') }
}

function parseHistory(body: unknown): HistoryPage {
  const o = expectObject(body, 'the history')
  // A malformed transaction is left out, not the page: the others still show.
  const data = readTransactions(expectArray(o.data, 'data'))
  const next = o.next === undefined || o.next === null || o.next === '' ? null : expectString(o.next, 'next')
  return { data, next }
}

/**
 * The balances, checked item by item: an item without its symbol, chain or quantity is left
 * out; optional fields of the wrong type are dropped (an unknown price reads 0, as the API
 * sends for tokens it has no price for); fields the spec does not name are not copied.
 */
function parseBalances(body: unknown): TokenBalance[] {
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
  return expectArray(expectObject(body, 'the balance').balances, 'balances').flatMap((b): TokenBalance[] => {
    if (typeof b !== 'object' || b === null) return []
    const item = b as Record<string, unknown>
    const quantity = item.quantity as Record<string, unknown> | null | undefined
    const { symbol, chainId } = item
    if (typeof symbol !== 'string' || typeof chainId !== 'string') return []
    if (typeof quantity !== 'object' || quantity === null || typeof quantity.decimals !== 'string' || typeof quantity.numeric !== 'string') return []
    const balance: TokenBalance = {
      name: typeof item.name === 'string' ? item.name : symbol,
      symbol,
      chainId,
      price: finite(item.price) ? item.price : 0,
      quantity: { decimals: quantity.decimals, numeric: quantity.numeric },
    }
    if (typeof item.address === 'string') balance.address = item.address
    if (finite(item.value)) balance.value = item.value
    if (isWebUrl(item.iconUrl)) balance.iconUrl = item.iconUrl
    return [balance]
  })
}

/** The NFTs, item by item: one without its chain, contract, token id or name is left out; an image only when it is a web URL. */
/** A listed session, or null when a field is missing or of the wrong type. */
function parseHostedSession(value: unknown): HostedSession | null {
  if (typeof value !== 'object' || value === null) return null
  const { id, chainId, domain, uri, issuedAt, expirationTime } = value as Record<string, unknown>
  const text = (v: unknown): v is string => typeof v === 'string' && v !== ''
  if (!text(id) || !text(chainId) || !text(domain) || !text(uri) || !text(issuedAt)) return null
  if (expirationTime !== null && expirationTime !== undefined && !text(expirationTime)) return null
  return { id, chainId, domain, uri, issuedAt, expirationTime: expirationTime ?? null }
}

function parseNfts(body: unknown): NftItem[] {
  return expectArray(expectObject(body, 'the NFTs').nfts, 'nfts').flatMap((n): NftItem[] => {
    if (typeof n !== 'object' || n === null) return []
    const { chainId, contract, tokenId, name, collection, imageUrl, spam } = n as Record<string, unknown>
    if (typeof chainId !== 'string' || typeof contract !== 'string' || typeof tokenId !== 'string' || typeof name !== 'string') return []
    const item: NftItem = { chainId, contract, tokenId, name, collection: typeof collection === 'string' ? collection : name, spam: spam === true }
    if (isWebUrl(imageUrl)) item.imageUrl = imageUrl
    return [item]
  })
}

function parseSwapTransaction(body: unknown): SwapTransaction {
  const tx = expectObject(expectObject(body, 'the transaction').tx, 'tx')
  expectString(tx.data, 'tx.data')
  return tx as SwapTransaction
}

function parseNameProfile(body: unknown, what: string): NameProfile {
  const profile = expectObject(body, what)
  expectString(profile.name, `${what}.name`)
  return { ...profile, addresses: (profile.addresses ?? {}) as NameProfile['addresses'] } as NameProfile
}
