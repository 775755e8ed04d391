import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rangeOfOffsets, visibleRange } from '../../../src/react/components/VirtualList'
import { fcParams } from '../fcSettings'

// The window of a list whose rows have their own heights (section headings in the wallet grid):
// with equal heights it is the fixed-height window; in general it holds every row that meets
// the viewport, and no more than the overscan beyond.
describe('rangeOfOffsets', () => {
  it('equals the fixed-height window when every row has the same height', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 900 }), fc.integer({ min: 0, max: 6 }), fc.nat(40_000), (count, h, height, overscan, scroll) => {
        const offsets = Array.from({ length: count + 1 }, (_, i) => i * h)
        const scrollTop = Math.min(scroll, Math.max(0, count * h - height))
        expect(rangeOfOffsets(offsets, scrollTop, height, overscan)).toEqual(visibleRange(scrollTop, { itemCount: count, itemHeight: h, height, overscan }))
      }),
      fcParams({ numRuns: 300 }),
    )
  })

  it('with mixed heights, holds every row meeting the viewport and at most the overscan more on each side', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 900 }), fc.integer({ min: 0, max: 4 }), fc.nat(20_000), (heights, height, overscan, scroll) => {
        const offsets = [0]
        for (const h of heights) offsets.push(offsets[offsets.length - 1]! + h)
        const total = offsets[offsets.length - 1]!
        const scrollTop = Math.min(scroll, Math.max(0, total - height))
        const { start, end } = rangeOfOffsets(offsets, scrollTop, height, overscan)
        const meets = heights.map((_, i) => offsets[i]! < scrollTop + height && offsets[i + 1]! > scrollTop)
        const first = meets.indexOf(true)
        const last = meets.lastIndexOf(true)
        expect(start).toBeLessThanOrEqual(first)
        expect(end).toBeGreaterThan(last)
        expect(first - start).toBeLessThanOrEqual(overscan)
        expect(end - 1 - last).toBeLessThanOrEqual(overscan + 1)
      }),
      fcParams({ numRuns: 300 }),
    )
  })
})
