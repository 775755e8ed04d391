import { defineChain, type Chain } from 'viem'

/** A local network as the dev parts know it: its chain id, and its name, node and coin where known. */
export type LocalNetwork = {
  chainId: number
  name?: string
  /** The node's JSON-RPC URL; none where the client's transport is a custom one. */
  rpcUrl?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}

/**
 * viem's chain for a local network (ETH unless told otherwise), for the clients the dev wallets,
 * the gateway and the stack's deployers make.
 *
 * @example
 * const client = createWalletClient({ account, chain: localChain({ chainId: 31337, rpcUrl }), transport: http(rpcUrl) })
 */
export function localChain(network: LocalNetwork): Chain {
  return defineChain({
    id: network.chainId,
    name: network.name ?? `chain ${network.chainId}`,
    nativeCurrency: network.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: network.rpcUrl ? [network.rpcUrl] : [] } },
  })
}
