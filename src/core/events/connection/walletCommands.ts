import { GangwayError, InvalidInputError } from '../../errors/base.js'
import { hostRequest, optionsArg, text, type RequestArgs, type StoreLike } from '../hostRequest.js'
import type { Connection } from '../../state.js'
import type { PsbtInputsToSign } from '../../ports.js'
import { balanceRefreshRequested } from './balance.js'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from './connection.js'
import { connectionSwitched, connectionSwitchFailed, connectionSwitchRequested, disconnectFailed, disconnectRequested } from './connectionLifecycle.js'
import type { EventCreator } from '../defineEvent.js'
import { createCatalogue } from '../catalogue.js'
import { isPlainObject, show } from '../schema.js'
import { networkSwitched, networkSwitchFailed, networkSwitchRequested } from './network.js'
import { isCurrentRequest } from '../requestLifecycle.js'
import { sendAmountSet, sendConfirmed, sendFailed, sendReceiverSet, sendRequested, sendTokenSet, type SendToken } from './send.js'
import { signatureFailed, signatureRequested, signatureSucceeded } from './signature.js'
import { NAMESPACES, type Namespace } from '../views.js'
import { assertConnectionStatus } from '../../domain/connectionStatus.js'


/**
 * Host commands for wallets: each dispatches an intent and resolves with its outcome. Each
 * rejects with its own error union (`ConnectError`, `SignMessageError`, … from `gangway-kit`);
 * `isUserRejection(error)` tells a refusal in the wallet.
 */
