import { formatUnits } from 'viem'
import { NATIVE_TOKEN_ADDRESS } from './constants.js'
import type { TokenBalance } from './entities.js'

// EIP-7811 asset discovery (spec §7 Wallet RPC): a wallet that says so in its EIP-5792
// capabilities (`assetDiscovery: { supported: true }` for a chain) lists the account's assets on
// that chain through `wallet_getAssets`. Pure: the balance effect asks the wallet and reads here.

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** Decimals a token may have and still be shown (ERC-20 gives a uint8). */
const MAX_DECIMALS = 255

/**
 * Whether a `wallet_getCapabilities` answer says the wallet discovers assets on the chain
 * (`chainIdHex`, 0x-hex), or on every chain (`0x0`).
 *
 * @example
 * supportsAssetDiscovery({ '0x7a69': { assetDiscovery: { supported: true } } }, '0x7a69') // true
 */
export function supportsAssetDiscovery(capabilities: unknown, chainIdHex: string): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false
  const byChain = capabilities as Record<string, unknown>
  return [chainIdHex, '0x0'].some((key) => {
    const chain = Object.hasOwn(byChain, key) ? byChain[key] : undefined
    const discovery = typeof chain === 'object' && chain !== null ? (chain as Record<string, unknown>).assetDiscovery : undefined
    return typeof discovery === 'object' && discovery !== null && (discovery as Record<string, unknown>).supported === true
  })
}

/**
 * The token balances of a `wallet_getAssets` answer on one chain (spec §3 wallet-assets item:
 * address, balance as hex, type `NATIVE` or `ERC20`, metadata with name, symbol, decimals, price,
 * iconUrl, value), as the data API's balances: the native token (its name, symbol and decimals
 * from the network when the wallet leaves them out) and each ERC-20 with its metadata. Other
 * asset types (NFTs) and malformed items are left out; a price the wallet does not give is 0,
 * the worth unknown. Null when the answer is not an object of asset lists.
 *
 * @example
 * walletAssetBalances({ '0x7a69': [{ address: 'native', balance: '0xde0b6b3a7640000', type: 'native' }] }, { caipNetworkId: 'eip155:31337', nativeCurrency: ETH })
 * // [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 0, quantity: { decimals: '18', numeric: '1' } }]
 */
export function walletAssetBalances(
  answer: unknown,
  network: { caipNetworkId: string; nativeCurrency: { name: string; symbol: string; decimals: number } },
): TokenBalance[] | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null
  const chainId = Number(network.caipNetworkId.split(':')[1])
  if (!Number.isSafeInteger(chainId)) return null
  const byChain = answer as Record<string, unknown>
  const key = Object.keys(byChain).find((k) => HEX_QUANTITY.test(k) && BigInt(k) === BigInt(chainId))
  if (key === undefined) return []
  const assets = byChain[key]
  if (!Array.isArray(assets)) return null
  const balances: TokenBalance[] = []
  for (const asset of assets) {
    const balance = readAsset(asset, network)
    // One entry per token: a wallet listing one twice is read once.
    if (balance && !balances.some((b) => b.address?.toLowerCase() === balance.address?.toLowerCase())) balances.push(balance)
  }
  return balances
}

function readAsset(asset: unknown, network: Parameters<typeof walletAssetBalances>[1]): TokenBalance | null {
  if (typeof asset !== 'object' || asset === null) return null
  const { address, balance, type } = asset as Record<string, unknown>
  const rawMetadata = (asset as Record<string, unknown>).metadata
  const metadata = typeof rawMetadata === 'object' && rawMetadata !== null ? (rawMetadata as Record<string, unknown>) : {}
  if (typeof balance !== 'string' || !HEX_QUANTITY.test(balance) || typeof type !== 'string') return null
  const kind = type.toLowerCase()
  const native = kind === 'native' || (typeof address === 'string' && (address === 'native' || address.toLowerCase() === NATIVE_TOKEN_ADDRESS))
  if (!native && (kind !== 'erc20' || typeof address !== 'string' || !EVM_ADDRESS.test(address))) return null
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback)
  const decimals = native && metadata.decimals === undefined ? network.nativeCurrency.decimals : metadata.decimals
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) return null
  const symbol = text(metadata.symbol, native ? network.nativeCurrency.symbol : '')
  if (symbol === '') return null
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0
  const item: TokenBalance = {
    name: text(metadata.name, native ? network.nativeCurrency.name : symbol),
    symbol,
    chainId: network.caipNetworkId,
    price: finite(metadata.price) ? metadata.price : 0,
    quantity: { decimals: String(decimals), numeric: formatUnits(BigInt(balance), decimals) },
  }
  if (!native) item.address = `${network.caipNetworkId}:${address as string}`
  if (finite(metadata.value)) item.value = metadata.value
  if (typeof metadata.iconUrl === 'string' && /^https?:\/\//i.test(metadata.iconUrl)) item.iconUrl = metadata.iconUrl
  return item
}

/**
 * The CAIP-10 id the blockchain data API prices a balance's token by: its contract, or for the
 * native token the ERC-7528 address on its chain.
 *
 * @example
 * priceId({ chainId: 'eip155:1', address: undefined }) // 'eip155:1:0xeeee…eeee'
 */
export function priceId(balance: Pick<TokenBalance, 'chainId' | 'address'>): string {
  if (!balance.address) return `${balance.chainId}:${NATIVE_TOKEN_ADDRESS}`
  return balance.address.split(':').length === 3 ? balance.address : `${balance.chainId}:${balance.address}`
}
