// The swap API (spec §7 `/v1/convert/*`) over Uniswap V2 on the served chains.
import { randomUUID } from 'node:crypto'
import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  HttpRequestError,
  isAddress,
  parseAbi,
  TimeoutError,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { NATIVE_TOKEN_ADDRESS, tokenIconUrl, type GatewayChain, type GatewayToken } from './chainData'
import { gasTiers, MAX_SWAP_AMOUNT, MAX_UINT256, minimumOut, priceImpactPercent, withGasMargin, type Hop } from './convertMath'
import type { Ctx, Route } from './startGateway'
import { caip2Param, clip, HttpError, isPlainObject } from './validate'

/** A Uniswap V2 deployment on one chain. */
export type GatewayAmm = { chainId: number; factory: `0x${string}`; router: `0x${string}`; weth: `0x${string}` }

export type ConvertDeps = {
  chains: readonly GatewayChain[]
  tokens: readonly GatewayToken[]
  amm: readonly GatewayAmm[]
  clients: Map<number, PublicClient>
  prices: () => Record<string, number>
}

/** The reason answered for a network without swaps (spec §8, verbatim). */
export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps'
/** The reason answered by `/v1/convert/gas-price` for such a network (spec §8, verbatim). */
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'

/** Spec §9: "Swap slippage tolerance 1" (percent). */
export const DEFAULT_SLIPPAGE_PERCENT = 1
/** The most slippage a swap may be built with, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50
/** How long a built swap stays valid after the chain's latest block. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/**
 * Gas limits given when the caller disables the estimate, with room to spare over what swaps use
 * on the dev chains (one pool ~135,000, two pools ~190,000).
 */
export const UNESTIMATED_GAS = { onePool: 200_000n, twoPools: 300_000n } as const

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
const pairAbi = parseAbi(['function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)'])

/** CAIP-10 grammar: namespace, reference, account. */
const CAIP10_PATTERN = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/
const DIGITS = /^\d{1,78}$/

/** A chain the swap API serves: a served EVM chain with a Uniswap V2 deployment. */
type SwapChain = {
  chainId: number
  caip2: string
  rpcUrl: string
  amm: GatewayAmm
  client: PublicClient
  native: { name: string; symbol: string; decimals: number }
  tokens: readonly GatewayToken[]
}

/** A token one can swap: the native one, or an ERC-20 the gateway knows on that chain. */
type Asset = {
  caip10: string
  native: boolean
  /** The ERC-20 the pools hold: WETH for the native token. */
  poolToken: Address
  name: string
  symbol: string
  decimals: number
}

/** A priced route at one block. */
type Quote = {
  /** The pools' tokens, `from` first (WETH standing for the native token). */
  path: Address[]
  /** `getAmountsOut` of the router along `path`. */
  amounts: bigint[]
  priceImpact: number
  block: { number: bigint; timestamp: bigint }
}

/** What a swap request names: its chain, the two tokens, the account and the amount sold. */
type SwapRequest = { chain: SwapChain; from: Asset; to: Asset; user: Address; amount: bigint }

/**
 * The swap routes: token list, quotes, allowance, gas price and the approve and swap
 * transactions, over the Uniswap V2 pools of each served chain (router `getAmountsOut` on the
 * pools' reserves; a token-to-token swap without a direct pool goes through WETH). Bad input is a
 * 400 naming the field, a network without swaps a 400 with the spec's message, a failing node a 502.
 *
 * @example
 * const routes = convertRoutes({ chains, tokens, amm: dev.amm, clients, prices: () => ({ ETH: 3000 }) })
 * // GET /v1/convert/quotes?projectId=p&amount=1000000000000000000&from=eip155:31337:0xeeee…&to=eip155:31337:0x5FbD…&userAddress=eip155:31337:0xf39F…
 */
