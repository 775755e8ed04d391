import { createPublicClient, http, type PublicClient } from 'viem'
import type { GatewayChain } from './chainData'

/** A viem client per served chain, to verify signatures there (EOAs, ERC-1271 and ERC-6492 accounts). */
export function chainClients(chains: GatewayChain[]): Map<number, PublicClient> {
  return new Map(chains.map((c) => [c.chainId, createPublicClient({ transport: http(c.rpcUrl, { retryCount: 0 }) }) as PublicClient]))
}
