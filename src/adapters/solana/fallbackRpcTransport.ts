import type { RpcTransport } from '@solana/kit'
import { FALLBACK_PING_SAMPLES, FALLBACK_WEIGHTS } from '../../core/domain/constants.js'

export type FallbackRpcTransportOptions = {
  /** How many of its latest calls an endpoint is ranked on (default: the spec's 10). */
  sampleCount?: number
  /** Weights of answering at all (stability) and answering fast (latency); default the spec's 0.7 / 0.3. */
  weights?: { stability: number; latency: number }
  /** The clock latencies are measured with (tests pass a fake). */
  now?: () => number
}

type Sample = { ok: boolean; ms: number }

/**
 * One kit `RpcTransport` over several endpoints of a network, for what kit does not have: a call
 * goes to the best-ranked endpoint, and on to the next when that one fails (refused, timed
 * out, an HTTP error), so one dead node costs a refused connection, not the call. Endpoints are
 * ranked as viem's `fallback` ranks EVM ones, on the outcomes of their latest calls rather than
 * on pings (no traffic while the modal is idle): 0.7 × the share that answered + 0.3 × how fast
 * they answered next to the slowest; one that failed every latest call scores 0 (and is asked
 * again only when those above it fail). An endpoint not
 * tried yet counts as reliable and no faster than the rest, so the given order holds until calls
 * say otherwise. A JSON-RPC error is an answer (kit's RPC layer reads it), and a call the caller
 * aborted is not held against the endpoint.
 *
 * @example
 * const rpc = createSolanaRpcFromTransport(fallbackRpcTransport(urls.map((url) => createDefaultRpcTransport({ url }))))
 */
export function fallbackRpcTransport(transports: readonly RpcTransport[], options: FallbackRpcTransportOptions = {}): RpcTransport {
  const sampleCount = options.sampleCount ?? FALLBACK_PING_SAMPLES
  const weights = options.weights ?? FALLBACK_WEIGHTS
  const now = options.now ?? (() => performance.now())
  const samples: Sample[][] = transports.map(() => [])

  const record = (i: number, sample: Sample): void => {
    const own = samples[i]!
    own.push(sample)
    if (own.length > sampleCount) own.shift()
  }

  const score = (i: number, slowest: number): number => {
    const own = samples[i]!
    if (own.length === 0) return weights.stability
    const answered = own.filter((s) => s.ok)
    if (answered.length === 0) return 0
    const meanMs = answered.reduce((sum, s) => sum + s.ms, 0) / answered.length
    return weights.stability * (answered.length / own.length) + weights.latency * (slowest > 0 ? 1 - meanMs / slowest : 0)
  }

  /** The endpoints' indices, best first; ties keep the given order. */
  const ranked = (): number[] => {
    const slowest = Math.max(0, ...samples.flat().filter((s) => s.ok).map((s) => s.ms))
    const scores = transports.map((_, i) => score(i, slowest))
    return transports.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b)
  }

  return (async (config: Parameters<RpcTransport>[0]) => {
    let failure: unknown
    for (const i of ranked()) {
      const started = now()
      try {
        const response: unknown = await transports[i]!(config)
        record(i, { ok: true, ms: now() - started })
        return response
      } catch (error) {
        // The caller gave up: no endpoint is to blame, and none is asked next.
        if (config.signal?.aborted) throw error
        record(i, { ok: false, ms: now() - started })
        failure = error
      }
    }
    throw failure
  }) as RpcTransport
}
