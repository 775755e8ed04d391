import type { SerializedError } from '../../errors/base.js'
import type { SendToken } from '../../events/connection/send.js'
import {
  payApproved,
  payConfirmed,
  payExchangeChosen,
  payExchangeOpened,
  payExchangesFailed,
  payExchangesFetched,
  payExchangesRequested,
  payFailed,
  payFeeEstimated,
  payFeeFailed,
  payFeeRequested,
  payRequested,
  paySubmitted,
} from '../../events/pay/pay.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { selectCaipAddress } from '../../selectors.js'
import { createSlice } from '../createSlice.js'
import { selectPayStep } from './paySelectors.js'

/**
 * Where a payment is: the visitor reviews it (connecting or switching first if need be), the
 * wallet is asked, the transfer waits for confirmation, or it ended (confirmed, or failed with why).
 */
export type PaymentStatus = 'reviewing' | 'paying' | 'pending' | 'confirmed' | 'failed'

/** The review's fee estimate, for the account and network it was made on (`for`, CAIP-10). */
export type PaymentFee =
  | { status: 'estimating'; requestId: string | null; for: string | null }
  | { status: 'ready'; requestId: string | null; for: string | null; amount: string; symbol: string }
  | { status: 'failed'; requestId: string | null; for: string | null; error: SerializedError }

/** An exchange the payment can be paid from (Pay from an exchange). */
export type PayExchange = { id: string; name: string; imageUrl?: string | undefined }

/** The exchanges offered for the payment: being listed, listed, or not available (why). */
export type PayExchanges =
  | { status: 'loading'; requestId: string | null }
  | { status: 'loaded'; requestId: string | null; items: PayExchange[] }
  | { status: 'failed'; requestId: string | null; error: SerializedError }

/**
 * The exchange the payment is paid from, once the visitor chose it: its payment session (its
 * page, `url`, where the visitor confirms) once the exchange made one.
 */
export type PaymentExchange = { id: string; name: string; imageUrl?: string | undefined; sessionId: string | null; url: string | null }

/** The payment a host asked for (`modal.pay`), as the Pay view shows it. */
export type Payment = {
  requestId: string | null
  recipient: string
  /** Decimal text, in whole units of the asset. */
  amount: string
  asset: SendToken
  /** CAIP-2. */
  network: string
  status: PaymentStatus
  fee: PaymentFee | null
  hash: string | null
  blockNumber: string | null
  error: SerializedError | null
  /** The exchanges offered to pay from, once asked for. */
  exchanges: PayExchanges | null
  /** Paid from an exchange rather than the connected wallet: which, and its session. */
  exchange: PaymentExchange | null
}

/** Pay: the payment under way or the last one (one at a time: the wallet asks the visitor about one). */
export type PayState = { payment: Payment | null }

/**
 * Whether a payment waits on the visitor, the wallet or the chain: a new one is not taken until
 * it ends.
 *
 * @example
 * isPaymentOpen(state.pay?.payment) // true while the Pay view waits
 */
export const isPaymentOpen = (p: Payment | null | undefined): p is Payment => !!p && (p.status === 'reviewing' || p.status === 'paying' || p.status === 'pending')

/** A listed exchange of the payment under way, by id. */
const exchangeOf = (s: PayState, id: string): PayExchange | undefined =>
  s.payment?.exchanges?.status === 'loaded' ? s.payment.exchanges.items.find((e) => e.id === id) : undefined

/** Whether this outcome is for the payment under way. */
const isCurrent = (s: PayState, event: { requestId?: string | undefined }) => !!s.payment && isCurrentRequest(s.payment.requestId, event)

