import { median } from './median'

/** Where a figure's runs fall: the median, the middle half (first to third quartile) and the extremes. */
export type Spread = { median: number; q1: number; q3: number; min: number; max: number; samples: number[] }

/**
 * The spread of a figure over its runs, so a reader sees how far two runs could disagree, not
 * only their middle.
 *
 * @example
 * spread([1.9, 2.0, 2.1]) // { median: 2, q1: 1.95, q3: 2.05, min: 1.9, max: 2.1, … }
 */
export function spread(samples: readonly number[]): Spread {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    median: median(sorted),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    samples: [...samples],
  }
}

/** Linear interpolation between the closest ranks of sorted samples. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN
  const at = (sorted.length - 1) * q
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo)
}
