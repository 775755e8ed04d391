import { describe, expect, it } from 'vitest'
import {
  formatAmount,
  formatFiat,
  formatTokenUnits,
  multiplyDecimals,
  AmountPrecisionError,
  parseTokenUnits,
  relativeTime,
  shortenEmail,
  sumTokenValues,
  truncateAddress,
} from '../../../../src/core/domain/format.js'

describe('formatFiat: exact cents', () => {
  it('rounds half away from zero exactly, and a total of token values adds without binary error', () => {
    expect(formatFiat('0.005')).toBe('$0.01')
    expect(formatFiat('0.004')).toBe('$0.00')
    expect(formatFiat('9.995')).toBe('$10.00')
    expect(formatFiat(1.005)).toBe('$1.01')
    expect(formatFiat('-2.5')).toBe('-$2.50')
    expect(formatFiat('-0.001')).toBe('$0.00')
    expect(formatFiat(undefined)).toBe('$0.00')
    expect(formatFiat('123456789012345678901234.5')).toBe('$123,456,789,012,345,678,901,234.50')
    expect(sumTokenValues([{ value: 1.5 }, { value: 2 }, {}])).toBe(3.5)
    expect(formatFiat(sumTokenValues([{ value: 0.1 }, { value: 0.2 }]))).toBe('$0.30')
  })
})

describe('shortenEmail', () => {
  const of = (n: number) => `${'a'.repeat(n - 12)}@example.com`
  it('keeps e-mails up to 30 characters and shortens longer ones with an ellipsis', () => {
    expect(of(29)).toHaveLength(29)
    expect(shortenEmail(of(29))).toBe(of(29))
    expect(shortenEmail(of(30))).toBe(of(30))
    expect(shortenEmail(of(31))).toBe(`${of(31).slice(0, 29)}…`)
    expect(shortenEmail(of(31))).toHaveLength(30)
    expect(shortenEmail('a-very-long-mailbox-name@example.com')).toBe('a-very-long-mailbox-name@exam…')
  })
})

describe('truncateAddress', () => {
  const a = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  it('keeps head and tail around an ellipsis', () => {
    expect(truncateAddress(a)).toBe('0xd8…A96045')
    expect(truncateAddress(a, { head: 6, tail: 4 })).toBe('0xd8dA…6045')
    expect(truncateAddress(a, { head: 6, tail: 0 })).toBe('0xd8dA…')
  })
  it('leaves short strings alone', () => {
    expect(truncateAddress('0x123456789', { head: 6, tail: 4 })).toBe('0x123456789')
    expect(truncateAddress('0x123456789a', { head: 6, tail: 4 })).toBe('0x1234…789a')
    expect(truncateAddress('')).toBe('')
  })
})

describe('relativeTime', () => {
  const s = 1_000
  const m = 60 * s
  const h = 60 * m
  const d = 24 * h
  it('uses sec, min, hr, d, mo, yr', () => {
    expect(relativeTime(0, 0)).toBe('0 sec')
    expect(relativeTime(59 * s + 999, 0)).toBe('59 sec')
    expect(relativeTime(60 * s, 0)).toBe('1 min')
    expect(relativeTime(59 * m, 0)).toBe('59 min')
    expect(relativeTime(h, 0)).toBe('1 hr')
    expect(relativeTime(23 * h + 59 * m, 0)).toBe('23 hr')
    expect(relativeTime(d, 0)).toBe('1 d')
    expect(relativeTime(29 * d, 0)).toBe('29 d')
    expect(relativeTime(30 * d, 0)).toBe('1 mo')
    expect(relativeTime(364 * d, 0)).toBe('11 mo')
    expect(relativeTime(365 * d, 0)).toBe('1 yr')
    expect(relativeTime(3 * 365 * d, 0)).toBe('3 yr')
  })
  it('treats the future as now', () => {
    expect(relativeTime(0, 5 * m)).toBe('0 sec')
  })
})

describe('token units (viem)', () => {
  it('converts raw amounts both ways', () => {
    expect(formatTokenUnits('0xde0b6b3a7640000', 18)).toBe('1')
    expect(formatTokenUnits('1500000', 6)).toBe('1.5')
    expect(parseTokenUnits('1.5', 6)).toBe('1500000')
    expect(parseTokenUnits('.25', 2)).toBe('25')
    expect(parseTokenUnits('3.', 9)).toBe('3000000000')
    expect(parseTokenUnits(' 1.500000000 ', 6)).toBe('1500000')
  })
  it('never rounds: more fraction digits than the token has decimals is refused', () => {
    expect(() => parseTokenUnits('1.1234567', 6)).toThrow(AmountPrecisionError)
    expect(() => parseTokenUnits('0.0000000001', 9)).toThrow(AmountPrecisionError)
    expect(() => parseTokenUnits('1.5', 0)).toThrow(AmountPrecisionError)
  })
  it('refuses text that is not a plain decimal amount', () => {
    for (const bad of ['', '.', '-1', '1e3', '0x10', '1,5', '1.2.3', 'NaN', 'Infinity', ' ']) expect(() => parseTokenUnits(bad, 6), bad).toThrow(RangeError)
  })
})

