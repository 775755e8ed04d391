import { appendFileSync } from 'node:fs'
import type { Parameters } from 'fast-check'
import { fcParams } from '../property/fcSettings'

/** How much heavier a run with `FUZZ_HEAVY=1` is than the default, bounded one. */
export const HEAVY_FACTOR = 25

/**
 * fast-check parameters for a fuzz campaign: `runs` generated inputs by default (kept small so
 * `npm test` stays bounded), `runs × HEAVY_FACTOR` with `FUZZ_HEAVY=1`. Seeds replay as in the
 * property tests (`FC_SEED`, `FC_PATH`, `FC_RUNS`). With `FUZZ_COUNTS=<file>`, each campaign
 * appends `{ name, runs }` to that file so a run can report how many inputs it tried.
 */
export function fuzzParams<T = unknown>(name: string, runs: number, overrides: Parameters<T> = {}): Parameters<T> {
  const heavy = process.env.FUZZ_HEAVY === '1' || process.env.FUZZ_HEAVY === 'true'
  const params = fcParams<T>({ numRuns: heavy ? runs * HEAVY_FACTOR : runs, ...overrides })
  const countsFile = process.env.FUZZ_COUNTS
  if (countsFile) appendFileSync(countsFile, `${JSON.stringify({ name, runs: params.numRuns })}\n`)
  return params
}
