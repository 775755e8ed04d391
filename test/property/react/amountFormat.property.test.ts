import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountFormat } from '../../../src/react/components/AccountBalance'
import { fcParams } from '../fcSettings'

// The modal's languages, each with locales a visitor's browser may report.
const languageAndLocale = fc.constantFrom(
  ['en', 'en'],
  ['en', 'en-US'],
  ['es', 'es-ES'],
  ['es', 'es-MX'],
  ['ja', 'ja-JP'],
  ['ar', 'ar-EG'],
  ['ar', 'ar'],
) as fc.Arbitrary<['en' | 'es' | 'ja' | 'ar', string]>

const decimalString = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,24}$/), fc.stringMatching(/^[0-9]{0,12}$/))
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`)

const exact = (text: string) => text as `${number}`

describe('the account views’ amounts against Intl.NumberFormat', () => {
  it('dollars: what Intl writes for the exact amount in that locale (sign placement included); English puts the minus before the $', () => {
    fc.assert(
      fc.property(languageAndLocale, decimalString, ([language, locale], value) => {
        const shown = amountFormat({ language, locale }).usd(value)
        const oracle = new Intl.NumberFormat(language === 'en' ? 'en-US' : locale, { style: 'currency', currency: 'USD', signDisplay: 'negative' })
        expect(shown).toBe(oracle.format(exact(value)))
        if (language === 'en') expect(shown).not.toContain('$-')
      }),
      fcParams(),
    )
  })

  it('balances: truncated to 3 decimals as Intl truncates the exact amount, never rounded up', () => {
    fc.assert(
      fc.property(languageAndLocale, decimalString, fc.constantFrom(undefined, 'ETH'), ([language, locale], value, symbol) => {
        const shown = amountFormat({ language, locale }).balance(value, symbol)
        const oracle = new Intl.NumberFormat(language === 'en' ? 'en-US' : locale, {
          minimumFractionDigits: 3,
          maximumFractionDigits: 3,
          roundingMode: 'trunc',
          signDisplay: 'negative',
          // English keeps the domain's ungrouped '1234.567'; other languages group as their locale does.
          ...(language === 'en' ? { useGrouping: false } : {}),
        })
        expect(shown).toBe(symbol ? `${oracle.format(exact(value))} ${symbol}` : oracle.format(exact(value)))
      }),
      fcParams(),
    )
  })
})
