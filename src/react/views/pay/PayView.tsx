import { ResultDone } from '../../components/resultAcknowledgement.js'
import { useEffect, useId } from 'react'
import { truncateAddress } from '../../../core/domain/format.js'
import { sendAmountError } from '../../../core/domain/sendAmount.js'
import { networkSwitchRequested } from '../../../core/events/connection/network.js'
import { payApproved, payCancelled, payExchangeChosen, payExchangesRequested, payFeeRequested } from '../../../core/events/pay/pay.js'
import type { Namespace } from '../../../core/events/views.js'
import { selectSendBalance } from '../../../core/reducers/data/dataSelectors.js'
import type { Payment } from '../../../core/reducers/pay/payReducer.js'
import { selectPayStep } from '../../../core/reducers/pay/paySelectors.js'
import { selectAddress, selectCaipAddress, sliceOf } from '../../../core/selectors.js'
import type { ModalState } from '../../../core/state.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { ExternalPageWaiting } from '../../components/ExternalPageWaiting.js'
import { IconImage } from '../../components/IconImage.js'
import { usePendingWindow } from '../../components/pendingWindow.js'
import { PrimaryAction } from '../../components/PrimaryAction.js'
import { TransactionWaiting } from '../../components/TransactionWaiting.js'
import { approximateFee } from '../../components/approximateFee.js'
import { useActiveWallet } from '../../components/activeWallet.js'
import { useAmountFormat } from '../../components/AccountBalance.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { TransactionHash } from '../TransactionHash.js'
import type { ViewProps } from '../viewProps.js'
import { WalletIcon } from '../WalletIcon.js'

/** Back to the view Pay was shown over, or closed when the modal opened on it. */
const leave = (modal: ViewProps['modal']) => (modal.getState().router.history.length > 1 ? modal.back() : modal.close())

/** The payment's step and what the review shows of the account it would leave from. */
function selectReview(s: ModalState) {
  const payment = sliceOf(s, 'pay').payment
  if (!payment) return null
  const step = selectPayStep(s, payment)
  const ready = step === 'ready'
  const balance = ready ? selectSendBalance(s, payment.asset) : null
  const pending = s.network.switch?.caipNetworkId === payment.network ? s.network.switch : null
  return {
    step,
    from: ready ? selectAddress(s) : null,
    caipAddress: ready ? selectCaipAddress(s) : null,
    amountError: ready ? sendAmountError(payment.amount, payment.asset, balance) : null,
    switching: pending?.status === 'switching',
    switchError: pending?.status === 'failed' ? pending.error : null,
  }
}

const sameReview = (a: ReturnType<typeof selectReview>, b: ReturnType<typeof selectReview>) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Pay: a host's payment (`modal.pay`): how much of which asset, to whom, on which network, and
 * the network fee. Without a wallet connected in the payment's namespace it offers to connect one
 * first, with the wallet on another network to switch it first; then Pay asks the wallet and the
 * view follows the transfer: approve in the wallet, pending with its hash, paid, or the failure in
 * the spec's words. Beside the wallet, connected or not, it offers the exchanges the payment can
 * be paid from: the chosen one's page opens in a window where the visitor confirms, and the view
 * waits for the exchange's transfer. Cancel ends the payment refused; the host's promise settles
 * with the outcome.
 */
