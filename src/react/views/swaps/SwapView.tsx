import { sliceOf } from '../../../core/selectors.js'
import { useEffect, useMemo, useRef, useState } from 'react'
import { ResultDone } from '../../components/resultAcknowledgement.js'
import { SWAP_QUOTE_REFRESH_MS, SWAP_SLIPPAGE_TOLERANCE } from '../../../core/domain/constants.js'
import { formatTokenUnits, multiplyDecimals, parseTokenUnits, truncateAddress } from '../../../core/domain/format.js'
import { isNativeSwapToken, minimumReceived, NATIVE_SWAP_TOKEN, sourceAmountFor, SWAP_GAS_ESTIMATE } from '../../../core/domain/swap.js'
import { routerPushed } from '../../../core/events/modal/router.js'
import {
  swapAmountSet,
  swapQuoteRequested,
  swapRequested,
  swapReviewClosed,
  swapReviewOpened,
  swapTokenSelected,
  swapTokensRequested,
  swapTokensSwitched,
  type SwapTokenInfo,
} from '../../../core/events/swaps/swap.js'
import { selectSendableTokens } from '../../../core/reducers/data/dataSelectors.js'
import { SWAP_BUSY, type SwapQuoteState, type SwapState } from '../../../core/reducers/swaps/swapReducer.js'
import { selectActiveCaipNetworkId, selectActiveNetwork } from '../../../core/selectors.js'
import { useAmountFormat, type AmountFormat } from '../../components/AccountBalance.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useActiveWallet } from '../../components/activeWallet.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { TransactionHash } from '../TransactionHash.js'
import type { ViewProps } from '../viewProps.js'
import { IconImage } from '../../components/IconImage.js'
import { useModal } from '../../ModalContext.js'
import { WalletIcon } from '../WalletIcon.js'

/**
 * An amount for reading in a locale's digits and separators: up to 6 significant digits, grouped.
 *
 * @example
 * readable('7500.5') // '7,500.5'
 * readable('7500.5', 'es') // '7500,5'
 */
export const readable = (amount: string | number, locale = 'en-US'): string => {
  const n = Number(amount)
  return Number.isFinite(n) ? new Intl.NumberFormat(locale, { maximumSignificantDigits: 6, maximumFractionDigits: 18 }).format(n) : String(amount)
}

/**
 * Decimal text cut (never rounded) to `digits` significant digits; the whole part is always kept.
 *
 * @example
 * significant('2994.0120288', 6) // '2994.01'
 * significant('0.000333333333', 4) // '0.0003333'
 */
export function significant(decimal: string, digits: number): string {
  const [int = '0', frac = ''] = decimal.split('.')
  const whole = int.replace(/^0+/, '')
  const keep = whole.length > 0 ? Math.max(0, digits - whole.length) : (frac.match(/^0*/)?.[0].length ?? 0) + digits
  const cut = frac.slice(0, keep).replace(/0+$/, '')
  return cut ? `${int}.${cut}` : int
}

/**
 * How much of `to` one whole `from` gives at a quote (`amount` of `from` for `toAmount` of `to`,
 * smallest units), as decimal text with 18 fraction digits at most; null for a zero amount.
 *
 * @example
 * swapRate({ amount: '1000000000000000000', toAmount: '3000000000' }, 18, 6) // '3000'
 */
export function swapRate(quote: { amount: string; toAmount: string }, fromDecimals: number, toDecimals: number): string | null {
  const amount = BigInt(quote.amount)
  if (amount <= 0n) return null
  const scaled = (BigInt(quote.toAmount) * 10n ** BigInt(fromDecimals) * 10n ** 18n) / (amount * 10n ** BigInt(toDecimals))
  return formatTokenUnits(scaled.toString(), 18)
}

/** A quoted amount of a token (smallest units) as the visitor reads it: 6 significant digits, `formatAmount` in the locale. */
const quoted = (amounts: AmountFormat, units: string | bigint, token: SwapTokenInfo) =>
  amounts.exact(significant(formatTokenUnits(units.toString(), token.decimals), 6), token.symbol, token.decimals)

