import { base58 } from '@scure/base'
import { checksumAddress } from 'viem'
import type { ChainNamespace } from './entities.js'

const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/
// A pragmatic e-mail shape: a local part, one @, dot-separated domain labels, a letter TLD.
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/**
 * Whether `value` is an EVM address: 40 hex digits with an optional `0x`. A mixed-case address
 * must match its EIP-55 checksum; an all-lower or all-upper one is accepted as is.
 *
 * @example
 * isEvmAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // true
 * isEvmAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045') // true
 * isEvmAddress('0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // false (checksum)
 */
export function isEvmAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const match = EVM_ADDRESS.exec(value)
  if (!match) return false
  const body = match[1] as string
  const hasLower = /[a-f]/.test(body)
  const hasUpper = /[A-F]/.test(body)
  if (!(hasLower && hasUpper)) return true
  return checksumAddress(`0x${body.toLowerCase()}`) === `0x${body}`
}

/**
 * Whether `value` is a Solana address: 32–44 base58 characters decoding to 32 bytes.
 *
 * @example
 * isSolanaAddress('So11111111111111111111111111111111111111112') // true
 */
export function isSolanaAddress(value: unknown): boolean {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}

/**
 * Whether `value` has the shape of an e-mail address (at most 254 characters).
 *
 * @example
 * isEmail('ada@example.com') // true
 */
export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value)
}

/**
 * Whether `address` is valid for `namespace`: EVM and Solana rules for those namespaces; for
 * Bitcoin the shape only (14–90 letters and digits: the network's prefix and checksum are the
 * Bitcoin adapter's `isAddress`); any non-empty colon-free text for the others (their formats are
 * not checked here).
 *
 * @example
 * isAddressOf('solana', 'So11111111111111111111111111111111111111112') // true
 */
export function isAddressOf(namespace: ChainNamespace, address: unknown): boolean {
  if (namespace === 'eip155') return isEvmAddress(address)
  if (namespace === 'solana') return isSolanaAddress(address)
  if (namespace === 'bip122') return typeof address === 'string' && /^[a-zA-Z0-9]{14,90}$/.test(address)
  return typeof address === 'string' && address.trim() !== '' && !address.includes(':')
}

/**
 * Compares two addresses of one namespace: EVM addresses case-insensitively (with or without
 * `0x`), others exactly.
 *
 * @example
 * isSameAddress('eip155', '0xAb…', '0xab…') // true
 */
export function isSameAddress(namespace: ChainNamespace, a: string, b: string): boolean {
  if (namespace !== 'eip155') return a === b
  const strip = (s: string) => s.replace(/^0x/, '').toLowerCase()
  return strip(a) === strip(b)
}
