import type { Network } from '../../domain/entities.js'
import { isAddressOf } from '../../domain/address.js'
import { parseTokenUnits } from '../../domain/format.js'
import { sendAmountError } from '../../domain/sendAmount.js'
import { selectSendBalance } from '../../reducers/data/dataSelectors.js'
import { sendFormError } from '../../domain/transactionRules.js'
import { InvalidInputError } from '../../errors/base.js'
import type { SendToken } from '../../events/connection/send.js'
import type { ChainAdapter, ChainDeps, WalletTransfer } from '../../ports.js'
import { selectActiveConnection, selectActiveNetwork, selectIsConnected, selectSendReceiverAddress } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import { ChainAdapterNotFoundError, NetworkNotFoundError, NoActiveAddressError } from '../../errors/connection.js'

/** A send the form allows: the adapter, connector and network to send it with, and the transfer in the token's units. */
export type PreparedSend = { adapter: ChainAdapter; connectorId: string; network: Network; transfer: WalletTransfer }

/** What a transfer is made of: a token, an amount in whole units (decimal text) and the receiver's address. */
export type TransferForm = { token: SendToken | null | undefined; amount: string | null | undefined; receiver: string | null | undefined }

/**
 * Checks what the send form holds against the active account (spec §5: 'An amount and receiver
 * address are required', 'A token is required', 'Invalid receiver address', 'Invalid amount';
 * then the token's decimals and the balance held) and turns it into a transfer to the receiver's
 * address (a name's resolved one); the first failed check is returned as an `error`. Loaded with
 * the first send, since the address and amount checks bring viem's hashing.
 *
 * @example
 * const send = prepareSend(state$.value, deps.adapters)
 * if ('error' in send) return of(sendFailed({ error: serializeError(send.error) }))
 */
export function prepareSend(state: ModalState, adapters: ChainDeps['adapters']): PreparedSend | { error: unknown } {
  const { token, amount } = state.account.send
  return prepareTransfer(state, adapters, { token, amount, receiver: selectSendReceiverAddress(state) })
}

/**
 * The checks of `prepareSend` on any transfer from the active account on the active network
 * (the send form's, or a host's payment): the first that fails is returned as an `error`.
 *
 * @example
 * const prepared = prepareTransfer(state, deps.adapters, { token: { symbol: 'ETH', decimals: 18 }, amount: '0.01', receiver })
 */
export function prepareTransfer(state: ModalState, adapters: ChainDeps['adapters'], form: TransferForm): PreparedSend | { error: unknown } {
  const { token, amount, receiver } = form
  const formError = sendFormError({ amount, receiverAddress: receiver, token })
  if (formError) return { error: formError }
  const namespace = state.connection.activeNamespace
  const connection = namespace && selectIsConnected(state, namespace) ? selectActiveConnection(state, namespace) : null
  const from = connection?.accounts[0]?.address
  if (!namespace || !connection || !from) return { error: new NoActiveAddressError() }
  const network = selectActiveNetwork(state)
  const adapter = adapters[namespace]
  // The namespace's rules, and the network's where the adapter has them (a Bitcoin address's prefix).
  if (!isAddressOf(namespace, receiver) || (network && adapter?.isAddress && !adapter.isAddress(network, receiver!))) {
    return { error: new InvalidInputError('Invalid receiver address', { details: String(receiver) }) }
  }
  if (!network) return { error: new NetworkNotFoundError(connection.caipNetworkId) }
  if (!adapter) return { error: new ChainAdapterNotFoundError(namespace) }
  // Nothing is rounded, nothing above the balance reaches the wallet: an amount finer than the
  // token's decimals or more than is held is refused, saying so.
  const amountError = sendAmountError(String(amount), token!, selectSendBalance(state, token!))
  if (amountError) return { error: new InvalidInputError(amountError, { details: String(amount) }) }
  const raw = parseTokenUnits(String(amount), token!.decimals)
  const transfer = { from, receiver: receiver!, amount: raw, ...(token!.address ? { token: token!.address, decimals: token!.decimals } : {}) }
  return { adapter, connectorId: connection.connectorId, network, transfer }
}