export function PayView({ modal }: ViewProps) {
  const { t, locale } = useI18n()
  const amounts = useAmountFormat()
  const payment = useModalState((s) => sliceOf(s, 'pay').payment)
  const review = useModalState(selectReview, sameReview)
  const networkName = useModalState((s) => (payment ? ((s.settings.networks ?? []).find((n) => n.caipNetworkId === payment.network)?.name ?? payment.network) : ''))
  const explorerUrl = useModalState((s) => (payment ? (s.settings.networks ?? []).find((n) => n.caipNetworkId === payment.network)?.blockExplorers?.default?.url : undefined))
  const wallet = useActiveWallet()
  const fee = payment?.fee ?? null
  const feeWanted = payment?.status === 'reviewing' && review?.step === 'ready' && (fee === null || fee.for !== review.caipAddress)
  // The fee is estimated for the account and network the payment would leave from: again after a connect or a switch.
  useEffect(() => {
    if (feeWanted) modal.dispatch(payFeeRequested({}))
  }, [feeWanted, review?.caipAddress])
  // The exchanges the payment can be paid from are listed with the review, wallet or not.
  const exchangesWanted = payment?.status === 'reviewing' && payment.exchanges === null
  useEffect(() => {
    if (exchangesWanted) modal.dispatch(payExchangesRequested({}))
  }, [exchangesWanted])
  // The exchange's page opens in a window of its own, opened in the click, once the exchange made the session.
  const openExchange = usePendingWindow('gangway-pay-exchange', payment?.exchange?.url, payment?.status === 'failed' && !!payment.exchange)

  if (!payment || !review) {
    return (
      <p className="gw-empty" data-testid="view-pay">
        {t('Nothing to pay.')}
      </p>
    )
  }
  const meta = { requestId: payment.requestId ?? undefined }
  const what = amounts.exact(payment.amount, payment.asset.symbol, payment.asset.decimals)

  if (payment.status !== 'reviewing') {
    return <PayProgress modal={modal} payment={payment} wallet={wallet} what={what} explorerUrl={explorerUrl} />
  }
  const namespace = payment.network.split(':')[0] as Namespace
  return (
    <div className="gw-send" data-testid="view-pay" data-status={payment.status} data-step={review.step}>
      <dl className="gw-summary">
        <dt>{t('Pay')}</dt>
        <dd data-testid="pay-amount">{what}</dd>
        <dt>{t('To')}</dt>
        <dd className="gw-mono" title={payment.recipient} data-testid="pay-recipient">
          {truncateAddress(payment.recipient)}
        </dd>
        <dt>{t('Network')}</dt>
        <dd data-testid="pay-network">{networkName}</dd>
        {review.from ? (
          <>
            <dt>{t('From')}</dt>
            <dd className="gw-mono" title={review.from} data-testid="pay-from">
              {truncateAddress(review.from)}
            </dd>
            <dt>{t('Network fee')}</dt>
            <dd data-testid="pay-fee" data-status={fee?.status ?? 'none'} aria-busy={fee?.status !== 'ready' && fee?.status !== 'failed'}>
              {fee?.status === 'ready' ? `≈ ${approximateFee(locale, fee.amount)} ${fee.symbol}` : fee?.status === 'failed' ? t('Unavailable: your wallet shows it') : t('Estimating…')}
            </dd>
          </>
        ) : null}
      </dl>
      {review.amountError ? (
        <p className="gw-error-text" role="alert" data-testid="pay-amount-error">
          {review.amountError === `Insufficient ${payment.asset.symbol} balance` ? t('Insufficient {symbol} balance', { symbol: payment.asset.symbol }) : review.amountError}
        </p>
      ) : null}
      {review.switchError ? <ErrorMessage error={review.switchError} testId="pay-switch-error" /> : null}
      {review.step === 'connect' ? (
        <PrimaryAction testId="pay-connect" onClick={() => modal.push('Connect')}>
          {t('Connect a wallet')}
        </PrimaryAction>
      ) : review.step === 'switch' ? (
        <PrimaryAction testId="pay-switch" busy={review.switching} onClick={() => modal.dispatch(networkSwitchRequested({ namespace, caipNetworkId: payment.network }))}>
          {t('Switch to {network}', { network: networkName })}
        </PrimaryAction>
      ) : (
        <PrimaryAction testId="pay-confirm" onClick={() => modal.dispatch(payApproved({}, meta))}>
          {t('Pay')}
        </PrimaryAction>
      )}
      <PayFromExchange
        modal={modal}
        payment={payment}
        onChoose={(exchangeId) => {
          openExchange()
          modal.dispatch(payExchangeChosen({ exchangeId }, meta))
        }}
      />
      <button
        type="button"
        className="gw-button"
        data-testid="pay-cancel"
        onClick={() => {
          modal.dispatch(payCancelled({}, meta))
          leave(modal)
        }}
      >
        {t('Cancel')}
      </button>
    </div>
  )
}

/**
 * Pay from an exchange, beside the wallet (no wallet needed): the exchanges that pay the asset on
 * the payment's network, each opening its page where the visitor confirms the withdrawal.
 */
