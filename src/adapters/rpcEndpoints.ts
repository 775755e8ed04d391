import type { Network } from '../core/domain/entities.js'
import type { RpcGateway } from '../core/ports.js'

/**
 * The JSON-RPC URL of `gateway` for one network (spec §7): `{apiUrl}/v1/?chainId=<CAIP-2>&projectId=…`.
 *
 * @example
 * gatewayRpcUrl({ apiUrl: 'https://api.example.com', projectId: 'p1' }, 'eip155:8453')
 * // 'https://api.example.com/v1/?chainId=eip155%3A8453&projectId=p1'
 */
export function gatewayRpcUrl(gateway: RpcGateway, caipNetworkId: string): string {
  const query = new URLSearchParams({ chainId: caipNetworkId, projectId: gateway.projectId })
  return `${gateway.apiUrl.replace(/\/+$/, '')}/v1/?${query.toString()}`
}

/**
 * Every HTTP endpoint a network is read through, in the order they are tried before any is
 * ranked: the network's own URLs (`default`, then `chainDefault`; each once), then the gateway's
 * JSON-RPC when the modal has one. The host's URLs come first: they are its choice, the gateway
 * is the backstop.
 *
 * @example
 * rpcEndpoints(base, { apiUrl: 'https://api.example.com', projectId: 'p1' })
 * // ['https://mainnet.base.org', 'https://api.example.com/v1/?chainId=eip155%3A8453&projectId=p1']
 */
export function rpcEndpoints(network: Network, gateway?: RpcGateway): string[] {
  const own = [...network.rpcUrls.default.http, ...(network.rpcUrls.chainDefault?.http ?? [])]
  const urls = [...new Set(own.filter((url) => typeof url === 'string' && url !== ''))]
  if (gateway) urls.push(gatewayRpcUrl(gateway, network.caipNetworkId))
  return urls
}