/** The smallest units of a typed amount, or why it has none (neither for an empty or zero amount). */
function unitsOf(amount: string, token: SwapTokenInfo | undefined): { units: string | null; error: 'precision' | 'invalid' | null } {
  const text = amount.trim()
  if (!token || text === '' || Number(text) === 0) return { units: null, error: null }
  try {
    return { units: parseTokenUnits(text, token.decimals), error: null }
  } catch (error) {
    return { units: null, error: (error as Error).name === 'AmountPrecisionError' ? 'precision' : 'invalid' }
  }
}

/** What the account holds of each swap token (whole units), by lower-cased CAIP-10 id. */
function useHoldings(): Map<string, string | null> {
  const held = useModalState(selectSendableTokens, sameJson)
  const caipNetworkId = useModalState((s) => selectActiveCaipNetworkId(s))
  return useMemo(() => {
    const map = new Map<string, string | null>()
    for (const t of held) {
      const address = t.token.address ? t.token.address.toLowerCase() : NATIVE_SWAP_TOKEN
      map.set(`${caipNetworkId}:${address}`.toLowerCase(), t.balance)
    }
    return map
  }, [held, caipNetworkId])
}

const heldOf = (holdings: Map<string, string | null>, token: SwapTokenInfo | undefined): string | null =>
  token ? (holdings.get(token.address.toLowerCase()) ?? (isNativeSwapToken(token.address) ? null : '0')) : null

/**
 * Swap (spec §2, §4): the token to sell and the one to buy (pickers with search and balances), an
 * amount in either field, the pools' quote (refreshed every 15 s) with its rate, price impact,
 * minimum received and network fee; then a review of the quote (Confirm or Back to the form),
 * the swap, through ApproveTransaction when the router may not spend the token yet, and its
 * progress, step by step, until mined. Off the swap networks it says
 * 'Network not supported for Swaps'.
 */
