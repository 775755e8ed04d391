import type { SerializedError } from '../../errors/base.js'
import type { SendToken } from '../../events/connection/send.js'
import {
  payApproved,
  payConfirmed,
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
          s.payment = { requestId: event.requestId ?? null, recipient, amount, asset, network, status: 'reviewing', fee: null, hash: null, blockNumber: null, error: null }
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
