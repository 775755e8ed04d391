import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { array, fits, json, literal, nullable, number, object, oneOf, optional, record, string, type Schema } from '../../../src/core/events/schema'
import { builtInCatalogue } from '../../../src/core/reducers/rootReducer'
import { fcParams } from '../fcSettings'
import { eventArb } from './arbitraries'

const schemas = [...builtInCatalogue.values()].map((c) => [c.type, c.schema as Schema<unknown>] as const)
const junk = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(undefined, Number.NaN, -0, Infinity, 1n, Symbol('s'), () => 1, new Date(0), [1, , 2], { __proto__: null, a: 1 }))

/** `value` with the value at one path (picked by `pick`) replaced by `by` (or deleted when `by` is undefined). */
function mutate(value: unknown, pick: number, by: unknown): unknown {
  if (typeof value !== 'object' || value === null) return by
  const entries = Object.entries(value)
  if (entries.length === 0) return Array.isArray(value) ? [by] : { extra: by }
  const [key, inner] = entries[pick % entries.length] as [string, unknown]
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...value }
  copy[key] = pick % 3 === 0 ? by : mutate(inner, Math.floor(pick / 3), by)
  return copy
}

const agrees = (schema: Schema<unknown>, value: unknown): void => {
  expect(fits(schema, value)).toBe(schema.check(value, 'payload') === null)
}

describe('schema fits', () => {
  it('says yes exactly when check finds no problem, for every event payload schema and any value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...schemas), junk, ([, schema], value) => agrees(schema, value)),
      fcParams({ numRuns: 2000 }),
    )
  })

  it('agrees with check on real payloads and on payloads one field away from real', () => {
    fc.assert(
      fc.property(eventArb, fc.nat(), junk, (event, pick, by) => {
        const schema = builtInCatalogue.get(event.type)?.schema as Schema<unknown>
        expect(fits(schema, event.payload)).toBe(true)
        agrees(schema, mutate(event.payload, pick, by))
      }),
      fcParams({ numRuns: 2000 }),
    )
  })

  it('agrees with check for each combinator, nested', () => {
    const nested = object({
      id: string(),
      n: optional(number()),
      kind: literal('a', 'b', 1, null),
      list: array(oneOf(string(), object({ x: nullable(number()) }))),
      map: record(json()),
    })
    const sample = { id: 'i', n: 1, kind: 'a', list: ['s', { x: null }, { x: 2 }], map: { k: { deep: [1, 'x'] } } }
    agrees(nested, sample)
    expect(fits(nested, sample)).toBe(true)
    fc.assert(
      fc.property(fc.nat(), junk, (pick, by) => agrees(nested, mutate(sample, pick, by))),
      fcParams({ numRuns: 2000 }),
    )
    // A value nested deeper than a payload may be: json() refuses it both ways.
    let deep: unknown = 1
    for (let i = 0; i < 100; i++) deep = [deep]
    agrees(json(), deep)
    expect(fits(json(), deep)).toBe(false)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    agrees(json(), cyclic)
    // A schema made elsewhere without `fits` is asked through check.
    const custom: Schema<unknown> = { check: (v, path) => (v === 1 ? null : `${path} must be 1`) }
    expect([fits(custom, 1), fits(object({ c: custom }), { c: 2 })]).toEqual([true, false])
  })
})
