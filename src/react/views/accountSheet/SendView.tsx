import { useEffect, useState } from 'react'
import { ResultDone } from '../../components/resultAcknowledgement.js'
import { isAddressOf } from '../../../core/domain/address.js'
import { multiplyDecimals, truncateAddress } from '../../../core/domain/format.js'
import { isResolvableName } from '../../../core/domain/names.js'
import { sendAmountError, type AmountToken } from '../../../core/domain/sendAmount.js'
import { sendFormError } from '../../../core/domain/transactionRules.js'
import {
  sendAmountSet,
  sendFeeRequested,
  sendReceiverSet,
  sendRequested,
  sendTokenSet,
} from '../../../core/events/connection/send.js'
import { selectSendableTokens, type SendableToken } from '../../../core/reducers/data/dataSelectors.js'
import { selectActiveNetwork, selectSendReceiverAddress } from '../../../core/selectors.js'
import { useAmountFormat } from '../../components/AccountBalance.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { PrimaryAction } from '../../components/PrimaryAction.js'
import { TransactionWaiting } from '../../components/TransactionWaiting.js'
import { approximateFee } from '../../components/approximateFee.js'
import { useI18n, type I18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { useActiveWallet } from '../../components/activeWallet.js'
import { sameJson } from '../../hooks/sameJson.js'
import { TransactionHash } from '../TransactionHash.js'
import type { ViewProps } from '../viewProps.js'
import type { ChainAdapter } from '../../../core/ports.js'
import type { Network } from '../../../core/domain/entities.js'
import type { Namespace } from '../../../core/events/views.js'
import { WalletIcon } from '../WalletIcon.js'
import { SendTokenPicker, sendTokenKey } from './SendTokenPicker.js'

/**
 * Whether `address` may receive on `network`: the namespace's rules, and the network's where the
 * host's adapter has them (a Bitcoin address's prefix and checksum: `isBitcoinAddress`).
 */
function isReceiverOf(modal: ViewProps['modal'], namespace: Namespace, network: Network, address: string): boolean {
  if (!isAddressOf(namespace, address)) return false
  const adapter = (modal.options.adapters ?? []).find((a): a is ChainAdapter => typeof a === 'object' && a !== null && a.namespace === namespace && typeof a.isAddress === 'function')
  return adapter?.isAddress ? adapter.isAddress(network, address) : true
}

/** Which token of the list the form holds: the native one has no address. */
const tokenKey = sendTokenKey

/**
 * A hint of the form's checks (`sendAmountError`, `sendFormError`, the receiver's) in the modal's
 * language; the checks word them in English, with the token's symbol and decimals filled in.
 */
function formHint(t: I18n['t'], hint: string, token: AmountToken | null | undefined): string {
  switch (hint) {
    case 'Invalid amount':
      return t('Invalid amount')
    case 'Invalid receiver address':
      return t('Invalid receiver address')
    case 'An amount and receiver address are required':
      return t('An amount and receiver address are required')
    case 'A token is required':
      return t('A token is required')
  }
  if (token && hint === `${token.symbol} has at most ${token.decimals} decimals`) {
    return t('{symbol} has at most {decimals} decimals', { symbol: token.symbol, decimals: token.decimals })
  }
  if (token && hint === `Insufficient ${token.symbol} balance`) return t('Insufficient {symbol} balance', { symbol: token.symbol })
  return hint
}

/**
 * Send: a token the account holds (native first), an amount with Max, the receiver's address;
 * the amount is checked against the token's decimals and the balance as it is typed. Review
 * shows the network and its fee; then the wallet is asked, and the view follows the transaction:
 * approve in the wallet, pending with its hash, confirmed, or the wallet's error with a retry.
 */
export function SendView({ modal }: ViewProps) {
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const tokens = useModalState(selectSendableTokens, sameJson)
  const send = useModalState((s) => s.account.send)
  const namespace = useModalState((s) => s.connection.activeNamespace)
  const network = useModalState(selectActiveNetwork)
  const wallet = useActiveWallet()
  const receiverAddress = useModalState(selectSendReceiverAddress)
  const [step, setStep] = useState<'form' | 'review'>('form')
  const [formError, setFormError] = useState<string | null>(null)

  const chosen = tokens.find((item) => tokenKey(item.token) === tokenKey(send.token)) ?? null
  // The form starts on the network's native token.
  const first = tokens[0]
  useEffect(() => {
    if (!send.token && first && send.status === 'idle') modal.dispatch(sendTokenSet({ token: first.token }))
  }, [send.token, first, send.status])

  if (!namespace || !network || tokens.length === 0) return <p className="gw-empty">{t('Not connected.')}</p>

  const amount = send.amount ?? ''
  const receiver = send.receiver ?? ''
  // Names resolve on EVM networks only (spec §1); the lookup follows the typing (resolveReceiverName).
  const typedName = namespace === 'eip155' && isResolvableName(receiver.trim()) ? receiver.trim() : null
  const lookup = typedName && send.receiverName?.name === typedName ? send.receiverName : null
  const resolving = typedName !== null && (lookup === null || lookup.status === 'resolving')
  const amountError = chosen ? sendAmountError(amount, chosen.token, chosen.balance) : null

  if (send.status !== 'idle') {
    return <SendProgress modal={modal} wallet={wallet} explorerUrl={network.blockExplorers?.default?.url} onEdit={() => setStep('form')} />
  }

  const edit = (event: ReturnType<typeof sendAmountSet> | ReturnType<typeof sendReceiverSet> | ReturnType<typeof sendTokenSet>) => {
    setFormError(null)
    modal.dispatch(event)
  }

  const review = () => {
    const error =
      sendFormError({ amount, receiverAddress: receiver.trim(), token: send.token })?.shortMessage ??
      amountError ??
      (isReceiverOf(modal, namespace, network, (receiverAddress ?? '').trim()) ? null : 'Invalid receiver address')
    // A name still resolving, or one that did not (its error shows under the field), goes no further.
    if (typedName && lookup?.status !== 'resolved' && error === 'Invalid receiver address') return
    if (error) return setFormError(error)
    if (receiver.trim() !== receiver) modal.dispatch(sendReceiverSet({ receiver: receiver.trim() }))
    modal.dispatch(sendFeeRequested({}))
    setStep('review')
  }

  if (step === 'review' && chosen) {
    return (
      <SendReview
        chosen={chosen}
        amount={amount}
        receiver={receiverAddress ?? receiver}
        name={typedName}
        networkName={network.name}
        onEdit={() => setStep('form')}
        onSend={() => modal.dispatch(sendRequested({ feedback: true }))}
      />
    )
  }

  return (
    <form
      className="gw-send"
      data-testid="send-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        review()
      }}
    >
      <SendTokenPicker tokens={tokens} chosen={chosen} onPick={(item) => edit(sendTokenSet({ token: item.token }))} />
      <label className="gw-field">
        <span className="gw-field-label">{t('Amount')}</span>
        <span className="gw-field-row">
          <input
            className="gw-search"
            data-testid="send-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby="gw-send-amount-note"
            onChange={(e) => edit(sendAmountSet({ amount: e.target.value }))}
          />
          <button
            type="button"
            className="gw-button gw-button-inline"
            data-testid="send-max"
            disabled={!chosen?.balance}
            onClick={() => chosen?.balance && edit(sendAmountSet({ amount: chosen.balance }))}
          >
            {t('Max')}
          </button>
        </span>
        <span id="gw-send-amount-note" className={amountError ? 'gw-error-text' : 'gw-muted'} data-testid={amountError ? 'send-amount-error' : 'send-balance'}>
          {amountError
            ? formHint(t, amountError, chosen?.token)
            : chosen?.balance === null || !chosen
              ? t('Balance: unknown')
              : t('Balance: {balance}', { balance: amounts.balance(chosen.balance, chosen.token.symbol, chosen.token.decimals) })}
        </span>
      </label>
      <label className="gw-field">
        <span className="gw-field-label">{t('To')}</span>
        <input
          className="gw-search gw-mono"
          data-testid="send-receiver"
          autoComplete="off"
          spellCheck={false}
          placeholder={namespace === 'solana' ? t('Solana address') : namespace === 'bip122' ? t('Bitcoin address') : t('0x… address or name')}
          value={receiver}
          aria-describedby={typedName ? 'gw-send-receiver-note' : undefined}
          onChange={(e) => edit(sendReceiverSet({ receiver: e.target.value }))}
        />
        {typedName ? (
          <span id="gw-send-receiver-note" className="gw-muted gw-mono" aria-live="polite" data-testid="send-receiver-name" data-status={lookup?.status ?? 'resolving'}>
            {lookup?.status === 'resolved' ? (
              <span title={lookup.address}>→ {truncateAddress(lookup.address)}</span>
            ) : lookup?.status === 'failed' ? null : (
              t('Resolving name…')
            )}
          </span>
        ) : null}
      </label>
      {lookup?.status === 'failed' ? <ErrorMessage error={lookup.error} testId="send-receiver-name-error" /> : null}
      {formError ? (
        <p className="gw-error-text" role="alert" data-testid="send-form-error">
          {formHint(t, formError, chosen?.token)}
        </p>
      ) : null}
      <button type="submit" className="gw-button" data-primary="true" data-testid="send-review" aria-disabled={resolving} data-busy={resolving}>
        {t('Review')}
      </button>
    </form>
  )
}

