import type { Network } from '../domain/entities.js'
import { isAddressOf } from '../domain/address.js'
import { AmountPrecisionError, parseTokenUnits } from '../domain/format.js'
import { sendFormError } from '../domain/transactionRules.js'
import { InvalidInputError } from '../errors/base.js'
import type { ChainAdapter, ChainDeps, WalletTransfer } from '../ports.js'
import { selectActiveConnection, selectActiveNetwork, selectIsConnected } from '../selectors.js'
import type { ModalState } from '../state.js'
import { ChainAdapterNotFoundError, NetworkNotFoundError, NoActiveAddressError } from '../errors/connection.js'

/** A send the form allows: the adapter, connector and network to send it with, and the transfer in the token's units. */
export type PreparedSend = { adapter: ChainAdapter; connectorId: string; network: Network; transfer: WalletTransfer }

/**
 * Checks what the send form holds against the active account (spec §5: 'An amount and receiver
 * address are required', 'A token is required', 'Invalid receiver address', 'Invalid amount')
 * and turns it into a transfer; the first failed check is returned as an `error`. Loaded with
 * the first send, since the address and amount checks bring viem's hashing.
 *
 * @example
 * const send = prepareSend(state$.value, deps.adapters)
 * if ('error' in send) return of(sendFailed({ error: serializeError(send.error) }))
 */
export function prepareSend(state: ModalState, adapters: ChainDeps['adapters']): PreparedSend | { error: unknown } {
  const { token, amount, receiver } = state.account.send
  const formError = sendFormError({ amount, receiverAddress: receiver, token })
  if (formError) return { error: formError }
  const namespace = state.connection.activeNamespace
  const connection = namespace && selectIsConnected(state, namespace) ? selectActiveConnection(state, namespace) : null
  const from = connection?.accounts[0]?.address
  if (!namespace || !connection || !from) return { error: new NoActiveAddressError() }
  if (!isAddressOf(namespace, receiver)) return { error: new InvalidInputError('Invalid receiver address', { details: String(receiver) }) }
  const network = selectActiveNetwork(state)
  if (!network) return { error: new NetworkNotFoundError(connection.caipNetworkId) }
  const adapter = adapters[namespace]
  if (!adapter) return { error: new ChainAdapterNotFoundError(namespace) }
  let raw: string
  try {
    raw = parseTokenUnits(String(amount), token!.decimals)
  } catch (error) {
    // Nothing is rounded: an amount finer than the token's decimals is refused, saying so.
    const message = error instanceof AmountPrecisionError ? `${token!.symbol} has at most ${token!.decimals} decimals` : 'Invalid amount'
    return { error: new InvalidInputError(message, { details: String(amount), cause: error }) }
  }
  const transfer = { from, receiver: receiver!, amount: raw, ...(token!.address ? { token: token!.address, decimals: token!.decimals } : {}) }
  return { adapter, connectorId: connection.connectorId, network, transfer }
}
