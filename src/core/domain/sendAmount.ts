/**
 * The send amount's checks that need no network: a decimal number above zero, no more fraction
 * digits than the token has, no more than the balance. Nothing is rounded.
 */
import { AmountPrecisionError, parseTokenUnits } from './format.js'

/** The token a send amount is checked against. */
export type AmountToken = { symbol: string; decimals: number }

/**
 * The amount's error in the visitor's words, or null when it may be sent. A balance of null is
 * unknown: the wallet has the last word then. An empty amount is the form's error, not this one's.
 *
 * @example
 * sendAmountError('1.1234567', { symbol: 'GUSD', decimals: 6 }, '10') // 'GUSD has at most 6 decimals'
 * sendAmountError('11', { symbol: 'GUSD', decimals: 6 }, '10') // 'Insufficient GUSD balance'
 */
export function sendAmountError(amount: string, token: AmountToken, balance: string | null): string | null {
  if (amount.trim() === '') return null
  let raw: bigint
  try {
    raw = BigInt(parseTokenUnits(amount, token.decimals))
  } catch (error) {
    return error instanceof AmountPrecisionError ? `${token.symbol} has at most ${token.decimals} decimals` : 'Invalid amount'
  }
  if (raw === 0n) return 'Invalid amount'
  const held = balance === null ? null : rawBalance(balance, token.decimals)
  if (held !== null && raw > held) return `Insufficient ${token.symbol} balance`
  return null
}

/** A balance in whole units as raw units; digits past the token's decimals are dropped (never more than held). */
function rawBalance(balance: string, decimals: number): bigint | null {
  const [whole = '', fraction = ''] = balance.trim().split('.')
  try {
    return BigInt(parseTokenUnits(fraction ? `${whole || '0'}.${fraction.slice(0, decimals)}` : whole, decimals))
  } catch {
    return null
  }
}