function SendReview(props: {
  chosen: SendableToken
  amount: string
  receiver: string
  /** The name the receiver was typed as, shown above its address. */
  name: string | null
  networkName: string
  onEdit: () => void
  onSend: () => void
}) {
  const { t, locale } = useI18n()
  const amounts = useAmountFormat()
  const fee = useModalState((s) => s.account.send.fee)
  const { chosen, amount, receiver } = props
  const product = chosen.usdPrice === null ? null : multiplyDecimals(amount, chosen.usdPrice)
  const worth = product === null ? null : amounts.usd(product)
  return (
    <div className="gw-send" data-testid="send-review-step">
      <dl className="gw-summary">
        <dt>{t('Send')}</dt>
        <dd data-testid="send-review-amount">
          {amounts.exact(amount.trim(), chosen.token.symbol, chosen.token.decimals)}
          {worth ? <span className="gw-muted"> ≈ {worth}</span> : null}
        </dd>
        <dt>{t('To')}</dt>
        <dd className="gw-mono" title={receiver} data-testid="send-review-receiver">
          {props.name ? (
            <>
              <span data-testid="send-review-name">{props.name}</span>
              <br />
            </>
          ) : null}
          {truncateAddress(receiver)}
        </dd>
        <dt>{t('Network')}</dt>
        <dd>{props.networkName}</dd>
        <dt>{t('Network fee')}</dt>
        <dd data-testid="send-review-fee" data-status={fee?.status ?? 'none'} aria-busy={fee?.status === 'estimating'}>
          {fee?.status === 'ready'
            ? `≈ ${approximateFee(locale, fee.amount)} ${fee.symbol}`
            : fee?.status === 'failed'
              ? t('Unavailable: your wallet shows it')
              : t('Estimating…')}
        </dd>
      </dl>
      <PrimaryAction testId="send-confirm" onClick={props.onSend}>
        {t('Send')}
      </PrimaryAction>
      <button type="button" className="gw-button" data-testid="send-edit" onClick={props.onEdit}>
        {t('Edit')}
      </button>
    </div>
  )
}

