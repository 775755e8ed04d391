import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonNumberLength } from '../../../src/core/events/schema'
import { serializedSize } from '../../../src/core/store'
import { fcParams } from '../../property/fcSettings'

describe('serializedSize', () => {
  it("equals the length of the stamped event's JSON, from the payload's length alone", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.jsonValue(),
        fc.option(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), { nil: undefined }),
        fc.nat(),
        fc.nat(),
        (type, payload, requestId, seq, at) => {
          const event = requestId === undefined ? { type, payload, seq, at } : { type, payload, requestId, seq, at }
          expect(serializedSize(event, JSON.stringify(payload).length)).toBe(JSON.stringify(event).length)
        },
      ),
      fcParams({ numRuns: 300 }),
    )
  })

  it("measures any number's JSON length, times and the largest safe integers too", () => {
    const edges = [0, -0, 1, -1, 9, 10, 99, 100, 1_700_000_000_000, 9_999_999_999_999, 10_000_000_000_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.5, -1e21, 1e21, 2 ** 53]
    for (const n of edges) expect(jsonNumberLength(n)).toBe(JSON.stringify(n).length)
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (n) => {
        expect(jsonNumberLength(n)).toBe(JSON.stringify(n).length)
      }),
      fcParams({ numRuns: 1000 }),
    )
  })
})
