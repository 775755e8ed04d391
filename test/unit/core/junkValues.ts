import fc from 'fast-check'

/** A value that refers to itself. */
export function cycle(): Record<string, unknown> {
  const o: Record<string, unknown> = { view: 'Connect' }
  o.self = o
  return o
}

/** `depth` levels of nesting, alternating objects and arrays. */
export function nested(depth: number, leaf: unknown = 'leaf'): unknown {
  let v = leaf
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { d: v }
  return v
}

/** An object with a prototype key as its own key, as JSON.parse makes it. */
export const protoKeyArb = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.constantFrom('top', 'deep'))
  .map(([key, where]) => JSON.parse(where === 'top' ? `{"view":"Connect","${key}":{"polluted":true}}` : `{"view":"Connect","data":{"a":[{"${key}":{"polluted":true}}]}}`) as unknown)

/** Values a host could pass by mistake or on purpose: every JS kind, cycles, deep nesting, prototype keys. */
export const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withObjectString: true,
    withSparseArray: true,
    withTypedArray: true,
    maxDepth: 3,
  }),
  fc.constantFrom<unknown>(undefined, null, NaN, Infinity, -0, 1n, '', 'Connect', 'dark', 'eip155', 'eip155:1', 'mars:1', [], {}, () => 1, Symbol('s')),
  fc.constant(null).map(() => cycle()),
  fc.integer({ min: 60, max: 3_000 }).map((d) => nested(d)),
  protoKeyArb,
)

/** Values a structured clone (IndexedDB) can hold and JSON cannot, plus plain junk. */
export const cloneOnlyArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(NaN, Infinity, -Infinity, 1n, new Date(0), new Map([['a', 1]]), new Set([1]), new Uint8Array([1, 2]), /re/g, undefined, null, '', 0, 'x', [], {}),
  fc.constant(null).map(() => cycle()),
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withSparseArray: true, withTypedArray: true, maxDepth: 3 }),
)
