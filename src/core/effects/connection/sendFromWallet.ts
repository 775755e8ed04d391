import { catchError, concat, defer, filter, from, map, mergeMap, of } from 'rxjs'
import { sendConfirmed, sendFailed, sendRequested, sendSubmitted } from '../../events/connection/send.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import type { prepareSend } from './prepareSend.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

let preparing: Promise<typeof prepareSend> | null = null

/**
 * The form's checks (addresses, amounts, transaction rules) bring viem's hashing and Solana's
 * address codec: they load with the first send (or fee estimate) rather than with the page.
 */
export function loadPrepareSend(): Promise<typeof prepareSend> {
  preparing ??= import('./prepareSend.js').then(
    (m) => m.prepareSend,
    (error: unknown) => {
      preparing = null
      throw error
    },
  )
  return preparing
}

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
      return from(loadPrepareSend()).pipe(
        mergeMap((prepare) => {
          const prepared = prepare(state, deps.adapters)
          if ('error' in prepared) return of(fail(prepared.error))
          const { adapter, connectorId, network, transfer } = prepared
          return defer(() => adapter.sendTransfer(connectorId, network, transfer)).pipe(
            mergeMap((hash) =>
              concat(
                of(sendSubmitted({ hash }, meta)),
                from(adapter.waitForReceipt(network, hash)).pipe(
                  map((receipt) =>
                    receipt.status === 'success'
                      ? sendConfirmed({ hash, blockNumber: receipt.blockNumber }, meta)
                      : fail(new GangwayError('Something went wrong', { details: 'the transaction reverted' }), hash),
                  ),
                  catchError((error: unknown) => of(fail(error, hash))),
                ),
              ),
            ),
          )
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
