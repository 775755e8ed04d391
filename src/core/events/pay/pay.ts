import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, empty, number, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** What is paid: the network's native token (no address) or a token contract (ERC-20, SPL mint). */
const assetSchema = object({ symbol: string(), decimals: number(), name: optional(string()), address: optional(string()) })

/**
 * A host asks the visitor to pay (`modal.pay`): `amount` (decimal text, in whole units of the
 * asset) of `asset` to `recipient` on `network` (CAIP-2), from the wallet connected in that
 * network's namespace. The Pay view shows it for review; nothing is asked of the wallet before the
 * visitor chooses Pay.
 */
export const payRequested = defineIntent(
  'pay/requested',
  object({ recipient: string(), amount: string(), asset: assetSchema, network: string() }),
)
/** Estimate the network fee of the payment under way, from the node (no prompt), for its review. */
export const payFeeRequested = defineIntent('pay/feeRequested', empty())
/** The fee in whole units of the network's native token, as a decimal string. */
export const payFeeEstimated = defineEvent('pay/feeEstimated', object({ fee: string(), symbol: string() }))
/** The fee could not be estimated: the payment may still go ahead, the wallet shows its own. */
export const payFeeFailed = defineEvent('pay/feeFailed', object({ error: serializedErrorSchema }))
/** The visitor chose Pay: the wallet is asked to send the transfer. */
export const payApproved = defineEvent('pay/approved', empty())
/** The visitor chose Cancel: nothing is asked of the wallet, the payment ends refused. */
export const payCancelled = defineEvent('pay/cancelled', empty())
/** The wallet signed and broadcast the transfer (`hash`: the transaction hash, or the Solana signature). */
export const paySubmitted = defineEvent('pay/submitted', object({ hash: string() }))
/** The transfer is confirmed: the host's promise resolves with it. */
export const payConfirmed = defineEvent('pay/confirmed', object({ hash: string(), blockNumber: string() }))
/**
 * The payment ended without being confirmed: the visitor cancelled, left it or closed the modal,
 * the checks or the wallet refused it, or the transaction reverted (`hash` then names it). The
 * host's promise rejects with `error`.
 */
export const payFailed = defineEvent('pay/failed', object({ hash: optional(string()), error: serializedErrorSchema }))

/** List the exchanges the payment can be paid from (Pay from an exchange); no wallet is needed for it. */
export const payExchangesRequested = defineIntent('pay/exchangesRequested', empty())
/** The exchanges that pay the payment's asset on its network (`imageUrl`: an http(s) or data: image). */
export const payExchangesFetched = defineEvent('pay/exchangesFetched', object({ exchanges: array(object({ id: string(), name: string(), imageUrl: optional(string()) })) }))
/** The exchanges could not be listed: paying from the wallet stays. */
export const payExchangesFailed = defineEvent('pay/exchangesFailed', object({ error: serializedErrorSchema }))
/** The visitor chose to pay from this exchange: a payment session is created with it and its page opened. */
export const payExchangeChosen = defineEvent('pay/exchangeChosen', object({ exchangeId: string() }))
/** The exchange's payment session: the page (`url`) where the visitor confirms, and the id its status is asked by. */
export const payExchangeOpened = defineEvent('pay/exchangeOpened', object({ sessionId: string(), url: string() }))

export const PAY_EVENTS = [
  payRequested,
  payFeeRequested,
  payFeeEstimated,
  payFeeFailed,
  payApproved,
  payCancelled,
  paySubmitted,
  payConfirmed,
  payFailed,
  payExchangesRequested,
  payExchangesFetched,
  payExchangesFailed,
  payExchangeChosen,
  payExchangeOpened,
] as const
