import { describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  parseAbi,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem'
import type { DevChain } from '../../../dev/chain/startChains'
import { amountsOut, gasTiers, MAX_SWAP_AMOUNT, MAX_UINT256, minimumOut, priceImpactPercent, withGasMargin, type Hop } from '../../../dev/gateway/convertMath'
import { startGateway, type GatewayToken } from '../../../dev/gateway/startGateway'
import { createBlockchainApiClient } from '../../../src/adapters/api/createBlockchainApiClient'
import { call, deadUrl, P, stackPerFile, walletOn } from './harness'

// The swap API (/v1/convert/*) over the Uniswap V2 pools of the two local hardhat chains. Each
// test that moves balances uses its own dev account, since the tests share the chains.
const stack = stackPerFile()

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
])
const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
const pairAbi = parseAbi(['function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)'])

type Tx = { from: string; to: Address; data: Hex; value?: string; amount?: string; eip155: { gas: string; gasPrice: string } }
type Quote = { id: string; fromAccount: string; toAccount: string; fromAmount: string; toAmount: string; priceImpact: number; path: string[] }

const caip = (chain: DevChain, address: string) => `eip155:${chain.chainId}:${address}`
const chainOf = (i: number) => stack.dev.chains[i]!
const gusdOn = (chain: DevChain) => stack.dev.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'GUSD')!
const usdcOn = (chain: DevChain) => stack.dev.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'USDC')!
const ammOn = (chain: DevChain) => stack.dev.amm.find((a) => a.chainId === chain.chainId)!

async function quoteOf(chain: DevChain, q: { amount: bigint; from: string; to: string; user: Address }, base = stack.gateway.url): Promise<Quote> {
  const query = new URLSearchParams({ amount: String(q.amount), from: caip(chain, q.from), to: caip(chain, q.to), userAddress: caip(chain, q.user), gasPrice: '0' })
  const answer = await call(base, 'GET', `/v1/convert/quotes?${P}&${query}`)
  expect(answer.status, answer.text).toBe(200)
  const { quotes } = answer.body as { quotes: Quote[] }
  expect(quotes).toHaveLength(1)
  return quotes[0]!
}

async function build(chain: DevChain, b: { amount: bigint; from: string; to: string; user: Address; slippage?: unknown; disableEstimate?: unknown }, base = stack.gateway.url) {
  const body: Record<string, unknown> = { projectId: 'test-project', amount: String(b.amount), from: caip(chain, b.from), to: caip(chain, b.to), userAddress: caip(chain, b.user) }
  if (b.slippage !== undefined) body.slippage = b.slippage
  if (b.disableEstimate !== undefined) body.disableEstimate = b.disableEstimate
  return call(base, 'POST', `/v1/convert/build-transaction?${P}`, body)
}

async function buildOk(chain: DevChain, b: Parameters<typeof build>[1], base?: string): Promise<Tx> {
  const answer = await build(chain, b, base)
  expect(answer.status, answer.text).toBe(200)
  return (answer.body as { tx: Tx }).tx
}

async function approveTx(chain: DevChain, a: { from: string; to: string; user: Address; amount?: bigint }, base = stack.gateway.url): Promise<Tx> {
  const query = new URLSearchParams({ from: caip(chain, a.from), to: caip(chain, a.to), userAddress: caip(chain, a.user) })
  if (a.amount !== undefined) query.set('amount', String(a.amount))
  const answer = await call(base, 'GET', `/v1/convert/build-approve?${P}&${query}`)
  expect(answer.status, answer.text).toBe(200)
  return (answer.body as { tx: Tx }).tx
}

/** Sends a built transaction as the gateway built it (gas, gas price, value, data). */
async function send(chain: DevChain, privateKey: Hex, tx: Tx): Promise<TransactionReceipt> {
  const { wallet, reader } = walletOn(chain, privateKey)
  expect(getAddress(tx.from)).toBe(wallet.account.address)
  const hash = await wallet.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value ?? '0'),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  return reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

function balances(chain: DevChain, owner: Address) {
  const { reader } = walletOn(chain, stack.dev.accounts[0]!.privateKey)
  return async (token?: Address) =>
    token === undefined ? reader.getBalance({ address: owner }) : reader.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

const gasCost = (r: TransactionReceipt) => r.gasUsed * r.effectiveGasPrice

/** The reserves of the pool of `a` and `b`, oriented a → b, read by the test itself. */
async function hopOf(chain: DevChain, a: Address, b: Address): Promise<Hop> {
  const { reader } = walletOn(chain, stack.dev.accounts[0]!.privateKey)
  const pair = await reader.readContract({ address: ammOn(chain).factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] })
  const [r0, r1] = await reader.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' })
  return a.toLowerCase() < b.toLowerCase() ? { reserveIn: r0, reserveOut: r1 } : { reserveIn: r1, reserveOut: r0 }
}

