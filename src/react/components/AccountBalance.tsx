import { formatBalance, formatLocaleAmount } from '../../core/domain/format.js'
import { selectAccountBalance, type AccountBalance as Balance } from '../../core/reducers/dataSelectors.js'
import { selectActiveNetwork } from '../../core/selectors.js'
import { useModalState } from '../useModalState.js'

const sameBalance = (a: Balance | null, b: Balance | null) =>
  a === b || (!!a && !!b && a.balance === b.balance && a.symbol === b.symbol && a.usdValue === b.usdValue && a.source === b.source)

/**
 * The active account's native balance (3 decimals, truncated) and, below it, its worth in
 * dollars when the blockchain data API priced it. The balance read over RPC stands in when the
 * API could not answer; `data-source` says which one is shown.
 *
 * @example
 * <AccountBalance />
 */
export function AccountBalance() {
  const balance = useModalState(selectAccountBalance, sameBalance)
  const fallbackSymbol = useModalState((s) => selectActiveNetwork(s)?.nativeCurrency.symbol)
  return (
    <>
      <p className="gw-account-balance" data-testid="account-balance" data-source={balance?.source ?? 'none'}>
        {formatBalance(balance?.balance, balance?.symbol || fallbackSymbol)}
      </p>
      {balance?.usdValue != null ? (
        <p className="gw-account-balance-usd gw-muted" data-testid="account-balance-usd">
          ${formatLocaleAmount(balance.usdValue)}
        </p>
      ) : null}
    </>
  )
}