export function SwapView({ modal }: ViewProps) {
  const swap = useModalState((s) => sliceOf(s, 'swap'), sameJson)
  const caipNetworkId = useModalState((s) => selectActiveCaipNetworkId(s))
  const network = useModalState(selectActiveNetwork)
  const holdings = useHoldings()
  const wallet = useActiveWallet()
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const [picking, setPicking] = useState<'from' | 'to' | null>(null)

  useEffect(() => {
    if (caipNetworkId) modal.dispatch(swapTokensRequested({ chainId: caipNetworkId }))
  }, [caipNetworkId])

  const items = swap.chainId === caipNetworkId ? (swap.tokens?.items ?? []) : []
  const fromToken = items.find((t) => t.address === swap.from)
  const toToken = items.find((t) => t.address === swap.to)
  const { units, error: amountError } = unitsOf(swap.amount, fromToken)
  const held = heldOf(holdings, fromToken)
  const insufficient = units !== null && held !== null && fromToken ? BigInt(units) > BigInt(parseTokenUnits(held, fromToken.decimals)) : false
  const busy = swap.step !== null && SWAP_BUSY.includes(swap.step.status)

  // A quote for what the form holds, asked for as it changes and again every 15 s (the review shows the fresh one too).
  useEffect(() => {
    if (busy || !fromToken || !toToken || units === null) return
    const ask = () => modal.dispatch(swapQuoteRequested({ from: fromToken.address, to: toToken.address, amount: units }))
    const current = swap.quote
    if (!(current && current.from === fromToken.address && current.to === toToken.address && current.amount === units && current.status !== 'failed')) ask()
    const timer = setInterval(ask, SWAP_QUOTE_REFRESH_MS)
    return () => clearInterval(timer)
  }, [fromToken?.address, toToken?.address, units, busy])

  if (!network || !caipNetworkId) return <p className="gw-empty">{t('Not connected.')}</p>
  if (swap.tokens?.status === 'failed' && swap.chainId === caipNetworkId) {
    return (
      <div className="gw-send" data-testid="view-swap" data-status="unsupported">
        <ErrorMessage error={swap.tokens.error!} testId="swap-error" />
        <button
          type="button"
          className="gw-button"
          data-testid="swap-retry-tokens"
          onClick={() => modal.dispatch(swapTokensRequested({ chainId: caipNetworkId }))}
        >
          {t('Try again')}
        </button>
      </div>
    )
  }
  if (swap.step && swap.step.status !== 'checking' && swap.step.status !== 'approval' && swap.step.status !== 'approving' && swap.step.status !== 'approvePending') {
    return <SwapProgress modal={modal} swap={swap} items={items} explorerUrl={network.blockExplorers?.default?.url} />
  }

  const loading = swap.tokens?.status !== 'loaded' || swap.chainId !== caipNetworkId
  const quote = swap.quote && fromToken && toToken && swap.quote.from === fromToken.address && swap.quote.to === toToken.address ? swap.quote : null
  const quoteForAmount = quote && quote.amount === units ? quote : null
  const gasFee = swap.gasPrice?.status === 'loaded' && swap.gasPrice.standard ? BigInt(swap.gasPrice.standard) * SWAP_GAS_ESTIMATE : null
  const nativeSymbol = network.nativeCurrency.symbol
  const nativePrice = items.find((t) => isNativeSwapToken(t.address))?.price ?? 0
  const details = { quote, fromToken, toToken, swap, gasFee, nativeSymbol, nativePrice, items }

  // The review of the quote, from the form's Swap until the wallet asks (or ApproveTransaction does).
  if ((swap.review || swap.step?.status === 'checking') && fromToken && toToken && quoteForAmount) {
    return <SwapReview modal={modal} {...details} fromToken={fromToken} toToken={toToken} quote={quoteForAmount} />
  }
  if (picking) {
    return (
      <TokenPicker
        tokens={items}
        holdings={holdings}
        side={picking}
        onPick={(address) => {
          modal.dispatch(swapTokenSelected({ side: picking, address }))
          setPicking(null)
        }}
        onCancel={() => setPicking(null)}
      />
    )
  }

  // The field's value keeps the form amounts are typed in (Latin digits, '.' for decimals, no grouping) in every language.
  const toShown = swap.toTyped ?? (quote?.toAmount && toToken && units !== null ? significant(formatTokenUnits(quote.toAmount, toToken.decimals), 6) : '')

  const typeTo = (text: string) => {
    if (!toToken || !fromToken) return
    const wanted = unitsOf(text, toToken).units
    let source: string | undefined
    if (wanted !== null) {
      const byQuote = sourceAmountFor(wanted, quote?.toAmount ? { fromAmount: quote.amount, toAmount: quote.toAmount } : null)
      if (byQuote !== null) source = formatTokenUnits(byQuote, fromToken.decimals)
      else if (fromToken.price > 0 && toToken.price > 0) source = String(Number(((Number(text) * toToken.price) / fromToken.price).toFixed(Math.min(fromToken.decimals, 8))))
    }
    modal.dispatch(swapAmountSet({ side: 'to', amount: text, ...(source !== undefined ? { source } : {}) }))
  }

  const approvalStep = swap.step?.status === 'approval' || swap.step?.status === 'approving' || swap.step?.status === 'approvePending'
  const action: { label: string; enabled: boolean; quoting?: true } = loading
    ? { label: t('Loading tokens…'), enabled: false }
    : swap.step?.status === 'approval'
      ? { label: t('Approve {symbol}', { symbol: fromToken?.symbol ?? '' }), enabled: true }
      : swap.step?.status === 'approving'
        ? // The approval is in the wallet (the button leads back to it).
          { label: t('Approve in {wallet}', { wallet: wallet.name }), enabled: true }
        : swap.step?.status === 'approvePending'
          ? { label: t('Approving {symbol}', { symbol: fromToken?.symbol ?? '' }), enabled: true }
          : units === null
            ? {
                label:
                  amountError === 'precision'
                    ? t('{symbol} has at most {decimals} decimals', { symbol: fromToken!.symbol, decimals: fromToken!.decimals })
                    : amountError === 'invalid'
                      ? t('Invalid amount')
                      : t('Enter an amount'),
                enabled: false,
              }
            : insufficient
              ? { label: t('Insufficient {symbol} balance', { symbol: fromToken!.symbol }), enabled: false }
              : quoteForAmount?.status === 'loaded'
                ? { label: t('Review swap'), enabled: true }
                : quoteForAmount?.status === 'failed'
                  ? { label: t('Try again'), enabled: true }
                  : { label: t('Getting quote…'), enabled: false, quoting: true }

  const act = () => {
    if (!action.enabled) return
    if (approvalStep) return modal.dispatch(routerPushed({ view: 'ApproveTransaction' }))
    if (quoteForAmount?.status === 'failed') {
      return modal.dispatch(swapQuoteRequested({ from: fromToken!.address, to: toToken!.address, amount: units! }))
    }
    modal.dispatch(swapReviewOpened({ from: fromToken!.address, to: toToken!.address, amount: units! }))
  }

  return (
    <form
      className="gw-send gw-swap"
      data-testid="view-swap"
      data-status={loading ? 'loading' : 'ready'}
      aria-busy={loading}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        act()
      }}
    >
      <SwapField
        side="from"
        label={t('You pay')}
        token={fromToken}
        held={held}
        value={swap.amount}
        disabled={busy || loading}
        // Typing may start while the tokens load: the field has focus as the view opens.
        amountDisabled={busy}
        onChange={(text) => modal.dispatch(swapAmountSet({ side: 'from', amount: text }))}
        onPick={() => setPicking('from')}
        onMax={held !== null && fromToken ? () => modal.dispatch(swapAmountSet({ side: 'from', amount: held })) : undefined}
        usd={fromToken && swap.amount.trim() !== '' ? multiplyDecimals(swap.amount.trim(), fromToken.price) : null}
      />
      <button
        type="button"
        className="gw-icon-button gw-swap-switch"
        data-testid="swap-switch"
        aria-label={t('Switch the tokens')}
        disabled={busy || loading}
        onClick={() => modal.dispatch(swapTokensSwitched({}))}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <path d="M5 2.5v11M2.5 11 5 13.5 7.5 11M11 13.5v-11M8.5 5 11 2.5 13.5 5" />
        </svg>
      </button>
      <SwapField
        side="to"
        label={t('You receive')}
        token={toToken}
        held={heldOf(holdings, toToken)}
        value={toShown}
        disabled={busy || loading}
        onChange={typeTo}
        onPick={() => setPicking('to')}
        usd={toToken && toShown !== '' ? multiplyDecimals(toShown, toToken.price) : null}
        busy={quote?.status === 'loading'}
      />
      <dl className="gw-summary" data-testid="swap-details" aria-live="polite">
        <QuoteDetails {...details} amounts={amounts} />
      </dl>
      {quoteForAmount?.status === 'failed' ? <ErrorMessage error={quoteForAmount.error!} testId="swap-quote-error" /> : null}
      <button
        type="submit"
        className="gw-button"
        data-primary="true"
        data-testid="swap-action"
        aria-disabled={!action.enabled}
        aria-busy={action.quoting === true}
      >
        {action.label}
      </button>
    </form>
  )
}

