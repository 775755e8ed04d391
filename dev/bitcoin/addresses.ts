// Bitcoin networks as the gateway and the local node name them, and the one place where the local
// node's address spelling is converted: bcoin writes regtest segwit addresses with the bech32
// prefix `rb`, Bitcoin Core (and every wallet) with `bcrt`. Same witness program, other prefix,
// other checksum: converted with @scure/base's bech32 / bech32m.
import { bech32, bech32m } from '@scure/base'
import { Address, NETWORK, OutScript, TEST_NETWORK } from '@scure/btc-signer'
import { REGTEST_ADDRESSES, REGTEST_CAIP2 } from './devAccounts'

/** Address parameters of a Bitcoin network, as @scure/btc-signer takes them. */
export type BitcoinAddressParams = { bech32: string; pubKeyHash: number; scriptHash: number; wif: number }

/** CAIP-2 ids (`bip122:` + the genesis hash's first 32 hex digits) of the networks the gateway knows. */
export const BITCOIN_MAINNET_CAIP2 = 'bip122:000000000019d6689c085ae165831e93'
export const BITCOIN_TESTNET_CAIP2 = 'bip122:000000000933ea01ad0ee984209779ba'

/** Address parameters by CAIP-2 id: mainnet, testnet (3) and regtest (Core's `bcrt`). */
export const BITCOIN_ADDRESS_PARAMS: Readonly<Record<string, BitcoinAddressParams>> = {
  [BITCOIN_MAINNET_CAIP2]: NETWORK,
  [BITCOIN_TESTNET_CAIP2]: TEST_NETWORK,
  [REGTEST_CAIP2]: REGTEST_ADDRESSES,
}

/** bcoin's regtest bech32 prefix. */
const NODE_REGTEST_PREFIX = 'rb'

/**
 * The output script of an address of `params`' network, or null when `value` is not one (wrong
 * network, bad checksum, junk). Checked by @scure/btc-signer.
 *
 * @example
 * outputScript('bcrt1q…', REGTEST_ADDRESSES) // Uint8Array [0x00, 0x14, …]
 */
export function outputScript(value: string, params: BitcoinAddressParams): Uint8Array | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) return null
  try {
    return OutScript.encode(Address(params).decode(value))
  } catch {
    return null
  }
}

/**
 * Re-spells a segwit address with another bech32 prefix: same witness version and program. Core
 * checksums witness v1+ (taproot) with bech32m (BIP-350); bcoin 1.0.2 predates it and uses
 * bech32 for every version, so `toM` says which checksum the other side takes for v1+.
 */
function respell(address: string, from: string, to: string, fromM: boolean, toM: boolean): string {
  if (!address.toLowerCase().startsWith(`${from}1`)) return address
  const lower = address.toLowerCase() as `${string}1${string}`
  // The witness version (the first 5-bit word) says which checksum the address has.
  const version = bech32.decodeUnsafe(lower, 120)?.words[0] ?? bech32m.decodeUnsafe(lower, 120)?.words[0]
  if (version === undefined) return address
  const { words } = (version > 0 && fromM ? bech32m : bech32).decode(lower, 120)
  return (version > 0 && toM ? bech32m : bech32).encode(to, words, 120)
}

/** A regtest address as Core writes it (`bcrt1…`) spelled as the local node reads it (`rb1…`). */
export function toNodeAddress(coreAddress: string): string {
  return respell(coreAddress, REGTEST_ADDRESSES.bech32, NODE_REGTEST_PREFIX, true, false)
}

/** A regtest address as the local node writes it (`rb1…`) spelled as Core does (`bcrt1…`). */
export function toCoreAddress(nodeAddress: string): string {
  return respell(nodeAddress, NODE_REGTEST_PREFIX, REGTEST_ADDRESSES.bech32, false, true)
}
