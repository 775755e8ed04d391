import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, formatFiat, MAX_AMOUNT_DECIMALS } from '../../../src/core/domain/format'
import { amountFormat } from '../../../src/react/components/AccountBalance'
import { fcParams } from '../fcSettings'

// The modal's languages and others a visitor's browser may report: Latin and Arabic-Indic
// digits, '.', ',', ' ' and '٬' groups, Indian grouping, right-to-left marks around the sign.
const LOCALES = ['en', 'en-US', 'es-ES', 'es-MX', 'ja-JP', 'ar', 'ar-EG', 'de-DE', 'fr-FR', 'hi-IN', 'zh-CN', 'ru-RU', 'pt-BR', 'nl-NL', 'he-IL', 'fa-IR', 'de-CH']
const locale = fc.constantFrom(...LOCALES)

/** What a locale writes, read back: its digits, decimal mark, group separator and minus sign. */
function reader(loc: string) {
  const nf = new Intl.NumberFormat(loc, { useGrouping: false })
  const digits = new Map<string, string>()
  for (let i = 0; i < 10; i++) digits.set(nf.format(i), String(i))
  const parts = new Intl.NumberFormat(loc, { minimumFractionDigits: 1 }).formatToParts(-1234567.5)
  const decimal = parts.find((p) => p.type === 'decimal')!.value
  const group = parts.find((p) => p.type === 'group')?.value
  const minus = parts.find((p) => p.type === 'minusSign')!.value.replace(/[\u200e\u200f\u061c]/g, '')
  return { digits, decimal, group, minus }
}

const MARKS = /[\u200e\u200f\u061c]/g

/** The shown number read back exactly: sign, whole part as shown, and the value's digits. */
function parse(loc: string, shown: string) {
  const { digits, decimal, group, minus } = reader(loc)
  const text = shown.replace(MARKS, '')
  const negative = text.startsWith(minus)
  const body = (negative ? text.slice(minus.length) : text).trim()
  const [whole = '', frac = ''] = body.split(decimal)
  const toAscii = (s: string) => Array.from(s, (c) => digits.get(c) ?? (c === group || c === '\u00a0' || c === '\u202f' ? '' : `?${c}`)).join('')
  return { negative, whole, intDigits: toAscii(whole), fracDigits: toAscii(frac) }
}

/** The exact decimal text of a raw amount. */
const decimalText = (raw: bigint, decimals: number) => {
  const abs = raw < 0n ? -raw : raw
  const s = abs.toString().padStart(decimals + 1, '0')
  return { int: s.slice(0, s.length - decimals), frac: s.slice(s.length - decimals) }
}

describe('formatAmount over locales (bigint + decimals)', () => {
  it('truncates, never rounds up; the digits read back are the truncated amount; the sign leads; groups are the locale’s', () => {
    fc.assert(
      fc.property(
        locale,
        fc.bigInt({ min: -(10n ** 32n), max: 10n ** 32n }),
        fc.integer({ min: 0, max: 24 }),
        fc.constantFrom('balance' as const, 'exact' as const),
        (loc, raw, decimals, precision) => {
          const shown = formatAmount(raw, { locale: loc, decimals, precision, symbol: 'TOK' })
          expect(shown.endsWith(' TOK')).toBe(true)
          const read = parse(loc, shown.slice(0, -' TOK'.length))
          const places = Math.min(precision === 'balance' ? 3 : MAX_AMOUNT_DECIMALS, decimals)
          const { int, frac } = decimalText(raw, decimals)
          const kept = frac.slice(0, places)
          // Exactly the truncation: the whole part and the kept fraction digits, nothing rounded.
          expect(read.intDigits).toBe(int)
          if (precision === 'balance') expect(read.fracDigits).toBe(kept)
          else expect(read.fracDigits).toBe(kept.replace(/0+$/, ''))
          // Never more than the amount: the shown value times 10^decimals is at most |raw|.
          const abs = raw < 0n ? -raw : raw
          const shownUnits = BigInt(read.intDigits + read.fracDigits.padEnd(decimals, '0'))
          expect(shownUnits <= abs).toBe(true)
          expect(abs - shownUnits < 10n ** BigInt(decimals - places)).toBe(true)
          // The minus sign first, and only on an amount shown as non-zero.
          expect(read.negative).toBe(raw < 0n && shownUnits > 0n)
          // Grouped as the locale groups whole numbers.
          expect(read.whole).toBe(new Intl.NumberFormat(loc, { maximumFractionDigits: 0 }).format(BigInt(int)))
        },
      ),
      fcParams(),
    )
  })

  it('the views’ AmountFormat is formatAmount in the modal’s locale, the same in every view', () => {
    fc.assert(
      fc.property(locale, fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 18 }), (loc, raw, decimals) => {
        const amounts = amountFormat({ locale: loc })
        expect(amounts.balance(raw, 'ETH', decimals)).toBe(formatAmount(raw, { locale: loc, decimals, symbol: 'ETH' }))
        expect(amounts.exact(raw, 'ETH', decimals)).toBe(formatAmount(raw, { locale: loc, decimals, symbol: 'ETH', precision: 'exact' }))
      }),
      fcParams({ numRuns: 50 }),
    )
  })
})

describe('formatFiat over locales', () => {
  const money = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }))
    .map(([negative, units, places]) => {
      const { int, frac } = decimalText(units, places)
      return { negative, units, places, text: `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}` }
    })

  it('cents rounded half away from zero exactly, the minus sign before the currency sign, grouping of the locale', () => {
    fc.assert(
      fc.property(locale, money, (loc, { negative, units, places, text }) => {
        const shown = formatFiat(text, { locale: loc })
        const symbol = new Intl.NumberFormat(loc, { style: 'currency', currency: 'USD' }).formatToParts(1).find((p) => p.type === 'currency')!.value
        expect(shown).toContain(symbol)
        const bare = shown.replace(symbol, '').trim()
        const read = parse(loc, bare)
        // Exact cents: round half away from zero on the decimal text.
        const scale = 10n ** BigInt(places)
        const cents = places >= 2 ? (units * 100n + scale / 2n) / scale : units * 10n ** BigInt(2 - places)
        expect(BigInt(read.intDigits + read.fracDigits)).toBe(cents)
        expect(read.fracDigits.length).toBe(2)
        // The sign leads everything, currency sign included, and shows only on a non-zero amount.
        const text2 = shown.replace(MARKS, '')
        const minus = reader(loc).minus
        expect(text2.startsWith(minus)).toBe(negative && cents > 0n)
        if (negative && cents > 0n) expect(text2.indexOf(minus)).toBeLessThan(text2.indexOf(symbol))
        expect(read.whole.replace(/^\s+|\s+$/g, '')).toBe(new Intl.NumberFormat(loc, { maximumFractionDigits: 0 }).format(cents / 100n))
      }),
      fcParams(),
    )
  })
})
