import { encodeFunctionData, erc20Abi, getAddress, type Hex, type PublicClient } from 'viem'
import type { WalletTransfer } from '../../core/ports.js'

/** The calldata of an ERC-20 `transfer` of `amount` (the token's smallest units) to `receiver`. */
export function erc20TransferData(receiver: string, amount: string): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(receiver), BigInt(amount)] })
}

/**
 * The fee of a transfer in wei: the node's gas estimate for the call the wallet would be asked
 * to send (a value transfer, or the token contract's `transfer`), at the node's gas price.
 *
 * @example
 * await estimateTransferFee(client, { from, receiver, amount: '1000000', token: gusd }) // '52000000000000'
 */
export async function estimateTransferFee(client: PublicClient, transfer: WalletTransfer): Promise<string> {
  const account = getAddress(transfer.from)
  const call =
    transfer.token === undefined
      ? { account, to: getAddress(transfer.receiver), value: BigInt(transfer.amount) }
      : { account, to: getAddress(transfer.token), data: erc20TransferData(transfer.receiver, transfer.amount) }
  const [gas, price] = await Promise.all([client.estimateGas(call), client.getGasPrice()])
  return (gas * price).toString()
}
