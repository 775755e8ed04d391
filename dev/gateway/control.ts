import { isAddress } from 'viem'
import { DEFAULT_SOCIALS } from '../../src/core/domain/constants'
import { DEFAULT_GATEWAY_LIMITS, type GatewayLimits } from './gatewayLimits'
import { memoryStorage, type GatewayStorage } from './storage'
import { afterCommit, HttpError, isPlainObject } from './validate'
import { MAX_WALLET_COUNT } from './walletRecords'

/** One entry of `GET /appkit/v1/config`: a feature of spec §1, on or off, with its config. */
export type RemoteFeature = { id: string; isEnabled: boolean; config?: unknown }

/**
 * A fault the gateway injects for tests: answer with `status` (and a JSON error), wait
 * `delayMs` first, or answer 200 with a body that is not JSON. Limited to paths starting with
 * `pathPrefix` and to the next `count` matching requests when given. Control routes are never
 * affected.
 */
export type FaultSpec = {
  status?: number
  delayMs?: number
  malformedJson?: boolean
  pathPrefix?: string
  count?: number
}

/** What the analytics sink received for one `POST /e`. */
export type AnalyticsRecord = {
  receivedAt: number
  query: { projectId: string | null; st: string | null; sv: string | null }
  origin: string | null
  body: Record<string, unknown>
}

export type Identity = { name: string | null; avatar: string | null }

/**
 * Run-time switches of a gateway, in process (`gateway.control`) and over HTTP under
 * `/_control/…` (see README). Setters validate their input and throw `HttpError(400)`.
 *
 * @example
 * gateway.control.setFeature('swaps', false)
 * gateway.control.setFault({ status: 429, pathPrefix: '/v1/account', count: 1 })
 */
export interface GatewayControl {
  getFeatures(): RemoteFeature[]
  setFeatures(features: RemoteFeature[]): void
  setFeature(id: string, isEnabled: boolean, config?: unknown): void
  getAllowedOrigins(): string[]
  setAllowedOrigins(origins: string[]): void
  getAnalyticsEnabled(): boolean
  setAnalyticsEnabled(enabled: boolean): void
  getFault(): FaultSpec | null
  setFault(fault: FaultSpec | null): void
  /** How many wallets the directory serves when a request does not say (`null`: the bundled file). */
  getWalletCount(): number | null
  setWalletCount(count: number | null): void
  getIdentity(address: string): Identity
  setIdentity(address: string, identity: Identity | null): void
  getPrices(): Record<string, number>
  /** Merges USD prices by token symbol into the price table. */
  setPrices(prices: Record<string, number>): void
  /** The analytics events kept (in the gateway's storage), oldest first. */
  analytics(): Promise<AnalyticsRecord[]>
  clearAnalytics(): Promise<void>
  /** Back to the start-up state (features, origins, fault, wallets, identities, prices, analytics, sign-in sessions). */
  reset(): void
}

export const DEFAULT_FEATURES: readonly RemoteFeature[] = [
  { id: 'swaps', isEnabled: true, config: ['1inch'] },
  { id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] },
  { id: 'email', isEnabled: true },
  { id: 'socials', isEnabled: true, config: [...DEFAULT_SOCIALS] },
  { id: 'activity', isEnabled: true },
  { id: 'multiWallet', isEnabled: false },
]

export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*']

export const DEFAULT_PRICES: Readonly<Record<string, number>> = { ETH: 3000, GUSD: 1, USDC: 1 }

/** The most analytics records kept by default; older ones are dropped first. */
export const MAX_ANALYTICS_RECORDS = DEFAULT_GATEWAY_LIMITS.maxAnalyticsEvents

/** What the control holds, for the gateway's `stats()`. */
export type ControlMemory = {
  analyticsEvents: number
  /** Bytes (as JSON) of the analytics events kept. */
  analyticsBytes: number
  /** Analytics events dropped to stay under the caps since start. */
  analyticsDropped: number
  identities: number
  priceSymbols: number
  features: number
}

const bad = (message: string) => new HttpError(400, message)

type ControlLimits = Pick<
  GatewayLimits,
  'maxAnalyticsEvents' | 'maxAnalyticsBytes' | 'maxIdentities' | 'maxPriceSymbols' | 'maxFeatures' | 'maxFeatureConfigBytes'
>

