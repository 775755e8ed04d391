import { isFeatureSupported } from '../../domain/constants.js'
import { filterTokenBalances } from '../../domain/walletLists.js'
import type { TokenBalance } from '../../domain/entities.js'
import type { SendToken } from '../../events/connection/send.js'
import { selectActiveNetwork, selectCaipAddress } from '../../selectors.js'
import type { ModalState } from '../../state.js'

/** The active account's native balance, whichever source knows it. */
export type AccountBalance = {
  /** Whole units as a decimal string (format with `formatAmount`). */
  balance: string
  symbol: string
  /** The balance's worth in dollars, when the blockchain data API priced it. */
  usdValue: number | null
  /**
   * `api`: the blockchain data API; `wallet`: the wallet's own list (EIP-7811 asset discovery);
   * `rpc`: the fallback read over the network's RPC.
   */
  source: 'api' | 'wallet' | 'rpc'
}

/**
 * The active account's native balance: from the wallet's asset list or the blockchain data API when one answered, else the
 * balance read over RPC (spec §7: a failed lookup returns null and falls back), else null.
 *
 * @example
 * const balance = useModalState(selectAccountBalance) // { balance: '9999.99', symbol: 'ETH', usdValue: 29999970, source: 'api' }
 */
export function selectAccountBalance(state: ModalState): AccountBalance | null {
  const caipAddress = selectCaipAddress(state)
  if (!caipAddress) return null
  const network = caipAddress.split(':').slice(0, 2).join(':')
  const entry = state.tokenBalances.byAccount[caipAddress]
  const native = entry?.balances?.find((b) => !b.address && b.chainId === network)
  if (native) {
    const usd = typeof native.value === 'number' && Number.isFinite(native.value) ? native.value : null
    return { balance: native.quantity.numeric, symbol: native.symbol, usdValue: usd, source: entry?.source ?? 'api' }
  }
  const rpc = state.account.balances[caipAddress]
  if (rpc && rpc.balance !== null) return { balance: rpc.balance, symbol: rpc.symbol, usdValue: null, source: 'rpc' }
  return null
}

/** The active account's token balances from the API (tokens with decimals "0" dropped), or null when unknown. */
export function selectTokenBalances(state: ModalState): TokenBalance[] | null {
  const caipAddress = selectCaipAddress(state)
  const balances = caipAddress ? state.tokenBalances.byAccount[caipAddress]?.balances : null
  return balances ? filterTokenBalances(balances) : null
}

/**
 * Whether the active account's balances are still to come from the data API (the host has it and
 * the namespace has balances there, and no answer or failure is in yet). Account keeps their
 * lines meanwhile, so that its buttons do not move down under the visitor's pointer when they
 * arrive.
 */
export function selectTokenBalancesPending(state: ModalState): boolean {
  const caipAddress = selectCaipAddress(state)
  const namespace = state.connection.activeNamespace
  if (!caipAddress || !namespace || state.settings.services?.blockchainApi !== true || !isFeatureSupported('balances', namespace)) return false
  return state.tokenBalances.byAccount[caipAddress] === undefined
}

/**
 * Where the active account's native balance stands: `known` once a source told it; `pending`
 * while the data API (where the host has it) or the RPC read that follows may still tell it;
 * `unavailable` only once every source asked has failed (spec §7: a failed lookup is unknown, not
 * zero). Views show a placeholder while pending and never a zero they were not told.
 *
 * @example
 * const status = useModalState(selectAccountBalanceStatus) // 'pending' | 'known' | 'unavailable'
 */
export function selectAccountBalanceStatus(state: ModalState): 'known' | 'pending' | 'unavailable' {
  const caipAddress = selectCaipAddress(state)
  if (!caipAddress) return 'pending'
  if (selectAccountBalance(state)) return 'known'
  if (selectTokenBalancesPending(state)) return 'pending'
  // The API answered or failed (or the host has none): the RPC read decides.
  return state.account.balances[caipAddress] === undefined ? 'pending' : 'unavailable'
}

/** A token the active account can send, with its balance in whole units (null while unknown) and its icon when the balances give one. */
export type SendableToken = { token: SendToken; balance: string | null; usdPrice: number | null; iconUrl?: string }

/**
 * What the active account can send on the active network: its native token first (balance from
 * the data API, else RPC), then the tokens the data API lists as held there.
 *
 * @example
 * const tokens = useModalState(selectSendableTokens, sameJson) // [{ token: { symbol: 'ETH', decimals: 18, … }, balance: '9999.99', … }, …]
 */
export function selectSendableTokens(state: ModalState): SendableToken[] {
  const network = selectActiveNetwork(state)
  if (!network || !selectCaipAddress(state)) return []
  const { symbol, decimals, name } = network.nativeCurrency
  const native = selectAccountBalance(state)
  const priced = selectTokenBalances(state)?.find((b) => !b.address && b.chainId === network.caipNetworkId)
  const tokens: SendableToken[] = [{ token: { symbol, decimals, name }, balance: native?.balance ?? null, usdPrice: validPrice(priced?.price), ...icon(priced?.iconUrl) }]
  for (const b of selectTokenBalances(state) ?? []) {
    const decimals = Number(b.quantity.decimals)
    if (!b.address || b.chainId !== network.caipNetworkId || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) continue
    const address = b.address.split(':').pop() as string
    tokens.push({ token: { symbol: b.symbol, decimals, name: b.name, address }, balance: b.quantity.numeric, usdPrice: validPrice(b.price), ...icon(b.iconUrl) })
  }
  return tokens
}

/** The balance held of `token` by the active account on the active network (whole units), or null when unknown. */
export function selectSendBalance(state: ModalState, token: { address?: string | undefined }): string | null {
  const address = token.address?.toLowerCase()
  return selectSendableTokens(state).find((t) => t.token.address?.toLowerCase() === address)?.balance ?? null
}

const icon = (url: unknown): { iconUrl?: string } => (typeof url === 'string' && /^https?:\/\//i.test(url) ? { iconUrl: url } : {})
const validPrice = (price: unknown): number | null => (typeof price === 'number' && Number.isFinite(price) && price >= 0 ? price : null)
