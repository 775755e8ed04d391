// The on-ramp API (spec §7 `/v1/onramp/*`, `/v1/generators/onrampurl`) and the two dev providers.
import type { PublicClient } from 'viem'
import type { GatewayChain, GatewayToken } from './chainData'
import type { GatewaySolana } from './solanaData'
import type { Route } from './startGateway'
import { HttpError } from './validate'

export type OnrampDeps = {
  chains: readonly GatewayChain[]
  tokens: readonly GatewayToken[]
  clients: Map<number, PublicClient>
  /** The account deliveries come from (holds the test USDC); without it providers cannot deliver. */
  treasury?: { address: `0x${string}`; privateKey: `0x${string}` }
  solana?: GatewaySolana
}

export function onrampRoutes(_deps: OnrampDeps): Route[] {
  const notBuilt = (feature: string) => () => {
    throw new HttpError(501, `Not implemented by the local gateway yet: ${feature}`)
  }
  return [
    [/^\/v1\/onramp\//, 'on-ramp endpoints'],
    [/^\/v1\/generators\/onrampurl$/, 'the on-ramp URL generator'],
  ].flatMap(([pattern, feature]) => ['GET', 'POST'].map((method) => ({ method, pattern: pattern as RegExp, handler: notBuilt(feature as string) })))
}