type DetailsProps = {
  quote: SwapQuoteState | null
  fromToken: SwapTokenInfo | undefined
  toToken: SwapTokenInfo | undefined
  swap: SwapState
  gasFee: bigint | null
  nativeSymbol: string
  nativePrice: number
  items: SwapTokenInfo[]
}

/**
 * The quote's rate, price impact (when the API gives it), minimum received at the slippage
 * allowed, the slippage and the network fee (native and dollars when priced), every number
 * through `formatAmount` / `formatFiat`; the route too when asked for and the API names it.
 */
function QuoteDetails(props: DetailsProps & { amounts: AmountFormat; withRoute?: boolean; testIdPrefix?: string }) {
  const { quote, fromToken, toToken, swap, gasFee, amounts } = props
  const { t } = useI18n()
  const id = (name: string) => `${props.testIdPrefix ?? 'swap'}-${name}`
  const rate = quote?.toAmount && fromToken && toToken ? swapRate({ amount: quote.amount, toAmount: quote.toAmount }, fromToken.decimals, toToken.decimals) : null
  const feeNative = gasFee !== null ? formatTokenUnits(gasFee.toString(), 18) : null
  const route = props.withRoute && quote?.route ? routeText(quote.route, props.items, fromToken, toToken) : null
  return (
    <>
      <dt>{t('Rate')}</dt>
      <dd data-testid={id('rate')}>
        {rate !== null && fromToken && toToken ? `${amounts.exact(1, fromToken.symbol)} ≈ ${amounts.exact(significant(rate, 6), toToken.symbol)}` : '—'}
      </dd>
      {!props.withRoute || quote?.priceImpact != null ? (
        <>
          <dt>{t('Price impact')}</dt>
          <dd data-testid={id('price-impact')} className={quote?.priceImpact != null && quote.priceImpact > 5 ? 'gw-error-text' : undefined}>
            {quote?.priceImpact != null
              ? `${quote.priceImpact < 0.01 ? `< ${amounts.exact('0.01')}` : amounts.exact(quote.priceImpact.toFixed(2))} %`
              : '—'}
          </dd>
        </>
      ) : null}
      <dt>{t('Minimum received')}</dt>
      <dd data-testid={id('minimum')}>
        {quote?.toAmount && toToken ? quoted(amounts, minimumReceived(quote.toAmount, SWAP_SLIPPAGE_TOLERANCE), toToken) : '—'}
      </dd>
      <dt>{t('Slippage')}</dt>
      <dd data-testid={id('slippage')}>{amounts.exact(SWAP_SLIPPAGE_TOLERANCE)} %</dd>
      <dt>{t('Network fee')}</dt>
      <dd data-testid={id('fee')} data-status={swap.gasPrice?.status ?? 'loading'}>
        {swap.gasPrice?.status === 'failed' ? (
          <ErrorMessage error={swap.gasPrice.error!} testId={id('fee-error')} className="gw-muted" />
        ) : feeNative !== null ? (
          `≈ ${amounts.exact(significant(feeNative, 4), props.nativeSymbol)}${props.nativePrice > 0 ? ` (${amounts.usd(multiplyDecimals(feeNative, props.nativePrice) ?? undefined)})` : ''}`
        ) : (
          t('Estimating…')
        )}
      </dd>
      {route ? (
        <>
          <dt>{t('Route')}</dt>
          <dd data-testid={id('route')}>{route}</dd>
        </>
      ) : null}
    </>
  )
}

