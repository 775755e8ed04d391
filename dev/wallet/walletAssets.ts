// EIP-7811 asset discovery for the dev wallets: `wallet_getAssets` answered from the chains' own
// nodes (the native balance and each tracked ERC-20's balanceOf), and the `assetDiscovery`
// capability a wallet that answers it adds to `wallet_getCapabilities`. Browser code: never
// imported by src/.
import { decodeFunctionResult, encodeFunctionData, erc20Abi, isAddress, isAddressEqual, isHex, numberToHex, type Address, type Hex } from 'viem'

/** A JSON-RPC call to one chain's node. */
export type AssetsRpc = (method: string, params: unknown[]) => Promise<unknown>

/** An ERC-20 the wallet tracks (as a wallet tracks the tokens its user added). */
export type TrackedToken = { chainId: number; address: Address; name: string; symbol: string; decimals: number }

/** One asset of a `wallet_getAssets` answer (spec §3 wallet-assets item; no price: the wallet has none). */
export type WalletAsset = {
  address: Address | 'native'
  balance: Hex
  type: 'NATIVE' | 'ERC20'
  metadata: { name: string; symbol: string; decimals: number }
}

/** Why a request is refused, as the wallet throws it (EIP-1193 / JSON-RPC codes). */
export type AssetsRefusal = { code: number; message: string }

/**
 * Adds `assetDiscovery: { supported: true }` to each chain of a `wallet_getCapabilities` answer.
 *
 * @example
 * withAssetDiscovery({ '0x7a69': { atomic: { status: 'ready' } } }) // { '0x7a69': { atomic: …, assetDiscovery: { supported: true } } }
 */
export function withAssetDiscovery<T extends Record<string, object>>(capabilities: T): Record<string, object> {
  return Object.fromEntries(Object.entries(capabilities).map(([chain, c]) => [chain, { ...c, assetDiscovery: { supported: true } }]))
}

/**
 * Answers `wallet_getAssets([{ account, chainFilter? }])` (the request object alone is read too):
 * per chain the wallet knows (those of `chainFilter` it knows), the native balance and each
 * tracked token held, read from the chain's node now. Refuses another account (4100) and
 * malformed params (-32602) with `refuse`'s error.
 *
 * @example
 * await getAssets([{ account, chainFilter: ['0x7a69'] }], { account, chains: [{ chainId: 31337, rpc, nativeCurrency }], tokens })
 */
export async function getAssets(
  params: unknown,
  wallet: {
    account: Address
    chains: { chainId: number; rpc: AssetsRpc; nativeCurrency: { name: string; symbol: string; decimals: number } }[]
    tokens: readonly TrackedToken[]
  },
  refuse: (refusal: AssetsRefusal) => Error,
): Promise<Record<Hex, WalletAsset[]>> {
  const request = Array.isArray(params) ? params[0] : params
  if (typeof request !== 'object' || request === null) throw refuse({ code: -32602, message: 'Expected a request object { account, chainFilter? }.' })
  const { account, chainFilter } = request as Record<string, unknown>
  if (typeof account !== 'string' || !isAddress(account, { strict: false })) throw refuse({ code: -32602, message: "Expected the 'account' address." })
  if (!isAddressEqual(account, wallet.account)) throw refuse({ code: 4100, message: 'The requested account has not been authorized by the user.' })
  if (chainFilter !== undefined && (!Array.isArray(chainFilter) || !chainFilter.every((c) => typeof c === 'string' && isHex(c) && c.length > 2 && c.length <= 66))) {
    throw refuse({ code: -32602, message: "Expected 'chainFilter' to be an array of hex chain ids." })
  }
  const wanted = chainFilter === undefined ? null : new Set((chainFilter as Hex[]).map((c) => BigInt(c)))
  const chains = wallet.chains.filter((c) => wanted === null || wanted.has(BigInt(c.chainId)))
  const answers = await Promise.all(
    chains.map(async (chain): Promise<[Hex, WalletAsset[]]> => {
      const tokens = wallet.tokens.filter((t) => t.chainId === chain.chainId)
      const [native, ...held] = await Promise.all([
        chain.rpc('eth_getBalance', [wallet.account, 'latest']) as Promise<Hex>,
        ...tokens.map(async (token) => {
          const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [wallet.account] })
          const result = (await chain.rpc('eth_call', [{ to: token.address, data }, 'latest'])) as Hex
          return numberToHex(decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result }))
        }),
      ])
      const assets: WalletAsset[] = [{ address: 'native', balance: numberToHex(BigInt(native)), type: 'NATIVE', metadata: { ...chain.nativeCurrency } }]
      tokens.forEach((token, i) => {
        if (BigInt(held[i]!) === 0n) return
        assets.push({ address: token.address, balance: held[i]!, type: 'ERC20', metadata: { name: token.name, symbol: token.symbol, decimals: token.decimals } })
      })
      return [numberToHex(chain.chainId), assets]
    }),
  )
  return Object.fromEntries(answers)
}
