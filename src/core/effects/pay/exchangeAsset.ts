import type { SendToken } from '../../events/connection/send.js'

/**
 * The payment's asset as the exchanges name it: 'native' for the network's own coin, else the
 * token's CAIP-19 id on the payment's network (an ERC-20 on EVM networks, an SPL token on Solana).
 *
 * @example
 * exchangeAssetOf({ asset: { symbol: 'GUSD', decimals: 6, address: '0x5FbD…' }, network: 'eip155:1' }) // 'eip155:1/erc20:0x5FbD…'
 */
export function exchangeAssetOf(payment: { asset: SendToken; network: string }): string {
  const { address } = payment.asset
  if (!address) return 'native'
  return `${payment.network}/${payment.network.startsWith('solana:') ? 'token' : 'erc20'}:${address}`
}
