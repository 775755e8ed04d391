import { readPayment, type PayArguments } from '../../domain/pay/readPayment.js'
import { GangwayError } from '../../errors/base.js'
import { RequestAbortedError } from '../../errors/connection.js'
import { PayNotAllowedError } from '../../errors/pay.js'
import { isPaymentOpen } from '../../reducers/pay/payReducer.js'
import type { ModalState } from '../../state.js'
import { createCatalogue } from '../catalogue.js'
import type { EventInput } from '../defineEvent.js'
import { asInvalidInput, hostRequest, type StoreLike } from '../hostRequest.js'
import { modalOpenRequested } from '../modal/modal.js'
import { routerPushed, routerReplaced } from '../modal/router.js'
import { isCurrentRequest } from '../requestLifecycle.js'
import type { Namespace } from '../views.js'
import { PAY_EVENTS, payConfirmed, payFailed, payRequested } from './pay.js'

/** A confirmed payment: its transaction (`hash`: the transaction hash on EVM networks, the signature on Solana). */
export type PayResult = { hash: string; blockNumber: string; network: string }

/**
 * The host command of Pay, with the `pay()` module of `gangway-kit/features`.
 */
export type PayCommands = {
  /**
   * Asks the visitor to pay `amount` of `asset` to `recipient` on `network`: the modal opens on
   * Pay, which shows the payment with its network fee and asks the visitor to connect a wallet or
   * switch it to `network` first where needed; Pay then asks the wallet to send the transfer
   * (native or token, on EVM networks and Solana) and follows it until it is confirmed. Beside the
   * wallet (connected or not) Pay offers the exchanges that pay the asset on `network` (the
   * blockchain API's `/v1/exchanges`): the visitor confirms the payment on the exchange's page, in
   * a window of its own, and the exchange sends the transfer.
   * Resolves with the transaction once confirmed. Rejects with the payment's own refusal before
   * anything is shown (nothing dispatched, nothing asked): `InvalidInputError` ('Invalid pay
   * arguments', 'Invalid receiver address', 'Invalid amount', 'GUSD has at most 6 decimals',
   * 'Insufficient GUSD balance'), `SendFormError` ('An amount and receiver address are
   * required', 'A token is required'), `InvalidCaipNetworkIdError`, `NetworkNotFoundError`,
   * `UnsupportedNamespaceError`, `PayNotAllowedError` ('Action not allowed') while the project's
   * configuration turns Pay off, `RequestAbortedError` while another payment is under way; then
   * with `WalletRejectedError` ('User rejected the request') when the visitor cancels or leaves
   * the payment, refuses it in the wallet, cancels it on the exchange's page or stops waiting for
   * the exchange (`isUserRejection`), 'Something went wrong' when the exchange fails it (its
   * reason in `details`), `ModalClosedError` when the modal
   * closes on it, or the wallet's or the chain's failure.
   *
   * @example
   * const { hash } = await modal.pay({
   *   recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
   *   amount: '25',
   *   asset: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', decimals: 6 },
   *   network: 'eip155:8453',
   * })
   */
  pay(payment: PayArguments): Promise<PayResult>
}

// The feature's events, and those that show the payment.
const catalogue = createCatalogue([...PAY_EVENTS, modalOpenRequested, routerPushed, routerReplaced])

/**
 * How the modal shows a payment: opened on Pay for the payment's namespace (closed, or another
 * family of chains active), else Pay over the view shown (it goes back there after).
 */
function showPayment(state: ModalState, namespace: Namespace): EventInput {
  if (!state.modal.open || state.connection.activeNamespace !== namespace) return modalOpenRequested({ view: 'Pay', namespace })
  return state.router.view === 'Pay' ? routerReplaced({ view: 'Pay' }) : routerPushed({ view: 'Pay' })
}

/**
 * The Pay commands of a modal's store.
 *
 * @example
 * const commands = createPayCommands(store)
 */
export function createPayCommands(store: StoreLike): PayCommands {
  return {
    pay: (payment) => {
      const state = store.getState()
      let read: ReturnType<typeof readPayment>
      // The payment's own refusals keep their words ('Invalid receiver address', 'Network not found', …).
      try {
        if (!state.features.pay) throw new PayNotAllowedError()
        read = readPayment(payment, state)
        if (isPaymentOpen(state.pay?.payment)) throw new RequestAbortedError('a payment is already under way')
      } catch (error) {
        return Promise.reject(error instanceof GangwayError ? error : asInvalidInput('pay', error))
      }
      return hostRequest<PayResult>(
        store,
        catalogue,
        'pay',
        () => [showPayment(state, read.network.split(':')[0] as Namespace), payRequested(read)],
        (e) => (payConfirmed.match(e) ? { ok: { hash: e.payload.hash, blockNumber: e.payload.blockNumber, network: read.network } } : payFailed.match(e) ? { error: e.payload.error } : null),
        (s, intent) => isPaymentOpen(s.pay?.payment) && isCurrentRequest(s.pay.payment.requestId, intent),
      )
    },
  }
}
