import { catchError, filter, mergeMap, of } from 'rxjs'
import { serializeError } from '../../errors/base.js'
import { payApproved, payConfirmed, payFailed, paySubmitted } from '../../events/pay/pay.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import { sendAndConfirm } from '../shared/transfer.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { preparePayment } from './preparePayment.js'

/**
 * Pays once the visitor chose Pay: the payment goes through the send path's checks (the address,
 * the asset's decimals, the balance the modal holds) and the wallet's transfer (native, ERC-20,
 * SOL or SPL, as the adapter sends them), then waits for confirmation. A check that fails, the
 * wallet's refusal or a reverted transaction fails the payment (`pay/failed`), which the host's
 * promise rejects with.
 */
export const payFromWallet: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(payApproved),
    filter((e) => {
      const payment = state$.value.pay?.payment
      return payment?.status === 'paying' && isCurrentRequest(payment.requestId, e)
    }),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const fail = (error: unknown, hash?: string) => payFailed(hash ? { hash, error: serializeError(error) } : { error: serializeError(error) }, meta)
      // The payment and the account are read when the visitor approves, not once the checks have loaded.
      return preparePayment(state$.value, deps.adapters).pipe(
        mergeMap((prepared) =>
          'error' in prepared
            ? of(fail(prepared.error))
            : sendAndConfirm(prepared, {
                submitted: (hash) => paySubmitted({ hash }, meta),
                confirmed: (hash, blockNumber) => payConfirmed({ hash, blockNumber }, meta),
                failed: fail,
              }),
        ),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
