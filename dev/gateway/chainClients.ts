import { createPublicClient, http, type PublicClient } from 'viem'
import type { GatewayChain } from './chainData'

/**
 * One viem client per served chain, shared by the data API (balances, history, NFTs) and the
 * signature checks (sessions, names: EOAs, ERC-1271 and ERC-6492 accounts).
 */
export function chainClients(chains: readonly GatewayChain[]): Map<number, PublicClient> {
  return new Map(
    chains.map((c) => [
      c.chainId,
      createPublicClient({
        // Why no caching and no retries: a local node answers in a millisecond, and a node that
        // is down must turn into a 502 at once rather than after viem's retry schedule.
        cacheTime: 0,
        transport: http(c.rpcUrl, { batch: { batchSize: 200 }, retryCount: 0, timeout: 10_000 }),
      }) as PublicClient,
    ]),
  )
}
