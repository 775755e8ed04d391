import { timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isAddress } from 'viem'
import type { WalletRecord } from '../../src/core/domain/entities'
import { createChainData, type GatewayChain, type GatewayCollection, type GatewayToken } from './chainData'
import { createControl, DEFAULT_PRICES, type FaultSpec, type GatewayControl } from './control'
import { gatewayLimits, type GatewayLimits } from './gatewayLimits'
import { generateIcon } from './icons'
import { chainClients } from './chainClients'
import { jsonRpcRoute } from './jsonRpcProxy'
import { convertRoutes, type GatewayAmm } from './convert'
import { createNameStore } from './names'
import { onrampRoutes } from './onramp'
import { exchangeRoutes } from './exchanges'
import { createSessionStore, sessionAddress } from './sessions'
import { memoryStorage, openStorage, type GatewayStorage, type StorageOptions } from './storage'
import { openInBackground, type PendingStorage } from './storageStartup'
import { isOriginAllowed } from '../../src/core/domain/origins'
import { createSolanaData, isSolanaAddress, SOLANA_DEFAULT_PRICES, type GatewaySolana } from './solanaData'
import type { Address as SolanaAddress } from '@solana/kit'
import { BITCOIN_DEFAULT_PRICES, createBitcoinData, type GatewayBitcoin } from './bitcoinData'
import {
  caip2Param,
  clip,
  enumParam,
  evmAddress,
  HttpError,
  ID_PATTERN,
  intParam,
  isPlainObject,
  stringParam,
} from './validate'
import { createWalletStore, parseWalletQuery, queryWallets } from './walletDirectory'
import { MAX_WALLET_COUNT } from './walletRecords'

export type { GatewayControl, FaultSpec } from './control'
export type { GatewayChain, GatewayCollection, GatewayToken } from './chainData'
export type { GatewaySolana, GatewaySolanaToken } from './solanaData'
export type { GatewayBitcoin } from './bitcoinData'
export type { GatewayLimits } from './gatewayLimits'
export type { GatewayAmm } from './convert'
export { DEFAULT_GATEWAY_LIMITS } from './gatewayLimits'

export type GatewayOptions = {
  /** Port; 0 (the default) picks a free one. */
  port?: number
  /** Address to listen on (default 127.0.0.1; `0.0.0.0` for every interface). */
  host?: string
  /**
   * Production mode: CORS answered only to the allowed origins (`allowedOrigins`), no `/_control`
   * routes unless `controlToken` is given, 5xx bodies generic (the detail goes to `log` as a
   * JSON line), every log line JSON.
   */
  production?: boolean
  /**
   * The `/_control` routes answer only requests with `Authorization: Bearer <token>` (401
   * otherwise); without one, production mode serves none (404) and development mode all.
   */
  controlToken?: string
  /** The project's allowed origins at start and after a reset (`GET /projects/v1/origins`; default `http://localhost:*`, `http://127.0.0.1:*`). */
  allowedOrigins?: string[]
  /**
   * How a PostgreSQL server (`database.url`) that cannot be reached at start is retried: after
   * `minDelayMs` (default 250), doubling up to `maxDelayMs` (default 10 000). Meanwhile the
   * gateway serves what needs no database and answers the rest 503 with `Retry-After: 1`.
   */
  databaseRetry?: { minDelayMs?: number; maxDelayMs?: number }
  /** Whether every request is logged (default true); errors are logged either way. */
  logRequests?: boolean
  chains: GatewayChain[]
  tokens: GatewayToken[]
  /** ERC-721 collections: their transfers in history, their tokens in `/v1/account/{address}/nfts`. */
  collections?: GatewayCollection[]
  /** A Solana validator whose accounts' balances (SOL and the listed SPL mints) the data API serves. */
  solana?: GatewaySolana
  /**
   * A Bitcoin network (mainnet, testnet or regtest) and its Esplora server: the gateway serves an
   * Esplora-shaped API over it at `/v1/esplora/{reference}/…` and its addresses' BTC balances.
   */
  bitcoin?: GatewayBitcoin
  /**
   * Where names and sign-in sessions are kept: `{ url }` a PostgreSQL server (`DATABASE_URL`; several
   * gateways may share it), `{ dataDir? }` PGlite (PostgreSQL in WASM) on disk or in memory, on a
   * worker thread of its own (`pgliteThread: 'main'` runs it on the event loop); without it, this
   * process's memory.
   */
  database?: StorageOptions
  /** Uniswap V2 deployments (factory, router, WETH) the swap API quotes and builds on, per chain. */
  amm?: GatewayAmm[]
  /** The account the dev on-ramp providers deliver from (it holds the test USDC reserve). */
  treasury?: { address: `0x${string}`; privateKey: `0x${string}` }
  /** The account the dev exchanges' withdrawals leave from on the EVM chains (Pay from an exchange). */
  exchangeHotWallet?: { address: `0x${string}`; privateKey: `0x${string}` }
  /** Names the name API resolves from the start (and again after a reset), e.g. `{ 'alice.gangway': '0xf39F…' }`. */
  names?: Record<string, `0x${string}`>
  /** Wallets listed before the bundled directory (e.g. the local sample wallet with its URL). */
  extraWallets?: WalletRecord[]
  /** Receives one line per request and any internal error. */
  log?: (line: string) => void
  /** Memory bounds; each one missing takes its value from DEFAULT_GATEWAY_LIMITS. */
  limits?: Partial<GatewayLimits>
}

