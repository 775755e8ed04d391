import { filter, firstValueFrom, map, type Observable } from 'rxjs'
import { GangwayError, type SerializedError } from '../errors.js'
import type { Connection, ModalState } from '../state.js'
import { balanceRefreshRequested } from './balance.js'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from './connection.js'
import { connectionSwitched, connectionSwitchFailed, connectionSwitchRequested, disconnectFailed, disconnectRequested } from './connectionLifecycle.js'
import type { EventInput, StampedEvent } from './defineEvent.js'
import { networkSwitched, networkSwitchFailed, networkSwitchRequested } from './network.js'
import { newRequestId } from './newRequestId.js'
import { sendAmountSet, sendConfirmed, sendFailed, sendReceiverSet, sendRequested, sendTokenSet, type SendToken } from './send.js'
import { signatureFailed, signatureRequested, signatureSucceeded } from './signature.js'
import type { Namespace } from './views.js'
import { RequestAbortedError } from '../effects/connectionErrors.js'

type StoreLike = {
  dispatch(event: EventInput): void
  getState(): ModalState
  readonly event$: Observable<StampedEvent>
}

/** Host commands for wallets: each dispatches an intent and resolves with its outcome. */
export type WalletCommands = {
  /** Connects a connector (as listed in `state.wallets.connectors`); rejects with e.g. 'Connection rejected'. */
  connect(connectorId: string, namespace?: Namespace): Promise<Connection>
  /** Disconnects a connector (the active one by default); rejects with 'Failed to disconnect'. */
  disconnect(options?: { namespace?: Namespace; connectorId?: string }): Promise<void>
  /** Switches to one of the host's networks (`eip155:31338`); the wallet adds it first if needed. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Makes a stored connection current; `status` is connected, active or disconnected. */
  switchConnection(connectorId: string, status: string, namespace?: Namespace): Promise<void>
  /** `personal_sign` with the active account; resolves with the signature. */
  signMessage(message: string): Promise<string>
  /** `eth_signTypedData_v4` with the active account; big numbers as decimal strings. */
  signTypedData(typedData: unknown): Promise<string>
  /** Fills the send form and sends; resolves once the transaction is mined. */
  send(form: { token: SendToken; amount: string; receiver: string }): Promise<{ hash: string; blockNumber: string }>
  /** Fetches the active balance again (`force` skips the 30 s cache). */
  refreshBalance(force?: boolean): void
}

/**
 * The wallet commands of a modal.
 *
 * @example
 * const connection = await modal.connect('dev.gangway.wallet')
 * const signature = await modal.signMessage('hello')
 */
export function createWalletCommands(store: StoreLike): WalletCommands {
  const active = (): Namespace => store.getState().connection.activeNamespace ?? 'eip155'

  /** Dispatches `intent` with a fresh requestId and settles with the first outcome carrying it. */
  function request<T>(
    make: (meta: { requestId: string }) => EventInput,
    outcome: (e: StampedEvent) => { ok: T } | { error: SerializedError } | null,
    accepted: (state: ModalState, requestId: string) => boolean = () => true,
  ): Promise<T> {
    const requestId = newRequestId()
    const settled = firstValueFrom(
      store.event$.pipe(
        filter((e) => e.requestId === requestId),
        map(outcome),
        filter((r): r is { ok: T } | { error: SerializedError } => r !== null),
      ),
    )
    store.dispatch(make({ requestId }))
    if (!accepted(store.getState(), requestId)) {
      return Promise.reject(new RequestAbortedError('the same request is already pending, or was tried less than 1 s ago'))
    }
    return settled.then((r) => {
      if ('ok' in r) return r.ok
      throw toError(r.error)
    })
  }

  return {
    connect: (connectorId, namespace = active()) =>
      request<Connection>(
        (meta) => connectionRequested({ connectorId, namespace }, meta),
        (e) => {
          if (connectionSucceeded.match(e)) {
            const { connectorId: id, accounts, caipNetworkId } = e.payload
            return { ok: { connectorId: id, accounts, caipNetworkId } }
          }
          return connectionFailed.match(e) ? { error: e.payload.error } : null
        },
        (s, requestId) => s.wallets.attempt?.requestId === requestId,
      ),
    disconnect: (options = {}) =>
      request<void>(
        (meta) =>
          disconnectRequested(
            options.connectorId ? { namespace: options.namespace ?? active(), connectorId: options.connectorId } : { namespace: options.namespace ?? active() },
            meta,
          ),
        (e) => (connectionDisconnected.match(e) ? { ok: undefined } : disconnectFailed.match(e) ? { error: e.payload.error } : null),
      ),
    switchNetwork: (caipNetworkId) =>
      request<void>(
        (meta) => networkSwitchRequested({ namespace: (caipNetworkId.split(':')[0] as Namespace) ?? active(), caipNetworkId }, meta),
        (e) => (networkSwitched.match(e) ? { ok: undefined } : networkSwitchFailed.match(e) ? { error: e.payload.error } : null),
      ),
    switchConnection: (connectorId, status, namespace = active()) =>
      request<void>(
        (meta) => connectionSwitchRequested({ namespace, connectorId, status }, meta),
        (e) => (connectionSwitched.match(e) ? { ok: undefined } : connectionSwitchFailed.match(e) ? { error: e.payload.error } : null),
      ),
    signMessage: (message) =>
      request<string>(
        (meta) => signatureRequested({ kind: 'message', message }, meta),
        (e) => (signatureSucceeded.match(e) ? { ok: e.payload.signature } : signatureFailed.match(e) ? { error: e.payload.error } : null),
      ),
    signTypedData: (typedData) =>
      request<string>(
        (meta) => signatureRequested({ kind: 'typedData', typedData }, meta),
        (e) => (signatureSucceeded.match(e) ? { ok: e.payload.signature } : signatureFailed.match(e) ? { error: e.payload.error } : null),
      ),
    send: (form) => {
      store.dispatch(sendTokenSet({ token: form.token }))
      store.dispatch(sendAmountSet({ amount: form.amount }))
      store.dispatch(sendReceiverSet({ receiver: form.receiver }))
      return request<{ hash: string; blockNumber: string }>(
        (meta) => sendRequested({}, meta),
        (e) =>
          sendConfirmed.match(e)
            ? { ok: { hash: e.payload.hash, blockNumber: e.payload.blockNumber } }
            : sendFailed.match(e)
              ? { error: e.payload.error }
              : null,
        (s, requestId) => s.account.send.requestId === requestId,
      )
    },
    refreshBalance: (force = false) => store.dispatch(balanceRefreshRequested(force ? { force } : {})),
  }
}

/** An error of an outcome event, as the host sees it: a GangwayError with the spec message. */
function toError(error: SerializedError): GangwayError {
  const e = new GangwayError(error.shortMessage, { code: error.code, details: error.details })
  e.name = error.name
  return e
}

