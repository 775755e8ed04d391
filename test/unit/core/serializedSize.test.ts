import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
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
})
