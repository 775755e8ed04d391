import { formatBalance, formatLocaleAmount } from '../../core/domain/format'
import { selectAccountBalance, type AccountBalance as Balance } from '../../core/reducers/dataSelectors'
import { useModalState } from '../useModalState'

const sameBalance = (a: Balance | null, b: Balance | null) =>
  a === b || (!!a && !!b && a.balance === b.balance && a.symbol === b.symbol && a.usdValue === b.usdValue && a.source === b.source)

/**
 * The active account's native balance (3 decimals, truncated) and its worth in dollars when the
 * blockchain data API priced it; the balance read over RPC stands in when the API could not answer.
 *
 * @example
 * <AccountBalance />
 */
export function AccountBalance() {
  const balance = useModalState(selectAccountBalance, sameBalance)
  if (!balance) {
    return (
      <p className="gw-balance gw-muted" data-testid="account-balance" data-source="none">
        {formatBalance(undefined)}
      </p>
    )
  }
  return (
    <p className="gw-balance" data-testid="account-balance" data-source={balance.source}>
      <span className="gw-balance-amount" data-testid="account-balance-amount">
        {formatBalance(balance.balance, balance.symbol)}
      </span>
      {balance.usdValue !== null ? (
        <span className="gw-balance-usd gw-muted" data-testid="account-balance-usd">
          ${formatLocaleAmount(balance.usdValue)}
        </span>
      ) : null}
    </p>
  )
}