export type WalletCommands = {
  /** Connects a connector (as listed in `state.wallets.connectors`); rejects with a `ConnectError`, e.g. 'Connection rejected'. */
  connect(connectorId: string, namespace?: Namespace): Promise<Connection>
  /**
   * Disconnects a connector (the active one by default); rejects with a `DisconnectError`, e.g.
   * 'Failed to disconnect'. With `{ all: true }`, every connection of every namespace, one after
   * another; if any wallet could not disconnect, rejects with 'Failed to disconnect chains' (its
   * details name each connection that stayed), the others being disconnected.
   */
  disconnect(options?: { namespace?: Namespace; connectorId?: string } | { all: true }): Promise<void>
  /** Switches to one of the host's networks (`eip155:31338`); the wallet adds it first if needed. Rejects with a `SwitchNetworkError`. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Makes a stored connection current; `status` is connected, active or disconnected. Rejects with a `SwitchConnectionError`. */
  switchConnection(connectorId: string, status: string, namespace?: Namespace): Promise<void>
  /**
   * `personal_sign` with the active account; resolves with the signature, rejects with a
   * `SignMessageError`. The outcome is the promise's: with `{ feedback: true }` the modal also
   * shows the visitor "approve in your wallet" and the result over the page.
   */
  signMessage(message: string, options?: RequestOptions): Promise<string>
  /**
   * Has the connected Bitcoin wallet sign a PSBT (base64): the inputs `inputsToSign` names, by
   * address; with `broadcast`, the transaction is finalized and sent too. Resolves with the signed
   * PSBT (base64) and the transaction id when it was sent; rejects with a `SignMessageError`
   * ('Invalid PSBT' for one that does not parse). `feedback` as for signMessage.
   *
   * @example
   * const { psbt } = await modal.signPsbt(unsigned, { inputsToSign: [{ address, signingIndexes: [0] }] })
   */
  signPsbt(psbt: string, options: SignPsbtOptions): Promise<{ psbt: string; txid?: string }>
  /** `eth_signTypedData_v4` with the active account; big numbers as decimal strings. Rejects with a `SignTypedDataError`. `feedback` as for signMessage. */
  signTypedData(typedData: unknown, options?: RequestOptions): Promise<string>
  /** Fills the send form and sends; resolves once the transaction is mined, rejects with a `SendError`. `feedback` as for signMessage. */
  send(form: { token: SendToken; amount: string; receiver: string }, options?: RequestOptions): Promise<{ hash: string; blockNumber: string }>
  /** Fetches the active balance again (`force` skips the 30 s cache); throws a `RefreshBalanceError` on a bad argument. */
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

  const request = <T>(...args: RequestArgs<T>) => hostRequest<T>(store, commandCatalogue, ...args)

  const disconnectOne = (options: unknown) =>
    request<void>(
      'disconnect',
      () => {
        const o = optionsArg(options, ['namespace', 'connectorId'])
        const namespace = namespaceArg(o.namespace) ?? active()
        if (o.connectorId !== undefined) text('options.connectorId', o.connectorId)
        return [disconnectRequested(o.connectorId !== undefined ? { namespace, connectorId: o.connectorId as string } : { namespace })]
      },
      (e) => (connectionDisconnected.match(e) ? { ok: undefined } : disconnectFailed.match(e) ? { error: e.payload.error } : null),
    )

  /** Every connection of every namespace, one after another; 'Failed to disconnect chains' if any stayed. */
  const disconnectAll = async (options: Record<string, unknown>): Promise<void> => {
    try {
      optionsArg(options, ['all'])
      if (options.all !== true) throw new InvalidInputError('Invalid options argument', { details: `options.all must be true, got ${show(options.all)}` })
    } catch (error) {
      return Promise.reject(error)
    }
    const connections = Object.entries(store.getState().connection.byNamespace).flatMap(([namespace, ns]) =>
      (ns?.connections ?? []).map((c) => ({ namespace: namespace as Namespace, connectorId: c.connectorId })),
    )
    const stayed: string[] = []
    const stillConnected = (c: { namespace: Namespace; connectorId: string }) =>
      store.getState().connection.byNamespace[c.namespace]?.connections.some((x) => x.connectorId === c.connectorId) === true
    for (const c of connections) {
      // One session may hold several namespaces (WalletConnect): ending it ends them all.
      if (!stillConnected(c)) continue
      await disconnectOne(c).catch((error: { shortMessage?: string; message?: string }) => stayed.push(`${c.namespace} ${c.connectorId}: ${error.shortMessage ?? error.message}`))
    }
    if (stayed.length > 0) throw new GangwayError('Failed to disconnect chains', { details: stayed.join('; ') })
  }

  return {
    connect: (connectorId, namespace) =>
      request<Connection>(
        'connect',
        () => {
          text('connectorId', connectorId)
          return [connectionRequested({ connectorId, namespace: namespaceArg(namespace) ?? active() })]
        },
        (e) => {
          if (connectionSucceeded.match(e)) {
            const { connectorId: id, accounts, caipNetworkId } = e.payload
            return { ok: { connectorId: id, accounts, caipNetworkId } }
          }
          return connectionFailed.match(e) ? { error: e.payload.error } : null
        },
        (s, intent) => isCurrentRequest(s.wallets.attempt?.requestId, intent),
      ),
    disconnect: (options) => (isPlainObject(options) && 'all' in options ? disconnectAll(options) : disconnectOne(options)),
    switchNetwork: (caipNetworkId) =>
      request<void>(
        'switchNetwork',
        () => {
          text('caipNetworkId', caipNetworkId)
          const [namespace, reference] = caipNetworkId.split(':')
          if (!reference || !(NAMESPACES as readonly string[]).includes(namespace as string)) {
            throw new InvalidInputError('Invalid switchNetwork arguments', { details: `caipNetworkId must be a CAIP-2 id such as eip155:1, got ${show(caipNetworkId)}` })
          }
          return [networkSwitchRequested({ namespace: namespace as Namespace, caipNetworkId })]
        },
        (e) => (networkSwitched.match(e) ? { ok: undefined } : networkSwitchFailed.match(e) ? { error: e.payload.error } : null),
      ),
    switchConnection: (connectorId, status, namespace) =>
      request<void>(
        'switchConnection',
        () => {
          text('connectorId', connectorId)
          text('status', status)
          // A status other than the spec's three is a bad argument: refused before anything is dispatched.
          assertConnectionStatus(status)
          return [connectionSwitchRequested({ namespace: namespaceArg(namespace) ?? active(), connectorId, status })]
        },
        (e) => (connectionSwitched.match(e) ? { ok: undefined } : connectionSwitchFailed.match(e) ? { error: e.payload.error } : null),
      ),
    signMessage: (message, options) =>
      request<string>(
        'signMessage',
        () => {
          text('message', message)
          return [signatureRequested({ kind: 'message', message, ...feedbackArg(options) })]
        },
        (e) => (signatureSucceeded.match(e) ? { ok: e.payload.signature } : signatureFailed.match(e) ? { error: e.payload.error } : null),
      ),
    signPsbt: (psbt, options) =>
      request<{ psbt: string; txid?: string }>(
        'signPsbt',
        () => {
          text('psbt', psbt)
          const o = optionsArg(options, ['inputsToSign', 'broadcast', 'feedback'], 'options')
          if (o.broadcast !== undefined && typeof o.broadcast !== 'boolean') throw new InvalidInputError('Invalid options argument', { details: `options.broadcast must be a boolean, got ${show(o.broadcast)}` })
          const { inputsToSign, broadcast, ...feedback } = o
          return [
            signatureRequested({
              namespace: 'bip122',
              kind: 'psbt',
              psbt,
              inputsToSign: inputsToSignArg(inputsToSign),
              ...(broadcast === true ? { broadcast: true } : {}),
              ...feedbackArg(feedback),
            }),
          ]
        },
        (e) =>
          signatureSucceeded.match(e)
            ? { ok: e.payload.txid ? { psbt: e.payload.signature, txid: e.payload.txid } : { psbt: e.payload.signature } }
            : signatureFailed.match(e)
              ? { error: e.payload.error }
              : null,
      ),
    signTypedData: (typedData, options) =>
      request<string>(
        'signTypedData',
        () => {
          if (!isPlainObject(typedData)) throw new InvalidInputError('Invalid signTypedData arguments', { details: `typedData must be an object, got ${show(typedData)}` })
          return [signatureRequested({ kind: 'typedData', typedData, ...feedbackArg(options) })]
        },
        (e) => (signatureSucceeded.match(e) ? { ok: e.payload.signature } : signatureFailed.match(e) ? { error: e.payload.error } : null),
      ),
    send: (form, options) =>
      // The whole form is checked before the first field is set: a bad amount never leaves a
      // half-filled form behind.
      request<{ hash: string; blockNumber: string }>(
        'send',
        () => {
          const f = optionsArg(form, ['token', 'amount', 'receiver'], 'form')
          return [
            sendTokenSet({ token: f.token as SendToken }),
            sendAmountSet({ amount: f.amount as string }),
            sendReceiverSet({ receiver: f.receiver as string }),
            sendRequested(feedbackArg(options)),
          ]
        },
        (e) =>
          sendConfirmed.match(e)
            ? { ok: { hash: e.payload.hash, blockNumber: e.payload.blockNumber } }
            : sendFailed.match(e)
              ? { error: e.payload.error }
              : null,
        (s, intent) => isCurrentRequest(s.account.send.requestId, intent),
      ),
    refreshBalance: (force = false) => {
      if (typeof force !== 'boolean') throw new InvalidInputError('Invalid refreshBalance arguments', { details: `force must be a boolean, got ${show(force)}` })
      store.dispatch(balanceRefreshRequested(force ? { force } : {}))
    },
  }
}

