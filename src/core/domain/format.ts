/**
 * Display formatting: balances, dollars, locale amounts, e-mails, addresses, relative times and
 * token units. Decimal arithmetic is done on strings so nothing is rounded by floating point.
 */
import { formatUnits, parseUnits } from 'viem'
import { BALANCE_DECIMALS, EMAIL_DISPLAY_MAX, LOCALE_AMOUNT_DECIMALS } from './constants.js'

/** The ellipsis used by every shortening rule: one character, so bounds are exact. */
export const ELLIPSIS = '…'

type Decimal = { negative: boolean; int: string; frac: string }

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** Reads a number or a decimal string (exponents allowed) exactly; `null` if it is not one. */
function readDecimal(value: string | number | undefined | null): Decimal | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  const text = typeof value === 'number' ? String(value) : value.trim()
  const match = DECIMAL.exec(text)
  if (!match) return null
  const [, sign = '', intDigits = '', fracDigits = '', exponent = '0'] = match
  if (intDigits === '' && fracDigits === '') return null
  const exp = Number(exponent)
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 1_000) return null
  const digits = intDigits + fracDigits
  let point = intDigits.length + exp
  let all = digits
  if (point < 0) {
    all = '0'.repeat(-point) + all
    point = 0
  }
  if (point > all.length) all = all + '0'.repeat(point - all.length)
  const int = all.slice(0, point).replace(/^0+/, '') || '0'
  const frac = all.slice(point).replace(/0+$/, '')
  const negative = sign === '-' && /[1-9]/.test(int + frac)
  return { negative, int, frac }
}

/** Adds one unit in the last place to a string of decimal digits; returns the carry too. */
function incrementDigits(digits: string): { digits: string; carry: boolean } {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') out[i] = '0'
    else {
      out[i] = String(Number(out[i]) + 1)
      return { digits: out.join(''), carry: false }
    }
  }
  return { digits: out.join(''), carry: true }
}

/** Rounds half away from zero to `places` decimals, exactly. */
function roundDecimal(d: Decimal, places: number): Decimal {
  const kept = d.frac.slice(0, places).padEnd(places, '0')
  const next = d.frac.charCodeAt(places) - 48
  if (!(next >= 5)) return { ...d, frac: kept }
  // With no places kept, the carry goes straight to the whole part.
  const bumped = places === 0 ? { digits: '', carry: true } : incrementDigits(kept)
  if (!bumped.carry) return { ...d, frac: bumped.digits }
  const int = incrementDigits(d.int)
  return { ...d, int: int.carry ? `1${int.digits}` : int.digits, frac: bumped.digits }
}

/**
 * The exact product of two decimals (numbers read as their shortest decimal text), as a decimal
 * string; null when either is not a number.
 *
 * @example
 * multiplyDecimals('2.5', 1.005) // '2.5125'
 */
export function multiplyDecimals(a: string | number, b: string | number): string | null {
  const x = readDecimal(a)
  const y = readDecimal(b)
  if (!x || !y) return null
  const product = BigInt(x.int + x.frac) * BigInt(y.int + y.frac)
  const sign = x.negative !== y.negative && product !== 0n ? '-' : ''
  return sign + formatUnits(product, x.frac.length + y.frac.length)
}

/**
 * The dollar total of token balances (sum of their `value`s, missing values as zero).
 *
 * @example
 * sumTokenValues([{ value: 1.5 }, { value: 2 }, {}]) // 3.5
 */
export function sumTokenValues(balances: readonly { value?: number | undefined }[]): number {
  return balances.reduce((sum, b) => sum + (typeof b.value === 'number' && Number.isFinite(b.value) ? b.value : 0), 0)
}

/** Fraction digits an exact amount shows at most (Intl's oldest engines stop at 20). */
export const MAX_AMOUNT_DECIMALS = 20

const numberFormats = new Map<string, Intl.NumberFormat>()

/**
 * The `Intl.NumberFormat` of a locale and options, made once and kept: building one costs far more
 * than formatting with it, and every row of every list formats. A locale Intl does not know falls
 * back to English.
 */
function numberFormat(locale: string, options: Intl.NumberFormatOptions, key: string): Intl.NumberFormat {
  const id = `${locale}|${key}`
  let format = numberFormats.get(id)
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options)
    } catch {
      format = new Intl.NumberFormat('en', options)
    }
    numberFormats.set(id, format)
  }
  return format
}

