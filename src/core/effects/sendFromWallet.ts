import { catchError, concat, defer, filter, from, map, mergeMap, of } from 'rxjs'
import { isAddressOf } from '../domain/address'
import { parseTokenUnits } from '../domain/format'
import { sendFormError } from '../domain/transactionRules'
import { sendConfirmed, sendFailed, sendRequested, sendSubmitted } from '../events/send'
import { GangwayError, InvalidInputError, serializeError } from '../errors'
import { selectActiveConnection, selectActiveNetwork, selectIsConnected } from '../selectors'
import { ChainAdapterNotFoundError, NetworkNotFoundError, NoActiveAddressError } from './connectionErrors'
import type { Effect } from './runEffects'
import type { WalletDeps } from './walletDeps'

/**
 * Sends what the send form holds: the native token or a token contract's transfer, from the
 * active account on the active network; then waits for the receipt. The form's errors are the
 * spec's ('An amount and receiver address are required', 'A token is required').
 */
export const sendFromWallet: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    filter(sendRequested.match),
    filter((e) => {
      const send = state$.value.account.send
      return send.status === 'sending' && send.requestId === (e.requestId ?? null)
    }),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const fail = (error: unknown, hash?: string) =>
        sendFailed(hash ? { hash, error: serializeError(error) } : { error: serializeError(error) }, meta)
      const state = state$.value
      const { token, amount, receiver } = state.account.send
      const formError = sendFormError({ amount, receiverAddress: receiver, token })
      if (formError) return of(fail(formError))
      const namespace = state.connection.activeNamespace
      const connection = namespace && selectIsConnected(state, namespace) ? selectActiveConnection(state, namespace) : null
      const from_ = connection?.accounts[0]?.address
      if (!namespace || !connection || !from_) return of(fail(new NoActiveAddressError()))
      if (!isAddressOf(namespace, receiver)) return of(fail(new InvalidInputError('Invalid receiver address', { details: String(receiver) })))
      const network = selectActiveNetwork(state)
      if (!network) return of(fail(new NetworkNotFoundError(connection.caipNetworkId)))
      const adapter = deps.adapters[namespace]
      if (!adapter) return of(fail(new ChainAdapterNotFoundError(namespace)))
      let raw: string
      try {
        raw = parseTokenUnits(String(amount), token!.decimals)
      } catch (error) {
        return of(fail(new InvalidInputError('Invalid amount', { details: String(amount), cause: error })))
      }
      const transfer = { from: from_, receiver: receiver!, amount: raw, ...(token!.address ? { token: token!.address } : {}) }
      return defer(() => adapter.sendTransfer(connection.connectorId, network, transfer)).pipe(
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
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
