import { useMemo } from 'react'
import { BALANCE_DECIMALS } from '../../core/domain/constants.js'
import { formatBalance, formatDollars, formatUsd } from '../../core/domain/format.js'
import { selectAccountBalance, selectTokenBalancesPending, type AccountBalance as Balance } from '../../core/reducers/data/dataSelectors.js'
import { selectActiveNetwork } from '../../core/selectors.js'
import { useI18n, type I18n } from '../i18n/i18n.js'
import { useModalState } from '../useModalState.js'

const sameBalance = (a: Balance | null, b: Balance | null) =>
  a === b || (!!a && !!b && a.balance === b.balance && a.symbol === b.symbol && a.usdValue === b.usdValue && a.source === b.source)

/** How the account views write balances and dollars. */
export type AmountFormat = {
  /** A balance truncated to 3 decimals, with its symbol when given (`formatBalance`'s rule). */
  balance: (value: string | number | undefined, symbol?: string) => string
  /** Dollars with cents, rounded half away from zero exactly, the minus sign before the currency sign (`formatUsd`'s rule). */
  usd: (value: string | number | undefined) => string
}

/**
 * Balances and dollars as the modal's language writes them: English keeps the domain's formats
 * ('1.234 ETH', '$1,234.50'); other languages get the locale's digits, separators and currency
 * placement from Intl, after the domain has truncated or rounded the amount exactly.
 *
 * @example
 * amountFormat({ language: 'es', locale: 'es-ES' }).usd(1234.5) // '1234,50 US$'
 */
export function amountFormat({ language, locale }: Pick<I18n, 'language' | 'locale'>): AmountFormat {
  if (language === 'en') return { balance: formatBalance, usd: formatUsd }
  const decimals = new Intl.NumberFormat(locale, { minimumFractionDigits: BALANCE_DECIMALS, maximumFractionDigits: BALANCE_DECIMALS })
  const dollars = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', signDisplay: 'negative' })
  return {
    // Intl reads the decimal strings exactly (no float on the way), so the domain's digits are kept.
    balance: (value, symbol) => {
      const text = decimals.format(formatBalance(value) as `${number}`)
      return symbol ? `${text} ${symbol}` : text
    },
    usd: (value) => {
      const { dollars: whole, cents } = formatDollars(value)
      return dollars.format(`${whole}.${cents}` as `${number}`)
    },
  }
}

/**
 * The modal language's `AmountFormat`, the same object while the language stays.
 *
 * @example
 * const amounts = useAmountFormat()
 * amounts.balance('1.23456', 'ETH') // '1.234 ETH' in English, '1,234 ETH' in Spanish
 */
export function useAmountFormat(): AmountFormat {
  const { language, locale } = useI18n()
  return useMemo(() => amountFormat({ language, locale }), [language, locale])
}

/**
 * The active account's native balance (3 decimals, truncated) and, below it, its worth in
 * dollars when the blockchain data API priced it. The balance read over RPC stands in when the
 * API could not answer; `data-source` says which one is shown.
 *
 * @example
 * <AccountBalance />
 */
export function AccountBalance() {
  const amounts = useAmountFormat()
  const balance = useModalState(selectAccountBalance, sameBalance)
  const fallbackSymbol = useModalState((s) => selectActiveNetwork(s)?.nativeCurrency.symbol)
  const pending = useModalState(selectTokenBalancesPending)
  return (
    <>
      <p className="gw-account-balance" data-testid="account-balance" data-source={balance?.source ?? 'none'}>
        {amounts.balance(balance?.balance, balance?.symbol || fallbackSymbol)}
      </p>
      {balance?.usdValue != null ? (
        <p className="gw-account-balance-usd gw-muted" data-testid="account-balance-usd">
          {amounts.usd(balance.usdValue)}
        </p>
      ) : pending ? (
        <p className="gw-account-balance-usd" data-testid="account-balance-usd-pending" aria-hidden="true">
          <span className="gw-placeholder-line" />
        </p>
      ) : null}
    </>
  )
}
