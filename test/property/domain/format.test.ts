import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatBalance, formatDollars, shortenEmail, truncateAddress } from '../../../src/core/domain/format.js'
import { fcParams } from '../fcSettings.js'

/** A decimal string as an integer number of 10^-scale units. */
function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-')
  const [int = '0', frac = ''] = text.replace(/^[+-]/, '').split('.')
  const units = BigInt(`${int || '0'}${frac.padEnd(scale, '0').slice(0, scale)}`)
  return negative ? -units : units
}

const decimalString = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,30}$/), fc.stringMatching(/^[0-9]{0,30}$/))
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`)

describe('formatting laws', () => {
  it('balance truncation never rounds up and loses less than 0.001', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const shown = formatBalance(value)
        expect(shown).toMatch(/^-?\d+\.\d{3}$/)
        const scale = 40
        const original = scaled(value, scale)
        const kept = scaled(shown, scale)
        const abs = (x: bigint) => (x < 0n ? -x : x)
        expect(abs(kept) <= abs(original)).toBe(true)
        expect(abs(original) - abs(kept) < 10n ** BigInt(scale - 3)).toBe(true)
      }),
      fcParams(),
    )
  })

  it('numbers format like their shortest decimal text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), (n) => {
        const text = String(n)
        fc.pre(!/e/i.test(text))
        expect(formatBalance(n, 'ETH')).toBe(formatBalance(text, 'ETH'))
        expect(formatDollars(n)).toEqual(formatDollars(text))
      }),
      fcParams(),
    )
  })

  it('dollars are within half a cent of the value', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const { dollars, cents } = formatDollars(value)
        expect(cents).toMatch(/^\d{2}$/)
        const scale = 40
        const shownUnits = scaled(`${dollars}.${cents}`, scale)
        const diff = shownUnits - scaled(value, scale)
        const half = 5n * 10n ** BigInt(scale - 3)
        expect(diff <= half && diff >= -half).toBe(true)
      }),
      fcParams(),
    )
  })

  it('address truncation is never longer than its bound or its input, and keeps head and tail', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.nat(12), fc.nat(12), (address, head, tail) => {
        const out = truncateAddress(address, { head, tail })
        const chars = Array.from(out)
        expect(chars.length).toBeLessThanOrEqual(Array.from(address).length)
        if (out !== address) {
          expect(chars.length).toBe(head + tail + 1)
          expect(address.startsWith(chars.slice(0, head).join(''))).toBe(true)
          expect(address.endsWith(chars.slice(head + 1).join(''))).toBe(true)
        }
      }),
      fcParams(),
    )
  })

  it('e-mail shortening never exceeds 30 characters and keeps a prefix', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (email) => {
        const out = shortenEmail(email)
        const n = Array.from(email).length
        if (n <= 30) expect(out).toBe(email)
        else {
          expect(Array.from(out)).toHaveLength(30)
          expect(out.endsWith('…')).toBe(true)
          expect(email.startsWith(out.slice(0, -1))).toBe(true)
        }
      }),
      fcParams(),
    )
  })
})
