import { sliceOf } from '../../../core/selectors.js'
import { useEffect, useMemo, useRef, useState } from 'react'
import { ResultDone } from '../../components/resultAcknowledgement.js'
import { SWAP_QUOTE_REFRESH_MS, SWAP_SLIPPAGE_TOLERANCE } from '../../../core/domain/constants.js'
import { formatTokenUnits, multiplyDecimals, parseTokenUnits } from '../../../core/domain/format.js'
import { isNativeSwapToken, minimumReceived, NATIVE_SWAP_TOKEN, sourceAmountFor, SWAP_GAS_ESTIMATE } from '../../../core/domain/swap.js'
import { routerPushed } from '../../../core/events/modal/router.js'
import {
  swapAmountSet,
  swapQuoteRequested,
  swapRequested,
  swapTokenSelected,
  swapTokensRequested,
  swapTokensSwitched,
  type SwapTokenInfo,
} from '../../../core/events/swaps/swap.js'
import { selectSendableTokens } from '../../../core/reducers/data/dataSelectors.js'
import { SWAP_BUSY, type SwapState } from '../../../core/reducers/swaps/swapReducer.js'
import { selectActiveCaipNetworkId, selectActiveNetwork } from '../../../core/selectors.js'
import { useAmountFormat } from '../../components/AccountBalance.js'
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
 * A number with a fixed count of fraction digits in a locale's digits and decimal mark, ungrouped
 * like `toFixed` (so English reads as before).
 *
 * @example
 * fixed(1.1, 2, 'es') // '1,10'
 */
export const fixed = (n: number, digits: number, locale = 'en-US'): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(n)

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
 * minimum received and network fee; then the swap, through ApproveTransaction when the router
 * may not spend the token yet, and its progress until mined. Off the swap networks it says
 * 'Network not supported for Swaps'.
 */
export function SwapView({ modal }: ViewProps) {
  const swap = useModalState((s) => sliceOf(s, 'swap'), sameJson)
  const caipNetworkId = useModalState((s) => selectActiveCaipNetworkId(s))
  const network = useModalState(selectActiveNetwork)
  const holdings = useHoldings()
  const { t, locale } = useI18n()
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

  // A quote for what the form holds, asked for as it changes and again every 15 s.
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

  const loading = swap.tokens?.status !== 'loaded' || swap.chainId !== caipNetworkId
  const quote = swap.quote && fromToken && toToken && swap.quote.from === fromToken.address && swap.quote.to === toToken.address ? swap.quote : null
  const quoteForAmount = quote && quote.amount === units ? quote : null
  // The field's value keeps the form amounts are typed in (Latin digits, '.' for decimals) in every language.
  const toShown = swap.toTyped ?? (quote?.toAmount && toToken && units !== null ? readable(formatTokenUnits(quote.toAmount, toToken.decimals)) : '')
  const gasFee = swap.gasPrice?.status === 'loaded' && swap.gasPrice.standard ? BigInt(swap.gasPrice.standard) * SWAP_GAS_ESTIMATE : null
  const nativeSymbol = network.nativeCurrency.symbol
  const nativePrice = items.find((t) => isNativeSwapToken(t.address))?.price ?? 0

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

  const action: { label: string; enabled: boolean; quoting?: true } = loading
    ? { label: t('Loading tokens…'), enabled: false }
    : swap.step?.status === 'checking'
      ? { label: t('Checking allowance…'), enabled: false }
      : swap.step?.status === 'approval' || swap.step?.status === 'approving' || swap.step?.status === 'approvePending'
        ? { label: t('Approve {symbol}', { symbol: fromToken?.symbol ?? '' }), enabled: true }
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
              ? { label: t('Swap'), enabled: true }
              : quoteForAmount?.status === 'failed'
                ? { label: t('Try again'), enabled: true }
                : { label: t('Getting quote…'), enabled: false, quoting: true }

  const act = () => {
    if (!action.enabled) return
    if (swap.step?.status === 'approval' || swap.step?.status === 'approving' || swap.step?.status === 'approvePending') return modal.dispatch(routerPushed({ view: 'ApproveTransaction' }))
    if (quoteForAmount?.status === 'failed') {
      return modal.dispatch(swapQuoteRequested({ from: fromToken!.address, to: toToken!.address, amount: units! }))
    }
    modal.dispatch(swapRequested({}))
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
        usd={toToken && toShown !== '' ? multiplyDecimals(toShown.replace(/,/g, ''), toToken.price) : null}
        busy={quote?.status === 'loading'}
      />
      <dl className="gw-summary" data-testid="swap-details" aria-live="polite">
        <dt>{t('Rate')}</dt>
        <dd data-testid="swap-rate">
          {quote?.toAmount && fromToken && toToken && quote.amount !== '0'
            ? `${readable(1, locale)} ${fromToken.symbol} ≈ ${readable(Number(formatTokenUnits(quote.toAmount, toToken.decimals)) / Number(formatTokenUnits(quote.amount, fromToken.decimals)), locale)} ${toToken.symbol}`
            : '—'}
        </dd>
        <dt>{t('Price impact')}</dt>
        <dd data-testid="swap-price-impact" className={quote?.priceImpact != null && quote.priceImpact > 5 ? 'gw-error-text' : undefined}>
          {quote?.priceImpact != null ? `${quote.priceImpact < 0.01 ? `< ${fixed(0.01, 2, locale)}` : fixed(quote.priceImpact, 2, locale)} %` : '—'}
        </dd>
        <dt>{t('Minimum received')}</dt>
        <dd data-testid="swap-minimum">
          {quote?.toAmount && toToken ? amounts.balance(BigInt(minimumReceived(quote.toAmount)), toToken.symbol, toToken.decimals) : '—'}
        </dd>
        <dt>{t('Slippage')}</dt>
        <dd>{readable(SWAP_SLIPPAGE_TOLERANCE, locale)} %</dd>
        <dt>{t('Network fee')}</dt>
        <dd data-testid="swap-fee" data-status={swap.gasPrice?.status ?? 'loading'}>
          {swap.gasPrice?.status === 'failed' ? (
            <ErrorMessage error={swap.gasPrice.error!} testId="swap-fee-error" className="gw-muted" />
          ) : gasFee !== null ? (
            `≈ ${readable(formatTokenUnits(gasFee.toString(), 18), locale)} ${nativeSymbol}${nativePrice > 0 ? ` (${amounts.usd(multiplyDecimals(formatTokenUnits(gasFee.toString(), 18), nativePrice) ?? undefined)})` : ''}`
          ) : (
            t('Estimating…')
          )}
        </dd>
      </dl>
      {quoteForAmount?.status === 'failed' ? <ErrorMessage error={quoteForAmount.error!} testId="swap-quote-error" /> : null}
      <button
        type="submit"
        className="gw-button"
        data-primary="true"
        data-testid="swap-action"
        aria-disabled={!action.enabled}
        aria-busy={swap.step?.status === 'checking' || action.quoting === true}
      >
        {action.label}
      </button>
    </form>
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
  const bought = to && step.toAmount ? amounts.balance(BigInt(step.toAmount), to.symbol, to.decimals) : ''
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
