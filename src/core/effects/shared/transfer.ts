import { catchError, concat, defer, from, map, mergeMap, of, type Observable } from 'rxjs'
import { formatTokenUnits } from '../../domain/format.js'
import { GangwayError } from '../../errors/base.js'
import type { EventInput } from '../../events/defineEvent.js'
import type { PreparedSend, prepareSend, prepareTransfer } from '../connection/prepareSend.js'

let loading: Promise<{ prepareSend: typeof prepareSend; prepareTransfer: typeof prepareTransfer }> | null = null

/**
 * The transfer checks (addresses, amounts, transaction rules) bring viem's hashing and Solana's
 * address codec: they load with the first send, payment or fee estimate rather than with the page.
 *
 * @example
 * const { prepareTransfer } = await loadTransferChecks()
 */
export function loadTransferChecks(): Promise<{ prepareSend: typeof prepareSend; prepareTransfer: typeof prepareTransfer }> {
  loading ??= import('../connection/prepareSend.js').then(
    (m) => ({ prepareSend: m.prepareSend, prepareTransfer: m.prepareTransfer }),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** The events a transfer's progress is told in (the send form's, or a payment's). */
export type TransferOutcomes = {
  submitted(hash: string): EventInput
  confirmed(hash: string, blockNumber: string): EventInput
  failed(error: unknown, hash?: string): EventInput
}

/**
 * Asks the wallet to send a checked transfer, then waits for its receipt: `submitted` with the
 * hash, then `confirmed`, or `failed` with the wallet's refusal, the receipt's failure or 'Something
 * went wrong' for a reverted transaction (with its hash).
 *
 * @example
 * sendAndConfirm(prepared, { submitted: (hash) => sendSubmitted({ hash }, meta), confirmed: …, failed: … })
 */
export function sendAndConfirm({ adapter, connectorId, network, transfer }: PreparedSend, on: TransferOutcomes): Observable<EventInput> {
  return defer(() => adapter.sendTransfer(connectorId, network, transfer)).pipe(
    mergeMap((hash) =>
      concat(
        of(on.submitted(hash)),
        from(adapter.waitForReceipt(network, hash)).pipe(
          map((receipt) =>
            receipt.status === 'success'
              ? on.confirmed(hash, receipt.blockNumber)
              : on.failed(new GangwayError('Something went wrong', { details: 'the transaction reverted' }), hash),
          ),
          catchError((error: unknown) => of(on.failed(error, hash))),
        ),
      ),
    ),
    catchError((error: unknown) => of(on.failed(error))),
  )
}

/**
 * The network fee of a checked transfer, estimated by the node (no prompt), in whole units of the
 * network's native token; fails when the adapter cannot estimate.
 *
 * @example
 * estimateTransferFee(prepared).subscribe(({ fee, symbol }) => …) // { fee: '0.000042', symbol: 'ETH' }
 */
export function estimateTransferFee({ adapter, network, transfer }: PreparedSend): Observable<{ fee: string; symbol: string }> {
  return defer(() => {
    const estimate = adapter.estimateTransferFee?.bind(adapter)
    if (!estimate) throw new GangwayError('Fee unavailable', { details: `the ${adapter.namespace} adapter cannot estimate fees` })
    return estimate(network, transfer)
  }).pipe(map((raw) => ({ fee: formatTokenUnits(raw, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol })))
}
