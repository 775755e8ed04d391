import { formatTokenUnits, truncateAddress } from '../../../core/domain/format.js'
import type { SessionPermissionType } from '../../../core/domain/permissionTypes.js'
import type { I18n } from '../../i18n/i18n.js'

/** What a permission allows, as the review and the list read it. */
export type PermissionTerms = {
  type: SessionPermissionType
  /** Base units, decimal text. */
  amount: string
  period: number | null
  tokenAddress: string | null
  symbol: string | null
  decimals: number | null
}

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/**
 * A period in words: "every day", "every 2 weeks", "every 90 seconds".
 *
 * @example
 * periodText(86_400, t) // 'every day'
 */
export function periodText(seconds: number, t: I18n['t']): string {
  if (seconds % WEEK === 0) return seconds === WEEK ? t('every week') : t('every {count} weeks', { count: seconds / WEEK })
  if (seconds % DAY === 0) return seconds === DAY ? t('every day') : t('every {count} days', { count: seconds / DAY })
  if (seconds % HOUR === 0) return seconds === HOUR ? t('every hour') : t('every {count} hours', { count: seconds / HOUR })
  if (seconds % MINUTE === 0) return seconds === MINUTE ? t('every minute') : t('every {count} minutes', { count: seconds / MINUTE })
  return seconds === 1 ? t('every second') : t('every {count} seconds', { count: seconds })
}

/**
 * An amount with its token: whole units in the locale's digits when the decimals are known
 * ("0.01 ETH"), else base units and the token's address.
 *
 * @example
 * amountText({ amount: '10000000000000000', decimals: 18, symbol: 'ETH', tokenAddress: null }, 'en') // '0.01 ETH'
 */
export function amountText(terms: Pick<PermissionTerms, 'amount' | 'decimals' | 'symbol' | 'tokenAddress'>, locale: string): string {
  const token = terms.symbol ?? (terms.tokenAddress ? truncateAddress(terms.tokenAddress) : '')
  if (terms.decimals === null) return `${terms.amount} ${token}`.trim()
  const units = formatTokenUnits(terms.amount, terms.decimals)
  // Exact: Intl formats a decimal string without going through a float.
  const shown = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(units as `${number}`)
  return `${shown} ${token}`.trim()
}

/**
 * What a permission allows: "Spend up to 0.01 ETH every day", "Spend up to 5 GUSD in total".
 *
 * @example
 * termsText(grant, t, 'en') // 'Spend up to 0.01 ETH every day'
 */
export function termsText(terms: PermissionTerms, t: I18n['t'], locale: string): string {
  const amount = amountText(terms, locale)
  return terms.period !== null ? t('Spend up to {amount} {period}', { amount, period: periodText(terms.period, t) }) : t('Spend up to {amount} in total', { amount })
}

/**
 * A unix time (seconds) as a date and time in the locale.
 *
 * @example
 * dateText(1_900_000_000, 'en') // 'Mar 17, 2030, 5:46 PM'
 */
export function dateText(seconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000))
}