describe('convertMath', () => {
  it('prices one pool as Uniswap V2 does (0.3 % fee, rounded down)', () => {
    const hop = { reserveIn: 100n * 10n ** 18n, reserveOut: 300_000n * 10n ** 6n }
    // 1 ETH into 100 ETH : 300,000 USD → 997·300000e6 / (100·1000 + 997) USD units.
    expect(amountsOut(10n ** 18n, [hop])).toEqual([10n ** 18n, (997n * 300_000n * 10n ** 6n) / 100_997n])
    expect(amountsOut(1n, [hop])).toEqual([1n, 0n])
    expect(amountsOut(10n, [hop, { reserveIn: 1n, reserveOut: 1n }])[2]).toBe(0n)
  })

  it('reports price impact against the mid price, fee included', () => {
    const hop = { reserveIn: 1_000_000n, reserveOut: 1_000_000n }
    const [, out] = amountsOut(1_000n, [hop])
    // 1,000 into 1,000,000 : 1,000,000 gives 996 → 0.4 % short of the mid price 1:1.
    expect(out).toBe(996n)
    expect(priceImpactPercent(1_000n, out!, [hop])).toBe(0.4)
    expect(priceImpactPercent(1_000n, 0n, [hop])).toBe(100)
    expect(priceImpactPercent(1_000n, 1_000n, [hop])).toBe(0)
    // Two pools at 1:2 then 4:3 give a mid price of 1.5: 135 for 100 is 10 % short of 150.
    expect(priceImpactPercent(100n, 135n, [{ reserveIn: 10n ** 9n, reserveOut: 2n * 10n ** 9n }, { reserveIn: 4n * 10n ** 9n, reserveOut: 3n * 10n ** 9n }])).toBe(10)
    const small = priceImpactPercent(10n ** 15n, amountsOut(10n ** 15n, [hop])[1]!, [hop])
    const large = priceImpactPercent(10n ** 5n, amountsOut(10n ** 5n, [hop])[1]!, [hop])
    expect(large).toBeGreaterThan(0.3)
    expect(small).toBeGreaterThan(large)
  })

  it('bounds the output by the slippage, rounded down', () => {
    expect(minimumOut(1_000n, 1)).toBe(990n)
    expect(minimumOut(999n, 1)).toBe(989n) // 989.01
    expect(minimumOut(1_000n, 0)).toBe(1_000n)
    expect(minimumOut(1_000n, 50)).toBe(500n)
    expect(minimumOut(10n ** 6n, 0.5)).toBe(995_000n)
    expect(minimumOut(10n ** 18n, 0.1)).toBe(999n * 10n ** 15n)
    expect(() => minimumOut(1n, -1)).toThrow(RangeError)
    expect(() => minimumOut(1n, Number.NaN)).toThrow(RangeError)
  })

  it('orders gas tiers strictly and keeps a 20 % gas margin', () => {
    expect(gasTiers({ gasPrice: 100n, nextBaseFee: 10n, tip90: 1n })).toEqual({ standard: 100n, fast: 125n, instant: 150n })
    expect(gasTiers({ gasPrice: 100n, nextBaseFee: 200n, tip90: 5n })).toEqual({ standard: 100n, fast: 205n, instant: 405n })
    expect(gasTiers({ gasPrice: 0n, nextBaseFee: 0n, tip90: 0n })).toEqual({ standard: 0n, fast: 1n, instant: 2n })
    expect(gasTiers({ gasPrice: 1n, nextBaseFee: 0n, tip90: 0n })).toEqual({ standard: 1n, fast: 2n, instant: 3n })
    expect(withGasMargin(100_000n)).toBe(120_000n)
    expect(withGasMargin(1n)).toBe(2n)
  })
})

