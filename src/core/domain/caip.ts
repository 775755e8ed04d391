import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../errors/domain.js'
import { type CaipAddress, type CaipNetworkId, type ChainNamespace, isChainNamespace } from './entities.js'

export type ParsedCaipNetworkId = { namespace: ChainNamespace; reference: string }

export type ParsedCaipAddress = {
  namespace: ChainNamespace
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
}

function splitParts(input: unknown, count: number): string[] | null {
  if (typeof input !== 'string') return null
  const parts = input.split(':')
  if (parts.length !== count || parts.some((p) => p === '')) return null
  if (!isChainNamespace(parts[0])) return null
  return parts
}

/**
 * Parses a CAIP-2 network id: exactly two non-empty parts, the first a known namespace.
 *
 * @example
 * parseCaipNetworkId('eip155:1') // { namespace: 'eip155', reference: '1' }
 */
export function parseCaipNetworkId(input: string): ParsedCaipNetworkId {
  const parts = splitParts(input, 2)
  if (!parts) throw new InvalidCaipNetworkIdError(input)
  return { namespace: parts[0] as ChainNamespace, reference: parts[1] as string }
}

/**
 * Parses a CAIP-10 address: exactly three non-empty parts, the first a known namespace.
 *
 * @example
 * parseCaipAddress('eip155:1:0xab…') // { namespace: 'eip155', reference: '1', address: '0xab…', caipNetworkId: 'eip155:1' }
 */
export function parseCaipAddress(input: string): ParsedCaipAddress {
  const parts = splitParts(input, 3)
  if (!parts) throw new InvalidCaipAddressError(input)
  const [namespace, reference, address] = parts as [ChainNamespace, string, string]
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

/** Whether `input` is a valid CAIP-2 network id (see `parseCaipNetworkId`). */
export function isCaipNetworkId(input: unknown): input is CaipNetworkId {
  return splitParts(input, 2) !== null
}

/** Whether `input` is a valid CAIP-10 address (see `parseCaipAddress`). */
export function isCaipAddress(input: unknown): input is CaipAddress {
  return splitParts(input, 3) !== null
}

/**
 * Formats a CAIP-2 network id from its parts; throws 'Invalid CAIP-2 network id' when a part is
 * empty, contains a colon, or the namespace is unknown.
 *
 * @example
 * formatCaipNetworkId('eip155', 1) // 'eip155:1'
 * formatCaipNetworkId({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
 */
export function formatCaipNetworkId(namespace: ChainNamespace, reference: string | number): CaipNetworkId
export function formatCaipNetworkId(parts: { namespace: ChainNamespace; reference: string | number }): CaipNetworkId
export function formatCaipNetworkId(
  a: ChainNamespace | { namespace: ChainNamespace; reference: string | number },
  b?: string | number,
): CaipNetworkId {
  const { namespace, reference } = typeof a === 'object' ? a : { namespace: a, reference: b }
  const id = `${namespace}:${reference ?? ''}`
  if (!isCaipNetworkId(id)) throw new InvalidCaipNetworkIdError(id)
  return id
}

/**
 * Formats a CAIP-10 address from a network id and an address, or from its three parts; throws
 * 'Invalid CAIP-10 address' when the result would not parse back.
 *
 * @example
 * formatCaipAddress('eip155:1', '0xab…') // 'eip155:1:0xab…'
 * formatCaipAddress({ namespace: 'eip155', reference: '1', address: '0xab…' })
 */
export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress
export function formatCaipAddress(parts: { namespace: ChainNamespace; reference: string | number; address: string }): CaipAddress
export function formatCaipAddress(
  a: CaipNetworkId | { namespace: ChainNamespace; reference: string | number; address: string },
  b?: string,
): CaipAddress {
  const id = typeof a === 'object' ? `${a.namespace}:${a.reference}:${a.address}` : `${a}:${b ?? ''}`
  if (!isCaipAddress(id)) throw new InvalidCaipAddressError(id)
  return id
}

/**
 * The numeric chain id of an `eip155` network id, or `undefined` for other namespaces or a
 * reference that is not a positive decimal integer.
 *
 * @example
 * evmChainIdOf('eip155:8453') // 8453
 */
export function evmChainIdOf(caipNetworkId: string): number | undefined {
  if (!isCaipNetworkId(caipNetworkId)) return undefined
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  if (namespace !== 'eip155' || !/^[1-9][0-9]*$/.test(reference)) return undefined
  const id = Number(reference)
  return Number.isSafeInteger(id) ? id : undefined
}

/**
 * Whether a record keyed by CAIP-10 account ids (`eip155:1:0xab…`) holds an account of this
 * namespace.
 *
 * @example
 * holdsAccountOf({ 'eip155:1:0xab': 1 }, 'eip155') // true
 */
export function holdsAccountOf(byAccount: object, namespace: string): boolean {
  const prefix = `${namespace}:`
  for (const key in byAccount) if (Object.hasOwn(byAccount, key) && key.startsWith(prefix)) return true
  return false
}
