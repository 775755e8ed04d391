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

/**
 * What is wrong with a network, beyond its shape, or null: a non-empty name, an EVM id that is a
 * positive integer with the CAIP-2 id `eip155:<id>`, and RPC URLs (one, or a non-empty list)
 * that are http(s). `at` prefixes each field's name; `rpcUrls` is given as the host wrote it.
 *
 * @example
 * networkProblem(network, 'networks[0].', network.rpcUrls.default.http, 'rpcUrls.default.http')
 */
export function networkProblem(n: { id: unknown; name: unknown; chainNamespace: string; caipNetworkId: string }, at: string, rpcUrls: unknown, rpcField: string): string | null {
  if (typeof n.name !== 'string' || !n.name.trim()) return `${at}name must be a non-empty string, got ${show(n.name)}`
  if (n.chainNamespace === 'eip155') {
    if (!Number.isSafeInteger(n.id) || (n.id as number) < 1) return `${at}id must be a positive integer (the chain id), got ${show(n.id)}`
    if (n.caipNetworkId !== `eip155:${n.id as number}`) return `${at}caipNetworkId must be "eip155:${n.id as number}", got ${show(n.caipNetworkId)}`
  }
  const list = Array.isArray(rpcUrls) ? rpcUrls : [rpcUrls]
  if (!list.length) return `${at}${rpcField} must name at least one http(s) URL`
  for (let i = 0; i < list.length; i++) {
    if (!isUrl(list[i], ['http:', 'https:'])) return `${at}${rpcField}${Array.isArray(rpcUrls) ? `[${i}]` : ''} must be an http(s) URL, got ${show(list[i])}`
  }
  return null
}