/** The transaction after Send: approve in the wallet, pending, confirmed, or failed with a retry. */
function SendProgress(props: {
  modal: ViewProps['modal']
  wallet: { name: string; imageUrl?: string | undefined }
  explorerUrl: string | undefined
  onEdit: () => void
}) {
  const { t } = useI18n()
  const { modal, wallet } = props
  const send = useModalState((s) => s.account.send)
  const hash = <TransactionHash hash={send.hash} explorerUrl={props.explorerUrl} testId="send-hash" linkTestId="send-explorer-link" />
  return (
    <div className="gw-connecting" data-testid="send-progress" data-status={send.status} aria-live="polite">
      <WalletIcon name={wallet.name} imageUrl={wallet.imageUrl} />
      {send.status === 'sending' || send.status === 'pending' ? (
        <TransactionWaiting on={send.status === 'sending' ? 'wallet' : 'chain'} wallet={wallet.name} hash={hash} />
      ) : send.status === 'confirmed' ? (
        <ResultDone modal={modal} flow="send" testId="send" message={t('Sent {amount} {symbol}', { amount: send.amount ?? '', symbol: send.token?.symbol ?? '' })} details={hash} />
      ) : (
        <>
          <p className="gw-connecting-title">{t('Not sent')}</p>
          {send.error ? <ErrorMessage error={send.error} testId="send-error" /> : null}
          {hash}
          <PrimaryAction testId="send-retry" onClick={() => modal.dispatch(sendRequested({ feedback: true }))}>
            {t('Try again')}
          </PrimaryAction>
          <button
            type="button"
            className="gw-button"
            data-testid="send-edit-after-failure"
            onClick={() => {
              props.onEdit()
              // Editing a field returns the form to idle; re-setting the amount does so without changing it.
              modal.dispatch(sendAmountSet({ amount: send.amount ?? '' }))
            }}
          >
            {t('Edit')}
          </button>
        </>
      )}
    </div>
  )
}