/** What the gateway holds in memory now, and what it refused to hold. */
export type GatewayStats = {
  /** Requests answered since start. */
  requests: number
  /** Request bodies refused for size (413) or because too many bytes were being read at once (503). */
  bodiesRefused: number
  /** Body bytes held right now, over every request being read. */
  bodyBytesBuffered: number
  /** The most body bytes ever held for one request. */
  largestBodyBuffered: number
  /** Analytics events kept, their bytes as JSON, and how many were dropped for the caps. */
  analyticsEvents: number
  analyticsBytes: number
  analyticsDropped: number
  identities: number
  /** Sign-in sessions kept. */
  sessions: number
  /** Names the name API resolves. */
  names: number
  priceSymbols: number
  features: number
  /** The bounds in force. */
  limits: GatewayLimits
}

export type Gateway = {
  url: string
  /**
   * Stops taking connections, lets the requests in flight finish for up to `graceMs` (default 0:
   * none), then closes every connection and the database.
   */
  stop(options?: { graceMs?: number }): Promise<void>
  control: GatewayControl
  stats(): GatewayStats
}

/** What a 5xx answers in production mode, whatever went wrong (the detail is logged). */
const GENERIC_ERRORS: Record<number, string> = {
  502: 'An upstream node failed; retry shortly',
  503: 'The service is unavailable; retry shortly',
  504: 'An upstream node did not answer in time',
}

/** The most sessions one page of `GET /v1/sessions/{address}` lists, and how many it lists by default. */
const MAX_SESSIONS_PAGE = 100

/** What a refused client may still send, discarded, before it is disconnected (at least). */
const DISCARD_ALLOWANCE_BYTES = 1024 * 1024

/** Body accounting shared by every request of one gateway. */
type BodyBudget = { limits: GatewayLimits; buffered: number; largest: number; refused: number }

export type Ctx = {
  req: IncomingMessage
  url: URL
  /** Decoded path parameters of the matched route. */
  params: string[]
  /** `http://host:port` as the client reached the gateway, for absolute icon URLs. */
  baseUrl: string
  /** The JSON request body (`undefined` when empty). */
  body(): Promise<unknown>
  /** The request body as text (within the same limits). */
  text(): Promise<string>
}

/** `html` is a whole page (the dev on-ramp providers' pages); `text` plain text; a 204 has no body; `headers` go with the answer. */
export type Reply = { status?: number; json?: unknown; svg?: string; html?: string; text?: string; headers?: Record<string, string> }

export type Route = {
  method: string
  pattern: RegExp
  handler: (ctx: Ctx) => Reply | Promise<Reply>
  /** Whether the query must carry a projectId (every API call does; images and control do not). */
  project?: boolean
  /** Errors answered as plain text (the message alone), as Esplora answers them, instead of `{ error }`. */
  textErrors?: boolean
}

