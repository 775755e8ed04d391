/**
 * The gateway's memory bounds. Whatever clients send, what the gateway holds stays under these;
 * see dev/gateway/README.md ("Limits") for what happens at each cap.
 *
 * @example
 * const gateway = await startGateway({ chains, tokens, limits: { maxAnalyticsEvents: 100 } })
 * gateway.stats().analyticsEvents // ≤ 100
 */
export type GatewayLimits = {
  /** Largest request body, bytes; a larger one is answered 413 and not read further (default 1 MiB). */
  maxBodyBytes: number
  /** Most body bytes held for all requests being read at once; past it a request is answered 503 (default 32 MiB). */
  maxBufferedBodyBytes: number
  /** Most analytics events kept; the oldest go first (default 10 000). */
  maxAnalyticsEvents: number
  /** Most bytes (as JSON) of analytics events kept; the oldest go first (default 16 MiB). */
  maxAnalyticsBytes: number
  /** Most identities set through the control; one more is refused with 400 (default 10 000). */
  maxIdentities: number
  /** Most names the name API resolves (set through the control); one more is refused with 400 (default 10 000). */
  maxNames: number
  /** Most sign-in sessions kept (expired ones are dropped first); one more is answered 503 (default 100 000). */
  maxSessions: number
  /** Most token symbols in the price table; one more is refused with 400 (default 1000). */
  maxPriceSymbols: number
  /** Most remote features; one more is refused with 400 (default 100). */
  maxFeatures: number
  /** Largest `config` of one feature, bytes as JSON; a larger one is refused with 400 (default 64 KiB). */
  maxFeatureConfigBytes: number
  /** Most open HTTP connections; more are closed at once by the server (default 256). */
  maxConnections: number
}

export const DEFAULT_GATEWAY_LIMITS: Readonly<GatewayLimits> = Object.freeze({
  maxBodyBytes: 1024 * 1024,
  maxBufferedBodyBytes: 32 * 1024 * 1024,
  maxAnalyticsEvents: 10_000,
  maxAnalyticsBytes: 16 * 1024 * 1024,
  maxIdentities: 10_000,
  maxNames: 10_000,
  maxSessions: 100_000,
  maxPriceSymbols: 1000,
  maxFeatures: 100,
  maxFeatureConfigBytes: 64 * 1024,
  maxConnections: 256,
})

/** The defaults overridden by `partial`, checked: every limit a positive integer, no unknown key. */
export function gatewayLimits(partial: Partial<GatewayLimits> = {}): GatewayLimits {
  const limits: GatewayLimits = { ...DEFAULT_GATEWAY_LIMITS }
  for (const [key, value] of Object.entries(partial)) {
    if (!(key in DEFAULT_GATEWAY_LIMITS)) throw new TypeError(`Unknown gateway limit '${key}'`)
    if (value === undefined) continue
    if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`Gateway limit ${key} must be a positive integer, got ${String(value)}`)
    limits[key as keyof GatewayLimits] = value
  }
  if (limits.maxBodyBytes > limits.maxBufferedBodyBytes) throw new TypeError('Gateway limit maxBodyBytes must not exceed maxBufferedBodyBytes')
  return limits
}
