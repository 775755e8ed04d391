import { createPublicClient, fallback, http, type HttpTransportConfig, type PublicClient, type Transport } from 'viem'
import {
  BATCH_WAIT_MS,
  FALLBACK_PING_SAMPLES,
  FALLBACK_POLLING_MS,
  FALLBACK_WEIGHTS,
  RPC_BATCH_MAX,
  RPC_RETRIES,
  RPC_RETRY_BASE_MS,
  RPC_TIMEOUT_MS,
} from '../../core/domain/constants.js'
import type { Network } from '../../core/domain/entities.js'
import type { RpcGateway } from '../../core/ports.js'
import { rpcEndpoints } from '../rpcEndpoints.js'
import { toViemChain } from './networkChain.js'

/**
 * How a network's chain is read (balances, fees, receipts): every endpoint of `rpcEndpoints`
 * (the network's URLs, then the gateway's JSON-RPC), each batching what is asked in the same
 * task into one POST of up to 1,000 requests (spec §7, §9). With more than one endpoint, viem's
 * `fallback` tries them in rank order: each is pinged every 4 s, and ranked on its last 10
 * pings, 0.7 for answering at all, 0.3 for answering fast; a call that fails on one goes on to
 * the next. Retries (3, from 150 ms doubling, on the spec's HTTP statuses) wrap the whole
 * round, so a dead endpoint costs one refused connection, not a retry schedule.
 *
 * The pings go out only while the network is read (a read in the last `RANK_IDLE_MS`): viem's
 * ranking never ends, and a modal that stopped reading (an idle page, a destroyed modal) would
 * otherwise ping every endpoint every 4 s for the page's life. After an idle spell the order is
 * the last one ranked, and a dead endpoint still costs one refused connection.
 *
 * @example
 * createPublicClient({ chain: toViemChain(network), transport: evmTransport(network, gateway) })
 */
export function evmTransport(
  network: Network,
  gateway?: RpcGateway,
  timing: { rankIntervalMs: number; idleMs: number } = RANK_TIMING,
  /** The fetch the endpoints are called with (the page's by default). */
  fetchFn?: HttpTransportConfig['fetchFn'],
): Transport {
  const urls = rpcEndpoints(network, gateway)
  const batch = { batchSize: RPC_BATCH_MAX, wait: BATCH_WAIT_MS }
  const retry = { retryCount: RPC_RETRIES, retryDelay: RPC_RETRY_BASE_MS }
  const via = fetchFn ? { fetchFn } : {}
  // One endpoint: nothing to rank, nothing to fall back to, no pings.
  if (urls.length === 1) return http(urls[0], { batch, timeout: RPC_TIMEOUT_MS, ...retry, ...via })
  let lastRead = Number.NEGATIVE_INFINITY
  const ranked = fallback(
    // No retry count here: the fallback gives its endpoints none, and retries the round itself.
    urls.map((url) => http(url, { batch, timeout: RPC_TIMEOUT_MS, ...via })),
    {
      ...retry,
      rank: {
        interval: timing.rankIntervalMs,
        sampleCount: FALLBACK_PING_SAMPLES,
        weights: FALLBACK_WEIGHTS,
        // Why eth_blockNumber: it is what balances need a node to serve (a node may be
        // "listening" and still not answer reads), and every public endpoint serves it.
        ping: async ({ transport }) => {
          if (Date.now() - lastRead < timing.idleMs) await transport.request({ method: 'eth_blockNumber' })
        },
      },
    },
  )
  return (config) => {
    const transport = ranked(config)
    return {
      ...transport,
      request: (args, options) => {
        lastRead = Date.now()
        return transport.request(args, options)
      },
    }
  }
}

/** How long after its last read a network's endpoints are still pinged for their rank. */
export const RANK_IDLE_MS = 60_000

const RANK_TIMING = { rankIntervalMs: FALLBACK_POLLING_MS, idleMs: RANK_IDLE_MS }

/**
 * A public client per network, made on first use and kept: reads over `evmTransport` with the
 * gateway `gateway()` names at that moment (a client made before the modal told the gateway
 * is replaced by one that reads through it too).
 *
 * @example
 * const clientOf = networkClients(() => gateway)
 * await clientOf(network).getBalance({ address })
 */
export function networkClients(gateway: () => RpcGateway | undefined): (network: Network) => PublicClient {
  const clients = new Map<string, PublicClient>()
  return (network) => {
    const g = gateway()
    const key = `${network.caipNetworkId} ${g ? `${g.apiUrl} ${g.projectId}` : ''}`
    let client = clients.get(key)
    if (!client) {
      client = createPublicClient({ chain: toViemChain(network), transport: evmTransport(network, g) }) as PublicClient
      clients.set(key, client)
    }
    return client
  }
}
