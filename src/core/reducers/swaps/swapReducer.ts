import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import {
  swapAmountSet,
  swapApprovalRequired,
  swapApproveRequested,
  swapApproveSubmitted,
  swapApproved,
  swapConfirmed,
  swapFailed,
  swapGasPriceFailed,
  swapGasPriceFetched,
  swapPricesFetched,
  swapQuoteFailed,
  swapQuoteFetched,
  swapQuoteRequested,
  swapRequested,
  swapReset,
  swapReviewClosed,
  swapReviewOpened,
  swapSubmitted,
  swapWalletRequested,
  swapTokenSelected,
  swapTokensFailed,
  swapTokensFetched,
  swapTokensRequested,
  swapTokensSwitched,
  type SwapTokenInfo,
} from '../../events/swaps/swap.js'
import type { SerializedError } from '../../errors/base.js'
import { createSlice } from '../createSlice.js'
import { resultAcknowledged } from '../../events/modal/router.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { isResetTo } from '../isResetTo.js'

export type SwapQuoteState = {
  from: string
  to: string
  /** Smallest units of `from`. */
  amount: string
  status: 'loading' | 'loaded' | 'failed'
  requestId: string | null
  /** Smallest units of `to`; while a new quote loads, the previous pair's answer stays shown. */
  toAmount: string | null
  priceImpact: number | null
  /** The pools' tokens the quote goes through (CAIP-10 ids, `from` first), when the API names them. */
  route: string[] | null
  error: SerializedError | null
}

/** The review of the quote before the wallet: which pair and amount it was opened for. */
export type SwapReview = { from: string; to: string; amount: string }

/**
 * Where a swap is: checking the allowance, waiting for the visitor to approve (`approval`), the
 * approval in the wallet or on chain, the swap in the wallet or on chain, then done or failed.
 */
export type SwapStepStatus = 'checking' | 'approval' | 'approving' | 'approvePending' | 'swapping' | 'pending' | 'confirmed' | 'failed'

export type SwapStep = {
  status: SwapStepStatus
  requestId: string | null
  hash: string | null
  error: SerializedError | null
  /** What the form held when the swap was asked for (the view shows it throughout). */
  from: string
  to: string
  amount: string
  toAmount: string | null
  /** The token the router must be allowed to spend, when ApproveTransaction asked. */
  approveToken: string | null
}

/** The Swap view (spec §2, §4): the token list of the network, the form, its quote and the swap under way. */
export type SwapState = {
  chainId: string | null
  tokens: { status: 'loading' | 'loaded' | 'failed'; requestId: string | null; items: SwapTokenInfo[]; error: SerializedError | null } | null
  gasPrice: { status: 'loaded' | 'failed'; standard: string | null; error: SerializedError | null } | null
  from: string | null
  to: string | null
  /** The amount to sell, as decimal text. */
  amount: string
  /** The amount typed in the `to` field, while the visitor types there. */
  toTyped: string | null
  quote: SwapQuoteState | null
  /** The review shown between the form's Swap and the wallet (its Confirm asks for the swap, Back returns to the form). */
  review: SwapReview | null
  step: SwapStep | null
}

const EMPTY: SwapState = { chainId: null, tokens: null, gasPrice: null, from: null, to: null, amount: '', toTyped: null, quote: null, review: null, step: null }

/** Steps during which the form is locked and another swap is not started. */
export const SWAP_BUSY: readonly SwapStepStatus[] = ['checking', 'approving', 'approvePending', 'swapping', 'pending']

/** Whether the quote waits for this request's answer (the reducer and the effect agree on it). */
export const awaitsQuote = (s: SwapState, q: { from: string; to: string; amount: string }, requestId: string | undefined) =>
  s.quote?.status === 'loading' && s.quote.from === q.from && s.quote.to === q.to && s.quote.amount === q.amount && isCurrentRequest(s.quote.requestId, requestId)

/** Whether the swap step with this request id is in one of `statuses`. */
export const isSwapStep = (s: SwapState, requestId: string | undefined, ...statuses: SwapStepStatus[]) =>
  s.step !== null && isCurrentRequest(s.step.requestId, requestId) && statuses.includes(s.step.status)

/** The form changed: its quote, and the review of it, are gone. */
const clearQuote = (s: SwapState) => {
  s.quote = null
  s.toTyped = null
  s.review = null
}