export function convertRoutes(deps: ConvertDeps): Route[] {
  const swapChains = new Map<string, SwapChain>()
  for (const chain of deps.chains) {
    const amm = deps.amm.find((a) => a.chainId === chain.chainId)
    const client = deps.clients.get(chain.chainId)
    if (!amm || !client) continue
    swapChains.set(`eip155:${chain.chainId}`, {
      chainId: chain.chainId,
      caip2: `eip155:${chain.chainId}`,
      rpcUrl: chain.rpcUrl,
      amm,
      client,
      native: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
      tokens: deps.tokens.filter((t) => t.chainId === chain.chainId),
    })
  }

  async function onChain<T>(chain: SwapChain, work: (client: PublicClient) => Promise<T>): Promise<T> {
    try {
      return await work(chain.client)
    } catch (error) {
      if (error instanceof HttpError) throw error
      throw nodeFailed(chain, error)
    }
  }

  function nativeAsset(chain: SwapChain): Asset {
    return { caip10: `${chain.caip2}:${NATIVE_TOKEN_ADDRESS}`, native: true, poolToken: getAddress(chain.amm.weth), ...chain.native }
  }

  function tokenAsset(chain: SwapChain, token: GatewayToken): Asset {
    const address = getAddress(token.address)
    return { caip10: `${chain.caip2}:${address}`, native: false, poolToken: address, name: token.name, symbol: token.symbol, decimals: token.decimals }
  }

  /** The chain named by a CAIP-2 query; 400 with `unsupported` when it has no swaps. */
  function chainParam(params: URLSearchParams, unsupported: string): SwapChain {
    const caip2 = caip2Param(params, 'chainId')
    if (caip2 === null) throw badRequest("Query 'chainId' is required (a CAIP-2 network id like eip155:31337)")
    const chain = swapChains.get(caip2)
    if (!chain) throw badRequest(unsupported)
    return chain
  }

  /** The token a CAIP-10 id names on its own network, which must have swaps. */
  function assetOf(raw: unknown, field: string): { chain: SwapChain; asset: Asset } {
    const { network, account } = caip10(raw, field)
    const chain = swapChains.get(network)
    if (!chain) throw badRequest(SWAPS_UNSUPPORTED)
    return { chain, asset: assetOn(chain, account, field) }
  }

  /** The token a CAIP-10 id names, which must be on `chain`. */
  function assetOnChain(raw: unknown, field: string, chain: SwapChain, chainField: string): Asset {
    const { network, account } = caip10(raw, field)
    if (network !== chain.caip2) throw badRequest(`'${field}' is on ${clip(network)}, not on ${chain.caip2} as '${chainField}' is`)
    return assetOn(chain, account, field)
  }

  function assetOn(chain: SwapChain, account: string, field: string): Asset {
    const address = hexAddress(account, field)
    if (address.toLowerCase() === NATIVE_TOKEN_ADDRESS) return nativeAsset(chain)
    const token = chain.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
    if (!token) throw badRequest(`'${field}' is not a token the swap API knows on ${chain.caip2}: ${address}`)
    return tokenAsset(chain, token)
  }

  /** An account (CAIP-10) on `chain`. */
  function accountOnChain(raw: unknown, field: string, chain: SwapChain, chainField: string): Address {
    const { network, account } = caip10(raw, field)
    if (network !== chain.caip2) throw badRequest(`'${field}' is on ${clip(network)}, not on ${chain.caip2} as '${chainField}' is`)
    return hexAddress(account, field)
  }

  /** Parses `from`, `to`, `userAddress` and `amount` of a quote or a swap. */
  function swapRequest(input: { from: unknown; to: unknown; userAddress: unknown; amount: unknown }): SwapRequest {
    const { chain, asset: from } = assetOf(input.from, 'from')
    const to = assetOnChain(input.to, 'to', chain, 'from')
    if (to.poolToken === from.poolToken) throw badRequest(`'from' and 'to' are the same token (${from.symbol}): nothing to swap`)
    const user = accountOnChain(input.userAddress, 'userAddress', chain, 'from')
    return { chain, from, to, user, amount: swapAmount(input.amount) }
  }

  /** The pool between two tokens at a block, with its reserves oriented `a` → `b`; null when there is none or it is empty. */
  async function pool(chain: SwapChain, pair: Address, a: Address, b: Address, blockNumber: bigint): Promise<Hop | null> {
    if (pair === zeroAddress) return null
    const [reserve0, reserve1] = await chain.client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves', blockNumber })
    if (reserve0 === 0n || reserve1 === 0n) return null
    // Uniswap orders a pair's tokens by address.
    return a.toLowerCase() < b.toLowerCase() ? { reserveIn: reserve0, reserveOut: reserve1 } : { reserveIn: reserve1, reserveOut: reserve0 }
  }

  const getPair = (chain: SwapChain, a: Address, b: Address) =>
    chain.client.readContract({ address: chain.amm.factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] })

  /**
   * Prices `amount` of `from` into `to` at the latest block: the direct pool, or for two ERC-20s
   * without one, through WETH. Every read is pinned to one block so amounts and reserves agree.
   */
  function quote({ chain, from, to, amount }: SwapRequest): Promise<Quote> {
    return onChain(chain, async (client) => {
      const weth = getAddress(chain.amm.weth)
      const twoTokens = !from.native && !to.native
      const [block, direct, fromWeth, wethTo] = await Promise.all([
        client.getBlock({ blockTag: 'latest' }),
        getPair(chain, from.poolToken, to.poolToken),
        twoTokens ? getPair(chain, from.poolToken, weth) : zeroAddress,
        twoTokens ? getPair(chain, weth, to.poolToken) : zeroAddress,
      ])
      const at = block.number
      const routes = [
        { path: [from.poolToken, to.poolToken], pairs: [direct] },
        { path: [from.poolToken, weth, to.poolToken], pairs: [fromWeth, wethTo] },
      ].filter((r) => r.pairs.every((p) => p !== zeroAddress))
      const amountsAlong = (path: Address[]) =>
        client.readContract({ address: chain.amm.router, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, path], blockNumber: at })
      // Optimization: the router is asked along the likely route in the same round trip as the reserves.
      const [hopsByRoute, likely] = await Promise.all([
        Promise.all(routes.map((r) => Promise.all(r.pairs.map((pair, i) => pool(chain, pair, r.path[i]!, r.path[i + 1]!, at))))),
        routes[0] ? amountsAlong(routes[0].path).then((a) => ({ ok: true as const, a }), (error: unknown) => ({ ok: false as const, error })) : null,
      ])
      const chosen = routes.findIndex((_, i) => hopsByRoute[i]!.every((h) => h !== null))
      if (chosen < 0) throw badRequest(`No Uniswap V2 pool route from ${from.symbol} to ${to.symbol} on ${chain.caip2}`)
      const { path } = routes[chosen]!
      const hops = hopsByRoute[chosen] as Hop[]
      let amounts: readonly bigint[]
      try {
        if (chosen === 0 && likely !== null && !likely.ok) throw likely.error
        amounts = chosen === 0 && likely?.ok ? likely.a : await amountsAlong(path)
      } catch (error) {
        const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
        if (reverted) throw badRequest(`'amount' cannot be swapped from ${from.symbol} to ${to.symbol}: ${(reverted as ContractFunctionRevertedError).reason ?? 'the router refused it'}`)
        throw error
      }
      const out = amounts[amounts.length - 1]!
      if (out === 0n) throw badRequest(`'amount' is too small: the pools would give no ${to.symbol} for ${formatUnits(amount, from.decimals)} ${from.symbol}`)
      return { path, amounts: [...amounts], priceImpact: priceImpactPercent(amount, out, hops), block: { number: block.number, timestamp: block.timestamp } }
    })
  }

  /**
   * Estimates `tx` with a margin. A swap (`sold`) is also checked against the seller's balance and
   * allowance, read alongside: some nodes (hardhat) estimate a call whose value the sender lacks.
   * A refusal is a 400 saying why (balance, then allowance, then the revert reason).
   */
  async function estimate(chain: SwapChain, tx: { user: Address; to: Address; data: Hex; value: bigint }, sold?: { asset: Asset; amount: bigint }): Promise<bigint> {
    const [gas, funds] = await Promise.allSettled([
      chain.client.estimateGas({ account: tx.user, to: tx.to, data: tx.data, value: tx.value }),
      sold ? onChain(chain, (client) => fundsOf(client, chain, tx.user, sold.asset)) : null,
    ])
    if (funds.status === 'rejected') throw funds.reason
    if (sold && funds.value) {
      const { balance, allowance } = funds.value
      const { asset, amount } = sold
      const shown = (x: bigint) => `${formatUnits(x, asset.decimals)} ${asset.symbol}`
      // Why balance first: approving more would not help an account that lacks the tokens.
      if (balance < amount) throw badRequest(`Balance is too low: ${tx.user} holds ${shown(balance)}, the swap sells ${shown(amount)}`)
      if (allowance < amount) throw badRequest(`Allowance is too low: approve ${asset.symbol} first`)
    }
    if (gas.status === 'rejected') {
      if (isTransportFailure(gas.reason)) throw nodeFailed(chain, gas.reason)
      throw badRequest(`The transaction would revert: ${revertReason(gas.reason)}`)
    }
    return withGasMargin(gas.value)
  }

  /** What `user` holds of `asset` and lets the router spend (unbounded for the native token). */
  async function fundsOf(client: PublicClient, chain: SwapChain, user: Address, asset: Asset): Promise<{ balance: bigint; allowance: bigint }> {
    if (asset.native) return { balance: await client.getBalance({ address: user }), allowance: MAX_UINT256 }
    const [balance, allowance] = await Promise.all([
      client.readContract({ address: asset.poolToken, abi: erc20Abi, functionName: 'balanceOf', args: [user] }),
      client.readContract({ address: asset.poolToken, abi: erc20Abi, functionName: 'allowance', args: [user, chain.amm.router] }),
    ])
    return { balance, allowance }
  }

  async function tokens({ url, baseUrl }: Ctx) {
    const chain = chainParam(url.searchParams, SWAPS_UNSUPPORTED)
    const weth = getAddress(chain.amm.weth)
    const pooled = await onChain(chain, async (client) => {
      const block = await client.getBlockNumber()
      const pairs = await Promise.all(chain.tokens.map((t) => getPair(chain, t.address, weth)))
      const pools = await Promise.all(chain.tokens.map((t, i) => pool(chain, pairs[i]!, t.address, weth, block)))
      return chain.tokens.filter((_, i) => pools[i] !== null)
    })
    const prices = deps.prices()
    const listed = [nativeAsset(chain), ...pooled.map((t) => tokenAsset(chain, t))].map((a) => ({
      name: a.name,
      symbol: a.symbol,
      address: a.caip10,
      decimals: a.decimals,
      logoUri: tokenIconUrl(baseUrl, a.symbol),
      quantity: { decimals: String(a.decimals), numeric: '0' },
      price: prices[a.symbol] ?? 0,
      value: 0,
    }))
    return { json: { tokens: listed } }
  }

  async function quotes({ url }: Ctx) {
    const q = url.searchParams
    const request = swapRequest({ from: q.get('from'), to: q.get('to'), userAddress: q.get('userAddress'), amount: q.get('amount') })
    const gasPrice = q.get('gasPrice')
    if (gasPrice !== null && gasPrice !== '' && !DIGITS.test(gasPrice)) {
      throw badRequest(`'gasPrice' must be a non-negative integer in wei, got '${clip(gasPrice)}'`)
    }
    const priced = await quote(request)
    const { chain } = request
    return {
      json: {
        quotes: [
          {
            id: randomUUID(),
            fromAccount: request.from.caip10,
            toAccount: request.to.caip10,
            fromAmount: request.amount.toString(),
            toAmount: priced.amounts[priced.amounts.length - 1]!.toString(),
            priceImpact: priced.priceImpact,
            path: priced.path.map((a) => `${chain.caip2}:${a}`),
          },
        ],
      },
    }
  }

  async function allowance({ url }: Ctx) {
    const q = url.searchParams
    const { chain, asset } = assetOf(q.get('tokenAddress'), 'tokenAddress')
    const user = accountOnChain(q.get('userAddress'), 'userAddress', chain, 'tokenAddress')
    if (asset.native) return { json: { allowance: MAX_UINT256.toString() } }
    const value = await onChain(chain, (client) =>
      client.readContract({ address: asset.poolToken, abi: erc20Abi, functionName: 'allowance', args: [user, chain.amm.router] }),
    )
    return { json: { allowance: value.toString() } }
  }

  async function gasPrice({ url }: Ctx) {
    const chain = chainParam(url.searchParams, GAS_PRICE_UNSUPPORTED)
    const tiers = await onChain(chain, async (client) => {
      const [price, history] = await Promise.all([
        client.getGasPrice(),
        client.getFeeHistory({ blockCount: 10, blockTag: 'latest', rewardPercentiles: [90] }),
      ])
      // The tip paid at the 90th percentile of each recent block; their median, so one odd block does not set it.
      const tips = (history.reward ?? []).map((r) => r[0] ?? 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      const tip90 = tips.length > 0 ? tips[tips.length >> 1]! : 0n
      return gasTiers({ gasPrice: price, nextBaseFee: history.baseFeePerGas[history.baseFeePerGas.length - 1] ?? 0n, tip90 })
    })
    return { json: { standard: tiers.standard.toString(), fast: tiers.fast.toString(), instant: tiers.instant.toString() } }
  }

  async function buildApprove({ url }: Ctx) {
    const q = url.searchParams
    const { chain, asset: from } = assetOf(q.get('from'), 'from')
    const to = assetOnChain(q.get('to'), 'to', chain, 'from')
    if (to.poolToken === from.poolToken) throw badRequest(`'from' and 'to' are the same token (${from.symbol}): nothing to swap`)
    if (from.native) throw badRequest(`'from' is the native token (${from.symbol}): it needs no approval`)
    const user = accountOnChain(q.get('userAddress'), 'userAddress', chain, 'from')
    const rawAmount = q.get('amount')
    const amount = rawAmount === null || rawAmount === '' ? MAX_UINT256 : uintParam(rawAmount, 'amount', MAX_UINT256)
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.amm.router, amount] })
    const [gas, price] = await Promise.all([
      estimate(chain, { user, to: from.poolToken, data, value: 0n }),
      onChain(chain, (client) => client.getGasPrice()),
    ])
    return { json: { tx: { from: user, to: from.poolToken, data, value: '0', eip155: { gas: gas.toString(), gasPrice: price.toString() } } } }
  }

  async function buildTransaction({ url, body }: Ctx) {
    const input = await body()
    if (!isPlainObject(input)) throw badRequest('Body must be a JSON object { projectId, amount, userAddress, from, to, slippage?, disableEstimate? }')
    const projectId = input.projectId ?? url.searchParams.get('projectId')
    if (typeof projectId !== 'string' || projectId === '' || projectId.length > 200) {
      throw badRequest("'projectId' is required (in the body or the query), a string of at most 200 characters")
    }
    const request = swapRequest({ from: input.from, to: input.to, userAddress: input.userAddress, amount: input.amount })
    const slippage = slippageParam(input.slippage)
    if (input.disableEstimate !== undefined && input.disableEstimate !== null && typeof input.disableEstimate !== 'boolean') {
      throw badRequest(`'disableEstimate' must be a boolean, got ${clip(JSON.stringify(input.disableEstimate) ?? String(input.disableEstimate))}`)
    }
    const { chain, from, to, user, amount } = request
    const priced = await quote(request)
    const least = minimumOut(priced.amounts[priced.amounts.length - 1]!, slippage)
    const deadline = priced.block.timestamp + BigInt(SWAP_DEADLINE_SECONDS)
    const data = from.native
      ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [least, priced.path, user, deadline] })
      : encodeFunctionData({
          abi: routerAbi,
          functionName: to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [amount, least, priced.path, user, deadline],
        })
    const value = from.native ? amount : 0n
    const [gas, price] = await Promise.all([
      input.disableEstimate === true
        ? priced.path.length > 2 ? UNESTIMATED_GAS.twoPools : UNESTIMATED_GAS.onePool
        : estimate(chain, { user, to: chain.amm.router, data, value }, { asset: from, amount }),
      onChain(chain, (client) => client.getGasPrice()),
    ])
    return {
      json: {
        tx: {
          from: user,
          to: getAddress(chain.amm.router),
          data,
          value: value.toString(),
          amount: amount.toString(),
          eip155: { gas: gas.toString(), gasPrice: price.toString() },
        },
      },
    }
  }

  return [
    { method: 'GET', pattern: /^\/v1\/convert\/tokens$/, project: true, handler: tokens },
    { method: 'GET', pattern: /^\/v1\/convert\/quotes$/, project: true, handler: quotes },
    { method: 'GET', pattern: /^\/v1\/convert\/allowance$/, project: true, handler: allowance },
    { method: 'GET', pattern: /^\/v1\/convert\/gas-price$/, project: true, handler: gasPrice },
    { method: 'GET', pattern: /^\/v1\/convert\/build-approve$/, project: true, handler: buildApprove },
    // The client sends projectId in the body (and the query): either will do, as for /v1/fungible/price.
    { method: 'POST', pattern: /^\/v1\/convert\/build-transaction$/, handler: buildTransaction },
  ]
}

