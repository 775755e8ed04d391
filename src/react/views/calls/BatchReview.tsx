import { reviewCall } from '../../../core/domain/callMethods.js'
import type { Call } from '../../../core/domain/calls.js'
import { formatAmount, truncateAddress } from '../../../core/domain/format.js'
import { selectActiveNetwork } from '../../../core/selectors.js'
import type { ModalState } from '../../../core/state.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'

/** The calls of the batch the embedded wallet is asking about, while it asks; null otherwise. */
export const selectBatchUnderReview = (s: ModalState): Call[] | null => (s.calls?.send?.status === 'sending' ? (s.calls.send.review ?? null) : null)

/**
 * ApproveTransaction for the embedded wallet's batch (EIP-5792 `wallet_sendCalls`): each call,
 * its target, the native value it sends and its method where the ABI is known, while the wallet's
 * own prompt asks the visitor to approve or reject the whole batch.
 */
export function BatchReview({ calls }: { calls: readonly Call[] }) {
  const network = useModalState(selectActiveNetwork)
  const { t, locale } = useI18n()
  const symbol = network?.nativeCurrency.symbol ?? 'ETH'
  const decimals = network?.nativeCurrency.decimals ?? 18
  return (
    <div data-testid="view-approve" data-status="batch" aria-live="polite">
      <p className="gw-connecting-title">{t('Review {count} calls', { count: calls.length })}</p>
      <ol className="gw-list" data-testid="batch-calls">
        {calls.map((call, i) => {
          const review = reviewCall(call)
          return (
            <li key={i} className="gw-row" data-testid="batch-call">
              <div className="gw-row-main">
                <strong data-testid="batch-call-method">{review.method ?? (review.data ? t('Contract call') : t('Send'))}</strong>
                <span className="gw-muted" title={review.to} data-testid="batch-call-to">
                  {t('To {address}', { address: truncateAddress(review.to) })}
                </span>
              </div>
              <span data-testid="batch-call-value">{formatAmount(review.value, { locale, decimals, symbol, precision: 'exact' })}</span>
            </li>
          )
        })}
      </ol>
      <p className="gw-muted">{t('Approve or reject them in the wallet’s prompt.')}</p>
    </div>
  )
}

/** ApproveTransaction where the swaps feature is absent: the embedded wallet's batch, else nothing. */
export function BatchApproveTransactionView() {
  const calls = useModalState(selectBatchUnderReview, sameJson)
  const { t } = useI18n()
  if (!calls) {
    return (
      <p className="gw-empty" data-testid="view-approve">
        {t('Nothing to approve.')}
      </p>
    )
  }
  return <BatchReview calls={calls} />
}