/** An empty form; a swap under way stays. */
const clearForm = (s: SwapState) => {
  if (s.step && SWAP_BUSY.includes(s.step.status)) return
  s.amount = ''
  s.step = null
  clearQuote(s)
}

export const swapSlice = createSlice(
  'swap',
  (): SwapState => ({ ...EMPTY }),
  (b) =>
    b
      .addCase(swapTokensRequested, (s, event) => {
        if (s.chainId !== event.payload.chainId) Object.assign(s, { ...EMPTY, chainId: event.payload.chainId })
        s.tokens = { status: 'loading', requestId: event.requestId ?? null, items: s.tokens?.items ?? [], error: null }
      })
      .addCase(swapTokensFetched, (s, event) => {
        if (s.chainId !== event.payload.chainId || s.tokens?.status !== 'loading' || !isCurrentRequest(s.tokens.requestId, event)) return
        const items = event.payload.tokens
        s.tokens = { status: 'loaded', requestId: null, items, error: null }
        const has = (address: string | null) => address !== null && items.some((t) => t.address === address)
        // Selling the native token for the first other one by default; a choice still listed stays.
        if (!has(s.from)) s.from = items[0]?.address ?? null
        if (!has(s.to) || s.to === s.from) s.to = items.find((t) => t.address !== s.from)?.address ?? null
      })
      .addCase(swapTokensFailed, (s, event) => {
        if (s.chainId !== event.payload.chainId || s.tokens?.status !== 'loading' || !isCurrentRequest(s.tokens.requestId, event)) return
        s.tokens = { status: 'failed', requestId: null, items: [], error: event.payload.error }
      })
      .addCase(swapGasPriceFetched, (s, event) => {
        if (s.chainId === event.payload.chainId) s.gasPrice = { status: 'loaded', standard: event.payload.standard, error: null }
      })
      .addCase(swapGasPriceFailed, (s, event) => {
        if (s.chainId === event.payload.chainId) s.gasPrice = { status: 'failed', standard: null, error: event.payload.error }
      })
      .addCase(swapPricesFetched, (s, event) => {
        if (s.chainId !== event.payload.chainId || !s.tokens) return
        for (const { address, price } of event.payload.prices) {
          if (!Number.isFinite(price) || price < 0) continue
          const token = s.tokens.items.find((t) => t.address.toLowerCase() === address.toLowerCase())
          if (token) token.price = price
        }
      })
      .addCase(swapTokenSelected, (s, event) => {
        if (s.step && SWAP_BUSY.includes(s.step.status)) return
        const { side, address } = event.payload
        if (!s.tokens?.items.some((t) => t.address === address)) return
        const other = side === 'from' ? 'to' : 'from'
        if (s[other] === address) s[other] = s[side]
        s[side] = address
        clearQuote(s)
      })
      .addCase(swapTokensSwitched, (s) => {
        if (s.step && SWAP_BUSY.includes(s.step.status)) return
        ;[s.from, s.to] = [s.to, s.from]
        clearQuote(s)
      })
      .addCase(swapAmountSet, (s, event) => {
        if (s.step && SWAP_BUSY.includes(s.step.status)) return
        const { side, amount, source } = event.payload
        if (side === 'from') {
          s.amount = amount
          s.toTyped = null
        } else {
          s.toTyped = amount
          s.amount = source ?? ''
        }
        if (s.step?.status === 'failed' || s.step?.status === 'confirmed') s.step = null
        // A review is of the amount it was opened for.
        s.review = null
      })
      .addCase(swapQuoteRequested, (s, event) => {
        const { from, to, amount } = event.payload
        const samePair = s.quote?.from === from && s.quote.to === to
        s.quote = {
          from,
          to,
          amount,
          status: 'loading',
          requestId: event.requestId ?? null,
          toAmount: samePair ? (s.quote?.toAmount ?? null) : null,
          priceImpact: samePair ? (s.quote?.priceImpact ?? null) : null,
          route: samePair ? (s.quote?.route ?? null) : null,
          error: null,
        }
      })
      .addCase(swapQuoteFetched, (s, event) => {
        if (!awaitsQuote(s, event.payload, event.requestId)) return
        const { toAmount, priceImpact, route } = event.payload
        s.quote = { ...s.quote!, status: 'loaded', requestId: null, toAmount, priceImpact, route: route ?? null }
      })
      .addCase(swapQuoteFailed, (s, event) => {
        if (!awaitsQuote(s, event.payload, event.requestId)) return
        s.quote = { ...s.quote!, status: 'failed', requestId: null, toAmount: null, priceImpact: null, route: null, error: event.payload.error }
      })
      .addCase(swapReviewOpened, (s, event) => {
        // The review is of the quote the form shows: loaded, for the form's pair and amount, no swap under way.
        if (s.step && SWAP_BUSY.includes(s.step.status)) return
        const { from, to, amount } = event.payload
        if (s.from !== from || s.to !== to || s.quote?.status !== 'loaded' || s.quote.from !== from || s.quote.to !== to || s.quote.amount !== amount) return
        s.review = { from, to, amount }
        // A failure or an earlier result is left behind.
        if (s.step?.status === 'failed' || s.step?.status === 'confirmed') s.step = null
      })
      .addCase(swapReviewClosed, (s) => {
        s.review = null
      })
      .addCase(swapRequested, (s, event) => {
        if (s.step && SWAP_BUSY.includes(s.step.status)) return
        if (!s.from || !s.to || s.quote?.status !== 'loaded' || s.quote.from !== s.from || s.quote.to !== s.to) return
        s.review = null
        s.step = {
          status: 'checking',
          requestId: event.requestId ?? null,
          hash: null,
          error: null,
          from: s.from,
          to: s.to,
          amount: s.quote.amount,
          toAmount: s.quote.toAmount,
          approveToken: null,
        }
      })
      .addCase(swapApprovalRequired, (s, event) => {
        if (!isSwapStep(s, event.requestId, 'checking')) return
        s.step = { ...s.step!, status: 'approval', approveToken: event.payload.token }
      })
      .addCase(swapApproveRequested, (s, event) => {
        // Approving is asked from ApproveTransaction, after the check, or again after a failed approval.
        if (!s.step || !(s.step.status === 'approval' || (s.step.status === 'failed' && s.step.approveToken !== null))) return
        s.step = { ...s.step, status: 'approving', requestId: event.requestId ?? null, error: null }
      })
      .addCase(swapApproveSubmitted, (s, event) => {
        if (isSwapStep(s, event.requestId, 'approving')) s.step = { ...s.step!, status: 'approvePending', hash: event.payload.hash }
      })
      .addCase(swapApproved, (s, event) => {
        if (isSwapStep(s, event.requestId, 'approvePending', 'approving')) s.step = { ...s.step!, status: 'swapping', hash: null, approveToken: null }
      })
      .addCase(swapWalletRequested, (s, event) => {
        // The wallet asks now: after the allowance check (or none, selling the native token), or after the approval.
        if (isSwapStep(s, event.requestId, 'checking', 'swapping')) s.step = { ...s.step!, status: 'swapping', hash: null, approveToken: null }
      })
      .addCase(swapSubmitted, (s, event) => {
        if (isSwapStep(s, event.requestId, 'checking', 'swapping')) s.step = { ...s.step!, status: 'pending', hash: event.payload.hash }
      })
      .addCase(swapConfirmed, (s, event) => {
        if (!isSwapStep(s, event.requestId, 'pending')) return
        s.step = { ...s.step!, status: 'confirmed', hash: event.payload.hash }
        s.amount = ''
        clearQuote(s)
      })
      .addCase(swapFailed, (s, event) => {
        if (!s.step || !isCurrentRequest(s.step.requestId, event) || !SWAP_BUSY.includes(s.step.status)) return
        s.step = { ...s.step, status: 'failed', hash: event.payload.hash ?? null, error: event.payload.error }
        // The price may have moved: the form asks for a fresh quote.
        s.quote = null
      })
      .addCase(swapReset, clearForm)
      // An acknowledged swap leaves an empty form for the next Swap.
      .addCase(resultAcknowledged, clearForm, (s, event) => event.payload.flow === 'swap' && s.step?.status === 'confirmed')
      // Optimization: already reset, the slice keeps its object.
      .addReplacer(accountDisconnected, () => ({ ...EMPTY }), (s) => !isResetTo(s, EMPTY)),
)