const badRequest = (message: string) => new HttpError(400, message)

/** Splits a CAIP-10 id (`namespace:reference:account`); 400 naming `field` when it is not one. */
function caip10(raw: unknown, field: string): { network: string; account: string } {
  if (raw === null || raw === undefined || raw === '') throw badRequest(`'${field}' is required (a CAIP-10 id like eip155:31337:0x…)`)
  const match = typeof raw === 'string' ? CAIP10_PATTERN.exec(raw) : null
  if (!match) throw badRequest(`'${field}' must be a CAIP-10 id like eip155:31337:0x…, got ${quoted(raw)}`)
  return { network: `${match[1]}:${match[2]}`, account: match[3]! }
}

/** A 0x address in any letter case (checksummed on the way out). */
function hexAddress(account: string, field: string): Address {
  if (!isAddress(account, { strict: false })) throw badRequest(`'${field}' must end in a 0x-prefixed 20-byte hex address, got '${clip(account)}'`)
  return getAddress(account)
}

/** An amount to sell: a positive integer in base units, as decimal text, that a pool can hold. */
function swapAmount(raw: unknown): bigint {
  if (raw === null || raw === undefined || raw === '') throw badRequest("'amount' is required (a positive integer in base units, as decimal text)")
  const amount = uintParam(raw, 'amount', MAX_SWAP_AMOUNT)
  if (amount === 0n) throw badRequest("'amount' must be a positive integer in base units, got '0'")
  return amount
}

