// The local Bitcoin stack's dev accounts: secp256k1 keys from fixed 32-byte seeds, so their
// addresses are the same on every machine and every start. Each account has a payment address
// (native segwit, p2wpkh) and an ordinals address (taproot, p2tr), as Bitcoin wallets give
// them. Addresses are written as Bitcoin Core writes them (regtest: `bcrt1…`); the local node
// (bcoin) says `rb1…` for the same scripts, and dev/bitcoin converts at its edge.
// Runs in Node and in the browser.
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js'

/** Bitcoin Core's regtest address parameters (bech32 prefix `bcrt`). */
export const REGTEST_ADDRESSES = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

/** CAIP-2 id of regtest: `bip122:` and the first 32 hex digits of its genesis block hash. */
export const REGTEST_CAIP2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** How many dev accounts the node funds (the dev Bitcoin wallet holds all of them). */
export const DEV_BITCOIN_ACCOUNT_COUNT = 3

/** Satoshis each dev account's payment address holds at start: 10 BTC. */
export const DEV_BITCOIN_PAYMENT_SATS = 10n * 100_000_000n

/** Satoshis each dev account's ordinals address holds at start: 0.001 BTC. */
export const DEV_BITCOIN_ORDINALS_SATS = 100_000n

export type DevBitcoinAccount = {
  index: number
  payment: { privateKey: Uint8Array; publicKey: Uint8Array; address: string; path: string }
  ordinals: { privateKey: Uint8Array; publicKey: Uint8Array; address: string; path: string }
}

/** Seeds are ASCII text padded with dots to 32 bytes: readable, fixed, never secret. */
function seed(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text.padEnd(32, '.'))
  if (bytes.length !== 32) throw new Error(`seed text must fit in 32 bytes: ${text}`)
  return bytes
}

/**
 * Dev account `index`: its payment key (p2wpkh, BIP-84 path) and ordinals key (p2tr with a
 * key-path spend only, BIP-86 path), with their regtest addresses.
 *
 * @example
 * devBitcoinAccount(0).payment.address // 'bcrt1q…' (see dev/bitcoin/README.md)
 */
export function devBitcoinAccount(index: number): DevBitcoinAccount {
  if (!Number.isInteger(index) || index < 0 || index > 99) throw new Error(`no dev Bitcoin account #${index}`)
  const paymentKey = seed(`gangway dev bitcoin payment #${index}`)
  const ordinalsKey = seed(`gangway dev bitcoin ordinals #${index}`)
  const paymentPub = pubECDSA(paymentKey)
  const ordinalsPub = pubSchnorr(ordinalsKey)
  return {
    index,
    payment: { privateKey: paymentKey, publicKey: paymentPub, address: p2wpkh(paymentPub, REGTEST_ADDRESSES).address!, path: `m/84'/1'/${index}'/0/0` },
    ordinals: { privateKey: ordinalsKey, publicKey: ordinalsPub, address: p2tr(ordinalsPub, undefined, REGTEST_ADDRESSES).address!, path: `m/86'/1'/${index}'/0/0` },
  }
}