const COMMAND_EVENTS: readonly EventCreator<string, any>[] = [
  connectionRequested,
  disconnectRequested,
  networkSwitchRequested,
  connectionSwitchRequested,
  signatureRequested,
  sendTokenSet,
  sendAmountSet,
  sendReceiverSet,
  sendRequested,
]
const commandCatalogue = createCatalogue(COMMAND_EVENTS)

function namespaceArg(value: unknown): Namespace | undefined {
  if (value === undefined) return undefined
  if (!(NAMESPACES as readonly unknown[]).includes(value)) {
    throw new InvalidInputError('Invalid namespace argument', { details: `namespace must be one of ${NAMESPACES.join(', ')}, got ${show(value)}` })
  }
  return value as Namespace
}

/** What `signPsbt` is told besides the PSBT: the inputs to sign by address, and whether to send it. */
export type SignPsbtOptions = RequestOptions & {
  inputsToSign: PsbtInputsToSign
  /** Finalize the signed PSBT and send the transaction (default false: the signed PSBT only). */
  broadcast?: boolean
}

/** `inputsToSign`, checked: a non-empty list of addresses with input indexes (non-negative integers). */
function inputsToSignArg(value: unknown): SignPsbtOptions['inputsToSign'] {
  const bad = (why: string) => new InvalidInputError('Invalid options argument', { details: `options.inputsToSign ${why}` })
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) throw bad(`must be a list of 1 to 100 entries, got ${show(value)}`)
  return value.map((entry, i) => {
    const o = optionsArg(entry, ['address', 'signingIndexes', 'sigHash'], `options.inputsToSign[${i}]`)
    text(`options.inputsToSign[${i}].address`, o.address)
    const indexes = o.signingIndexes
    if (!Array.isArray(indexes) || indexes.length === 0 || indexes.length > 10_000 || !indexes.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) {
      throw bad(`[${i}].signingIndexes must be a non-empty list of input indexes, got ${show(indexes)}`)
    }
    if (o.sigHash !== undefined && !(Number.isInteger(o.sigHash) && (o.sigHash as number) >= 0 && (o.sigHash as number) <= 0xff)) throw bad(`[${i}].sigHash must be a sighash byte, got ${show(o.sigHash)}`)
    return { address: o.address as string, signingIndexes: [...(indexes as number[])], ...(o.sigHash !== undefined ? { sigHash: o.sigHash as number } : {}) }
  })
}

/** The options of a wallet request a host makes. */
export type RequestOptions = {
  /** Show the visitor the request's progress and result over the page (default: the promise alone reports it). */
  feedback?: boolean
}

/** A request's `feedback` option, checked; absent when not asked for. */
function feedbackArg(options: unknown): { feedback?: true } {
  const o = optionsArg(options, ['feedback'])
  if (o.feedback !== undefined && typeof o.feedback !== 'boolean') throw new InvalidInputError('Invalid options argument', { details: `options.feedback must be a boolean, got ${show(o.feedback)}` })
  return o.feedback === true ? { feedback: true } : {}
}
