import { protocol } from '@electric-sql/pglite'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, type PgliteClient } from '../../dev/gateway/pgliteWorker'
import { fuzzParams } from './fuzzParams'

// What crosses to PGlite's worker thread and back: any parameters (text with any characters, NUL
// included, numbers out of range, arrays, JSON, nulls) and the rows or the error PostgreSQL makes of
// them, several queries in flight at once. Whatever is sent, the worker answers each query exactly
// as PGlite in process does: the same rows, or the same DatabaseError with the same fields.

let worker: PgliteClient
let main: PgliteClient
beforeAll(async () => {
  ;[worker, main] = await Promise.all([openPglite(), openPglite({ thread: 'main' })])
}, 90_000)
afterAll(async () => {
  await Promise.all([worker?.close(), main?.close()])
})

/** A query and its parameters, some of which PostgreSQL refuses (a NUL in text, a bigint out of range, malformed JSON, …). */
const queryArb: fc.Arbitrary<[string, unknown[]]> = fc.oneof(
  fc.tuple(fc.constant('SELECT $1::text AS t, length($1::text) AS n'), fc.tuple(fc.option(fc.string({ unit: 'binary', maxLength: 40 }), { nil: null }))),
  fc.tuple(
    fc.constant('SELECT $1::bigint AS b, $2::integer AS i, $3::float8 AS d'),
    fc.tuple(
      fc.oneof(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String), fc.string({ maxLength: 6 })),
      fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.string({ maxLength: 4 })),
      fc.oneof(fc.double(), fc.constantFrom('NaN', 'Infinity', '-0', '1e400', 'x')),
    ),
  ),
  fc.tuple(fc.constant('SELECT $1::text[] AS a, cardinality($1::text[]) AS n'), fc.tuple(fc.array(fc.option(fc.string({ unit: 'grapheme', maxLength: 8 }), { nil: null }), { maxLength: 5 }))),
  fc.tuple(fc.constant('SELECT $1::jsonb AS j, jsonb_typeof($1::jsonb) AS kind'), fc.tuple(fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 10 })))),
  fc.tuple(fc.constant("SELECT $1::boolean AS f, $2::timestamptz AS at, to_char($2::timestamptz, 'YYYY') AS y"), fc.tuple(fc.oneof(fc.boolean(), fc.constantFrom('yes', 'off', 'maybe')), fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.string({ maxLength: 8 })))),
)

/** What a query answered or threw, in a form two runs can be compared by. */
async function outcome(db: PgliteClient, [text, params]: [string, unknown[]]) {
  try {
    return { rows: (await db.query(text, params)).rows }
  } catch (error) {
    const { message, ...fields } = { ...(error as Record<string, unknown>), message: (error as Error).message }
    return { error: { isDatabaseError: error instanceof protocol.messages.DatabaseError, message, fields } }
  }
}

describe('PGlite on its worker thread, fuzzed', () => {
  it('answers every query, several at once, as PGlite in process does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(queryArb, { minLength: 1, maxLength: 6 }), async (queries) => {
        const fromWorker = await Promise.all(queries.map((q) => outcome(worker, q)))
        const inProcess = await Promise.all(queries.map((q) => outcome(main, q)))
        expect(fromWorker).toEqual(inProcess)
      }),
      fuzzParams('pgliteWorker', 25),
    )
  }, 120_000)
})
