import { show } from '../core/events/schema.js'

/** An absolute URL of one of `schemes`, without spaces, with a host. */
export function isUrl(value: unknown, schemes: readonly string[]): boolean {
  if (typeof value !== 'string' || !/^[a-z]+:\/\/\S+$/i.test(value)) return false
  try {
    const url = new URL(value)
    return schemes.includes(url.protocol) && url.host !== ''
  } catch {
    return false
  }
}

const HTTP = ['http:', 'https:']

/** What is wrong with RPC URLs (one, or a non-empty list, each http(s)), or null. */
export function rpcUrlsProblem(urls: unknown, path: string): string | null {
  const list = Array.isArray(urls) ? urls : [urls]
  if (list.length === 0) return `${path} must name at least one http(s) URL`
  for (let i = 0; i < list.length; i++) {
    if (!isUrl(list[i], HTTP)) return `${Array.isArray(urls) ? `${path}[${i}]` : path} must be an http(s) URL, got ${show(list[i])}`
  }
  return null
}

/** What is wrong with an EVM chain id (a positive integer), or null. */
export function chainIdProblem(id: unknown, path: string): string | null {
  return Number.isSafeInteger(id) && (id as number) > 0 ? null : `${path} must be a positive integer (the chain id), got ${show(id)}`
}

/**
 * What is wrong with a network the host lists, beyond its shape: a non-empty name, an EVM id
 * that is a positive integer with the CAIP-2 id `eip155:<id>`, a CAIP-2 id in the network's own
 * namespace, and http(s) RPC URLs. Null when nothing is.
 */
export function networkProblem(n: { id: unknown; name: unknown; chainNamespace: string; caipNetworkId: string; rpcUrls: { default: { http: unknown } } }, path: string): string | null {
  if (typeof n.name !== 'string' || n.name.trim() === '') return `${path}.name must be a non-empty string, got ${show(n.name)}`
  if (n.chainNamespace === 'eip155') {
    const id = chainIdProblem(n.id, `${path}.id`)
    if (id) return id
    if (n.caipNetworkId !== `eip155:${n.id as number}`) return `${path}.caipNetworkId must be "eip155:${n.id as number}", got ${show(n.caipNetworkId)}`
  } else if (!n.caipNetworkId.startsWith(`${n.chainNamespace}:`) || n.caipNetworkId.length === n.chainNamespace.length + 1) {
    return `${path}.caipNetworkId must be "${n.chainNamespace}:<reference>", got ${show(n.caipNetworkId)}`
  }
  return rpcUrlsProblem(n.rpcUrls.default.http, `${path}.rpcUrls.default.http`)
}