export const paySlice = createSlice(
  'pay',
  (): PayState => ({ payment: null }),
  (b) =>
    b
      .addCase(
        payRequested,
        (s, event) => {
          const { recipient, amount, asset, network } = event.payload
          s.payment = { requestId: event.requestId ?? null, recipient, amount, asset, network, status: 'reviewing', fee: null, hash: null, blockNumber: null, error: null, exchanges: null, exchange: null }
        },
        (s) => !isPaymentOpen(s.payment),
      )
      .addCase(
        payFeeRequested,
        (s, event, state) => {
          s.payment!.fee = { status: 'estimating', requestId: event.requestId ?? null, for: selectCaipAddress(state) }
        },
        (s, _event, state) => s.payment?.status === 'reviewing' && selectPayStep(state, s.payment) === 'ready',
      )
      .addCase(
        payFeeEstimated,
        (s, event) => {
          const fee = s.payment!.fee!
          s.payment!.fee = { status: 'ready', requestId: fee.requestId, for: fee.for, amount: event.payload.fee, symbol: event.payload.symbol }
        },
        (s, event) => s.payment?.fee?.status === 'estimating' && isCurrentRequest(s.payment.fee.requestId, event),
      )
      .addCase(
        payFeeFailed,
        (s, event) => {
          const fee = s.payment!.fee!
          s.payment!.fee = { status: 'failed', requestId: fee.requestId, for: fee.for, error: event.payload.error }
        },
        (s, event) => s.payment?.fee?.status === 'estimating' && isCurrentRequest(s.payment.fee.requestId, event),
      )
      // The exchanges are listed while the payment is reviewed, again after a failed listing.
      .addCase(
        payExchangesRequested,
        (s, event) => {
          s.payment!.exchanges = { status: 'loading', requestId: event.requestId ?? null }
        },
        (s) => s.payment?.status === 'reviewing' && (s.payment.exchanges === null || s.payment.exchanges.status === 'failed'),
      )
      .addCase(
        payExchangesFetched,
        (s, event) => {
          s.payment!.exchanges = { status: 'loaded', requestId: s.payment!.exchanges!.requestId, items: event.payload.exchanges }
        },
        (s, event) => s.payment?.exchanges?.status === 'loading' && isCurrentRequest(s.payment.exchanges.requestId, event),
      )
      .addCase(
        payExchangesFailed,
        (s, event) => {
          s.payment!.exchanges = { status: 'failed', requestId: s.payment!.exchanges!.requestId, error: event.payload.error }
        },
        (s, event) => s.payment?.exchanges?.status === 'loading' && isCurrentRequest(s.payment.exchanges.requestId, event),
      )
      // Paying from an exchange needs no wallet: one of the listed exchanges, while the payment is reviewed.
      .addCase(
        payExchangeChosen,
        (s, event) => {
          const chosen = exchangeOf(s, event.payload.exchangeId)!
          s.payment!.status = 'paying'
          s.payment!.exchange = { id: chosen.id, name: chosen.name, ...(chosen.imageUrl ? { imageUrl: chosen.imageUrl } : {}), sessionId: null, url: null }
        },
        (s, event) => isCurrent(s, event) && s.payment!.status === 'reviewing' && exchangeOf(s, event.payload.exchangeId) !== undefined,
      )
      .addCase(
        payExchangeOpened,
        (s, event) => {
          Object.assign(s.payment!.exchange!, { sessionId: event.payload.sessionId, url: event.payload.url })
        },
        (s, event) => isCurrent(s, event) && s.payment!.status === 'paying' && s.payment!.exchange?.sessionId === null,
      )
      // Only a payment the wallet can be asked for now: connected in its namespace, on its network.
      .addCase(
        payApproved,
        (s) => {
          s.payment!.status = 'paying'
        },
        (s, event, state) => isCurrent(s, event) && s.payment!.status === 'reviewing' && selectPayStep(state, s.payment!) === 'ready',
      )
      .addCase(
        paySubmitted,
        (s, event) => {
          s.payment!.status = 'pending'
          s.payment!.hash = event.payload.hash
        },
        (s, event) => isCurrent(s, event) && s.payment!.status === 'paying',
      )
      .addCase(
        payConfirmed,
        (s, event) => {
          Object.assign(s.payment!, { status: 'confirmed', hash: event.payload.hash, blockNumber: event.payload.blockNumber })
        },
        (s, event) => isCurrent(s, event) && (s.payment!.status === 'paying' || s.payment!.status === 'pending'),
      )
      .addCase(
        payFailed,
        (s, event) => {
          s.payment!.status = 'failed'
          s.payment!.error = event.payload.error
          if (event.payload.hash) s.payment!.hash = event.payload.hash
        },
        (s, event) => isCurrent(s, event) && isPaymentOpen(s.payment),
      ),
)
