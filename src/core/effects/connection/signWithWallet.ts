import { catchError, defer, filter, map, mergeMap, of } from 'rxjs'
import { signatureFailed, signatureRequested, signatureSucceeded } from '../../events/connection/signature.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { selectActiveConnection, selectIsConnected } from '../../selectors.js'
import { ChainAdapterNotFoundError, NetworkNotFoundError, NoActiveAddressError } from '../../errors/connection.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

/** Asks the active wallet to sign a message, typed data or a PSBT with the active account. */
export const signWithWallet: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(signatureRequested),
    filter((e) => isCurrentRequest(state$.value.account.signature?.requestId, e)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => signatureFailed({ error: serializeError(error, 'Error signing message') }, meta)
      const state = state$.value
      const namespace = e.payload.namespace ?? state.connection.activeNamespace
      const connection = namespace && selectIsConnected(state, namespace) ? selectActiveConnection(state, namespace) : null
      const address = connection?.accounts[0]?.address
      if (!namespace || !connection || !address) return of(fail(new NoActiveAddressError()))
      const adapter = deps.adapters[namespace]
      if (!adapter) return of(fail(new ChainAdapterNotFoundError(namespace)))
      const { kind, message, typedData, psbt, inputsToSign, broadcast } = e.payload
      if (kind === 'message' && message === undefined) return of(fail(new GangwayError('Error signing message', { details: 'no message to sign' })))
      if (kind === 'typedData' && typedData === undefined) return of(fail(new GangwayError('Error signing message', { details: 'no typed data to sign' })))
      if (kind === 'psbt') {
        const network = (state.settings.networks ?? []).find((n) => n.caipNetworkId === connection.caipNetworkId)
        if (psbt === undefined || inputsToSign === undefined) return of(fail(new GangwayError('Error signing message', { details: 'no PSBT to sign' })))
        if (!adapter.bitcoin) return of(fail(new GangwayError('Error signing message', { details: `a PSBT cannot be signed on ${adapter.namespace}` })))
        if (!network) return of(fail(new NetworkNotFoundError(connection.caipNetworkId)))
        return defer(() => adapter.bitcoin!.signPsbt(connection.connectorId, network, { psbt, inputsToSign, ...(broadcast ? { broadcast } : {}) })).pipe(
          map((signed) => signatureSucceeded({ address, signature: signed.psbt, ...(signed.txid ? { txid: signed.txid } : {}) }, meta)),
          catchError((error: unknown) => of(fail(error))),
        )
      }
      return defer(() =>
        kind === 'message'
          ? adapter.signMessage(connection.connectorId, { address, message: message! })
          : adapter.evm
            ? adapter.evm.signTypedData(connection.connectorId, { address, typedData })
            : Promise.reject(new GangwayError('Error signing message', { details: `typed data cannot be signed on ${adapter.namespace}` })),
      ).pipe(
        map((signature) => signatureSucceeded({ address, signature }, meta)),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
