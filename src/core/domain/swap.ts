/**
 * Swaps (spec §3, §7, §9): the native token's address in the swap API, the default swap chains,
 * and the arithmetic of a quote (minimum received, the other field's amount).
 */
import { NATIVE_TOKEN_ADDRESS, SWAP_SLIPPAGE_TOLERANCE } from './constants.js'

/** The address the swap API gives a network's native token (in its CAIP-10 id). */
export const NATIVE_SWAP_TOKEN = NATIVE_TOKEN_ADDRESS

/**
 * The 12 EIP-155 networks swaps are offered on by default (spec §1, §9): Ethereum, Optimism,
 * BNB Chain, Gnosis, Polygon, Fantom, zkSync, Base, Arbitrum, Celo, Avalanche and Linea.
 */
export const DEFAULT_SWAP_CHAINS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:100',
  'eip155:137',
  'eip155:250',
  'eip155:324',
  'eip155:8453',
  'eip155:42161',
  'eip155:42220',
  'eip155:43114',
  'eip155:59144',
])

const CAIP2_EIP155 = /^eip155:[1-9]\d{0,15}$/

/**
 * Whether `value` names an EIP-155 network as CAIP-2 (`eip155:8453`), as swap chains must.
 *
 * @example
 * isSwapChainId('eip155:8453') // true
 * isSwapChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // false
 */
export function isSwapChainId(value: unknown): value is string {
  return typeof value === 'string' && CAIP2_EIP155.test(value)
}

/**
 * Whether a token's CAIP-10 id is the network's native token.
 *
 * @example
 * isNativeSwapToken('eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee') // true
 */
export function isNativeSwapToken(caip10: string): boolean {
  return caip10.split(':')[2]?.toLowerCase() === NATIVE_SWAP_TOKEN
}

/**
 * The least a swap may deliver: the quote less the slippage allowed (percent, default 1),
 * rounded down, as the router's `amountOutMin`.
 *
 * @example
 * minimumReceived('1000000', 1) // '990000'
 */
export function minimumReceived(toAmount: string, slippage: number = SWAP_SLIPPAGE_TOLERANCE): string {
  const basisPoints = BigInt(Math.round((100 - slippage) * 100))
  return ((BigInt(toAmount) * basisPoints) / 10_000n).toString()
}

/**
 * The amount to sell for about `wanted` of the other token, at the rate of the last quote
 * (`fromAmount` sold for `toAmount`), rounded up; null without a usable quote. All amounts are
 * in the tokens' smallest units.
 *
 * @example
 * sourceAmountFor('3000000000', { fromAmount: '1000000000000000000', toAmount: '3000000000' }) // '1000000000000000000'
 */
export function sourceAmountFor(wanted: string, quote: { fromAmount: string; toAmount: string } | null): string | null {
  if (!quote) return null
  const from = BigInt(quote.fromAmount)
  const to = BigInt(quote.toAmount)
  if (from <= 0n || to <= 0n) return null
  return ((BigInt(wanted) * from + to - 1n) / to).toString()
}

/** The gas a swap through the router takes, about (for the network fee shown before the wallet's own estimate). */
export const SWAP_GAS_ESTIMATE = 150_000n
