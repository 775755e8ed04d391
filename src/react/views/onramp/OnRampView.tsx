import { sliceOf } from '../../../core/selectors.js'
import { useEffect, useId } from 'react'
import { ResultDone } from '../../components/resultAcknowledgement.js'
import type { OnrampPurchaseCurrency, OnrampQuote } from '../../../core/domain/entities.js'
import { isWithinPaymentLimits, paymentMethodLimits } from '../../../core/domain/onramp.js'
import {
  onrampAmountSet,
  onrampCurrencySelected,
  onrampOptionsRequested,
  onrampPaymentMethodSelected,
  onrampProviderSelected,
  onrampPurchaseCancelled,
  onrampPurchaseRequested,
  onrampQuotesRequested,
} from '../../../core/events/onramp/onramp.js'
import type { OnrampState } from '../../../core/reducers/onramp/onrampReducer.js'
import { selectActiveCaipNetworkId, selectActiveNetwork } from '../../../core/selectors.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { formatAmount, formatFiat } from '../../../core/domain/format.js'
import { readable } from '../swaps/SwapView.js'
import { TransactionHash } from '../TransactionHash.js'
import { IconImage } from '../../components/IconImage.js'
import { usePendingWindow } from '../../components/pendingWindow.js'
import { ExternalPageWaiting } from '../../components/ExternalPageWaiting.js'
import { PrimaryAction } from '../../components/PrimaryAction.js'
import { WalletIcon } from '../WalletIcon.js'
import type { ViewProps } from '../viewProps.js'

const METHODS = ['card', 'ach_bank_account'] as const

/** Whether a purchase currency can be delivered on the network (CAIP-2): one of its networks is it, or it lists none. */
function deliversOn(currency: OnrampPurchaseCurrency, caipNetworkId: string): boolean {
  if (currency.networks.length === 0) return true
  const reference = caipNetworkId.split(':')[1]
  return currency.networks.some((n) => n.chain_id === reference || n.chain_id === caipNetworkId)
}

const money = (amount: { amount: string; currency: string } | undefined, locale: string) => (amount ? formatAmount(amount.amount, { locale, symbol: amount.currency, precision: 'exact' }) : '—')

/** The fees of a quote: the provider's and the network's, in the payment currency. */
function fees(quote: OnrampQuote, locale: string): string {
  const provider = (quote as OnrampQuote & { providerFee?: { amount: string; currency: string } }).providerFee ?? quote.coinbaseFee
  const total = Number(provider?.amount ?? 0) + Number(quote.networkFee.amount)
  return formatFiat(total, { locale, currency: quote.networkFee.currency })
}

/**
 * Buy (spec §3, §7): an amount to pay with its currency (USD, EUR) and payment method within
 * the limits, the currency to buy (USDC, SOL on Solana) on the active network, each provider's
 * quote with its fees, then the provider's page in a window; the view waits until the tokens
 * arrive in the account. The options fall back to the built-in USD / EUR defaults.
 */