/** A decimal as the exact text Intl reads without going through a float. */
const exactText = (d: Decimal, frac: string): `${number}` => `${d.int}${frac ? `.${frac}` : ''}` as `${number}`

/** The locale's minus sign (with the direction mark some locales put before it). */
function minusSign(locale: string): string {
  const parts = numberFormat(locale, {}, 'plain').formatToParts(-1)
  return parts.find((p) => p.type === 'minusSign')?.value ?? '-'
}

/** The token's decimals when they are a count of digits, else undefined (no limit). */
const tokenDecimals = (decimals: number | undefined): number | undefined =>
  decimals !== undefined && Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : undefined

export type AmountFormatOptions = {
  /** The visitor's locale (a BCP 47 tag); English when missing or unknown to Intl. */
  locale?: string
  /** The token's decimals: a bigint is read in the token's smallest unit, and no more fraction digits are shown than the token has. */
  decimals?: number
  /** Written after the amount, after a space. */
  symbol?: string
  /**
   * `balance` (the default): truncated, never rounded, to 3 decimals (fewer when the token has
   * fewer), zeros kept ('1.500 ETH'). `exact`: every fraction digit the amount has, up to the
   * token's decimals and at most 20 (truncated beyond), trailing zeros dropped ('0.01 ETH').
   */
  precision?: 'balance' | 'exact'
}

/**
 * A token amount as a visitor reads it in their locale: the locale's digits, decimal mark and
 * grouping (Intl), the digits truncated exactly on the decimal text (nothing rounds up, nothing
 * goes through a float), the minus sign first and none on an amount shown as zero. Missing or
 * invalid values are zero. Every view writes token amounts with this.
 *
 * @example
 * formatAmount('9998.48999', { locale: 'en', symbol: 'ETH' }) // '9,998.489 ETH'
 * formatAmount(1_500_000n, { locale: 'de', decimals: 6, symbol: 'USDC' }) // '1,500 USDC'
 * formatAmount('0.0100', { locale: 'ja', precision: 'exact', symbol: 'ETH' }) // '0.01 ETH'
 */
export function formatAmount(value: bigint | string | number | null | undefined, options: AmountFormatOptions = {}): string {
  const { locale = 'en', symbol, precision = 'balance' } = options
  const decimals = tokenDecimals(options.decimals)
  const d =
    typeof value === 'bigint'
      ? readDecimal(decimals === undefined ? value.toString() : formatUnits(value, decimals))
      : readDecimal(value ?? undefined)
  const cap = Math.min(precision === 'balance' ? BALANCE_DECIMALS : MAX_AMOUNT_DECIMALS, decimals ?? MAX_AMOUNT_DECIMALS)
  let frac = (d?.frac ?? '').slice(0, cap)
  frac = precision === 'balance' ? frac.padEnd(cap, '0') : frac.replace(/0+$/, '')
  const int = d?.int ?? '0'
  const negative = !!d?.negative && /[1-9]/.test(int + frac)
  const format = numberFormat(locale, { minimumFractionDigits: frac.length, maximumFractionDigits: frac.length }, `f${frac.length}`)
  // The absolute value is formatted and the minus put first, so every locale reads the sign alike.
  const text = (negative ? minusSign(locale) : '') + format.format(exactText({ negative: false, int, frac }, frac))
  return symbol ? `${text} ${symbol}` : text
}

/**
 * A fiat amount as a visitor reads it in their locale, in Intl's currency style: rounded half away
 * from zero, exactly, to the currency's minor unit (two-digit cents for dollars), the minus sign
 * before the currency symbol in every locale, none on an amount shown as zero. Missing or invalid
 * values are zero.
 *
 * @example
 * formatFiat(1500, { locale: 'en' }) // '$1,500.00'
 * formatFiat('-1234.5', { locale: 'en' }) // '-$1,234.50'
 * formatFiat('1234.5', { locale: 'es' }) // '1234,50 US$'
 */
