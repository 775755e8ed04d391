import { from, map, type Observable } from 'rxjs'
import { NetworkNotFoundError } from '../../errors/connection.js'
import type { ChainDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import type { PreparedSend } from '../connection/prepareSend.js'
import { loadTransferChecks } from '../shared/transfer.js'

/**
 * The payment under way in `state` as the send path's transfer, through its checks (the address,
 * the asset's decimals, the balance the modal holds) from the account it would leave from; the
 * first failed check as an `error`. A payment leaves only from its own network.
 *
 * @example
 * preparePayment(state$.value, deps.adapters).pipe(mergeMap((p) => ('error' in p ? of(fail(p.error)) : sendAndConfirm(p, outcomes))))
 */
export function preparePayment(state: ModalState, adapters: ChainDeps['adapters']): Observable<PreparedSend | { error: unknown }> {
  const payment = state.pay!.payment!
  return from(loadTransferChecks()).pipe(
    map(({ prepareTransfer }) => {
      const prepared = prepareTransfer(state, adapters, { token: payment.asset, amount: payment.amount, receiver: payment.recipient })
      if ('error' in prepared || prepared.network.caipNetworkId === payment.network) return prepared
      return { error: new NetworkNotFoundError(payment.network) }
    }),
  )
}
