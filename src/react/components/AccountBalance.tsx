import { useMemo } from 'react'
import { formatAmount, formatFiat } from '../../core/domain/format.js'
import { balanceRefreshRequested } from '../../core/events/connection/balance.js'
import {
  selectAccountBalance,
  selectAccountBalanceStatus,
  selectTokenBalancesPending,
  type AccountBalance as Balance,
} from '../../core/reducers/data/dataSelectors.js'
import { selectActiveNetwork } from '../../core/selectors.js'
import { useI18n, type I18n } from '../i18n/i18n.js'
import { useModal } from '../ModalContext.js'
import { useModalState } from '../useModalState.js'
import { useTakingLonger } from '../hooks/useTakingLonger.js'

const sameBalance = (a: Balance | null, b: Balance | null) =>
  a === b || (!!a && !!b && a.balance === b.balance && a.symbol === b.symbol && a.usdValue === b.usdValue && a.source === b.source)

/** How every view writes token amounts and their worth: `formatAmount` and `formatFiat` in the modal's locale. */
export type AmountFormat = {
  /** A balance truncated to 3 decimals (fewer when the token has fewer), with its symbol when given. */
  balance: (value: string | number | bigint | null | undefined, symbol?: string, decimals?: number) => string
  /** An amount with every digit it has (up to the token's decimals), trailing zeros dropped: what was asked, sent or quoted. */
  exact: (value: string | number | bigint | null | undefined, symbol?: string, decimals?: number) => string
  /** Dollars in the locale's currency style, cents rounded half away from zero exactly, the minus sign before the currency sign. */
  usd: (value: string | number | null | undefined) => string
}

/**
 * Amounts as the modal's language writes them, the same rules in every language: the locale's
 * digits, decimal mark and grouping from Intl, the digits truncated exactly by the domain.
 *
 * @example
 * amountFormat({ locale: 'en' }).balance('9998.48999', 'ETH') // '9,998.489 ETH'
 * amountFormat({ locale: 'es-ES' }).usd(1234.5) // '1234,50 US$'
 */
export function amountFormat({ locale }: Pick<I18n, 'locale'>): AmountFormat {
  return {
    balance: (value, symbol, decimals) => formatAmount(value, { locale, symbol, decimals }),
    exact: (value, symbol, decimals) => formatAmount(value, { locale, symbol, decimals, precision: 'exact' }),
    usd: (value) => formatFiat(value, { locale }),
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
  const { locale } = useI18n()
  return useMemo(() => amountFormat({ locale }), [locale])
}

/**
 * The active account's native balance (3 decimals, truncated) and, below it, its worth in
 * dollars when the blockchain data API priced it. The balance read over RPC stands in when the
 * API could not answer; `data-source` says which one is shown. Until a source told it, a
 * placeholder of the same height stands in (never a zero); after one request's timeout,
 * 'Taking longer than usual' with a retry; 'Balance unavailable' once the API and the RPC both
 * failed.
 *
 * @example
 * <AccountBalance />
 */
export function AccountBalance() {
  const modal = useModal()
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const balance = useModalState(selectAccountBalance, sameBalance)
  const status = useModalState(selectAccountBalanceStatus)
  const fallbackSymbol = useModalState((s) => selectActiveNetwork(s)?.nativeCurrency.symbol)
  const pending = useModalState(selectTokenBalancesPending)
  const { slow, restart } = useTakingLonger(status === 'pending')
  const retry = () => {
    restart()
    modal.dispatch(balanceRefreshRequested({ force: true }))
  }
  return (
    <>
      {balance ? (
        <p className="gw-account-balance" data-testid="account-balance" data-source={balance.source}>
          {amounts.balance(balance.balance, balance.symbol || fallbackSymbol)}
        </p>
      ) : status === 'unavailable' ? (
        <p className="gw-account-balance" data-testid="account-balance-unavailable">
          {t('Balance unavailable')}
        </p>
      ) : slow ? (
        <p className="gw-account-balance" data-testid="account-balance-slow" role="status">
          {t('Taking longer than usual')}
          <button type="button" className="gw-inline-retry" data-testid="account-balance-retry" onClick={retry}>
            {t('Try again')}
          </button>
        </p>
      ) : (
        <p className="gw-account-balance" data-testid="account-balance-pending" aria-busy="true">
          <span className="gw-placeholder-line" aria-hidden="true" />
        </p>
      )}
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