/**
 * The pools' tokens a quote goes through, by symbol: the two ends are the form's tokens (the
 * API names the wrapped native token for the native one), the hops between by the token list's
 * symbol, else their shortened address.
 */
function routeText(route: string[], items: SwapTokenInfo[], from: SwapTokenInfo | undefined, to: SwapTokenInfo | undefined): string {
  const hop = (caip10: string) => {
    const token = items.find((t) => t.address.toLowerCase() === caip10.toLowerCase())
    return token?.symbol ?? truncateAddress(caip10.split(':')[2] ?? caip10)
  }
  return [from?.symbol ?? hop(route[0]!), ...route.slice(1, -1).map(hop), to?.symbol ?? hop(route[route.length - 1]!)].join(' → ')
}

/**
 * The review before the wallet: what is paid and what is received (about, at the quote, which
 * follows its 15 s refresh), the minimum received, the price impact, the fee and the route; Back
 * returns to the form as it was, Confirm asks for the swap. Once confirmed, its button says what
 * happens (the allowance checked, or the swap prepared) until the wallet or ApproveTransaction asks.
 */
function SwapReview(props: DetailsProps & { modal: ViewProps['modal']; fromToken: SwapTokenInfo; toToken: SwapTokenInfo; quote: SwapQuoteState }) {
  const { modal, quote, fromToken, toToken, swap } = props
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const checking = swap.step?.status === 'checking'
  // An amount's dollar worth, on its own line under it, when the token is priced.
  const worth = (units: string, token: SwapTokenInfo, testId: string) => {
    const usd = token.price > 0 ? multiplyDecimals(formatTokenUnits(units, token.decimals), token.price) : null
    return usd !== null ? (
      <span className="gw-muted gw-swap-worth" data-testid={testId}>
        ≈ {amounts.usd(usd)}
      </span>
    ) : null
  }
  const confirm: { label: string; enabled: boolean; busy: boolean } = checking
    ? { label: isNativeSwapToken(fromToken.address) ? t('Preparing the swap…') : t('Checking allowance…'), enabled: false, busy: true }
    : quote.status === 'failed'
      ? { label: t('Try again'), enabled: true, busy: false }
      : quote.status === 'loading'
        ? { label: t('Getting quote…'), enabled: false, busy: true }
        : { label: t('Confirm swap'), enabled: true, busy: false }
  const onConfirm = () => {
    if (!confirm.enabled) return
    if (quote.status === 'failed') return modal.dispatch(swapQuoteRequested({ from: quote.from, to: quote.to, amount: quote.amount }))
    modal.dispatch(swapRequested({}))
  }
  return (
    <div className="gw-send gw-swap-review" data-testid="swap-review" data-status={checking ? 'checking' : quote.status} aria-busy={confirm.busy}>
      <p className="gw-connecting-title">{t('Review swap')}</p>
      <dl className="gw-summary" data-testid="swap-review-details" aria-live="polite">
        <dt>{t('You pay')}</dt>
        <dd>
          <span data-testid="swap-review-pay">{amounts.exact(BigInt(quote.amount), fromToken.symbol, fromToken.decimals)}</span>
          {worth(quote.amount, fromToken, 'swap-review-pay-usd')}
        </dd>
        <dt>{t('You receive')}</dt>
        <dd>
          <span data-testid="swap-review-receive">{quote.toAmount ? `≈ ${quoted(amounts, quote.toAmount, toToken)}` : '—'}</span>
          {quote.toAmount ? worth(quote.toAmount, toToken, 'swap-review-receive-usd') : null}
        </dd>
        <QuoteDetails {...props} amounts={amounts} withRoute testIdPrefix="swap-review" />
      </dl>
      {quote.status === 'failed' && quote.error ? <ErrorMessage error={quote.error} testId="swap-review-error" /> : null}
      <div className="gw-account-actions">
        <button type="button" className="gw-button" data-testid="swap-review-back" disabled={checking} onClick={() => modal.dispatch(swapReviewClosed({}))}>
          {t('Back')}
        </button>
        <button
          type="button"
          className="gw-button"
          data-primary="true"
          data-autofocus="true"
          data-testid="swap-review-confirm"
          aria-disabled={!confirm.enabled}
          aria-busy={confirm.busy}
          onClick={onConfirm}
        >
          {confirm.label}
        </button>
      </div>
    </div>
  )
}

