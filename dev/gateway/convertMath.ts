// Arithmetic of the swap API (dev/gateway/convert.ts): Uniswap V2 amounts, price impact,
// slippage bounds and gas price tiers, on bigints so no amount is ever rounded through a float.

/** 2^256 − 1: the allowance reported for the native token, and the default approval. */
export const MAX_UINT256 = 2n ** 256n - 1n

/**
 * The largest amount a swap may sell: a Uniswap V2 pool keeps its reserves in uint112, so more
 * could never be swapped, and below it the router's arithmetic cannot overflow.
 */
export const MAX_SWAP_AMOUNT = 2n ** 112n - 1n

/** One pool crossed by a swap: what it holds of the token sold into it and of the token bought. */
export type Hop = { reserveIn: bigint; reserveOut: bigint }

/** Parts per unit in which slippage percentages are exact (9 decimals of a percent). */
const SLIPPAGE_SCALE = 1_000_000_000n

/**
 * What one Uniswap V2 pool pays for `amountIn` (0.3 % fee), as `UniswapV2Library.getAmountOut`.
 *
 * @example
 * amountOut(10n ** 18n, { reserveIn: 100n * 10n ** 18n, reserveOut: 300_000n * 10n ** 6n }) // 2_961_474_103n
 */
export function amountOut(amountIn: bigint, hop: Hop): bigint {
  if (amountIn <= 0n || hop.reserveIn <= 0n || hop.reserveOut <= 0n) return 0n
  const withFee = amountIn * 997n
  return (withFee * hop.reserveOut) / (hop.reserveIn * 1000n + withFee)
}

/**
 * The amounts along a path of pools, `amountIn` first, as the router's `getAmountsOut` gives them.
 *
 * @example
 * amountsOut(1_000_000n, [gusdToWeth, wethToUsdc]) // [1_000_000n, <wei>, <USDC units>]
 */
export function amountsOut(amountIn: bigint, hops: readonly Hop[]): bigint[] {
  const amounts = [amountIn]
  for (const hop of hops) amounts.push(amountOut(amounts[amounts.length - 1]!, hop))
  return amounts
}

/**
 * Price impact of a swap in percent: how far its execution price falls short of the pools' mid
 * price (reserves ratio, fee included in the shortfall, as Uniswap's SDK reports it). 100 when
 * the swap buys nothing; 6 decimals at most.
 *
 * @example
 * priceImpactPercent(10n ** 18n, 2_961_474_103n, [{ reserveIn: 100n * 10n ** 18n, reserveOut: 300_000n * 10n ** 6n }]) // 1.284196
 */
export function priceImpactPercent(amountIn: bigint, amountOut: bigint, hops: readonly Hop[]): number {
  // mid = amountIn · Π reserveOut / Π reserveIn; impact = (mid − out) / mid.
  const midNumerator = hops.reduce((p, h) => p * h.reserveOut, amountIn)
  const midDenominator = hops.reduce((p, h) => p * h.reserveIn, 1n)
  if (midNumerator <= 0n) return 100
  const shortfall = midNumerator - amountOut * midDenominator
  if (shortfall <= 0n) return 0
  // In millionths of a percent, rounded down.
  return Number((shortfall * 100_000_000n) / midNumerator) / 1_000_000
}

/**
 * The least a swap may deliver with `slippagePercent` tolerance: `quote · (100 − slippage) / 100`,
 * rounded down (the slippage counts to 9 decimals).
 *
 * @example
 * minimumOut(2_961_474_103n, 1) // 2_931_859_361n
 */
export function minimumOut(quote: bigint, slippagePercent: number): bigint {
  if (!Number.isFinite(slippagePercent) || slippagePercent < 0 || slippagePercent > 100) {
    throw new RangeError(`slippage must be a percentage from 0 to 100, got ${slippagePercent}`)
  }
  const kept = 100n * SLIPPAGE_SCALE - BigInt(Math.round(slippagePercent * Number(SLIPPAGE_SCALE)))
  return (quote * kept) / (100n * SLIPPAGE_SCALE)
}

/** Gas prices in wei for the three speeds of `/v1/convert/gas-price`. */
export type GasTiers = { standard: bigint; fast: bigint; instant: bigint }

/**
 * Three gas prices from what the node reports: `standard` its `eth_gasPrice`; `fast` at least
 * 1.25× that and the next block's base fee plus the 90th percentile tip of recent blocks;
 * `instant` at least 1.5× and twice the next base fee plus that tip (room for six full blocks
 * of base fee increases). Each is strictly above the one before.
 *
 * @example
 * gasTiers({ gasPrice: 1_875_000_000n, nextBaseFee: 875_000_000n, tip90: 1_000_000_000n })
 * // { standard: 1_875_000_000n, fast: 2_343_750_000n, instant: 2_812_500_000n }
 */
export function gasTiers(node: { gasPrice: bigint; nextBaseFee: bigint; tip90: bigint }): GasTiers {
  const standard = node.gasPrice
  const max = (...xs: bigint[]) => xs.reduce((a, b) => (b > a ? b : a))
  const ceilTimes = (x: bigint, numerator: bigint, denominator: bigint) => (x * numerator + denominator - 1n) / denominator
  const fast = max(ceilTimes(standard, 5n, 4n), node.nextBaseFee + node.tip90, standard + 1n)
  const instant = max(ceilTimes(standard, 3n, 2n), 2n * node.nextBaseFee + node.tip90, fast + 1n)
  return { standard, fast, instant }
}

/**
 * A gas estimate with a 20 % margin, so the transaction still fits when the pools' state
 * changes a little between the estimate and the block that includes it.
 *
 * @example
 * withGasMargin(100_000n) // 120_000n
 */
export function withGasMargin(gas: bigint): bigint {
  return (gas * 6n + 4n) / 5n
}