describe('multiplyDecimals', () => {
  it('multiplies exactly, with no binary rounding on the way to dollars', () => {
    expect(multiplyDecimals('2.5', 1.005)).toBe('2.5125')
    // 1.005 × 1 in binary floats is 1.00499999…; exactly it rounds half up to 1.01.
    expect(formatFiat(multiplyDecimals('1', 1.005)!)).toBe('$1.01')
    expect(multiplyDecimals('0.1', 0.2)).toBe('0.02')
    expect(multiplyDecimals('1000000.000001', 3000)).toBe('3000000000.003')
    expect(multiplyDecimals('-2', '1.5')).toBe('-3')
    expect(multiplyDecimals('3', 1e-7)).toBe('0.0000003')
  })
  it('is null for what is not a number', () => {
    expect(multiplyDecimals('abc', 1)).toBeNull()
    expect(multiplyDecimals('1', Number.NaN)).toBeNull()
    expect(multiplyDecimals('', 2)).toBeNull()
  })
})

describe('formatAmount and formatFiat (every view, every language)', () => {
  it('writes one amount alike in English, Spanish, Japanese and Arabic: grouped as the locale groups, truncated to 3 decimals', () => {
    expect(formatAmount('9998.48999', { locale: 'en', symbol: 'ETH' })).toBe('9,998.489 ETH')
    expect(formatAmount('9998.48999', { locale: 'ja', symbol: 'ETH' })).toBe('9,998.489 ETH')
    expect(formatAmount('12345.6789', { locale: 'es-ES', symbol: 'ETH' })).toBe('12.345,678 ETH')
    expect(formatAmount('1.9999', { locale: 'ar-EG' })).toBe('١٫٩٩٩')
    expect(formatAmount(undefined, { locale: 'en', symbol: 'SOL' })).toBe('0.000 SOL')
  })

  it('reads a bigint in the token’s smallest unit and shows no more decimals than the token has', () => {
    expect(formatAmount(1_234_567n, { locale: 'en', decimals: 6, symbol: 'USDC' })).toBe('1.234 USDC')
    expect(formatAmount(12_345n, { locale: 'en', decimals: 2 })).toBe('123.45')
    expect(formatAmount(7n, { locale: 'en', decimals: 0 })).toBe('7')
    expect(formatAmount(-1n, { locale: 'en', decimals: 18 })).toBe('0.000')
  })

  it("'exact' keeps every digit asked, sent or quoted, without trailing zeros", () => {
    expect(formatAmount('0.0100', { locale: 'en', precision: 'exact', symbol: 'ETH' })).toBe('0.01 ETH')
    expect(formatAmount('24749.900000', { locale: 'en', precision: 'exact' })).toBe('24,749.9')
    expect(formatAmount(10n ** 18n + 1n, { locale: 'en', decimals: 18, precision: 'exact' })).toBe('1.000000000000000001')
  })

  it('puts the minus sign first, before the currency sign, in every locale', () => {
    expect(formatAmount('-1234.5678', { locale: 'en' })).toBe('-1,234.567')
    expect(formatFiat(1500, { locale: 'en' })).toBe('$1,500.00')
    expect(formatFiat('-1234.5', { locale: 'en' })).toBe('-$1,234.50')
    // Intl writes 'US$ -1.234,50' in Dutch; the sign still comes first.
    expect(formatFiat('-1234.5', { locale: 'nl-NL' })).toMatch(/^-US\$\s1\.234,50$/)
    expect(formatFiat('-0.004', { locale: 'en' })).toBe('$0.00')
    expect(formatFiat('1.005', { locale: 'en' })).toBe('$1.01')
    expect(formatFiat('2.5', { locale: 'ja', currency: 'JPY' })).toMatch(/^[￥¥]3$/)
  })

  it('builds each Intl.NumberFormat once per locale and options', () => {
    const Original = Intl.NumberFormat
    let built = 0
    Intl.NumberFormat = new Proxy(Original, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        built++
        return new target(...args)
      },
    })
    try {
      for (let i = 0; i < 50; i++) {
        formatAmount(`${i}.123`, { locale: 'fr-CA', symbol: 'ETH' })
        formatFiat(i, { locale: 'fr-CA' })
      }
    } finally {
      Intl.NumberFormat = Original
    }
    // The amount's, the dollars' and the one that tells the locale's minus sign (unused here).
    expect(built).toBeLessThanOrEqual(2)
    expect(built).toBeGreaterThan(0)
  })
})
