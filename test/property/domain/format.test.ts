import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, formatFiat, formatTokenUnits, parseTokenUnits, shortenEmail, truncateAddress } from '../../../src/core/domain/format.js'
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

/** Doubles that print without an exponent (the form Intl and the domain read alike). */
const plainDouble = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }).filter((n) => !/e/i.test(String(n)))

/** Exact decimal text as Intl.NumberFormat reads it (no float on the way). */
const exact = (text: string) => text as `${number}`

describe('formatting against Intl.NumberFormat', () => {
  // The oracle: the platform's own currency formatting, rounding half away from zero (halfExpand).
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: 'negative' })
  // Balances are truncated (spec §5: 'Balance display truncated to 3 decimals'), never rounded.
  const balance = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
    roundingMode: 'trunc',
    signDisplay: 'negative',
  })

  it('dollars read exactly as Intl writes them: the minus sign before the dollar sign, cents rounded half away from zero', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const shown = formatFiat(value)
        expect(shown).toBe(usd.format(exact(value)))
        expect(shown).not.toMatch(/\$-/)
        if (shown.startsWith('-')) expect(shown.startsWith('-$')).toBe(true)
      }),
      fcParams(),
    )
  })

  it('dollars from numbers agree with Intl on the same numbers', () => {
    fc.assert(
      fc.property(plainDouble, (n) => {
        expect(formatFiat(n)).toBe(usd.format(n))
      }),
      fcParams(),
    )
  })

  it('a negative amount that shows a cent or more shows it as -$…', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.stringMatching(/^[0-9]{0,6}$/), (whole, frac) => {
        expect(formatFiat(`-${whole}${frac ? `.${frac}` : ''}`)).toMatch(/^-\$\d{1,3}(,\d{3})*\.\d{2}$/)
      }),
      fcParams(),
    )
  })

  it('balances are truncated to 3 decimals exactly as Intl truncates them', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        expect(formatAmount(value)).toBe(balance.format(exact(value)))
        expect(formatAmount(value, { symbol: 'ETH' })).toBe(`${balance.format(exact(value))} ETH`)
      }),
      fcParams(),
    )
  })
})

describe('token amounts against bigint arithmetic', () => {
  /** `raw / 10^decimals` written by hand with bigint division: sign, whole part, fraction without trailing zeros. */
  const units = (raw: bigint, decimals: number): string => {
    const abs = raw < 0n ? -raw : raw
    const scale = 10n ** BigInt(decimals)
    const frac = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
    return `${raw < 0n ? '-' : ''}${abs / scale}${frac ? `.${frac}` : ''}`
  }
  const raw = fc.oneof(fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }), fc.bigInt({ min: -1000n, max: 1000n }))
  const decimals = fc.integer({ min: 0, max: 36 })

  it('raw amounts in decimal or 0x-hex text are written in whole units exactly', () => {
    fc.assert(
      fc.property(raw, decimals, (n, d) => {
        expect(formatTokenUnits(n.toString(), d)).toBe(units(n, d))
        if (n >= 0n) expect(formatTokenUnits(`0x${n.toString(16)}`, d)).toBe(units(n, d))
      }),
      fcParams(),
    )
  })

  it('whole units read back to the same raw amount, and a digit past the decimals is refused, not rounded', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n }), decimals, fc.integer({ min: 1, max: 9 }), (n, d, extra) => {
        const text = formatTokenUnits(n.toString(), d)
        expect(parseTokenUnits(text, d)).toBe(n.toString())
        const tooPrecise = `${text.includes('.') ? text : `${text}.`}${'0'.repeat(d - (text.split('.')[1]?.length ?? 0))}${extra}`
        expect(() => parseTokenUnits(tooPrecise, d)).toThrow(/decimals/)
      }),
      fcParams(),
    )
  })
})

describe('formatting laws', () => {
  it('balance truncation never rounds up and loses less than 0.001', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const shown = formatAmount(value).replaceAll(',', '')
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
        expect(formatAmount(n, { symbol: 'ETH' })).toBe(formatAmount(text, { symbol: 'ETH' }))
        expect(formatFiat(n)).toBe(formatFiat(text))
      }),
      fcParams(),
    )
  })

  it('dollars are within half a cent of the value', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const shown = formatFiat(value)
        expect(shown).toMatch(/^-?\$[\d,]+\.\d{2}$/)
        const scale = 40
        const shownUnits = scaled(shown.replace(/[$,]/g, ''), scale)
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
