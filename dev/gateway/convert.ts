// The swap API (spec §7 `/v1/convert/*`) over Uniswap V2 on the served chains.
import type { PublicClient } from 'viem'
import type { GatewayChain, GatewayToken } from './chainData'
import type { Route } from './startGateway'
import { HttpError } from './validate'

/** A Uniswap V2 deployment on one chain. */
export type GatewayAmm = { chainId: number; factory: `0x${string}`; router: `0x${string}`; weth: `0x${string}` }

export type ConvertDeps = {
  chains: readonly GatewayChain[]
  tokens: readonly GatewayToken[]
  amm: readonly GatewayAmm[]
  clients: Map<number, PublicClient>
  prices: () => Record<string, number>
}

export function convertRoutes(_deps: ConvertDeps): Route[] {
  const notBuilt = () => {
    throw new HttpError(501, 'Not implemented by the local gateway yet: swap (convert) endpoints')
  }
  return ['GET', 'POST'].map((method) => ({ method, pattern: /^\/v1\/convert\//, handler: notBuilt }))
}
