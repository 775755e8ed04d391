/**
 * A network fee for reading in the locale: 3 significant digits (it is an estimate), never shown
 * as 0 when it is not.
 *
 * @example
 * approximateFee('en', '0.0000421337') // '0.0000421'
 */
export function approximateFee(locale: string, amount: string): string {
  const n = Number(amount)
  return Number.isFinite(n) ? new Intl.NumberFormat(locale, { maximumSignificantDigits: 3, maximumFractionDigits: 18 }).format(n) : amount
}
