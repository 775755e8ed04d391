import { catchError, filter, from, mergeMap, of } from 'rxjs'
import { sendConfirmed, sendFailed, sendRequested, sendSubmitted } from '../../events/connection/send.js'
import { serializeError } from '../../errors/base.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { loadTransferChecks, sendAndConfirm } from '../shared/transfer.js'

/**
 * Sends what the send form holds: the native token or a token contract's transfer, from the
 * active account on the active network; then waits for the receipt. The form's errors are the
 * spec's ('An amount and receiver address are required', 'A token is required').
 */
export const sendFromWallet: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(sendRequested),
    filter((e) => {
      const send = state$.value.account.send
      return send.status === 'sending' && isCurrentRequest(send.requestId, e)
    }),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const fail = (error: unknown, hash?: string) =>
        sendFailed(hash ? { hash, error: serializeError(error) } : { error: serializeError(error) }, meta)
      // The form and the account are read when the send is asked for, not once the checks have loaded.
      const state = state$.value
      return from(loadTransferChecks()).pipe(
        mergeMap(({ prepareSend }) => {
          const prepared = prepareSend(state, deps.adapters)
          if ('error' in prepared) return of(fail(prepared.error))
          return sendAndConfirm(prepared, {
            submitted: (hash) => sendSubmitted({ hash }, meta),
            confirmed: (hash, blockNumber) => sendConfirmed({ hash, blockNumber }, meta),
            failed: fail,
          })
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
