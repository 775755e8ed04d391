import { sliceOf } from '../../../core/selectors.js'
import { swapApproveRequested } from '../../../core/events/swaps/swap.js'
import { selectActiveNetwork } from '../../../core/selectors.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useActiveWallet } from '../../components/activeWallet.js'
import { useAmountFormat } from '../../components/AccountBalance.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { TransactionHash } from '../TransactionHash.js'
import type { ViewProps } from '../viewProps.js'
import { WalletIcon } from '../WalletIcon.js'
import { BatchReview, selectBatchUnderReview } from '../calls/BatchReview.js'

/**
 * ApproveTransaction (spec §2, §4): the embedded wallet's batch while its prompt asks (BatchReview);
 * otherwise, before a swap sells a token, the swap router must be allowed
 * to spend it. The visitor approves here; the wallet sends the approval, the view waits for it
 * to be mined, then goes back to Swap, where the swap goes ahead. A refusal stays here with the
 * wallet's error and a retry.
 */
export function ApproveTransactionView(props: ViewProps) {
  const batch = useModalState(selectBatchUnderReview, sameJson)
  return batch ? <BatchReview calls={batch} /> : <SwapApproval {...props} />
}

function SwapApproval({ modal }: ViewProps) {
  const step = useModalState((s) => sliceOf(s, 'swap').step, sameJson)
  const tokens = useModalState((s) => sliceOf(s, 'swap').tokens?.items ?? [], sameJson)
  const network = useModalState(selectActiveNetwork)
  const wallet = useActiveWallet()
  const { t } = useI18n()
  const amounts = useAmountFormat()
  if (!step || step.approveToken === null) {
    return (
      <p className="gw-empty" data-testid="view-approve">
        {t('Nothing to approve.')}
      </p>
    )
  }
  const token = tokens.find((t) => t.address === step.approveToken)
  const symbol = token?.symbol ?? t('the token')
  const amount = token ? amounts.exact(BigInt(step.amount), symbol, token.decimals) : ''
  const waiting = step.status === 'approving' || step.status === 'approvePending'
  return (
    <div className="gw-connecting" data-testid="view-approve" data-status={step.status} aria-live="polite">
      <span className="gw-progress-ring" data-active={waiting}>
        <WalletIcon name={wallet.name} imageUrl={wallet.imageUrl} />
      </span>
      {step.status === 'approving' ? (
        <>
          <p className="gw-connecting-title">{t('Approve in {wallet}', { wallet: wallet.name })}</p>
          <p className="gw-muted">{t('Confirm the approval of {symbol} in your wallet.', { symbol })}</p>
        </>
      ) : step.status === 'approvePending' ? (
        <>
          <p className="gw-connecting-title">{t('Approving {symbol}', { symbol })}</p>
          <TransactionHash hash={step.hash} explorerUrl={network?.blockExplorers?.default?.url} testId="approve-hash" />
          <p className="gw-muted">{t('Waiting for confirmation; the swap follows.')}</p>
        </>
      ) : (
        <>
          <p className="gw-connecting-title">{t('Approve {symbol}', { symbol })}</p>
          <p className="gw-muted" data-testid="approve-explanation">
            {t('To swap {amount}, allow the swap router to spend your {symbol}. Your wallet asks once per token; the swap follows.', { amount, symbol })}
          </p>
          {step.status === 'failed' && step.error ? <ErrorMessage error={step.error} testId="approve-error" /> : null}
          <button
            type="button"
            className="gw-button"
            data-primary="true"
            data-autofocus="true"
            data-testid="approve-confirm"
            onClick={() => modal.dispatch(swapApproveRequested({}))}
          >
            {step.status === 'failed' ? t('Try again') : t('Approve {symbol}', { symbol })}
          </button>
        </>
      )}
    </div>
  )
}