function PayFromExchange(props: { modal: ViewProps['modal']; payment: Payment; onChoose: (exchangeId: string) => void }) {
  const { t } = useI18n()
  const exchanges = props.payment.exchanges
  const status = exchanges?.status ?? 'loading'
  return (
    <section className="gw-field" aria-labelledby="gw-pay-exchanges-title" data-testid="pay-exchanges" data-status={status} aria-busy={status === 'loading'}>
      <p id="gw-pay-exchanges-title" className="gw-field-label" style={{ margin: 0 }}>
        {t('Pay from an exchange')}
      </p>
      {exchanges?.status === 'loaded' ? (
        exchanges.items.length > 0 ? (
          <ul className="gw-list" style={{ margin: 0 }}>
            {exchanges.items.map((x) => (
              <li key={x.id}>
                <button type="button" className="gw-button gw-pay-exchange" data-testid="pay-exchange" data-exchange={x.id} onClick={() => props.onChoose(x.id)}>
                  <IconImage src={x.imageUrl} className="gw-token-icon" fallback={x.name.slice(0, 1)} testId="pay-exchange-icon" />
                  <span>{x.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="gw-muted" style={{ margin: 0 }} data-testid="pay-exchanges-none">
            {t('No exchange is available for this payment.')}
          </p>
        )
      ) : exchanges?.status === 'failed' ? (
        <p className="gw-muted" style={{ margin: 0 }} data-testid="pay-exchanges-error">
          {t('Exchanges could not be loaded.')}{' '}
          <button type="button" className="gw-link-button" data-testid="pay-exchanges-retry" onClick={() => props.modal.dispatch(payExchangesRequested({}))}>
            {t('Try again')}
          </button>
        </p>
      ) : (
        <p className="gw-muted" style={{ margin: 0 }}>
          {t('Loading…')}
        </p>
      )}
    </section>
  )
}

/** The payment once the visitor chose Pay: approve in the wallet, pending, paid, or not paid with why. */
function PayProgress(props: { modal: ViewProps['modal']; payment: Payment; wallet: { name: string; imageUrl?: string | undefined }; what: string; explorerUrl: string | undefined }) {
  const { t } = useI18n()
  const { modal, payment, wallet } = props
  const hash = <TransactionHash hash={payment.hash} explorerUrl={props.explorerUrl} testId="pay-hash" linkTestId="pay-explorer-link" />
  const exchange = payment.exchange
  const statusId = useId()
  return (
    <div className="gw-connecting" data-testid="view-pay" data-status={payment.status} data-source={exchange ? 'exchange' : 'wallet'} aria-live="polite">
      <span
        className="gw-progress-ring"
        data-active={payment.status === 'paying' || payment.status === 'pending'}
        // Waiting on the exchange's page, the ring is a progress bar named by the status line (as Buy's).
        {...(exchange && payment.status === 'paying' ? { role: 'progressbar', 'aria-labelledby': statusId } : {})}
      >
        {exchange ? <IconImage src={exchange.imageUrl} className="gw-wallet-icon" fallback={exchange.name.slice(0, 1)} testId="pay-exchange-logo" /> : <WalletIcon name={wallet.name} imageUrl={wallet.imageUrl} />}
      </span>
      {exchange && payment.status === 'paying' ? (
        <ExternalPageWaiting
          title={t('Confirm the payment on {exchange}', { exchange: exchange.name })}
          status={exchange.url ? t('Waiting for {exchange}…', { exchange: exchange.name }) : t('Opening…')}
          statusId={statusId}
          url={exchange.url}
          windowName="gangway-pay-exchange"
          site={exchange.name}
          onStop={() => modal.dispatch(payCancelled({}, { requestId: payment.requestId ?? undefined }))}
          testIds={{ status: 'pay-exchange-waiting', open: 'pay-exchange-open', stop: 'pay-exchange-cancel' }}
        />
      ) : payment.status === 'paying' || payment.status === 'pending' ? (
        <TransactionWaiting on={payment.status === 'paying' ? 'wallet' : 'chain'} wallet={wallet.name} hash={hash} />
      ) : payment.status === 'confirmed' ? (
        <ResultDone modal={modal} flow="pay" testId="pay" message={t('Paid {amount}', { amount: props.what })} details={hash} />
      ) : (
        <>
          <p className="gw-connecting-title">{t('Not paid')}</p>
          {payment.error ? <ErrorMessage error={payment.error} testId="pay-error" /> : null}
          {hash}
          <PrimaryAction testId="pay-close" onClick={() => leave(modal)}>
            {t('Close')}
          </PrimaryAction>
        </>
      )}
    </div>
  )
}