export function createControl(
  limits: ControlLimits = DEFAULT_GATEWAY_LIMITS,
  /** The price table at start and after a reset. */
  defaultPrices: Readonly<Record<string, number>> = DEFAULT_PRICES,
  /** What else a reset empties (the gateway's storage: names, sessions, analytics). */
  onReset: () => void = () => {},
  /** Where analytics events are kept; this process's memory without one. */
  analyticsStore: GatewayStorage['analytics'] = memoryStorage().analytics,
  /** The allowed origins at start and after a reset. */
  defaultOrigins: readonly string[] = DEFAULT_ALLOWED_ORIGINS,
): GatewayControl & {
  /** Takes one use of the current fault for `path`, or null when none applies. */
  takeFault(path: string): FaultSpec | null
  /** Keeps an analytics event, dropping the oldest past the caps; 413 when it alone is over the byte cap. */
  recordAnalytics(record: AnalyticsRecord): Promise<void>
  memory(): ControlMemory
} {
  const checkFeature = (value: unknown) => checkFeatureWithin(value, limits.maxFeatureConfigBytes)
  let features: RemoteFeature[] = []
  let origins: string[] = []
  let analyticsEnabled = true
  let fault: FaultSpec | null = null
  let walletCount: number | null = null
  let identities = new Map<string, Identity>()
  let prices: Record<string, number> = {}
  /** The analytics events kept, as this process last saw them (several gateways may share the storage). */
  let analyticsKept = { events: 0, bytes: 0 }
  let analyticsDropped = 0
  const caps = { maxEvents: limits.maxAnalyticsEvents, maxBytes: limits.maxAnalyticsBytes }

  const control = {
    getFeatures: () => structuredClone(features),
    setFeatures(next: RemoteFeature[]) {
      if (!Array.isArray(next)) throw bad('features must be an array of { id, isEnabled, config? }')
      if (next.length > limits.maxFeatures) throw bad(`At most ${limits.maxFeatures} features are kept`)
      const checked = next.map(checkFeature)
      const ids = new Set(checked.map((f) => f.id))
      if (ids.size !== checked.length) throw bad('features must not repeat an id')
      features = checked
    },
    setFeature(id: string, isEnabled: boolean, config?: unknown) {
      const feature = checkFeature(config === undefined ? { id, isEnabled } : { id, isEnabled, config })
      const at = features.findIndex((f) => f.id === id)
      if (at === -1 && features.length >= limits.maxFeatures) throw bad(`At most ${limits.maxFeatures} features are kept`)
      if (at === -1) features.push(feature)
      else features[at] = feature
    },
    getAllowedOrigins: () => [...origins],
    setAllowedOrigins(next: string[]) {
      if (!Array.isArray(next) || next.some((o) => typeof o !== 'string' || o === '' || o.length > 300)) {
        throw bad('allowedOrigins must be an array of non-empty strings')
      }
      origins = [...next]
    },
    getAnalyticsEnabled: () => analyticsEnabled,
    setAnalyticsEnabled(enabled: boolean) {
      if (typeof enabled !== 'boolean') throw bad('isAnalyticsEnabled must be a boolean')
      analyticsEnabled = enabled
    },
    getFault: () => (fault ? { ...fault } : null),
    setFault(next: FaultSpec | null) {
      fault = next === null ? null : checkFault(next)
    },
    getWalletCount: () => walletCount,
    setWalletCount(count: number | null) {
      if (count !== null && (!Number.isInteger(count) || count < 1 || count > MAX_WALLET_COUNT)) {
        throw bad(`count must be null or an integer from 1 to ${MAX_WALLET_COUNT}`)
      }
      walletCount = count
    },
    getIdentity: (address: string) => identities.get(address.toLowerCase()) ?? { name: null, avatar: null },
    setIdentity(address: string, identity: Identity | null) {
      if (!isAddress(address)) throw bad(`Invalid address '${String(address).slice(0, 80)}'`)
      if (identity === null) {
        identities.delete(address.toLowerCase())
        return
      }
      const ok = (v: unknown) => v === null || (typeof v === 'string' && v.length <= 300)
      if (!isPlainObject(identity) || !ok(identity.name) || !ok(identity.avatar)) {
        throw bad('identity must be { name: string | null, avatar: string | null }')
      }
      const key = address.toLowerCase()
      if (!identities.has(key) && identities.size >= limits.maxIdentities) {
        throw bad(`At most ${limits.maxIdentities} identities are kept; DELETE some first`)
      }
      identities.set(key, { name: identity.name, avatar: identity.avatar })
    },
    getPrices: () => ({ ...prices }),
    setPrices(next: Record<string, number>) {
      if (!isPlainObject(next)) throw bad('prices must be an object of symbol → USD price')
      for (const [symbol, price] of Object.entries(next)) {
        if (!/^[A-Za-z0-9.$-]{1,20}$/.test(symbol)) throw bad(`Invalid token symbol '${symbol.slice(0, 40)}'`)
        if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) throw bad(`Price of ${symbol} must be a number ≥ 0`)
      }
      const merged = { ...prices, ...next }
      if (Object.keys(merged).length > limits.maxPriceSymbols) throw bad(`At most ${limits.maxPriceSymbols} token symbols are kept in the price table`)
      prices = merged
    },
    analytics: () => analyticsStore.list(),
    async clearAnalytics() {
      await analyticsStore.clear()
      analyticsKept = { events: 0, bytes: 0 }
    },
    reset() {
      features = structuredClone([...DEFAULT_FEATURES])
      origins = [...defaultOrigins]
      analyticsEnabled = true
      fault = null
      walletCount = null
      identities = new Map()
      prices = { ...defaultPrices }
      analyticsKept = { events: 0, bytes: 0 }
      onReset()
    },
    takeFault(path: string): FaultSpec | null {
      if (!fault || (fault.pathPrefix !== undefined && !path.startsWith(fault.pathPrefix))) return null
      const taken = { ...fault }
      if (fault.count !== undefined) {
        fault.count -= 1
        if (fault.count <= 0) fault = null
      }
      return taken
    },
    async recordAnalytics(record: AnalyticsRecord) {
      const bytes = Buffer.byteLength(JSON.stringify(record), 'utf8')
      if (bytes > limits.maxAnalyticsBytes) {
        throw new HttpError(413, `Analytics event is larger than the ${limits.maxAnalyticsBytes} bytes kept`)
      }
      // Oldest first: a ring of the most recent events, within the retention cap.
      analyticsDropped += await analyticsStore.add(record, bytes, caps)
      // Stored: nothing after this may answer an error.
      analyticsKept = await afterCommit(() => analyticsStore.size(), analyticsKept)
    },
    memory: (): ControlMemory => ({
      analyticsEvents: analyticsKept.events,
      analyticsBytes: analyticsKept.bytes,
      analyticsDropped,
      identities: identities.size,
      priceSymbols: Object.keys(prices).length,
      features: features.length,
    }),
  }
  control.reset()
  return control
}