export function formatFiat(value: string | number | null | undefined, options: { locale?: string; currency?: string } = {}): string {
  const { locale = 'en', currency = 'USD' } = options
  // A code Intl refuses (not three letters) is written after the amount, with cents.
  if (!/^[A-Za-z]{3}$/.test(currency)) return `${formatAmount(value, { locale, decimals: LOCALE_AMOUNT_DECIMALS, precision: 'exact' })} ${currency}`.trim()
  const format = numberFormat(locale, { style: 'currency', currency }, `c${currency}`)
  const places = format.resolvedOptions().maximumFractionDigits ?? LOCALE_AMOUNT_DECIMALS
  const d = readDecimal(value ?? undefined) ?? { negative: false, int: '0', frac: '' }
  const rounded = roundDecimal(d, places)
  const negative = rounded.negative && /[1-9]/.test(rounded.int + rounded.frac)
  return (negative ? minusSign(locale) : '') + format.format(exactText(rounded, rounded.frac))
}

/**
 * An e-mail for display: unchanged up to 30 characters, longer ones cut to 30 characters
 * ending in an ellipsis.
 *
 * @example
 * shortenEmail('ada@example.com') // 'ada@example.com'
 * shortenEmail('a-very-long-mailbox-name@example.com') // 'a-very-long-mailbox-name@exam…'
 */
export function shortenEmail(email: string, max: number = EMAIL_DISPLAY_MAX): string {
  const chars = Array.from(email)
  if (chars.length <= max) return email
  return chars.slice(0, Math.max(0, max - 1)).join('') + ELLIPSIS
}

/**
 * An address shortened in the middle: the first `head` and last `tail` characters around an
 * ellipsis. Left unchanged when shortening would not make it shorter.
 *
 * @example
 * truncateAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // '0xd8…A96045'
 * truncateAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', { head: 6, tail: 4 }) // '0xd8dA…6045'
 */
export function truncateAddress(address: string, options: { head?: number; tail?: number } = {}): string {
  const head = Math.max(0, Math.floor(options.head ?? 4))
  const tail = Math.max(0, Math.floor(options.tail ?? 6))
  const chars = Array.from(address)
  if (chars.length <= head + tail + 1) return address
  return chars.slice(0, head).join('') + ELLIPSIS + (tail > 0 ? chars.slice(-tail).join('') : '')
}

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago `then` was at `now`, in the short forms sec, min, hr, d, mo, yr (floored; a
 * month counts as 30 days, a year as 365). Times in the future count as now.
 *
 * @example
 * relativeTime(90_000, 0) // '1 min'
 * relativeTime(3 * 86_400_000, 0) // '3 d'
 */
export function relativeTime(now: number, then: number): string {
  const elapsed = Math.max(0, now - then)
  if (!Number.isFinite(elapsed)) return '0 sec'
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)} sec`
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} hr`
  const days = Math.floor(elapsed / DAY)
  if (days < 30) return `${days} d`
  if (days < 365) return `${Math.min(11, Math.floor(days / 30))} mo`
  return `${Math.floor(days / 365)} yr`
}

/**
 * A raw token amount (decimal or 0x-hex integer text) in whole units, as a decimal string.
 *
 * @example
 * formatTokenUnits('0xde0b6b3a7640000', 18) // '1'
 */
export function formatTokenUnits(raw: string, decimals: number): string {
  return formatUnits(BigInt(raw), decimals)
}

/** An amount with more fraction digits than its token has decimals (parseTokenUnits). */
export class AmountPrecisionError extends RangeError {
  override name = 'AmountPrecisionError'
}

const DECIMAL_AMOUNT = /^(?:\d+(?:\.\d*)?|\.\d+)$/

/**
 * A decimal amount in whole units as the raw integer amount, as a decimal string. Nothing is
 * rounded: text that is not a plain decimal number, or has more fraction digits than the token
 * has decimals, throws a `RangeError` saying which.
 *
 * @example
 * parseTokenUnits('1.5', 6) // '1500000'
 * parseTokenUnits('1.1234567', 6) // throws: more than 6 decimals
 */
export function parseTokenUnits(amount: string, decimals: number): string {
  const text = amount.trim()
  if (!DECIMAL_AMOUNT.test(text)) throw new RangeError(`'${text.slice(0, 40)}' is not a decimal amount`)
  const fraction = text.split('.')[1]?.replace(/0+$/, '') ?? ''
  if (fraction.length > decimals) throw new AmountPrecisionError(`the token has ${decimals} decimals; the amount has ${fraction.length}`)
  return parseUnits(text, decimals).toString()
}
