import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, empty, literal, nullable, number, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** A token the Swap view offers: its CAIP-10 id, what it is called and its USD price (0 when unknown). */
export type SwapTokenInfo = { address: string; symbol: string; name: string; decimals: number; logoUri: string; price: number }

const tokenSchema = object({ address: string(), symbol: string(), name: string(), decimals: number(), logoUri: string(), price: number() })
const sideSchema = literal('from', 'to')

/** The Swap view opened on `chainId` (CAIP-2): fetch its token list and gas price. */
export const swapTokensRequested = defineIntent('swap/tokensRequested', object({ chainId: string() }))
export const swapTokensFetched = defineEvent('swap/tokensFetched', object({ chainId: string(), tokens: array(tokenSchema) }))
/** 'Network not supported for Swaps', or the API's failure. */
export const swapTokensFailed = defineEvent('swap/tokensFailed', object({ chainId: string(), error: serializedErrorSchema }))
/** The node's standard gas price, in wei (decimal text). */
export const swapGasPriceFetched = defineEvent('swap/gasPriceFetched', object({ chainId: string(), standard: string() }))
/** 'Network not supported for Gas Price', or the API's failure: the fee is not shown, the swap can still go ahead. */
export const swapGasPriceFailed = defineEvent('swap/gasPriceFailed', object({ chainId: string(), error: serializedErrorSchema }))
/**
 * The latest USD prices of the pair and the native token (the fee's), from the blockchain data
 * API (`POST /v1/fungible/price`), by CAIP-10 id: they replace the token list's.
 */
export const swapPricesFetched = defineEvent('swap/pricesFetched', object({ chainId: string(), prices: array(object({ address: string(), price: number() })) }))
/** The token to sell (`from`) or to buy (`to`), by CAIP-10 id; picking the other side's token swaps the two. */
export const swapTokenSelected = defineEvent('swap/tokenSelected', object({ side: sideSchema, address: string() }))
/** The two tokens trade places (the amount to sell is kept). */
export const swapTokensSwitched = defineEvent('swap/tokensSwitched', empty())
/**
 * An amount typed, as decimal text. Typed in the `to` field, `source` is the amount to sell for
 * it at the last quote's rate (worked out by the view, so the reducer stays pure).
 */
export const swapAmountSet = defineEvent('swap/amountSet', object({ side: sideSchema, amount: string(), source: optional(string()) }))
/** Ask for a quote: `amount` of `from` (smallest units) into `to`; the latest asked for wins. */
export const swapQuoteRequested = defineIntent('swap/quoteRequested', object({ from: string(), to: string(), amount: string() }))
/**
 * What the pools give for it (smallest units of `to`), the price impact in percent, and the
 * route when the API names it (the pools' tokens by CAIP-10 id, `from` first).
 */
export const swapQuoteFetched = defineEvent(
  'swap/quoteFetched',
  object({ from: string(), to: string(), amount: string(), toAmount: string(), priceImpact: nullable(number()), route: optional(array(string())) }),
)
export const swapQuoteFailed = defineEvent('swap/quoteFailed', object({ from: string(), to: string(), amount: string(), error: serializedErrorSchema }))
/**
 * The form's Swap pressed with the quote of what it holds: the review of that quote (what is paid
 * and received, the minimum received, the price impact, the fee) before anything reaches the
 * wallet. The review follows the quote as it is refreshed.
 */
export const swapReviewOpened = defineEvent('swap/reviewOpened', object({ from: string(), to: string(), amount: string() }))
/** Back from the review to the form, its input kept. */
export const swapReviewClosed = defineEvent('swap/reviewClosed', empty())
/**
 * Swap what the form holds (the review's Confirm): the allowance is checked first
 * (ApproveTransaction when short).
 */
export const swapRequested = defineIntent('swap/requested', empty())
/** The router may not spend enough of the token sold: ApproveTransaction asks for it. */
export const swapApprovalRequired = defineEvent('swap/approvalRequired', object({ token: string(), allowance: string() }))
/** Have the wallet approve the router for the token sold. */
export const swapApproveRequested = defineIntent('swap/approveRequested', empty())
export const swapApproveSubmitted = defineEvent('swap/approveSubmitted', object({ hash: string() }))
/** The approval is mined: the swap goes ahead. */
export const swapApproved = defineEvent('swap/approved', object({ hash: string() }))
/** The swap is built and the wallet asks the visitor to confirm it. */
export const swapWalletRequested = defineEvent('swap/walletRequested', empty())
/** The wallet signed and broadcast the swap. */
export const swapSubmitted = defineEvent('swap/submitted', object({ hash: string() }))
export const swapConfirmed = defineEvent('swap/confirmed', object({ hash: string(), blockNumber: string() }))
/** The approval or the swap failed (refused, reverted, the API's error); nothing was swapped. */
export const swapFailed = defineEvent('swap/failed', object({ hash: optional(string()), error: serializedErrorSchema }))
/** Back to an empty form (after Done, or leaving the view). */
export const swapReset = defineEvent('swap/reset', empty())

export const SWAP_EVENTS = [
  swapTokensRequested,
  swapTokensFetched,
  swapTokensFailed,
  swapGasPriceFetched,
  swapGasPriceFailed,
  swapPricesFetched,
  swapTokenSelected,
  swapTokensSwitched,
  swapAmountSet,
  swapQuoteRequested,
  swapQuoteFetched,
  swapQuoteFailed,
  swapReviewOpened,
  swapReviewClosed,
  swapRequested,
  swapApprovalRequired,
  swapApproveRequested,
  swapApproveSubmitted,
  swapApproved,
  swapWalletRequested,
  swapSubmitted,
  swapConfirmed,
  swapFailed,
  swapReset,
] as const