function checkFeatureWithin(value: unknown, maxConfigBytes: number): RemoteFeature {
  if (!isPlainObject(value)) throw bad('a feature must be an object { id, isEnabled, config? }')
  const { id, isEnabled, config } = value
  if (typeof id !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(id)) throw bad(`Invalid feature id '${String(id).slice(0, 40)}'`)
  if (typeof isEnabled !== 'boolean') throw bad(`Feature '${id}': isEnabled must be a boolean`)
  if (config === undefined) return { id, isEnabled }
  let json: string | undefined
  try {
    json = JSON.stringify(config)
  } catch {
    throw bad(`Feature '${id}': config must be JSON`)
  }
  if (json !== undefined && Buffer.byteLength(json, 'utf8') > maxConfigBytes) throw bad(`Feature '${id}': config is larger than ${maxConfigBytes} bytes`)
  return { id, isEnabled, config: structuredClone(config) }
}

function checkFault(value: unknown): FaultSpec {
  if (!isPlainObject(value)) throw bad('fault must be an object { status?, delayMs?, malformedJson?, pathPrefix?, count? }')
  const { status, delayMs, malformedJson, pathPrefix, count } = value
  const out: FaultSpec = {}
  if (status !== undefined) {
    if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) throw bad('fault.status must be an HTTP status from 400 to 599')
    out.status = status as number
  }
  if (delayMs !== undefined) {
    if (!Number.isInteger(delayMs) || (delayMs as number) < 0 || (delayMs as number) > 120_000) throw bad('fault.delayMs must be an integer from 0 to 120000')
    out.delayMs = delayMs as number
  }
  if (malformedJson !== undefined) {
    if (typeof malformedJson !== 'boolean') throw bad('fault.malformedJson must be a boolean')
    out.malformedJson = malformedJson
  }
  if (pathPrefix !== undefined) {
    if (typeof pathPrefix !== 'string' || !pathPrefix.startsWith('/')) throw bad("fault.pathPrefix must be a path starting with '/'")
    out.pathPrefix = pathPrefix
  }
  if (count !== undefined) {
    if (!Number.isInteger(count) || (count as number) < 1) throw bad('fault.count must be a positive integer')
    out.count = count as number
  }
  if (out.status === undefined && out.delayMs === undefined && !out.malformedJson) {
    throw bad('fault needs at least one of status, delayMs or malformedJson')
  }
  return out
}