describe('GET /v1/convert/tokens', () => {
  it('lists the native token first, then the tokens pooled with WETH, priced and with icons', async () => {
    const chain = chainOf(0)
    const answer = await call(stack.gateway.url, 'GET', `/v1/convert/tokens?${P}&chainId=eip155:${chain.chainId}`)
    expect(answer.status, answer.text).toBe(200)
    const { tokens } = answer.body as { tokens: unknown[] }
    const base = stack.gateway.url
    expect(tokens).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        address: caip(chain, NATIVE),
        decimals: 18,
        logoUri: `${base}/public/getTokenImage/ETH`,
        quantity: { decimals: '18', numeric: '0' },
        price: 3000,
        value: 0,
      },
      {
        name: 'Gangway USD',
        symbol: 'GUSD',
        address: caip(chain, getAddress(gusdOn(chain).address)),
        decimals: 6,
        logoUri: `${base}/public/getTokenImage/GUSD`,
        quantity: { decimals: '6', numeric: '0' },
        price: 1,
        value: 0,
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        address: caip(chain, getAddress(usdcOn(chain).address)),
        decimals: 6,
        logoUri: `${base}/public/getTokenImage/USDC`,
        quantity: { decimals: '6', numeric: '0' },
        price: 1,
        value: 0,
      },
    ])
    // The other chain lists its own deployments.
    const other = await call(stack.gateway.url, 'GET', `/v1/convert/tokens?${P}&chainId=eip155:${chainOf(1).chainId}`)
    expect((other.body as { tokens: { address: string }[] }).tokens.map((t) => t.address)).toEqual([
      caip(chainOf(1), NATIVE),
      caip(chainOf(1), getAddress(gusdOn(chainOf(1)).address)),
      caip(chainOf(1), getAddress(usdcOn(chainOf(1)).address)),
    ])
  })

  it('prices tokens from the price table as it is now', async () => {
    await call(stack.gateway.url, 'PUT', '/_control/prices', { prices: { ETH: 2500, GUSD: 0.99, USDC: 1 } })
    try {
      const answer = await call(stack.gateway.url, 'GET', `/v1/convert/tokens?${P}&chainId=eip155:31337`)
      expect((answer.body as { tokens: { symbol: string; price: number }[] }).tokens.map((t) => [t.symbol, t.price])).toEqual([
        ['ETH', 2500],
        ['GUSD', 0.99],
        ['USDC', 1],
      ])
    } finally {
      await call(stack.gateway.url, 'PUT', '/_control/prices', { prices: { ETH: 3000, GUSD: 1, USDC: 1 } })
    }
  })
})

