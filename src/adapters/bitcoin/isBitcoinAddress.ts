import { base58, bech32, bech32m } from '@scure/base'
import type { Network } from '../../core/domain/entities.js'
import { BITCOIN_ADDRESS_PARAMS, bitcoinChainKind } from './defineBitcoinNetwork.js'

/**
 * Whether `address` is a Bitcoin address of `network`: a segwit address with the network's bech32
 * prefix (`bc`, `tb`, `bcrt`; v0 in bech32 with a 20- or 32-byte program, v1+ in bech32m, a
 * taproot v1 program of 32 bytes), its checksum checked with @scure/base; or a legacy base58
 * address (P2PKH or P2SH) with the network's version byte and a 25-byte body. A legacy address's
 * checksum is checked again, with @scure/btc-signer, before a send is built. Synchronous and
 * light: the Send view asks it on each keystroke.
 *
 * @example
 * isBitcoinAddress(bitcoinMainnet, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // true
 * isBitcoinAddress(bitcoinTestnet, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq') // false (mainnet's)
 */
export function isBitcoinAddress(network: Pick<Network, 'caipNetworkId'>, address: unknown): boolean {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90) return false
  const params = BITCOIN_ADDRESS_PARAMS[bitcoinChainKind(network)]
  const lower = address.toLowerCase()
  if (lower.startsWith(`${params.bech32}1`)) {
    // Mixed case is not bech32 (BIP-173).
    if (address !== lower && address !== address.toUpperCase()) return false
    return isSegwit(lower, params.bech32)
  }
  return isLegacy(address, params)
}

function isSegwit(address: string, prefix: string): boolean {
  for (const coder of [bech32, bech32m]) {
    let decoded: { prefix: string; words: number[] }
    try {
      decoded = coder.decode(address as `${string}1${string}`, 90)
    } catch {
      continue
    }
    if (decoded.prefix !== prefix || decoded.words.length === 0) return false
    const [version, ...rest] = decoded.words as [number, ...number[]]
    if (version > 16) return false
    // v0 is bech32, v1 and later bech32m (BIP-350).
    if ((version === 0) !== (coder === bech32)) return false
    let program: Uint8Array
    try {
      program = coder.fromWords(rest)
    } catch {
      return false
    }
    if (version === 0) return program.length === 20 || program.length === 32
    if (version === 1) return program.length === 32
    return program.length >= 2 && program.length <= 40
  }
  return false
}

function isLegacy(address: string, params: { pubKeyHash: number; scriptHash: number }): boolean {
  if (address.length < 25 || address.length > 35) return false
  let bytes: Uint8Array
  try {
    bytes = base58.decode(address)
  } catch {
    return false
  }
  return bytes.length === 25 && (bytes[0] === params.pubKeyHash || bytes[0] === params.scriptHash)
}