function uintParam(raw: unknown, field: string, max: bigint): bigint {
  if (typeof raw !== 'string' || !DIGITS.test(raw)) {
    throw badRequest(`'${field}' must be a positive integer in base units, as decimal text, got ${quoted(raw)}`)
  }
  const value = BigInt(raw)
  if (value > max) throw badRequest(`'${field}' must be at most ${max} (${max === MAX_UINT256 ? '2^256 − 1' : '2^112 − 1, what a Uniswap V2 pool can hold'})`)
  return value
}

/** Slippage in percent, 0–50; the spec's default 1 when absent. */
function slippageParam(raw: unknown): number {
  if (raw === undefined || raw === null) return DEFAULT_SLIPPAGE_PERCENT
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,3}(\.\d{1,9})?$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isFinite(value) || value < 0 || value > MAX_SLIPPAGE_PERCENT) {
    throw badRequest(`'slippage' must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}, got ${quoted(raw)}`)
  }
  return value
}

function quoted(raw: unknown): string {
  return typeof raw === 'string' ? `'${clip(raw)}'` : clip(JSON.stringify(raw) ?? String(raw))
}

/** Whether a viem error is the node not answering (as opposed to it refusing the call). */
function isTransportFailure(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
}

function revertReason(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null
    if (reverted?.reason) return reverted.reason
    const details = error.walk((e) => e instanceof BaseError && typeof e.details === 'string' && e.details !== '') as BaseError | null
    return clip(details?.details ?? error.shortMessage, 200)
  }
  return clip(String((error as Error)?.message ?? error), 200)
}

function nodeFailed(chain: SwapChain, error: unknown): HttpError {
  const reason = (error as { shortMessage?: string; message?: string }).shortMessage ?? String((error as Error)?.message ?? error)
  return new HttpError(502, `The RPC node of ${chain.caip2} (${chain.rpcUrl}) failed: ${reason.split('\n')[0]}`)
}
