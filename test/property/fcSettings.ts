import type { Parameters } from 'fast-check'

/**
 * Shared fast-check parameters. A failing run prints its seed and path; replay it exactly with
 * `FC_SEED=<seed> FC_PATH=<path> npx vitest run <file>`. `FC_RUNS` raises the number of runs.
 */
export function fcParams<T = unknown>(overrides: Parameters<T> = {}): Parameters<T> {
  const params: Parameters<T> = { ...overrides }
  const seed = process.env.FC_SEED
  const path = process.env.FC_PATH
  const runs = process.env.FC_RUNS
  if (seed !== undefined && seed !== '') params.seed = Number(seed)
  if (path !== undefined && path !== '') params.path = path
  if (runs !== undefined && runs !== '') params.numRuns = Number(runs)
  return params
}