describe('quotes and swaps on the chain', () => {
  it('quotes ETH → GUSD from the pool reserves, and the built swap delivers exactly the quote', async () => {
    const chain = chainOf(0)
    const account = stack.dev.accounts[1]!
    const gusd = getAddress(gusdOn(chain).address)
    const weth = getAddress(ammOn(chain).weth)
    const amount = parseEther('0.5')
    const hop = await hopOf(chain, weth, gusd)
    const quote = await quoteOf(chain, { amount, from: NATIVE, to: gusd, user: account.address })
    const expected = amountsOut(amount, [hop])[1]!
    expect(quote).toEqual({
      id: expect.any(String),
      fromAccount: caip(chain, NATIVE),
      toAccount: caip(chain, gusd),
      fromAmount: String(amount),
      toAmount: String(expected),
      priceImpact: priceImpactPercent(amount, expected, [hop]),
      path: [caip(chain, weth), caip(chain, gusd)],
    })
    // 0.5 ETH into a 100 ETH pool: about 0.3 % fee + 0.5 % depth.
    expect(quote.priceImpact).toBeGreaterThan(0.7)
    expect(quote.priceImpact).toBeLessThan(0.9)

    const tx = await buildOk(chain, { amount, from: NATIVE, to: gusd, user: account.address })
    expect(tx.to).toBe(getAddress(ammOn(chain).router))
    expect(tx.value).toBe(String(amount))
    expect(tx.amount).toBe(String(amount))
    const { reader } = walletOn(chain, account.privateKey)
    const latest = await reader.getBlock()
    const call_ = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(call_.functionName).toBe('swapExactETHForTokens')
    expect(call_.args).toEqual([(expected * 99n) / 100n, [weth, gusd], account.address, latest.timestamp + 1200n])
    expect(BigInt(tx.eip155.gasPrice)).toBe(await reader.getGasPrice())

    const balance = balances(chain, account.address)
    const [ethBefore, gusdBefore] = [await balance(), await balance(gusd)]
    const receipt = await send(chain, account.privateKey, tx)
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(tx.eip155.gas))
    expect((await balance(gusd)) - gusdBefore).toBe(BigInt(quote.toAmount))
    expect(ethBefore - (await balance())).toBe(amount + gasCost(receipt))
  })

  it('GUSD → ETH: refused until approved, then delivers exactly the quote', async () => {
    const chain = chainOf(0)
    const account = stack.dev.accounts[2]!
    const gusd = getAddress(gusdOn(chain).address)
    const amount = parseUnits('250', 6)
    const allowanceOf = async () =>
      call(stack.gateway.url, 'GET', `/v1/convert/allowance?${P}&tokenAddress=${caip(chain, gusd)}&userAddress=${caip(chain, account.address)}`)

    expect((await allowanceOf()).body).toEqual({ allowance: '0' })
    const refused = await build(chain, { amount, from: gusd, to: NATIVE, user: account.address })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ error: 'Allowance is too low: approve GUSD first' })
    // Without the estimate, it builds anyway, with the fixed one-pool gas limit.
    const unestimated = await buildOk(chain, { amount, from: gusd, to: NATIVE, user: account.address, disableEstimate: true })
    expect(unestimated.eip155.gas).toBe('200000')
    expect(unestimated.value).toBe('0')

    const approve = await approveTx(chain, { from: gusd, to: NATIVE, user: account.address })
    expect(approve.to).toBe(gusd)
    expect(approve.value).toBe('0')
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.data })).toEqual({ functionName: 'approve', args: [getAddress(ammOn(chain).router), MAX_UINT256] })
    expect((await send(chain, account.privateKey, approve)).status).toBe('success')
    expect((await allowanceOf()).body).toEqual({ allowance: String(MAX_UINT256) })

    const weth = getAddress(ammOn(chain).weth)
    const quote = await quoteOf(chain, { amount, from: gusd, to: NATIVE, user: account.address })
    expect(quote.path).toEqual([caip(chain, gusd), caip(chain, weth)])
    const tx = await buildOk(chain, { amount, from: gusd, to: NATIVE, user: account.address })
    expect(decodeFunctionData({ abi: routerAbi, data: tx.data })).toMatchObject({
      functionName: 'swapExactTokensForETH',
      args: [amount, (BigInt(quote.toAmount) * 99n) / 100n, [gusd, weth], account.address, expect.any(BigInt)],
    })
    const balance = balances(chain, account.address)
    const [ethBefore, gusdBefore] = [await balance(), await balance(gusd)]
    const receipt = await send(chain, account.privateKey, tx)
    expect(receipt.status).toBe('success')
    expect(gusdBefore - (await balance(gusd))).toBe(amount)
    expect((await balance()) - ethBefore).toBe(BigInt(quote.toAmount) - gasCost(receipt))
  })

  it('GUSD → USDC through their direct pool on the second chain, with the slippage asked for', async () => {
    const chain = chainOf(1)
    const account = stack.dev.accounts[3]!
    const gusd = getAddress(gusdOn(chain).address)
    const usdc = getAddress(usdcOn(chain).address)
    const amount = parseUnits('1000', 6)
    expect((await send(chain, account.privateKey, await approveTx(chain, { from: gusd, to: usdc, user: account.address, amount }))).status).toBe('success')
    const quote = await quoteOf(chain, { amount, from: gusd, to: usdc, user: account.address })
    expect(quote.path).toEqual([caip(chain, gusd), caip(chain, usdc)])
    const hop = await hopOf(chain, gusd, usdc)
    expect(quote.toAmount).toBe(String(amountsOut(amount, [hop])[1]))

    const tx = await buildOk(chain, { amount, from: gusd, to: usdc, user: account.address, slippage: 0.5 })
    const decoded = decodeFunctionData({ abi: routerAbi, data: tx.data })
    expect(decoded.functionName).toBe('swapExactTokensForTokens')
    expect(decoded.args![1]).toBe((BigInt(quote.toAmount) * 995n) / 1000n)
    const balance = balances(chain, account.address)
    const usdcBefore = await balance(usdc)
    const receipt = await send(chain, account.privateKey, tx)
    expect(receipt.status).toBe('success')
    expect((await balance(usdc)) - usdcBefore).toBe(BigInt(quote.toAmount))
  })

  it('a swap the price moved past its slippage reverts with the router’s reason; the sender keeps its tokens', async () => {
    const chain = chainOf(1)
    const [mover, victim] = [stack.dev.accounts[0]!, stack.dev.accounts[4]!]
    const gusd = getAddress(gusdOn(chain).address)
    const tx = await buildOk(chain, { amount: parseEther('1'), from: NATIVE, to: gusd, user: victim.address })
    // Another account buys 20 ETH worth of GUSD first: the price moves ~35 %, past the 1 %.
    const big = await buildOk(chain, { amount: parseEther('20'), from: NATIVE, to: gusd, user: mover.address })
    expect((await send(chain, mover.privateKey, big)).status).toBe('success')

    const balance = balances(chain, victim.address)
    const [ethBefore, gusdBefore] = [await balance(), await balance(gusd)]
    const { wallet, reader } = walletOn(chain, victim.privateKey)
    // The dev chains mine a failing transaction and, like a real node, answer the send with its hash.
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value!), gas: BigInt(tx.eip155.gas), gasPrice: BigInt(tx.eip155.gasPrice) })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('reverted')
    // Replayed on the state it met, the router says why.
    await expect(
      reader.call({ account: victim.address, to: tx.to, data: tx.data, value: BigInt(tx.value!), blockNumber: receipt.blockNumber - 1n }),
    ).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
    expect(await balance(gusd)).toBe(gusdBefore)
    expect(ethBefore - (await balance())).toBe(gasCost(receipt))
  })

  it('goes through WETH between two tokens without a direct pool; a token without a WETH pool is not offered', async () => {
    const chain = chainOf(0)
    const account = stack.dev.accounts[3]!
    const { wallet, reader } = walletOn(chain, account.privateKey)
    // Uniswap's own test ERC-20 (18 decimals, the whole supply to its deployer), twice.
    const artifact = createRequire(import.meta.url)('@uniswap/v2-periphery/build/ERC20.json') as { abi: Abi; bytecode: string }
    const deploy = async () => {
      const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: `0x${artifact.bytecode.replace(/^0x/, '')}`, args: [parseEther('1000000')] })
      return getAddress((await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })).contractAddress!)
    }
    const [pooled, lonely] = [await deploy(), await deploy()]
    const amm = ammOn(chain)
    const mined = async (hash: Hex) => expect((await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success')
    await mined(await wallet.writeContract({ address: pooled, abi: erc20Abi, functionName: 'approve', args: [amm.router, MAX_UINT256] }))
    await mined(
      await wallet.writeContract({
        address: amm.router,
        abi: routerAbi,
        functionName: 'addLiquidityETH',
        args: [pooled, parseEther('30000'), 0n, 0n, account.address, 2n ** 40n],
        value: parseEther('10'),
      }),
    )
    const extra: GatewayToken[] = [
      { chainId: chain.chainId, address: pooled, name: 'Pooled Token', symbol: 'PTK', decimals: 18 },
      { chainId: chain.chainId, address: lonely, name: 'Lonely Token', symbol: 'LTK', decimals: 18 },
    ]
    // A gateway that knows them, with swaps on the first chain only.
    const gateway = await startGateway({ chains: stack.dev.chains, tokens: [...stack.dev.tokens, ...extra], amm: [amm] })
    try {
      const listed = await call(gateway.url, 'GET', `/v1/convert/tokens?${P}&chainId=eip155:${chain.chainId}`)
      expect((listed.body as { tokens: { symbol: string }[] }).tokens.map((t) => t.symbol)).toEqual(['ETH', 'GUSD', 'USDC', 'PTK'])
      const served = await call(gateway.url, 'GET', `/v1/convert/tokens?${P}&chainId=eip155:${chainOf(1).chainId}`)
      expect(served.body).toEqual({ error: 'Network not supported for Swaps' })

      const gusd = getAddress(gusdOn(chain).address)
      const weth = getAddress(amm.weth)
      const amount = parseEther('150')
      const quote = await quoteOf(chain, { amount, from: pooled, to: gusd, user: account.address }, gateway.url)
      expect(quote.path).toEqual([caip(chain, pooled), caip(chain, weth), caip(chain, gusd)])
      const hops = [await hopOf(chain, pooled, weth), await hopOf(chain, weth, gusd)]
      const expected = amountsOut(amount, hops)[2]!
      expect(quote.toAmount).toBe(String(expected))
      expect(quote.priceImpact).toBe(priceImpactPercent(amount, expected, hops))

      const noRoute = await call(gateway.url, 'GET', `/v1/convert/quotes?${P}&amount=1000&from=${caip(chain, lonely)}&to=${caip(chain, NATIVE)}&userAddress=${caip(chain, account.address)}`)
      expect(noRoute.status).toBe(400)
      expect(noRoute.body).toEqual({ error: 'No Uniswap V2 pool route from LTK to ETH on eip155:31337' })

      const tx = await buildOk(chain, { amount, from: pooled, to: gusd, user: account.address }, gateway.url)
      expect(decodeFunctionData({ abi: routerAbi, data: tx.data }).args![2]).toEqual([pooled, weth, gusd])
      const unestimated = await buildOk(chain, { amount, from: pooled, to: gusd, user: account.address, disableEstimate: true }, gateway.url)
      expect(unestimated.eip155.gas).toBe('300000')
      const balance = balances(chain, account.address)
      const before = await balance(gusd)
      const receipt = await send(chain, account.privateKey, tx)
      expect(receipt.status).toBe('success')
      expect(receipt.gasUsed).toBeLessThan(300_000n)
      expect((await balance(gusd)) - before).toBe(expected)
    } finally {
      await gateway.stop()
    }
  })
})

