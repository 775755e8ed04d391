import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canRetry, emailCooldownError, isPairingExpired, requestBackoffMs, rpcRetryDelayMs } from '../../../src/core/domain/timing.js'
import { fcParams } from '../fcSettings.js'

const time = fc.integer({ min: 0, max: 4_000_000_000_000 })

describe('timing laws', () => {
  it('request backoff is monotonic in the attempt and capped at 30 s', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        expect(requestBackoffMs(lo)).toBeLessThanOrEqual(requestBackoffMs(hi))
        expect(requestBackoffMs(hi)).toBeLessThanOrEqual(30_000)
        expect(requestBackoffMs(lo)).toBeGreaterThanOrEqual(1_000)
      }),
      fcParams(),
    )
  })

  it('RPC retry delay doubles', () => {
    fc.assert(
      fc.property(fc.nat(20), (n) => {
        expect(rpcRetryDelayMs(n + 1)).toBe(2 * rpcRetryDelayMs(n))
      }),
      fcParams(),
    )
  })

  it('e-mail cooldown: null from 30 s on, else 1–30 seconds rounded up', () => {
    fc.assert(
      fc.property(time, fc.integer({ min: -100_000, max: 100_000 }), (last, delta) => {
        const error = emailCooldownError(last + delta, last)
        if (delta >= 30_000) expect(error).toBeNull()
        else {
          expect(error).not.toBeNull()
          const n = Number(/after (\d+) seconds/.exec(error?.shortMessage ?? '')?.[1])
          expect(n).toBeGreaterThanOrEqual(1)
          expect(n).toBeLessThanOrEqual(30)
          if (delta >= 0) expect(n).toBe(Math.ceil((30_000 - delta) / 1_000))
        }
      }),
      fcParams(),
    )
  })

  it('pairing expiry and retry are thresholds in time', () => {
    fc.assert(
      fc.property(time, fc.integer({ min: -60_000, max: 60_000 }), (now, left) => {
        expect(isPairingExpired(now, now + left)).toBe(left <= 10_000)
        expect(canRetry(now, now - left)).toBe(left >= 1_000)
      }),
      fcParams(),
    )
  })
})
