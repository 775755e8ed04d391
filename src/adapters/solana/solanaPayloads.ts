/**
 * Checks of what a Solana wallet sends (Wallet Standard answers and `change` events) before
 * anything of it reaches the core. A wallet is someone else's code: addresses are checked with
 * kit (base58 of 32 bytes), byte fields must be bytes, lists are bounded, and junk is reported
 * with a short reason instead of being turned into state.
 */
import { getAddressDecoder, getTransactionDecoder, isAddress, type Transaction } from '@solana/kit'
import { isBytes, preview } from '../preview.js'

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string }

/** The most accounts an answer or event may carry; more is junk. */
export const MAX_WALLET_ACCOUNTS = 100

/** A Wallet Standard account as the adapter keeps it: its checked address and the wallet's own object. */
export type CheckedAccount = { address: string; account: object }


/**
 * The Solana accounts of a list as a wallet sends it (`standard:connect`'s `accounts`, a
 * `change` event's `accounts`): each an object with a base58 address of 32 bytes (kit's
 * `isAddress`), its `publicKey`, when given as bytes, that same key, and a list of chains;
 * accounts of other chains only are left out, duplicates dropped. An empty list is valid.
 *
 * @example
 * parseAccounts([{ address: '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg', chains: ['solana:mainnet'], … }]) // ok
 * parseAccounts([{ address: 'not base58' }]) // { ok: false, reason: 'account "not base58" is not a Solana address' }
 */
export function parseAccounts(value: unknown): Checked<CheckedAccount[]> {
  if (!Array.isArray(value)) return { ok: false, reason: `accounts ${preview(value)} is not an array` }
  if (value.length > MAX_WALLET_ACCOUNTS) return { ok: false, reason: `${value.length} accounts, more than ${MAX_WALLET_ACCOUNTS}` }
  const out: CheckedAccount[] = []
  for (const item of value as unknown[]) {
    if (item === null || typeof item !== 'object') return { ok: false, reason: `account ${preview(item)} is not an object` }
    const { address, publicKey, chains } = item as { address?: unknown; publicKey?: unknown; chains?: unknown }
    if (typeof address !== 'string' || !isAddress(address)) return { ok: false, reason: `account ${preview(address)} is not a Solana address` }
    if (isBytes(publicKey) && (publicKey.length !== 32 || getAddressDecoder().decode(publicKey) !== address)) {
      return { ok: false, reason: `account ${preview(address)} has another public key` }
    }
    if (!Array.isArray(chains)) return { ok: false, reason: `account ${preview(address)} has chains ${preview(chains)}` }
    if (!chains.some((c) => typeof c === 'string' && c.startsWith('solana:'))) continue
    if (!out.some((a) => a.address === address)) out.push({ address, account: item })
  }
  return { ok: true, value: out }
}

/**
 * The first output of a Wallet Standard feature that answers a list (`solana:signMessage`,
 * `solana:signTransaction`, `solana:signAndSendTransaction`): an array of one or more objects.
 */
export function firstOutput(value: unknown, feature: string): Checked<Record<string, unknown>> {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, reason: `${feature} answered ${preview(value)}, not a list of outputs` }
  const first = value[0] as unknown
  if (first === null || typeof first !== 'object') return { ok: false, reason: `${feature} output ${preview(first)} is not an object` }
  return { ok: true, value: first as Record<string, unknown> }
}

/** An Ed25519 signature as bytes: exactly 64 of them. */
export function parseSignatureBytes(value: unknown, what: string): Checked<Uint8Array> {
  if (isBytes(value) && value.length === 64) return { ok: true, value }
  return { ok: false, reason: `${what} ${isBytes(value) ? `of ${value.length} bytes` : preview(value)} is not a 64-byte signature` }
}

/** The transaction in `bytes` (kit's wire format), or null when they are not one. */
export function decodeTransaction(bytes: Uint8Array): Transaction | null {
  try {
    return getTransactionDecoder().decode(bytes) as Transaction
  } catch {
    return null
  }
}