/** One side of the form: the amount field, its token button, the balance held and the amount's worth. */
function SwapField(props: {
  side: 'from' | 'to'
  label: string
  token: SwapTokenInfo | undefined
  held: string | null
  value: string
  disabled: boolean
  /** The amount field alone (default: as `disabled`). */
  amountDisabled?: boolean
  onChange: (text: string) => void
  onPick: () => void
  onMax?: (() => void) | undefined
  usd: string | null
  busy?: boolean
}) {
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const id = `gw-swap-${props.side}`
  return (
    <div className="gw-swap-field" data-testid={`swap-${props.side}`}>
      <label className="gw-field-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="gw-field-row">
        <input
          id={id}
          className="gw-search gw-swap-amount"
          data-testid={`swap-${props.side}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={props.value}
          disabled={props.amountDisabled ?? props.disabled}
          aria-busy={props.busy}
          data-autofocus={props.side === 'from' ? 'true' : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <button
          type="button"
          className="gw-button gw-button-inline gw-swap-token"
          data-testid={`swap-${props.side}-token`}
          disabled={props.disabled}
          aria-label={props.token ? t('{field}: {symbol}, change token', { field: props.label, symbol: props.token.symbol }) : t('{field}: choose a token', { field: props.label })}
          onClick={props.onPick}
        >
          {props.token ? <TokenIcon token={props.token} /> : null}
          <span>{props.token?.symbol ?? t('Select')}</span>
        </button>
      </div>
      <p className="gw-muted gw-swap-meta">
        <span data-testid={`swap-${props.side}-usd`}>{props.usd !== null && Number.isFinite(Number(props.usd)) ? `≈ ${amounts.usd(props.usd)}` : '\u00a0'}</span>
        <span>
          {props.token && props.held !== null ? (
            <span data-testid={`swap-${props.side}-balance`}>
              {t('Balance: {amount} {symbol}', { amount: amounts.balance(props.held, undefined, props.token.decimals), symbol: props.token.symbol })}
            </span>
          ) : null}
          {props.onMax ? (
            <button type="button" className="gw-link-button" data-testid="swap-max" disabled={props.disabled} onClick={props.onMax}>
              {t('Max')}
            </button>
          ) : null}
        </span>
      </p>
    </div>
  )
}

/** A token's picture (the API's logo, else the wallet directory's token image), or its initial in the same box. */
function TokenIcon({ token }: { token: SwapTokenInfo }) {
  const modal = useModal()
  const logo = /^https?:\/\//.test(token.logoUri) ? token.logoUri : modal.directoryImageUrl('token', token.symbol)
  return <IconImage src={logo} className="gw-token-icon" fallback={token.symbol.slice(0, 1)} testId="swap-token-icon" />
}

/** The token list of the network with a search, what the account holds of each, for one side of the form. */
function TokenPicker(props: {
  tokens: SwapTokenInfo[]
  holdings: Map<string, string | null>
  side: 'from' | 'to'
  onPick: (address: string) => void
  onCancel: () => void
}) {
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const [query, setQuery] = useState('')
  const search = useRef<HTMLInputElement>(null)
  const q = query.trim().toLowerCase()
  const shown = props.tokens.filter((t) => !q || t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q) || t.address.toLowerCase().endsWith(q))
  return (
    <div
      className="gw-send gw-token-picker"
      data-testid="swap-token-picker"
      onKeyDown={(e) => {
        // Escape leaves the picker, not the modal.
        if (e.key === 'Escape') {
          e.stopPropagation()
          props.onCancel()
        }
      }}
    >
      <input
        ref={search}
        className="gw-search"
        data-testid="swap-token-search"
        placeholder={t('Search tokens')}
        aria-label={props.side === 'from' ? t('Search the token to pay with') : t('Search the token to receive')}
        autoComplete="off"
        data-autofocus="true"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul className="gw-list gw-token-list" aria-label={t('Tokens')}>
        {shown.map((t) => {
          const held = heldOf(props.holdings, t)
          return (
            <li key={t.address}>
              <button type="button" className="gw-button gw-token-row" data-testid="swap-token-option" data-symbol={t.symbol} onClick={() => props.onPick(t.address)}>
                <TokenIcon token={t} />
                <span className="gw-row-main">
                  <span>{t.symbol}</span>
                  <span className="gw-muted">{t.name}</span>
                </span>
                <span className="gw-muted">{held !== null ? amounts.balance(held, undefined, t.decimals) : ''}</span>
              </button>
            </li>
          )
        })}
      </ul>
      {shown.length === 0 ? (
        <p className="gw-empty" data-testid="swap-token-none">
          {t('No token matches “{query}”.', { query: query.trim() })}
        </p>
      ) : null}
      <button type="button" className="gw-button" data-testid="swap-token-cancel" onClick={props.onCancel}>
        {t('Cancel')}
      </button>
    </div>
  )
}

/** The swap after Swap: in the wallet, pending with its hash, done, or failed with a retry. */
function SwapProgress(props: { modal: ViewProps['modal']; swap: SwapState; items: SwapTokenInfo[]; explorerUrl: string | undefined }) {
  const { modal, swap } = props
  const wallet = useActiveWallet()
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const step = swap.step!
  const from = props.items.find((t) => t.address === step.from)
  const to = props.items.find((t) => t.address === step.to)
  const sold = from ? amounts.exact(BigInt(step.amount), from.symbol, from.decimals) : ''
  const bought = to && step.toAmount ? quoted(amounts, step.toAmount, to) : ''
  const hash = <TransactionHash hash={step.hash} explorerUrl={props.explorerUrl} testId="swap-hash" />
  return (
    <div className="gw-connecting" data-testid="swap-progress" data-status={step.status} aria-live="polite">
      <span className="gw-progress-ring" data-active={step.status === 'swapping' || step.status === 'pending'}>
        <WalletIcon name={wallet.name} imageUrl={wallet.imageUrl} />
      </span>
      {step.status === 'swapping' ? (
        <>
          <p className="gw-connecting-title">{t('Approve in {wallet}', { wallet: wallet.name })}</p>
          <p className="gw-muted">{t('Confirm the swap of {sold} for about {bought} in your wallet.', { sold, bought })}</p>
        </>
      ) : step.status === 'pending' ? (
        <>
          <p className="gw-connecting-title">{t('Swapping {sold}', { sold })}</p>
          {hash}
          <p className="gw-muted">{t('Waiting for confirmation…')}</p>
        </>
      ) : step.status === 'confirmed' ? (
        <ResultDone modal={modal} flow="swap" testId="swap" message={t('Swapped {sold} for {bought}', { sold, bought })} details={hash} />
      ) : (
        <>
          <p className="gw-connecting-title">{t('Not swapped')}</p>
          {step.error ? <ErrorMessage error={step.error} testId="swap-failure" /> : null}
          {hash}
          <button
            type="button"
            className="gw-button"
            data-primary="true"
            data-autofocus="true"
            data-testid="swap-edit"
            // Editing the amount leaves the failure; the quote is asked for again.
            onClick={() => modal.dispatch(swapAmountSet({ side: 'from', amount: from ? formatTokenUnits(step.amount, from.decimals) : '' }))}
          >
            {t('Back to the swap')}
          </button>
        </>
      )}
    </div>
  )
}