/**
 * Starts the local gateway on 127.0.0.1: the wallet directory API, the blockchain data API
 * over the given local chains, an analytics sink, and `/_control/…` switches for tests.
 *
 * @example
 * const gateway = await startGateway({ chains, tokens })
 * await fetch(`${gateway.url}/getWallets?projectId=p&page=1&entries=40`)
 * gateway.control.setFault({ status: 429, count: 1 })
 * await gateway.stop()
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const production = options.production === true
  const write = options.log ?? (() => {})
  /** One log line: JSON in production mode (`{ time, level, msg, … }`), text otherwise. */
  const report = (level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}) =>
    write(
      production
        ? JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })
        : [msg, ...Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)].join(' '),
    )
  const limits = gatewayLimits(options.limits)
  const database = options.database
  // A server may be down at start: it is opened in the background, retried with backoff. PGlite
  // (a directory of this machine) and memory open at once or not at all.
  const pending: PendingStorage | null = database?.url
    ? openInBackground('postgres', () => openStorage(database), {
        ...options.databaseRetry,
        onError: (error, retryInMs) => report('error', 'database unavailable at start', { detail: (error as Error)?.message ?? String(error), retryInMs }),
      })
    : null
  const storage: GatewayStorage = pending ?? (database ? await openStorage(database) : memoryStorage())
  const clients = chainClients(options.chains)
  const sessions = createSessionStore({ storage, clients, solanaNetworks: options.solana ? [options.solana.caipNetworkId] : [], maxSessions: limits.maxSessions })
  const names = createNameStore({ storage, maxNames: limits.maxNames, clients, ...(options.names ? { initial: options.names } : {}) })
  // A server that answers at once is open before the gateway listens, as PGlite is; one that
  // does not is waited for in the background.
  if (pending) await pending.firstAttempt
  if (pending && !pending.isOpen()) {
    // The start's names once the database opens (a failure then is the next reset's to mend).
    void pending.ready.then(() => (pending.isOpen() ? names.reset() : undefined)).catch((error: unknown) => report('error', 'could not set the start names', { detail: String(error) }))
  } else {
    try {
      await names.reset()
    } catch (error) {
      await storage.close().catch(() => {})
      throw error
    }
  }
  /** Set once stop() begins: answers close their connection. */
  let draining = false
  /** The last reset of the storage; requests wait for it, so they see what it left. */
  let storageReset: Promise<void> = Promise.resolve()
  let started = false
  const control = createControl(
    limits,
    { ...DEFAULT_PRICES, ...(options.solana ? SOLANA_DEFAULT_PRICES : {}), ...(options.bitcoin ? BITCOIN_DEFAULT_PRICES : {}) },
    () => {
      // The control resets once as it is made: that one must not empty a database other gateways share.
      if (!started) return
      storageReset = storageReset
        .catch(() => {})
        .then(async () => {
          await storage.clear()
          sessions.cleared()
          await names.reset()
        })
    },
    storage.analytics,
    options.allowedOrigins,
  )
  if (options.allowedOrigins) control.setAllowedOrigins(options.allowedOrigins)
  started = true
  const budget: BodyBudget = { limits, buffered: 0, largest: 0, refused: 0 }
  let requests = 0
  const host = options.host ?? '127.0.0.1'
  /** Requests being handled, and what stop() waits on while they finish. */
  let inFlight = 0
  let drained: (() => void) | undefined
  const wallets = createWalletStore(options.extraWallets ? { extraWallets: options.extraWallets } : {})
  const chainData = createChainData({ chains: options.chains, tokens: options.tokens, collections: options.collections ?? [], prices: () => control.getPrices(), clients, storage })
  const solanaData = options.solana ? createSolanaData({ solana: options.solana, prices: () => control.getPrices() }) : null
  const bitcoinData = options.bitcoin ? createBitcoinData({ bitcoin: options.bitcoin, prices: () => control.getPrices() }) : null
  /** CAIP-2 ids of every network served: the EVM chains, then the Solana cluster, then the Bitcoin network. */
  const servedNetworks = [...options.chains.map((c) => `eip155:${c.chainId}`), ...(solanaData ? [solanaData.caipNetworkId] : []), ...(bitcoinData ? [bitcoinData.caipNetworkId] : [])]
  const stopped = new AbortController()

  const routes: Route[] = [
    ...directoryRoutes(),
    ...blockchainRoutes(),
    ...esploraRoutes(),
    ...convertRoutes({ chains: options.chains, tokens: options.tokens, amm: options.amm ?? [], clients, prices: () => control.getPrices() }),
    ...onrampRoutes({
      prices: () => control.getPrices(),
      chains: options.chains,
      tokens: options.tokens,
      clients,
      ...(options.treasury ? { treasury: options.treasury } : {}),
      ...(options.solana ? { solana: options.solana } : {}),
    }),
    ...exchangeRoutes({
      chains: options.chains,
      tokens: options.tokens,
      ...(options.exchangeHotWallet ? { hotWallet: options.exchangeHotWallet } : {}),
      ...(options.solana ? { solana: options.solana } : {}),
    }),
    // Spec §7's JSON-RPC, forwarded to the chains' nodes: what the modal reads networks through besides their own URLs.
    jsonRpcRoute({ nodes: new Map([...options.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl] as const), ...(options.solana ? [[options.solana.caipNetworkId, options.solana.rpcUrl] as const] : [])]), signal: stopped.signal,
      ...(production ? { report: (failure: { chainId: string; detail: string }) => report('error', 'node failed', failure) } : {}),
    }),
    ...(production && options.controlToken === undefined ? [] : controlRoutes()),
    { method: 'GET', pattern: /^\/$/, handler: () => ({ json: { name: 'gangway-gateway', chains: servedNetworks } }) },
    // Liveness: the process answers. Readiness, for a load balancer: the database answers too
    // (503 with Retry-After while it cannot be reached).
    { method: 'GET', pattern: /^\/health$/, handler: () => ({ json: { ok: true } }) },
    // PGlite's memory too: it lives in this process, where it is most of what the process holds.
    { method: 'GET', pattern: /^\/ready$/, handler: async () => (await storage.ping(), { json: { ready: true, storage: storage.kind, ...(storage.memory ? { storageMemory: await storage.memory() } : {}) } }) },
  ]

  function directoryRoutes(): Route[] {
    const image = (shape: 'square' | 'circle', label?: (id: string) => string | undefined) => (ctx: Ctx): Reply => {
      const id = ctx.params[0]!
      if (!ID_PATTERN.test(id)) throw new HttpError(400, `Invalid image id '${clip(id)}'`)
      const name = label ? label(id) : id
      if (name === undefined) throw new HttpError(404, `Unknown wallet image '${clip(id)}'`)
      return { svg: generateIcon({ seed: id, label: name, shape }) }
    }
    return [
      {
        method: 'GET',
        pattern: /^\/getWallets$/,
        project: true,
        handler: ({ url }) => {
          const query = parseWalletQuery(url.searchParams)
          const count = url.searchParams.has('wallets')
            ? intParam(url.searchParams, 'wallets', { min: 1, max: MAX_WALLET_COUNT })
            : control.getWalletCount()
          return { json: queryWallets(wallets.records(count), query) }
        },
      },
      { method: 'GET', pattern: /^\/getWalletImage\/([^/]+)$/, handler: image('square', (id) => wallets.imageOwner(id)) },
      { method: 'GET', pattern: /^\/public\/getAssetImage\/([^/]+)$/, handler: image('circle') },
      { method: 'GET', pattern: /^\/public\/getCurrencyImage\/([^/]+)$/, handler: image('circle') },
      { method: 'GET', pattern: /^\/public\/getTokenImage\/([^/]+)$/, handler: image('circle') },
      { method: 'GET', pattern: /^\/appkit\/v1\/config$/, project: true, handler: () => ({ json: { features: control.getFeatures() } }) },
      { method: 'GET', pattern: /^\/projects\/v1\/origins$/, project: true, handler: () => ({ json: { allowedOrigins: control.getAllowedOrigins() } }) },
      {
        method: 'GET',
        pattern: /^\/getAnalyticsConfig$/,
        project: true,
        handler: () => ({ json: { isAnalyticsEnabled: control.getAnalyticsEnabled() } }),
      },
      {
        method: 'POST',
        pattern: /^\/e$/,
        project: true,
        handler: async ({ req, url, body }) => {
          const event = await body()
          if (!isPlainObject(event)) throw new HttpError(400, 'Analytics body must be a JSON object')
          if (typeof event.eventId !== 'string' || event.eventId === '') throw new HttpError(400, "Analytics body needs a string 'eventId'")
          if (!isPlainObject(event.props)) throw new HttpError(400, "Analytics body needs an object 'props'")
          const q = url.searchParams
          await control.recordAnalytics({
            receivedAt: Date.now(),
            query: { projectId: q.get('projectId'), st: q.get('st'), sv: q.get('sv') },
            origin: typeof req.headers.origin === 'string' ? req.headers.origin : null,
            body: event,
          })
          return { json: { received: true } }
        },
      },
    ]
  }

  /**
   * A Solana account of the history and NFT routes: named by a `solana:` chainId, or by a base58
   * address alone (no chainId); null for any other account (an EVM one). A `solana:` chainId with
   * an address that is not a 32-byte base58 one is a 400; `served` says whether the gateway
   * serves that cluster (one it does not has nothing to list).
   */
  function solanaAccount(raw: string, params: URLSearchParams): { address: SolanaAddress; served: boolean } | null {
    const network = caip2Param(params, 'chainId')
    const solana = network === null ? !isAddress(raw) && isSolanaAddress(raw) : network.startsWith('solana:')
    if (!solana) return null
    if (!isSolanaAddress(raw)) throw new HttpError(400, `Invalid address '${clip(raw)}': expected a base58 Solana address (32 bytes)`)
    return { address: raw, served: solanaData !== null && (network === null || network === solanaData.caipNetworkId) }
  }

  /** A `chainId` query (CAIP-2) as the numeric EVM ids to answer for; `[]` for other namespaces. */
  function chainFilter(params: URLSearchParams): number[] | null {
    const caip2 = caip2Param(params, 'chainId')
    if (caip2 === null) return null
    const [namespace, reference] = caip2.split(':')
    return namespace === 'eip155' && /^\d{1,15}$/.test(reference!) ? [Number(reference)] : []
  }

  /** The Esplora-shaped API of the Bitcoin network (`/v1/esplora/{reference}/…`), errors as text like Esplora's. */
  function esploraRoutes(): Route[] {
    const pattern = /^\/v1\/esplora\/([^/]+)(\/.*)$/
    const handler = async ({ req, url, params, text }: Ctx): Promise<Reply> => {
      const reference = params[0]!
      if (bitcoinData === null || reference !== bitcoinData.reference) throw new HttpError(404, `No Bitcoin network bip122:${clip(reference)} is served here`)
      // The path as sent (each segment decoded on its own: an encoded '/' stays in its segment).
      const answer = await bitcoinData.esplora(req.method ?? 'GET', pattern.exec(url.pathname)![2]!, text)
      return 'json' in answer ? { json: answer.json } : { text: answer.text }
    }
    return [
      { method: 'GET', pattern, project: true, textErrors: true, handler },
      { method: 'POST', pattern, project: true, textErrors: true, handler },
    ]
  }

  function blockchainRoutes(): Route[] {
    return [
      {
        method: 'GET',
        pattern: /^\/v1\/supported-chains$/,
        project: true,
        handler: () => ({ json: { http: servedNetworks, ws: [] } }),
      },
      {
        method: 'GET',
        pattern: /^\/v1\/identity\/([^/]+)$/,
        project: true,
        handler: async ({ params, url }) => {
          const address = evmAddress(params[0])
          const sender = url.searchParams.get('sender')
          if (sender !== null && sender !== '') evmAddress(sender, 'sender')
          // The identity is the address's own (set through the control); the names pointing at it
          // are the name API's answer (`/v1/profile/reverse/{address}`), not this one's.
          return { json: control.getIdentity(address) }
        },
      },
      {
        method: 'GET',
        pattern: /^\/v1\/account\/([^/]+)\/history$/,
        project: true,
        handler: async ({ params, url, baseUrl }) => {
          const q = url.searchParams
          const solana = solanaAccount(params[0]!, q)
          const onramp = enumParam(q, 'onramp', ['coinbase'])
          const cursor = stringParam(q, 'cursor', 100)
          const limit = intParam(q, 'limit', { min: 1, max: 100, fallback: 20 })
          if (solana !== null) {
            // The dev on-ramp's Solana deliveries are faucet airdrops, not a treasury's transfers: none to list.
            if (onramp !== null) return { json: { data: [], next: null }, headers: { 'cache-control': 'no-store' } }
            return { json: solana.served ? await solanaData!.history(solana.address, { cursor: cursor || null, limit, baseUrl }) : { data: [], next: null } }
          }
          const address = evmAddress(params[0])
          const chainIds = chainFilter(q)
          const query = { chainIds, cursor: cursor || null, limit, baseUrl }
          if (onramp === null) return { json: await chainData.history(address, query) }
          // On-ramp activity: what the dev providers delivered (transfers from the treasury; none
          // without one), never from a cache, as a purchase is being waited for.
          const page = options.treasury ? await chainData.history(address, { ...query, deliveredBy: options.treasury.address }) : { data: [], next: null }
          return { json: page, headers: { 'cache-control': 'no-store' } }
        },
      },
      {
        // Not in the spec's list: the NFTs an account holds, for the Account view's NFTs tab.
        method: 'GET',
        pattern: /^\/v1\/account\/([^/]+)\/nfts$/,
        project: true,
        handler: async ({ params, url, baseUrl }) => {
          const solana = solanaAccount(params[0]!, url.searchParams)
          if (solana !== null) return { json: { nfts: solana.served ? await solanaData!.nfts(solana.address, baseUrl) : [] } }
          const address = evmAddress(params[0])
          return { json: { nfts: await chainData.nfts(address, chainFilter(url.searchParams), baseUrl) } }
        },
      },
      {
        method: 'GET',
        pattern: /^\/v1\/account\/([^/]+)\/balance$/,
        project: true,
        handler: async ({ params, url, baseUrl }) => {
          const q = url.searchParams
          const network = caip2Param(q, 'chainId')
          const raw = params[0]!
          // A Bitcoin account: named by a bip122: chainId, or by an address of the served network alone.
          if (network === null ? !isAddress(raw) && bitcoinData?.isAddress(raw) === true : network.startsWith('bip122:')) {
            enumParam(q, 'currency', ['usd'])
            stringParam(q, 'forceUpdate', 200)
            if (bitcoinData === null || (network !== null && network !== bitcoinData.caipNetworkId)) {
              // A network not served: nothing to report, as for Solana, but a junk address is still refused.
              if (!/^[A-Za-z0-9]{14,90}$/.test(raw)) throw new HttpError(400, `Invalid address '${clip(raw)}': expected a Bitcoin address`)
              return { json: { balances: [] } }
            }
            if (!bitcoinData.isAddress(raw)) throw new HttpError(400, `Invalid address '${clip(raw)}': expected a Bitcoin address of ${bitcoinData.caipNetworkId}`)
            return { json: { balances: await bitcoinData.balances(raw, baseUrl) } }
          }
          // A Solana account: named by a solana: chainId, or by its base58 address alone.
          const solana = network === null ? !isAddress(raw) && isSolanaAddress(raw) : network.startsWith('solana:')
          if (!solana) {
            const address = evmAddress(raw)
            enumParam(q, 'currency', ['usd'])
            stringParam(q, 'forceUpdate', 200)
            // Why: no chainId asks every network, so an EVM address gets no Solana balances and back.
            return { json: { balances: await chainData.balances(address, chainFilter(q), baseUrl) } }
          }
          if (!isSolanaAddress(raw)) throw new HttpError(400, `Invalid address '${clip(raw)}': expected a base58 Solana address (32 bytes)`)
          enumParam(q, 'currency', ['usd'])
          stringParam(q, 'forceUpdate', 200)
          const served = solanaData !== null && (network === null || network === solanaData.caipNetworkId)
          return { json: { balances: served ? await solanaData.balances(raw, baseUrl) : [] } }
        },
      },
      // Names (spec §7): registered by a signed message, or given at start / set through the control.
      {
        method: 'GET',
        pattern: /^\/v1\/profile\/suggestions\/([^/]+)$/,
        project: true,
        handler: async ({ params, url }) => ({ json: { suggestions: await names.suggest(params[0]!, url.searchParams.get('zone')) } }),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/profile\/account$/,
        project: true,
        handler: async ({ body }) => ({ json: { success: true, name: await names.register(await body()) } }),
      },
      {
        method: 'GET',
        pattern: /^\/v1\/profile\/account\/([^/]+)$/,
        project: true,
        handler: async ({ params }) => ({ json: await names.lookup(params[0]!) }),
      },
      {
        method: 'GET',
        pattern: /^\/v1\/profile\/reverse\/([^/]+)$/,
        project: true,
        handler: async ({ params }) => ({ json: await names.reverse(evmAddress(params[0])) }),
      },
      // Sign-in sessions (spec §7), of EVM and Solana accounts. POST of a session is not in the
      // spec's list: it is how the modal hands a signed sign-in message (EIP-4361, or Sign-In With
      // Solana) to the hosted session store, which checks it is for the posting page's domain.
      {
        method: 'GET',
        pattern: /^\/v1\/sessions\/([^/]+)$/,
        project: true,
        handler: async ({ params, url }) => {
          const q = url.searchParams
          const address = sessionAddress(params[0])
          const limit = intParam(q, 'limit', { min: 1, max: MAX_SESSIONS_PAGE, fallback: MAX_SESSIONS_PAGE })
          const cursor = stringParam(q, 'cursor', 20)
          if (cursor !== null && cursor !== '' && !/^[1-9]\d{0,15}$/.test(cursor)) throw new HttpError(400, `Query 'cursor' must be the 'next' of an earlier page, got '${clip(cursor)}'`)
          return { json: await sessions.page(address, cursor ? Number(cursor) : null, limit) }
        },
      },
      {
        method: 'POST',
        pattern: /^\/v1\/sessions\/([^/]+)$/,
        project: true,
        handler: async ({ req, params, body }) => ({
          status: 201,
          json: { session: await sessions.create(sessionAddress(params[0]), await body(), { origin: typeof req.headers.origin === 'string' ? req.headers.origin : null }) },
        }),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/sessions\/([^/]+)\/revoke$/,
        project: true,
        handler: async ({ params, body }) => (await sessions.revoke(sessionAddress(params[0]), await body()), { json: { success: true } }),
      },
      {
        method: 'POST',
        pattern: /^\/v1\/fungible\/price$/,
        handler: async ({ url, body, baseUrl }) => {
          const request = await body()
          if (!isPlainObject(request)) throw new HttpError(400, 'Body must be a JSON object { currency, addresses, projectId }')
          const projectId = request.projectId ?? url.searchParams.get('projectId')
          if (typeof projectId !== 'string' || projectId === '') throw new HttpError(400, "projectId is required (in the body or the query)")
          if (request.currency !== undefined && request.currency !== 'usd') throw new HttpError(400, "currency must be 'usd'")
          const { addresses } = request
          if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > 100) {
            throw new HttpError(400, 'addresses must be an array of 1 to 100 CAIP-10 token ids')
          }
          for (const a of addresses) {
            const parts = typeof a === 'string' ? a.split(':') : []
            if (parts.length !== 3 || parts.some((p) => p === '') || (parts[0] === 'eip155' && !isAddress(parts[2]!, { strict: false }))) {
              throw new HttpError(400, `Invalid CAIP-10 token id '${clip(String(a))}'`)
            }
          }
          // Each priced token names the id it was asked by, so a client matches prices to tokens
          // (tokens the gateway does not know are left out, so the order alone cannot tell).
          const fungibles = (addresses as string[]).flatMap((a) => {
            const found = chainData.fungible(a, baseUrl) ?? solanaData?.fungible(a, baseUrl)
            return found ? [{ ...found, address: a }] : []
          })
          return { json: { fungibles } }
        },
      },
    ]
  }

  function controlRoutes(): Route[] {
    const state = () => ({
      features: control.getFeatures(),
      allowedOrigins: control.getAllowedOrigins(),
      isAnalyticsEnabled: control.getAnalyticsEnabled(),
      fault: control.getFault(),
      walletCount: control.getWalletCount(),
      prices: control.getPrices(),
      analyticsCount: control.memory().analyticsEvents,
    })
    const field = async (ctx: Ctx, name: string): Promise<unknown> => {
      const body = await ctx.body()
      if (!isPlainObject(body) || !(name in body)) throw new HttpError(400, `Body must be a JSON object with '${name}'`)
      return body[name]
    }
    const features: Route['handler'] = () => ({ json: { features: control.getFeatures() } })
    const origins: Route['handler'] = () => ({ json: { allowedOrigins: control.getAllowedOrigins() } })
    const analyticsConfig: Route['handler'] = () => ({ json: { isAnalyticsEnabled: control.getAnalyticsEnabled() } })
    const fault: Route['handler'] = () => ({ json: { fault: control.getFault() } })
    const walletCount: Route['handler'] = () => ({ json: { count: control.getWalletCount() } })
    const prices: Route['handler'] = () => ({ json: { prices: control.getPrices() } })
    const identity: Route['handler'] = ({ params }) => ({ json: control.getIdentity(evmAddress(params[0])) })
    const analytics: Route['handler'] = async () => ({ json: { events: await control.analytics() } })
    return [
      { method: 'GET', pattern: /^\/_control\/state$/, handler: () => ({ json: state() }) },
      {
        method: 'POST',
        pattern: /^\/_control\/reset$/,
        handler: async () => {
          control.reset()
          await storageReset
          return { json: state() }
        },
      },
      { method: 'GET', pattern: /^\/_control\/features$/, handler: features },
      {
        method: 'PUT',
        pattern: /^\/_control\/features$/,
        handler: async (ctx) => (control.setFeatures((await field(ctx, 'features')) as never), features(ctx)),
      },
      {
        method: 'PUT',
        pattern: /^\/_control\/features\/([^/]+)$/,
        handler: async (ctx) => {
          const body = await ctx.body()
          if (!isPlainObject(body)) throw new HttpError(400, 'Body must be a JSON object { isEnabled, config? }')
          control.setFeature(ctx.params[0]!, body.isEnabled as boolean, body.config)
          return features(ctx)
        },
      },
      { method: 'GET', pattern: /^\/_control\/origins$/, handler: origins },
      {
        method: 'PUT',
        pattern: /^\/_control\/origins$/,
        handler: async (ctx) => (control.setAllowedOrigins((await field(ctx, 'allowedOrigins')) as never), origins(ctx)),
      },
      { method: 'GET', pattern: /^\/_control\/analytics-config$/, handler: analyticsConfig },
      {
        method: 'PUT',
        pattern: /^\/_control\/analytics-config$/,
        handler: async (ctx) => (control.setAnalyticsEnabled((await field(ctx, 'isAnalyticsEnabled')) as never), analyticsConfig(ctx)),
      },
      { method: 'GET', pattern: /^\/_control\/fault$/, handler: fault },
      { method: 'PUT', pattern: /^\/_control\/fault$/, handler: async (ctx) => (control.setFault((await ctx.body()) as never), fault(ctx)) },
      { method: 'DELETE', pattern: /^\/_control\/fault$/, handler: (ctx) => (control.setFault(null), fault(ctx)) },
      { method: 'GET', pattern: /^\/_control\/wallets$/, handler: walletCount },
      {
        method: 'PUT',
        pattern: /^\/_control\/wallets$/,
        handler: async (ctx) => (control.setWalletCount((await field(ctx, 'count')) as never), walletCount(ctx)),
      },
      { method: 'GET', pattern: /^\/_control\/prices$/, handler: prices },
      {
        method: 'PUT',
        pattern: /^\/_control\/prices$/,
        handler: async (ctx) => (control.setPrices((await field(ctx, 'prices')) as never), prices(ctx)),
      },
      { method: 'GET', pattern: /^\/_control\/identity\/([^/]+)$/, handler: identity },
      {
        method: 'PUT',
        pattern: /^\/_control\/identity\/([^/]+)$/,
        handler: async (ctx) => (control.setIdentity(evmAddress(ctx.params[0]), (await ctx.body()) as never), identity(ctx)),
      },
      {
        method: 'DELETE',
        pattern: /^\/_control\/identity\/([^/]+)$/,
        handler: (ctx) => (control.setIdentity(evmAddress(ctx.params[0]), null), identity(ctx)),
      },
      { method: 'GET', pattern: /^\/_control\/names\/([^/]+)$/, handler: async (ctx) => ({ json: await names.lookup(ctx.params[0]!) }) },
      {
        method: 'PUT',
        pattern: /^\/_control\/names\/([^/]+)$/,
        handler: async (ctx) => {
          const body = await ctx.body()
          if (!isPlainObject(body) || !('address' in body)) throw new HttpError(400, "Body must be a JSON object with 'address' (and 'attributes', optional)")
          return { json: await names.set(ctx.params[0]!, evmAddress(typeof body.address === 'string' ? body.address : ''), Date.now(), body.attributes) }
        },
      },
      { method: 'DELETE', pattern: /^\/_control\/names\/([^/]+)$/, handler: async (ctx) => (await names.set(ctx.params[0]!, null), { json: { deleted: true } }) },
      { method: 'GET', pattern: /^\/_control\/analytics$/, handler: analytics },
      { method: 'DELETE', pattern: /^\/_control\/analytics$/, handler: async (ctx) => (await control.clearAnalytics(), analytics(ctx)) },
    ]
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    requests++
    const method = req.method ?? 'GET'
    const rawUrl = req.url ?? '/'
    let status = 500
    inFlight++
    const requested = headerValue(req.headers['access-control-request-headers'])
    const origin = headerValue(req.headers.origin)
    // Production: only a page of the project's allowed origins may read the answers.
    const cors: Record<string, string> =
      !production || (origin !== undefined && isOriginAllowed(origin, control.getAllowedOrigins()))
        ? {
            'access-control-allow-origin': production ? origin! : '*',
            'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
            'access-control-allow-headers': requested && /^[A-Za-z0-9, -]{1,500}$/.test(requested) ? requested : 'content-type',
            'access-control-max-age': '600',
          }
        : {}
    if (production) cors.vary = 'Origin'
    const send = (code: number, body: string, contentType: string, extra: Record<string, string> = {}) => {
      status = code
      if (res.headersSent || res.destroyed) return
      // While the gateway stops, an answer closes its connection (a keep-alive client reconnects elsewhere).
      res.writeHead(code, { ...cors, 'content-type': contentType, 'cache-control': 'no-store', ...extra, ...(draining ? { connection: 'close' } : {}) })
      res.end(body)
    }
    const sendJson = (code: number, value: unknown, extra?: Record<string, string>) =>
      send(code, JSON.stringify(value), 'application/json; charset=utf-8', extra)
    /** Set once the route is known: whether its errors are plain text. */
    let textErrors = false

    try {
      if (!rawUrl.startsWith('/')) throw new HttpError(400, 'Request target must be a path')
      const url = new URL(`http://gateway${rawUrl}`)
      const path = url.pathname
      await storageReset.catch(() => {})
      if (method === 'OPTIONS') {
        status = 204
        res.writeHead(204, cors)
        res.end()
        return
      }
      if (path.startsWith('/_control/') && options.controlToken !== undefined && !bearerIs(headerValue(req.headers.authorization), options.controlToken)) {
        throw new HttpError(401, 'The control routes need Authorization: Bearer <control token>', { 'www-authenticate': 'Bearer' })
      }
      if (!path.startsWith('/_control/')) {
        const fault = control.takeFault(path)
        if (fault) {
          const answered = await applyFault(fault, (code, value, extra) => sendJson(code, value, extra), send)
          if (answered) return
        }
      }
      const candidates = routes.filter((r) => r.pattern.test(path))
      if (candidates.length === 0) throw new HttpError(404, `No such endpoint: ${method} ${clip(path)}`)
      textErrors = candidates.every((r) => r.textErrors === true)
      const route = candidates.find((r) => r.method === method)
      if (!route) {
        const allow = [...new Set(candidates.map((r) => r.method)), 'OPTIONS'].join(', ')
        throw new HttpError(405, `Method ${method} is not allowed on ${clip(path)}; use ${allow}`, { allow })
      }
      if (route.project) {
        const projectId = url.searchParams.get('projectId')
        if (!projectId) throw new HttpError(400, "Query 'projectId' is required")
        if (projectId.length > 200) throw new HttpError(400, "Query 'projectId' is too long")
      }
      const params = route.pattern.exec(path)!.slice(1).map((p) => {
        try {
          return decodeURIComponent(p)
        } catch {
          throw new HttpError(400, `Malformed percent-encoding in path: ${clip(path)}`)
        }
      })
      const host = headerValue(req.headers.host)
      const baseUrl = host && /^[A-Za-z0-9.\-[\]:]{1,300}$/.test(host) ? `http://${host}` : gatewayUrl
      let bodyRead: Promise<string> | undefined
      const text = () => (bodyRead ??= readBody(req, res, budget))
      const reply = await route.handler({ req, url, params, baseUrl, text, body: () => text().then(parseJsonBody) })
      if (reply.svg !== undefined) send(reply.status ?? 200, reply.svg, 'image/svg+xml', { 'cache-control': 'public, max-age=86400' })
      else if (reply.html !== undefined) send(reply.status ?? 200, reply.html, 'text/html; charset=utf-8', { 'cache-control': 'no-store' })
      else if (reply.text !== undefined) send(reply.status ?? 200, reply.text, 'text/plain; charset=utf-8', reply.headers)
      else if (reply.status === 204) send(204, '', 'application/json; charset=utf-8', reply.headers)
      else sendJson(reply.status ?? 200, reply.json ?? {}, reply.headers)
    } catch (error) {
      const where = { method, path: clip(rawUrl.split('?')[0] ?? '', 200) }
      if (error instanceof HttpError) {
        // A 5xx's detail (a driver's or node's text) goes to the log; in production its body is
        // generic, so no host, port or driver text reaches a client.
        const generic = production && error.status >= 500 && !error.code
        if (error.detail !== undefined || generic) report('error', 'request failed', { ...where, status: error.status, error: error.message, ...(error.detail !== undefined ? { detail: error.detail } : {}) })
        const message = generic ? (GENERIC_ERRORS[error.status] ?? 'Internal gateway error') : error.message
        // Name errors carry the spec's `reasons` too: the modal shows the first one's description
        // (a refusal's, or a full store's; not a passing outage's).
        const reasons = rawUrl.startsWith('/v1/profile/') && (error.status < 500 || error.code) ? { reasons: [{ description: message }] } : {}
        if (textErrors) send(error.status, message, 'text/plain; charset=utf-8', error.headers)
        else sendJson(error.status, { error: message, ...(error.code ? { code: error.code } : {}), ...reasons }, error.headers)
      } else {
        report('error', 'internal error', { ...where, detail: (error as Error)?.stack ?? String(error) })
        const message = production ? 'Internal gateway error' : `Internal gateway error: ${(error as Error)?.message ?? String(error)}`
        if (textErrors) send(500, message, 'text/plain; charset=utf-8')
        else sendJson(500, { error: message })
      }
    } finally {
      inFlight--
      if (draining) {
        server.closeIdleConnections()
        if (inFlight === 0) drained?.()
      }
      const ms = Math.round(performance.now() - started)
      if (options.logRequests !== false) {
        if (production) report('info', 'request', { method, url: clip(rawUrl, 200), status, ms })
        else write(`${method} ${clip(rawUrl, 200)} ${status} ${ms}ms`)
      }
    }
  }

  /** Applies an injected fault; true when it answered the request (else handling continues). */
  async function applyFault(
    fault: FaultSpec,
    sendJson: (code: number, value: unknown, extra?: Record<string, string>) => void,
    send: (code: number, body: string, contentType: string) => void,
  ): Promise<boolean> {
    if (fault.delayMs) await sleep(fault.delayMs, stopped.signal)
    if (fault.status !== undefined) {
      const extra: Record<string, string> = fault.status === 429 ? { 'retry-after': '1' } : {}
      sendJson(fault.status, { error: `Injected fault: HTTP ${fault.status}` }, extra)
      return true
    }
    if (fault.malformedJson) {
      send(200, '{"data": [ this is not json', 'application/json; charset=utf-8')
      return true
    }
    return false
  }

  const server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000 }, (req, res) => {
    // Last line of defence: whatever escapes the handler ends this request, never the process.
    handle(req, res).catch((error: unknown) => {
      report('error', 'unhandled error', { detail: (error as Error)?.stack ?? String(error) })
      res.destroy()
    })
  })
  // Malformed HTTP (bad request line, oversized headers): answer 400 and move on.
  server.on('clientError', (error, socket) => {
    report('error', 'client error', { detail: (error as Error).message })
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n')
    else socket.destroy()
  })

  server.maxConnections = limits.maxConnections

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (error: unknown) => {
    await storage.close().catch(() => {})
    throw error
  })
  const gatewayUrl = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`

  let stopping: Promise<void> | undefined
  return {
    url: gatewayUrl,
    control,
    stats: (): GatewayStats => ({
      requests,
      bodiesRefused: budget.refused,
      bodyBytesBuffered: budget.buffered,
      largestBodyBuffered: budget.largest,
      ...control.memory(),
      sessions: sessions.count(),
      names: names.count(),
      limits: { ...limits },
    }),
    stop({ graceMs = 0 } = {}) {
      stopping ??= (async () => {
        draining = true
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        // The requests in flight finish (their connections close after them), up to the grace.
        if (inFlight > 0 && graceMs > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, graceMs)
            drained = () => (clearTimeout(timer), resolve())
          })
        }
        stopped.abort()
        server.closeAllConnections()
        await closed
        await storage.close().catch(() => {})
      })()
      return stopping
    },
  }
}

/** Whether an Authorization header is `Bearer <token>` (compared in constant time). */
function bearerIs(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '')
  const wanted = Buffer.from(`Bearer ${token}`)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** A request body as JSON (`undefined` when empty), or a 400. */
function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON')
  }
}

/**
 * Reads a body (as text) within the budget: at most `maxBodyBytes` for this request (413 past it, as
 * soon as the declared length or the bytes received say so) and `maxBufferedBodyBytes` over all
 * requests being read (503). A refused body is not kept: what still arrives is discarded, and a
 * client still sending more than max(maxBodyBytes, 1 MiB) once answered is disconnected.
 */
function readBody(req: IncomingMessage, res: ServerResponse, budget: BodyBudget): Promise<string> {
  const { maxBodyBytes, maxBufferedBodyBytes } = budget.limits
  const discardAllowance = Math.max(maxBodyBytes, DISCARD_ALLOWANCE_BYTES)
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = []
    let held = 0
    let discarded = 0
    let settled = false
    const release = () => {
      budget.buffered -= held
      held = 0
      chunks = []
    }
    const fail = (error: HttpError) => {
      if (settled) return
      settled = true
      release()
      reject(error)
    }
    const refuse = (error: HttpError) => {
      budget.refused++
      fail(error)
    }
    const tooLarge = () =>
      new HttpError(413, `Request body is larger than ${maxBodyBytes} bytes`, { connection: 'close' })

    const declared = Number(headerValue(req.headers['content-length']))
    if (Number.isFinite(declared) && declared > maxBodyBytes) refuse(tooLarge())

    req.on('data', (chunk: Buffer) => {
      if (settled) {
        // Refused: nothing is kept. A client that keeps sending well after it was answered is
        // cut off (not before: a reset could lose the answer on its way).
        discarded += chunk.length
        if (discarded > discardAllowance && res.writableFinished && !req.socket.destroyed) req.socket.destroy()
        return
      }
      if (held + chunk.length > maxBodyBytes) return refuse(tooLarge())
      if (budget.buffered + chunk.length > maxBufferedBodyBytes) {
        return refuse(new HttpError(503, 'The gateway is reading too many request bodies at once; retry shortly', { 'retry-after': '1', connection: 'close' }))
      }
      chunks.push(chunk)
      held += chunk.length
      budget.buffered += chunk.length
      budget.largest = Math.max(budget.largest, held)
    })
    req.on('error', (error) => fail(new HttpError(400, `Could not read the request body: ${error.message}`)))
    // A client that hangs up mid-body: settle instead of waiting for an 'end' that never comes.
    req.on('close', () => {
      if (!req.complete) fail(new HttpError(400, 'The request body was cut off'))
      else if (!settled) release()
    })
    req.on('end', () => {
      if (settled) return
      settled = true
      const text = Buffer.concat(chunks).toString('utf8')
      release()
      resolve(text)
    })
  })
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done)
  })
}
