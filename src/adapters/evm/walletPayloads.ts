/**
 * Checks of what a wallet sends (EIP-1193 events and answers) before anything of it reaches the
 * core. A wallet is someone else's code: its payloads are validated like any outside input, and
 * junk is reported with a short reason instead of being turned into state.
 */
import { getAddress, isAddress, isHash, isHex, type Address } from 'viem'
import { preview } from '../preview.js'

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string }

/** The most accounts an answer or event may carry; more is junk (no wallet has that many). */
export const MAX_WALLET_ACCOUNTS = 100

const HEX_CHAIN_ID = /^0x[0-9a-fA-F]{1,64}$/
const DECIMAL_CHAIN_ID = /^[0-9]{1,20}$/

/**
 * A chain id as a wallet sends it: a hex string (EIP-1193 `chainChanged`, `eth_chainId`), or,
 * leniently, a decimal number or decimal string as some wallets send. It must be a positive
 * safe integer: 0, negatives, fractions, NaN and anything else are junk.
 *
 * @example
 * parseChainId('0x89') // { ok: true, value: 137 }
 * parseChainId('0xzz') // { ok: false, reason: 'chain id "0xzz" is not a positive integer' }
 */
export function parseChainId(value: unknown): Checked<number> {
  let n: number = Number.NaN
  if (typeof value === 'number') n = value
  else if (typeof value === 'bigint') n = value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : Number.NaN
  else if (typeof value === 'string' && (HEX_CHAIN_ID.test(value) || DECIMAL_CHAIN_ID.test(value))) n = Number(value)
  if (Number.isSafeInteger(n) && n > 0) return { ok: true, value: n }
  return { ok: false, reason: `chain id ${preview(value)} is not a positive integer` }
}

/**
 * An accounts list as a wallet sends it (`accountsChanged`, `eth_accounts`,
 * `eth_requestAccounts`): an array of addresses, each checked and checksummed by viem. An
 * empty array is valid (no accounts: the wallet disconnected the site); duplicates are dropped.
 *
 * @example
 * parseAccounts(['0xd8da6bf26964af9d7eed9e03e53415d37aa96045']) // { ok: true, value: ['0xd8dA6BF2…'] }
 * parseAccounts('0xd8da…') // { ok: false, reason: 'accounts "0xd8da…" is not an array' }
 */
export function parseAccounts(value: unknown): Checked<Address[]> {
  if (!Array.isArray(value)) return { ok: false, reason: `accounts ${preview(value)} is not an array` }
  if (value.length > MAX_WALLET_ACCOUNTS) return { ok: false, reason: `${value.length} accounts, more than ${MAX_WALLET_ACCOUNTS}` }
  const out: Address[] = []
  for (const item of value) {
    // viem's isAddress: 40 hex digits; a mixed-case address must match its EIP-55 checksum.
    if (typeof item !== 'string' || !isAddress(item)) return { ok: false, reason: `account ${preview(item)} is not an address` }
    const address = getAddress(item)
    if (!out.includes(address)) out.push(address)
  }
  return { ok: true, value: out }
}

/**
 * A signature as a wallet answers it: hex, whole bytes, at least 64 of them (an ECDSA signature
 * is 65; smart accounts send longer ones).
 */
export function parseSignature(value: unknown): Checked<`0x${string}`> {
  if (typeof value === 'string' && isHex(value, { strict: true }) && value.length % 2 === 0 && value.length >= 2 + 128) {
    return { ok: true, value: value as `0x${string}` }
  }
  return { ok: false, reason: `signature ${preview(value)} is not a hex signature` }
}

/** A transaction hash as a wallet answers `eth_sendTransaction`: 32 bytes of hex. */
export function parseTransactionHash(value: unknown): Checked<`0x${string}`> {
  if (typeof value === 'string' && isHash(value)) return { ok: true, value: value as `0x${string}` }
  return { ok: false, reason: `transaction hash ${preview(value)} is not 32 bytes of hex` }
}