describe('allowance, approval and gas price', () => {
  it('answers an unbounded allowance for the native token and builds approvals of a given amount', async () => {
    const chain = chainOf(0)
    const user = stack.dev.accounts[0]!.address
    const native = await call(stack.gateway.url, 'GET', `/v1/convert/allowance?${P}&tokenAddress=${caip(chain, NATIVE)}&userAddress=${caip(chain, user)}`)
    expect(native.body).toEqual({ allowance: String(2n ** 256n - 1n) })
    const gusd = getAddress(gusdOn(chain).address)
    const approve = await approveTx(chain, { from: gusd, to: NATIVE, user, amount: 123n })
    expect(approve).toEqual({
      from: user,
      to: gusd,
      data: expect.stringMatching(/^0x095ea7b3/),
      value: '0',
      eip155: { gas: expect.stringMatching(/^\d+$/), gasPrice: expect.stringMatching(/^\d+$/) },
    })
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.data }).args).toEqual([getAddress(ammOn(chain).router), 123n])
    // An approval costs ~46,000 gas; the estimate carries a 20 % margin.
    expect(Number(approve.eip155.gas)).toBeGreaterThan(40_000)
    expect(Number(approve.eip155.gas)).toBeLessThan(80_000)
  })

  it('gives three gas prices from the node, standard < fast < instant', async () => {
    for (const chain of stack.dev.chains) {
      const answer = await call(stack.gateway.url, 'GET', `/v1/convert/gas-price?${P}&chainId=eip155:${chain.chainId}`)
      expect(answer.status).toBe(200)
      const price = answer.body as { standard: string; fast: string; instant: string }
      expect(Object.keys(price).sort()).toEqual(['fast', 'instant', 'standard'])
      for (const v of Object.values(price)) expect(v).toMatch(/^\d+$/)
      const { reader } = walletOn(chain, stack.dev.accounts[0]!.privateKey)
      expect(BigInt(price.standard)).toBe(await reader.getGasPrice())
      expect(BigInt(price.fast)).toBeGreaterThan(BigInt(price.standard))
      expect(BigInt(price.instant)).toBeGreaterThan(BigInt(price.fast))
    }
  })

  it("satisfies the modal's API client (its parsers and types)", async () => {
    const api = createBlockchainApiClient({ baseUrl: stack.gateway.url, projectId: 'test-project', sdkType: 'gangway', sdkVersion: '0.0.0', retries: 0 })
    const chain = chainOf(0)
    const user = caip(chain, stack.dev.accounts[0]!.address)
    const gusd = caip(chain, getAddress(gusdOn(chain).address))
    const tokens = await api.getSwapTokens({ chainId: 'eip155:31337' })
    expect(tokens.map((t) => t.symbol)).toEqual(['ETH', 'GUSD', 'USDC'])
    const [quote] = await api.getSwapQuotes({ amount: '1000000000000000', userAddress: user, from: caip(chain, NATIVE), to: gusd, gasPrice: '0' })
    expect(quote!.toAmount).toMatch(/^[1-9]\d*$/)
    expect(await api.getSwapAllowance({ tokenAddress: gusd, userAddress: user })).toMatch(/^\d+$/)
    const gas = await api.getGasPrice({ chainId: 'eip155:31337' })
    expect(BigInt(gas.fast)).toBeGreaterThan(BigInt(gas.standard))
    const swap = await api.buildSwapTransaction({ amount: '1000000000000000', userAddress: user, from: caip(chain, NATIVE), to: gusd, slippage: 1 })
    expect(swap.to).toBe(getAddress(ammOn(chain).router))
    const approve = await api.buildApproveTransaction({ userAddress: user, from: gusd, to: caip(chain, NATIVE) })
    expect(approve.to).toBe(getAddress(gusdOn(chain).address))
  })
})

