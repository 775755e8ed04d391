import { defineChain, toHex, type Chain } from 'viem'
import type { Network } from '../../core/domain/entities.js'

/** The numeric chain id of an EVM network. */
export function evmChainId(network: Network): number {
  return typeof network.id === 'number' ? network.id : Number(network.id)
}

/**
 * A host Network (spec §3) as a viem chain.
 *
 * @example
 * createPublicClient({ chain: toViemChain(network), transport: http() })
 */
export function toViemChain(network: Network): Chain {
  const explorer = network.blockExplorers?.default
  return defineChain({
    id: evmChainId(network),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  })
}

/** The parameters of `wallet_addEthereumChain` (EIP-3085) for a network. */
export type AddEthereumChainParameter = {
  chainId: `0x${string}`
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
  iconUrls?: string[]
}

/**
 * What a wallet is told when it must add a network: hex chain id, name, native currency, the
 * chain's own RPC URLs (chainDefault, else default), explorers and icon when known.
 *
 * @example
 * addChainParameters(network) // { chainId: '0x7a6a', chainName: 'Gangway Local 2', rpcUrls: [...], ... }
 */
export function addChainParameters(network: Network): AddEthereumChainParameter {
  const explorers = Object.values(network.blockExplorers ?? {})
    .map((e) => e?.url)
    .filter((url): url is string => typeof url === 'string' && url !== '')
  const icon = network.assets?.imageUrl
  return {
    chainId: toHex(evmChainId(network)),
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: [...(network.rpcUrls.chainDefault?.http ?? network.rpcUrls.default.http)],
    ...(explorers.length > 0 ? { blockExplorerUrls: explorers } : {}),
    ...(icon ? { iconUrls: [icon] } : {}),
  }
}
