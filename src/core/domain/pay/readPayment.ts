import { InvalidInputError } from '../../errors/base.js'
import { NetworkNotFoundError, UnsupportedNamespaceError } from '../../errors/connection.js'
import type { SendToken } from '../../events/connection/send.js'
import { isPlainObject, show } from '../../events/schema.js'
import { selectSendBalance } from '../../reducers/data/dataSelectors.js'
import { selectPayStep } from '../../reducers/pay/paySelectors.js'
import type { ModalState } from '../../state.js'
import { isAddressOf } from '../address.js'
import { parseCaipNetworkId } from '../caip.js'
import { sendAmountError } from '../sendAmount.js'
import { sendFormError } from '../transactionRules.js'

/** A token contract to pay in (an ERC-20 on EVM networks, an SPL mint on Solana), as the host names it. */
export type PayAsset = {
  /** The token's contract (EVM) or mint (Solana) address. */
  address: string
  symbol: string
  decimals: number
  name?: string
}

/** What a host asks the visitor to pay (`modal.pay`). */
export type PayArguments = {
  /** The address paid, on `network`. */
  recipient: string
  /** Decimal text in whole units of the asset ('0.01'); never rounded. */
  amount: string
  /** `'native'` for the network's own token (ETH, SOL), else the token contract. */
  asset: 'native' | PayAsset
  /** One of the host's networks, as a CAIP-2 id ('eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'). */
  network: string
}

/** A payment as the modal takes it: the asset as the send path knows tokens. */
export type ReadPayment = { recipient: string; amount: string; asset: SendToken; network: string }

/** The namespaces whose wallets the modal sends from (spec §1: send on EVM and Solana). */
const PAYABLE = ['eip155', 'solana']
const FIELDS = ['recipient', 'amount', 'asset', 'network']
const ASSET_FIELDS = ['address', 'symbol', 'decimals', 'name']
/** A symbol and name are shown to the visitor: short, one line. */
const LABEL = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]{1,32}$/u

const invalid = (details: string) => new InvalidInputError('Invalid pay arguments', { details })

/**
 * Checks a host's payment against the host's networks and, when the wallet is connected on the
 * payment's network, the balance the modal holds. Throws the first refusal: 'Invalid pay
 * arguments' for a malformed argument, else the words the send path uses ('An amount and receiver
 * address are required', 'A token is required', 'Invalid CAIP-2 network id', 'Network not found',
 * 'Unsupported chain namespace', 'Invalid receiver address', 'Invalid amount',
 * 'GUSD has at most 6 decimals', 'Insufficient GUSD balance').
 *
 * @example
 * readPayment({ recipient, amount: '0.01', asset: 'native', network: 'eip155:8453' }, state)
 * // { recipient, amount: '0.01', asset: { symbol: 'ETH', decimals: 18, name: 'Ether' }, network: 'eip155:8453' }
 */
export function readPayment(input: unknown, state: ModalState): ReadPayment {
  if (!isPlainObject(input)) throw invalid(`the payment must be an object { recipient, amount, asset, network }, got ${show(input)}`)
  for (const key of Object.keys(input)) if (!FIELDS.includes(key)) throw invalid(`${key} is not a field of a payment`)
  const { recipient, amount, asset, network } = input
  if (typeof network !== 'string') throw invalid(`network must be a CAIP-2 id such as 'eip155:1', got ${show(network)}`)
  const { namespace } = parseCaipNetworkId(network)
  const known = (state.settings.networks ?? []).find((n) => n.caipNetworkId === network)
  if (!known) throw new NetworkNotFoundError(network)
  if (!PAYABLE.includes(namespace)) throw new UnsupportedNamespaceError(namespace, 'payments are sent from EVM and Solana wallets')
  if (recipient !== undefined && typeof recipient !== 'string') throw invalid(`recipient must be an address, got ${show(recipient)}`)
  if (amount !== undefined && typeof amount !== 'string') throw invalid(`amount must be decimal text such as '0.01', got ${show(amount)}`)
  const formError = sendFormError({ amount: amount?.trim(), receiverAddress: recipient, token: asset ?? null })
  if (formError) throw formError
  const token = assetOf(asset, namespace, known.nativeCurrency)
  if (!isAddressOf(namespace, recipient)) throw new InvalidInputError('Invalid receiver address', { details: String(recipient) })
  // The balance is the modal's only while the wallet is on the payment's network; else the wallet has the last word.
  const balance = selectPayStep(state, { network }) === 'ready' ? selectSendBalance(state, token) : null
  const amountError = sendAmountError(amount!, token, balance)
  if (amountError) throw new InvalidInputError(amountError, { details: amount! })
  return { recipient: recipient!, amount: amount!.trim(), asset: token, network }
}

/** The asset as the send path knows tokens: the network's native currency, or a checked token contract. */
function assetOf(asset: unknown, namespace: string, native: { name: string; symbol: string; decimals: number }): SendToken {
  if (asset === 'native') return { symbol: native.symbol, decimals: native.decimals, name: native.name }
  if (!isPlainObject(asset)) throw invalid(`asset must be 'native' or { address, symbol, decimals }, got ${show(asset)}`)
  for (const key of Object.keys(asset)) if (!ASSET_FIELDS.includes(key)) throw invalid(`asset.${key} is not a field of an asset`)
  const { address, symbol, decimals, name } = asset
  if (!isAddressOf(namespace as 'eip155' | 'solana', address)) throw invalid(`asset.address must be a token address on ${namespace}, got ${show(address)}`)
  if (typeof symbol !== 'string' || !LABEL.test(symbol)) throw invalid(`asset.symbol must be one line of 1 to 32 characters, got ${show(symbol)}`)
  if (!Number.isInteger(decimals) || (decimals as number) < 0 || (decimals as number) > 255) throw invalid(`asset.decimals must be a whole number from 0 to 255, got ${show(decimals)}`)
  if (name !== undefined && (typeof name !== 'string' || !LABEL.test(name))) throw invalid(`asset.name must be one line of 1 to 32 characters, got ${show(name)}`)
  return { symbol, decimals: decimals as number, address: address as string, ...(name !== undefined ? { name: name as string } : {}) }
}