describe('refusals', () => {
  const q = (path: string, params: Record<string, string>) => `/v1/convert/${path}?${P}&${new URLSearchParams(params)}`
  const user = () => caip(chainOf(0), stack.dev.accounts[0]!.address)
  const eth = () => caip(chainOf(0), NATIVE)
  const gusd = () => caip(chainOf(0), getAddress(gusdOn(chainOf(0)).address))

  it("answers 'Network not supported for Swaps' (gas price: '… for Gas Price') for a network without swaps", async () => {
    const main = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    const mainUser = 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const answers = await Promise.all([
      call(stack.gateway.url, 'GET', q('tokens', { chainId: 'eip155:1' })),
      call(stack.gateway.url, 'GET', q('quotes', { amount: '1', from: main, to: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', userAddress: mainUser, gasPrice: '1' })),
      call(stack.gateway.url, 'GET', q('allowance', { tokenAddress: main, userAddress: mainUser })),
      call(stack.gateway.url, 'GET', q('build-approve', { from: main, to: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', userAddress: mainUser })),
      call(stack.gateway.url, 'POST', `/v1/convert/build-transaction?${P}`, { projectId: 'p', amount: '1', from: main, to: eth(), userAddress: mainUser }),
      call(stack.gateway.url, 'GET', q('tokens', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })),
      call(stack.gateway.url, 'GET', q('quotes', { amount: '1', from: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112', to: eth(), userAddress: user() })),
    ])
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 400, body: { error: 'Network not supported for Swaps' } })
    const gas = await call(stack.gateway.url, 'GET', q('gas-price', { chainId: 'eip155:1' }))
    expect({ status: gas.status, body: gas.body }).toEqual({ status: 400, body: { error: 'Network not supported for Gas Price' } })
  })

  it('refuses malformed input with a 400 naming the field', async () => {
    const quote = (over: Record<string, string | null>) => {
      const params: Record<string, string> = {}
      for (const [k, v] of Object.entries({ amount: '1000', from: eth(), to: gusd(), userAddress: user(), gasPrice: '1', ...over })) if (v !== null) params[k] = v
      return q('quotes', params)
    }
    const body = (over: Record<string, unknown>) => ({ projectId: 'p', amount: '1000000000', from: eth(), to: gusd(), userAddress: user(), ...over })
    const cases: [string, string, string, unknown?][] = [
      ['quote without from', 'GET', quote({ from: null })],
      ['quote from not CAIP-10', 'GET', quote({ from: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' })],
      ['quote from not an address', 'GET', quote({ from: 'eip155:31337:0x123' })],
      ['quote from unknown token', 'GET', quote({ from: 'eip155:31337:0x000000000000000000000000000000000000dEaD' })],
      ['quote to on another chain', 'GET', quote({ to: caip(chainOf(1), getAddress(gusdOn(chainOf(1)).address)) })],
      ['quote from == to', 'GET', quote({ to: eth() })],
      ['quote user on another chain', 'GET', quote({ userAddress: caip(chainOf(1), stack.dev.accounts[0]!.address) })],
      ['quote amount 0', 'GET', quote({ amount: '0' })],
      ['quote amount negative', 'GET', quote({ amount: '-5' })],
      ['quote amount decimal', 'GET', quote({ amount: '1.5' })],
      ['quote amount missing', 'GET', quote({ amount: null })],
      ['quote amount past uint112', 'GET', quote({ amount: String(MAX_SWAP_AMOUNT + 1n) })],
      ['quote amount buys nothing', 'GET', quote({ amount: '1' })],
      ['quote gasPrice', 'GET', quote({ gasPrice: 'fast' })],
      ['tokens without chainId', 'GET', q('tokens', {})],
      ['tokens chainId malformed', 'GET', q('tokens', { chainId: 'ethereum' })],
      ['allowance without user', 'GET', q('allowance', { tokenAddress: gusd() })],
      ['approve of the native token', 'GET', q('build-approve', { from: eth(), to: gusd(), userAddress: user() })],
      ['approve amount', 'GET', q('build-approve', { from: gusd(), to: eth(), userAddress: user(), amount: String(MAX_UINT256 + 1n) })],
      ['build body not an object', 'POST', `/v1/convert/build-transaction?${P}`, [1, 2]],
      ['build body not JSON', 'POST', `/v1/convert/build-transaction?${P}`, '{"amount": '],
      ['build without projectId', 'POST', '/v1/convert/build-transaction', { ...body({}), projectId: undefined }],
      ['build amount as a number', 'POST', `/v1/convert/build-transaction?${P}`, body({ amount: 1000 })],
      ['build slippage over 50', 'POST', `/v1/convert/build-transaction?${P}`, body({ slippage: 51 })],
      ['build slippage negative', 'POST', `/v1/convert/build-transaction?${P}`, body({ slippage: -1 })],
      ['build slippage text', 'POST', `/v1/convert/build-transaction?${P}`, body({ slippage: 'one' })],
      ['build disableEstimate', 'POST', `/v1/convert/build-transaction?${P}`, body({ disableEstimate: 'yes' })],
      ['build balance too low', 'POST', `/v1/convert/build-transaction?${P}`, body({ userAddress: caip(chainOf(0), '0x000000000000000000000000000000000000bEEF') })],
    ]
    const errors: Record<string, unknown> = {}
    for (const [name, method, path, payload] of cases) {
      const answer = await call(stack.gateway.url, method, path, payload)
      expect(answer.status, `${name}: ${answer.text}`).toBe(400)
      errors[name] = (answer.body as { error: string }).error
    }
    expect(errors).toMatchInlineSnapshot(`
      {
        "allowance without user": "'userAddress' is required (a CAIP-10 id like eip155:31337:0x…)",
        "approve amount": "'amount' must be at most 115792089237316195423570985008687907853269984665640564039457584007913129639935 (2^256 − 1)",
        "approve of the native token": "'from' is the native token (ETH): it needs no approval",
        "build amount as a number": "'amount' must be a positive integer in base units, as decimal text, got 1000",
        "build balance too low": "Balance is too low: 0x000000000000000000000000000000000000bEEF holds 0 ETH, the swap sells 0.000000001 ETH",
        "build body not JSON": "Request body must be valid JSON",
        "build body not an object": "Body must be a JSON object { projectId, amount, userAddress, from, to, slippage?, disableEstimate? }",
        "build disableEstimate": "'disableEstimate' must be a boolean, got "yes"",
        "build slippage negative": "'slippage' must be a percentage from 0 to 50, got -1",
        "build slippage over 50": "'slippage' must be a percentage from 0 to 50, got 51",
        "build slippage text": "'slippage' must be a percentage from 0 to 50, got 'one'",
        "build without projectId": "'projectId' is required (in the body or the query), a string of at most 200 characters",
        "quote amount 0": "'amount' must be a positive integer in base units, got '0'",
        "quote amount buys nothing": "'amount' is too small: the pools would give no GUSD for 0.000000000000000001 ETH",
        "quote amount decimal": "'amount' must be a positive integer in base units, as decimal text, got '1.5'",
        "quote amount missing": "'amount' is required (a positive integer in base units, as decimal text)",
        "quote amount negative": "'amount' must be a positive integer in base units, as decimal text, got '-5'",
        "quote amount past uint112": "'amount' must be at most 5192296858534827628530496329220095 (2^112 − 1, what a Uniswap V2 pool can hold)",
        "quote from == to": "'from' and 'to' are the same token (ETH): nothing to swap",
        "quote from not CAIP-10": "'from' must be a CAIP-10 id like eip155:31337:0x…, got '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'",
        "quote from not an address": "'from' must end in a 0x-prefixed 20-byte hex address, got '0x123'",
        "quote from unknown token": "'from' is not a token the swap API knows on eip155:31337: 0x000000000000000000000000000000000000dEaD",
        "quote gasPrice": "'gasPrice' must be a non-negative integer in wei, got 'fast'",
        "quote to on another chain": "'to' is on eip155:31338, not on eip155:31337 as 'from' is",
        "quote user on another chain": "'userAddress' is on eip155:31338, not on eip155:31337 as 'from' is",
        "quote without from": "'from' is required (a CAIP-10 id like eip155:31337:0x…)",
        "tokens chainId malformed": "Query 'chainId' must be a CAIP-2 network id like eip155:1, got 'ethereum'",
        "tokens without chainId": "Query 'chainId' is required (a CAIP-2 network id like eip155:31337)",
      }
    `)
  })

  it('answers 502 with the node’s URL when the RPC node is down', async () => {
    const rpcUrl = await deadUrl()
    const chain = { chainId: 31337, name: 'Down', rpcUrl }
    const gateway = await startGateway({ chains: [chain], tokens: stack.dev.tokens.filter((t) => t.chainId === 31337), amm: [ammOn(chainOf(0))] })
    try {
      const paths = [
        q('tokens', { chainId: 'eip155:31337' }),
        q('gas-price', { chainId: 'eip155:31337' }),
        q('quotes', { amount: '1000', from: eth(), to: gusd(), userAddress: user() }),
        q('allowance', { tokenAddress: gusd(), userAddress: user() }),
        q('build-approve', { from: gusd(), to: eth(), userAddress: user() }),
      ]
      for (const path of paths) {
        const answer = await call(gateway.url, 'GET', path)
        expect(answer.status, path).toBe(502)
        expect((answer.body as { error: string }).error).toContain(`The RPC node of eip155:31337 (${rpcUrl}) failed`)
      }
      const built = await call(gateway.url, 'POST', `/v1/convert/build-transaction?${P}`, { projectId: 'p', amount: '1000', from: eth(), to: gusd(), userAddress: user() })
      expect(built.status).toBe(502)
    } finally {
      await gateway.stop()
    }
  })
})