export function OnRampView({ modal }: ViewProps) {
  const onramp = useModalState((s) => sliceOf(s, 'onramp'), sameJson)
  const caipNetworkId = useModalState(selectActiveCaipNetworkId)
  const network = useModalState(selectActiveNetwork)
  const { t, locale } = useI18n()

  useEffect(() => {
    if (!onramp.options) modal.dispatch(onrampOptionsRequested({}))
  }, [])

  const options = onramp.options?.status === 'loaded' ? onramp.options : null
  const purchasable = options && caipNetworkId ? options.purchaseCurrencies.filter((c) => deliversOn(c, caipNetworkId)) : []
  const purchaseSymbol = purchasable.find((c) => c.id === onramp.purchaseCurrency)?.symbol ?? onramp.purchaseCurrency
  // Buying what this network cannot receive is not offered: the first one it can is chosen.
  useEffect(() => {
    if (options && purchasable.length > 0 && !purchasable.some((c) => c.id === onramp.purchaseCurrency)) {
      modal.dispatch(onrampCurrencySelected({ kind: 'purchase', id: purchasable[0]!.id }))
    }
  }, [options, purchasable.map((c) => c.id).join(), onramp.purchaseCurrency])

  const limits = options ? paymentMethodLimits(options.paymentCurrencies, onramp.paymentCurrency, onramp.paymentMethod) : undefined
  const amount = onramp.amount.trim()
  const typed = amount !== '' && Number(amount) > 0
  const validAmount = typed && /^\d+(\.\d{1,2})?$/.test(amount) && (!limits || isWithinPaymentLimits(amount, limits))
  const busy = onramp.purchase?.status === 'opening' || onramp.purchase?.status === 'waiting'

  useEffect(() => {
    if (!validAmount || !caipNetworkId || !options || busy) return
    modal.dispatch(
      onrampQuotesRequested(
        { amount, purchaseCurrency: onramp.purchaseCurrency, paymentCurrency: onramp.paymentCurrency, paymentMethod: onramp.paymentMethod, network: caipNetworkId },
      ),
    )
  }, [validAmount, amount, onramp.purchaseCurrency, onramp.paymentCurrency, onramp.paymentMethod, caipNetworkId, options])

  // The window opened in the click shows the provider's page once its URL is known.
  const purchase = onramp.purchase
  const openWindow = usePendingWindow('gangway-onramp', purchase?.status === 'waiting' ? purchase.url : null, purchase?.status === 'failed')

  if (!caipNetworkId || !network) return <p className="gw-empty">{t('Not connected.')}</p>
  if (purchase && purchase.status !== 'opening') return <Purchase modal={modal} onramp={onramp} />

  if (!options) {
    return (
      <div className="gw-send" data-testid="view-onramp" data-status="loading" aria-busy="true">
        <p className="gw-muted">{t('Loading…')}</p>
      </div>
    )
  }

  const quotes = onramp.quotes && onramp.quotes.amount === amount ? onramp.quotes : null
  const providers = options.providers
  const chosen = quotes?.items.find((q) => q.provider === onramp.selectedProvider && q.quote)
  const chosenProvider = providers.find((p) => p.name === onramp.selectedProvider)
  const range = limits ? { min: readable(limits.min, locale), max: readable(limits.max, locale), currency: onramp.paymentCurrency } : null
  const limitsText = !range
    ? '\u00a0'
    : typed && !validAmount
      ? t('Amount must be between {min} and {max} {currency}', range)
      : t('Between {min} and {max} {currency}', range)
  const methodLabels: Record<(typeof METHODS)[number], string> = { card: t('Card'), ach_bank_account: t('Bank account') }
  const buy = () => {
    if (!chosen || !chosenProvider || busy) return
    // Opened in the click, so no popup blocker stops it; the page loads once its URL is known.
    openWindow()
    modal.dispatch(onrampPurchaseRequested({ provider: chosenProvider.name }))
  }

  return (
    <form
      className="gw-send"
      data-testid="view-onramp"
      data-status="ready"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        buy()
      }}
    >
      <label className="gw-field">
        <span className="gw-field-label">{t('You pay')}</span>
        <span className="gw-field-row">
          <input
            className="gw-search"
            data-testid="onramp-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={limits ? limits.min : '0'}
            value={onramp.amount}
            disabled={busy}
            aria-invalid={typed && !validAmount}
            aria-describedby="gw-onramp-limits"
            data-autofocus="true"
            onChange={(e) => modal.dispatch(onrampAmountSet({ amount: e.target.value }))}
          />
          <IconImage src={modal.directoryImageUrl('currency', onramp.paymentCurrency)} className="gw-token-icon" fallback={onramp.paymentCurrency.slice(0, 1)} testId="onramp-currency-icon" />
          <select
            className="gw-search gw-button-inline"
            aria-label={t('Payment currency')}
            data-testid="onramp-payment-currency"
            value={onramp.paymentCurrency}
            disabled={busy}
            onChange={(e) => modal.dispatch(onrampCurrencySelected({ kind: 'payment', id: e.target.value }))}
          >
            {options.paymentCurrencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}
              </option>
            ))}
          </select>
        </span>
        <span id="gw-onramp-limits" className={typed && !validAmount ? 'gw-error-text' : 'gw-muted'} data-testid="onramp-limits">
          {limitsText}
        </span>
      </label>
      <label className="gw-field">
        <span className="gw-field-label">{t('Payment method')}</span>
        <select
          className="gw-search"
          data-testid="onramp-method"
          value={onramp.paymentMethod}
          disabled={busy}
          onChange={(e) => modal.dispatch(onrampPaymentMethodSelected({ id: e.target.value }))}
        >
          {METHODS.map((id) => (
            <option key={id} value={id}>
              {methodLabels[id]}
            </option>
          ))}
        </select>
      </label>
      <label className="gw-field">
        <span className="gw-field-label">{t('You get')}</span>
        <span className="gw-field-row">
          <IconImage src={modal.directoryImageUrl('token', purchaseSymbol)} className="gw-token-icon" fallback={purchaseSymbol.slice(0, 1)} testId="onramp-token-icon" />
          <select
            className="gw-search"
            data-testid="onramp-purchase-currency"
            value={onramp.purchaseCurrency}
            disabled={busy || purchasable.length === 0}
            onChange={(e) => modal.dispatch(onrampCurrencySelected({ kind: 'purchase', id: e.target.value }))}
          >
            {purchasable.map((c) => (
              <option key={c.id} value={c.id}>
                {t('{symbol} on {network}', { symbol: c.symbol, network: network.name })}
              </option>
            ))}
          </select>
        </span>
      </label>
      {purchasable.length === 0 ? (
        <p className="gw-error-text" role="alert" data-testid="onramp-unavailable">
          {t('Buying is not available on {network}.', { network: network.name })}
        </p>
      ) : providers.length === 0 ? (
        <p className="gw-muted" data-testid="onramp-no-providers">
          {t('No provider is available right now.')}
        </p>
      ) : (
        <ul className="gw-list gw-onramp-quotes" aria-label={t('Providers')} data-testid="onramp-quotes" aria-busy={quotes?.status === 'loading'}>
          {providers.map((p) => {
            const item = quotes?.items.find((q) => q.provider === p.name)
            const selected = onramp.selectedProvider === p.name && !!item?.quote
            return (
              <li key={p.name}>
                <button
                  type="button"
                  className="gw-button gw-onramp-quote"
                  data-testid="onramp-quote"
                  data-provider={p.name}
                  aria-pressed={selected}
                  aria-disabled={!item?.quote}
                  onClick={() => item?.quote && modal.dispatch(onrampProviderSelected({ provider: p.name }))}
                >
                  <span className="gw-row-main">
                    <span>{p.label ?? p.name}</span>
                    <span className="gw-muted">{p.feeRange ? t('Fee {range}', { range: p.feeRange }) : '\u00a0'}</span>
                  </span>
                  <span className="gw-row-main" style={{ textAlign: 'right' }}>
                    {item?.quote ? (
                      <>
                        <span data-testid="onramp-quote-amount">{money(item.quote.purchaseAmount, locale)}</span>
                        <span className="gw-muted">{t('Fees {amount}', { amount: fees(item.quote, locale) })}</span>
                      </>
                    ) : item?.error ? (
                      <span className="gw-muted">{item.error.details ? item.error.details.replace(/^.*answered HTTP \d+: /, '') : t('No quote')}</span>
                    ) : (
                      <span className="gw-muted">{validAmount ? t('Getting quote…') : t('Enter an amount')}</span>
                    )}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {purchase?.status === 'failed' && purchase.error ? <ErrorMessage error={purchase.error} testId="onramp-error" /> : null}
      <button type="submit" className="gw-button" data-primary="true" data-testid="onramp-buy" aria-disabled={!chosen || busy} aria-busy={busy}>
        {busy ? t('Opening…') : chosenProvider && chosen ? t('Buy with {provider}', { provider: chosenProvider.label ?? chosenProvider.name }) : t('Buy')}
      </button>
    </form>
  )
}

/**
 * The purchase after Buy, laid out as Send's, Swap's and Pay's progress: the provider's mark in
 * the progress ring (a spinner named by the status line while the view waits), a title and a
 * status line, then its actions. Waiting for the tokens (the provider's page in its window, which
 * can be opened again; "Stop waiting" returns to the form), delivered (the shared result, whose
 * Done returns to Account and leaves a fresh form), or failed.
 */
function Purchase({ modal, onramp }: { modal: ViewProps['modal']; onramp: OnrampState }) {
  const { t, locale } = useI18n()
  const statusId = useId()
  const purchase = onramp.purchase!
  const provider = onramp.options?.providers.find((p) => p.name === purchase.provider)
  const label = provider?.label ?? purchase.provider
  const network = useModalState(selectActiveNetwork)
  const explorerUrl = network?.blockExplorers?.default?.url
  const symbol = onramp.options?.purchaseCurrencies.find((c) => c.id === onramp.purchaseCurrency)?.symbol ?? onramp.purchaseCurrency
  const waiting = purchase.status === 'waiting'
  // The on-ramp's record of the delivery: its newest transaction on the account's on-ramp activity.
  const delivery = onramp.activity?.status === 'loaded' ? onramp.activity.transactions[0] : undefined
  return (
    <div className="gw-connecting" data-testid="onramp-purchase" data-status={purchase.status} aria-live="polite">
      <span
        className="gw-progress-ring"
        data-active={waiting}
        data-testid="onramp-progress"
        {...(waiting ? { role: 'progressbar', 'aria-labelledby': statusId } : { 'aria-hidden': true })}
      >
        <WalletIcon name={label} />
      </span>
      {waiting ? (
        <ExternalPageWaiting
          title={t('Complete your purchase with {provider}', { provider: label })}
          status={t('Waiting for your {currency} to arrive…', { currency: symbol })}
          statusId={statusId}
          url={purchase.url}
          windowName="gangway-onramp"
          site={label}
          onStop={() => modal.dispatch(onrampPurchaseCancelled({}))}
          testIds={{ title: 'onramp-waiting-title', status: 'onramp-waiting', open: 'onramp-open-provider', stop: 'onramp-cancel' }}
        />
      ) : purchase.status === 'delivered' ? (
        <ResultDone
          modal={modal}
          flow="onramp"
          testId="onramp"
          successTestId="onramp-delivered"
          message={t('Received {amount} {symbol} on {network}', {
            amount: formatAmount(purchase.delivered!.amount, { locale, precision: 'exact' }),
            symbol: purchase.delivered!.symbol,
            network: network?.name ?? '',
          })}
          details={
            // The delivery's hash comes with the on-ramp activity, after the result: its line is held so Done does not move.
            delivery?.metadata?.hash ? (
              <TransactionHash hash={delivery.metadata.hash} explorerUrl={explorerUrl} testId="onramp-delivery-hash" />
            ) : (
              <p className="gw-mono gw-receive-address" aria-hidden="true" data-testid="onramp-delivery-hash-placeholder">
                {'\u00a0'}
              </p>
            )
          }
        />
      ) : (
        <>
          <p className="gw-connecting-title">{t('Not bought')}</p>
          {purchase.error ? <ErrorMessage error={purchase.error} testId="onramp-error" /> : null}
          <PrimaryAction testId="onramp-back" onClick={() => modal.dispatch(onrampAmountSet({ amount: onramp.amount }))}>
            {t('Back')}
          </PrimaryAction>
        </>
      )}
    </div>
  )
}
