// Fuzz: the swap API (/v1/convert/*) over the two local hardhat chains with their Uniswap V2
// pools. Arbitrary query strings for the five GET endpoints and arbitrary JSON bodies for
// build-transaction, made of well-formed values (served tokens, dev accounts, amounts), near
// misses (other chains, bad hex, negative or fractional amounts, slippage out of range) and junk.
// Every answer is a 200 in the documented shape or a 400 `{ error }`, never a 5xx, and the
// gateway keeps answering. A 200 build does what the body asked (recipient, amount, value, swap
// function) and only comes from valid fields. The accounts approve GUSD once before the campaign;
// after that nothing is sent to the chains (builds are only estimated).

import fc from 'fast-check'
import { decodeFunctionData, erc20Abi, getAddress, isAddress, parseAbi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { P, stackPerFile, walletOn } from '../unit/gateway/harness'
import { fuzzParams } from './fuzzParams'

const stack = stackPerFile()

// Every dev account lets the routers spend its GUSD, so token sells reach the estimate too.
beforeAll(async () => {
  for (const chain of stack.dev.chains) {
    const amm = stack.dev.amm.find((a) => a.chainId === chain.chainId)!
    const gusd = stack.dev.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'GUSD')!
    for (const account of stack.dev.accounts) {
      const { wallet, reader } = walletOn(chain, account.privateKey)
      const hash = await wallet.writeContract({ address: gusd.address, abi: erc20Abi, functionName: 'approve', args: [amm.router, 2n ** 255n] })
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    }
  }
}, 30_000)

const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const ENDPOINTS = ['tokens', 'quotes', 'allowance', 'gas-price', 'build-approve'] as const
type Endpoint = (typeof ENDPOINTS)[number] | 'build-transaction'

/** A value drawn lazily, once the chains (and their addresses) exist. */
type Lazy = () => string

const chainIds = () => stack.dev.chains.map((c) => c.chainId)
const hexAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
const network: fc.Arbitrary<Lazy> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 1 }).map((i) => () => `eip155:${chainIds()[i]}`) },
  { weight: 1, arbitrary: fc.constantFrom('eip155:1', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:', 'EIP155:31337', 'eip155:031337').map((n) => () => n) },
)
/** The account part of a CAIP-10 id: known tokens, dev accounts, WETH, random or broken addresses. */
const account: fc.Arbitrary<(chainId: number) => string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(() => NATIVE) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 1 }).map((i) => (chainId: number) => stack.dev.tokens.filter((t) => t.chainId === chainId)[i]?.address ?? NATIVE) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 4 }).map((i) => () => stack.dev.accounts[i]!.address) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 4 }).map((i) => () => stack.dev.accounts[i]!.address.toLowerCase()) },
  { weight: 1, arbitrary: fc.constant((chainId: number) => stack.dev.amm.find((a) => a.chainId === chainId)?.weth ?? NATIVE) },
  { weight: 2, arbitrary: hexAddress.map((a) => () => a) },
  { weight: 1, arbitrary: hexAddress.map((a) => () => a.slice(0, 30)) },
  { weight: 1, arbitrary: hexAddress.map((a) => () => `${a.slice(0, 10)}${a.slice(10).toUpperCase()}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 50 }).map((s) => () => s) },
)
const caip10: fc.Arbitrary<Lazy> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.tuple(network, account).map(([n, a]) => () => {
      const net = n()
      return `${net}:${a(Number(net.split(':')[1]))}`
    }),
  },
  { weight: 1, arbitrary: account.map((a) => () => a(chainIds()[0]!)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map((s) => () => s) },
)
const amount: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 257n }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e18', '0x10', ' 1', '', '00012', '9'.repeat(90)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
)
const chainIdJunk: fc.Arbitrary<Lazy | string> = fc.oneof(network, fc.string({ maxLength: 30 }))
const jsonish = fc.jsonValue({ maxDepth: 2 })

/**
 * A coherent request on one served chain (tokens: 0 native, 1 GUSD, 2 USDC; a dev account;
 * an amount up to 10^10 or 10^20 base units), so a good share of the campaign passes validation
 * and reaches the pools; each field is then kept, dropped or replaced by a fuzzed value.
 */
const coherent = fc
  .record({
    chain: fc.integer({ min: 0, max: 1 }),
    from: fc.integer({ min: 0, max: 2 }),
    step: fc.integer({ min: 1, max: 2 }),
    user: fc.integer({ min: 0, max: 4 }),
    // Small amounts too: the dev accounts hold a million GUSD, 10^12 of its base units.
    amount: fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 10n }), fc.bigInt({ min: 1n, max: 10n ** 20n })),
  })
  .map(({ step, ...r }) => ({ ...r, to: (r.from + step) % 3 }))
type Coherent = { chain: number; from: number; to: number; user: number; amount: bigint }

function resolve(base: Coherent): Record<string, string> {
  const chainId = chainIds()[base.chain]!
  const asset = (i: number) => (i === 0 ? NATIVE : stack.dev.tokens.filter((t) => t.chainId === chainId)[i - 1]!.address)
  const from = `eip155:${chainId}:${asset(base.from)}`
  return {
    chainId: `eip155:${chainId}`,
    from,
    tokenAddress: from,
    to: `eip155:${chainId}:${asset(base.to)}`,
    userAddress: `eip155:${chainId}:${stack.dev.accounts[base.user]!.address}`,
    amount: String(base.amount),
    gasPrice: '0',
  }
}

const KEEP = Symbol('keep')
const DROP = Symbol('drop')
type Choice<T> = typeof KEEP | typeof DROP | T
const choice = <T>(junk: fc.Arbitrary<T>): fc.Arbitrary<Choice<T>> =>
  fc.oneof({ weight: 10, arbitrary: fc.constant(KEEP) }, { weight: 1, arbitrary: fc.constant(DROP) }, { weight: 2, arbitrary: junk })

const queryJunk: Record<string, fc.Arbitrary<Lazy | string>> = {
  chainId: chainIdJunk,
  from: caip10,
  to: caip10,
  tokenAddress: caip10,
  userAddress: caip10,
  amount,
  gasPrice: fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String), fc.string({ maxLength: 8 })),
}
const FIELDS: Record<(typeof ENDPOINTS)[number], string[]> = {
  tokens: ['chainId'],
  'gas-price': ['chainId'],
  quotes: ['amount', 'from', 'to', 'userAddress', 'gasPrice'],
  allowance: ['tokenAddress', 'userAddress'],
  'build-approve': ['from', 'to', 'userAddress', 'amount'],
}

/** A query of `endpoint`: the coherent request with fields varied, a projectId most times, stray extras. */
function queryOf(endpoint: (typeof ENDPOINTS)[number]): fc.Arbitrary<() => string> {
  const fields = FIELDS[endpoint]
  return fc
    .tuple(
      coherent,
      fc.tuple(...fields.map((f) => choice(queryJunk[f]!))),
      fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 })), { maxLength: 2 }),
    )
    .map(([base, choices, withProject, extras]) => () => {
      const good = resolve(base)
      const q = new URLSearchParams(withProject ? P : '')
      fields.forEach((f, i) => {
        const c = choices[i]
        if (c === DROP) return
        q.set(f, c === KEEP ? good[f]! : typeof c === 'function' ? c() : c!)
      })
      // Extras after the fields: a duplicate name does not replace the first value read.
      for (const [k, v] of extras) q.append(k, v)
      return q.toString()
    })
}

/** A build-transaction body: mostly the coherent request with fields varied, sometimes anything. */
const buildBody: fc.Arbitrary<() => unknown> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        coherent,
        fc.tuple(
          choice(fc.oneof(fc.constant<Lazy | unknown>('fuzz'), jsonish)),
          choice(fc.oneof<fc.Arbitrary<unknown>[]>(amount, jsonish)),
          choice(fc.oneof<fc.Arbitrary<unknown>[]>(caip10, jsonish)),
          choice(fc.oneof<fc.Arbitrary<unknown>[]>(caip10, jsonish)),
          choice(fc.oneof<fc.Arbitrary<unknown>[]>(caip10, jsonish)),
        ),
        fc.option(
          fc.oneof<fc.Arbitrary<unknown>[]>(fc.integer({ min: -1_000, max: 12_000 }).map((x) => x / 100), fc.integer({ min: 0, max: 50 }), fc.double({ noNaN: true }), fc.constantFrom('1', '0.5', 'abc', null, true), jsonish),
          { nil: undefined },
        ),
        fc.option(fc.oneof<fc.Arbitrary<unknown>[]>(fc.boolean(), jsonish), { nil: undefined }),
      )
      .map(([base, [projectId, amt, from, to, user], slippage, disableEstimate]) => () => {
        const good = resolve(base)
        const body: Record<string, unknown> = {}
        const put = (name: string, c: unknown, kept: unknown) => {
          if (c === DROP) return
          body[name] = c === KEEP ? kept : typeof c === 'function' ? (c as Lazy)() : c
        }
        put('projectId', projectId, 'fuzz')
        put('amount', amt, good.amount)
        put('from', from, good.from)
        put('to', to, good.to)
        put('userAddress', user, good.userAddress)
        if (slippage !== undefined) body.slippage = slippage
        if (disableEstimate !== undefined) body.disableEstimate = disableEstimate
        return body
      }),
  },
  { weight: 1, arbitrary: jsonish.map((v) => () => v) },
)

const DIGITS = /^\d+$/
type Json = Record<string, unknown>

/** Checks a 200 answer against the documented shape of its endpoint. */
function expectShape(endpoint: Endpoint, body: Json, sent: URLSearchParams | Json): void {
  const isCaip10 = (v: unknown) => typeof v === 'string' && /^eip155:\d+:0x[0-9a-fA-F]{40}$/.test(v)
  switch (endpoint) {
    case 'tokens': {
      const tokens = body.tokens as Json[]
      expect(Array.isArray(tokens) && tokens.length >= 1).toBe(true)
      expect(tokens[0]).toMatchObject({ symbol: 'ETH', decimals: 18, address: `${(sent as URLSearchParams).get('chainId')}:${NATIVE}` })
      for (const t of tokens) {
        expect(isCaip10(t.address)).toBe(true)
        expect(t).toMatchObject({ quantity: { decimals: String(t.decimals), numeric: '0' }, value: 0 })
        expect(typeof t.price === 'number' && Number.isFinite(t.price)).toBe(true)
        expect(String(t.logoUri)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/getTokenImage\//)
      }
      return
    }
    case 'quotes': {
      const quotes = body.quotes as Json[]
      expect(quotes).toHaveLength(1)
      const [q] = quotes as [Json]
      const s = sent as URLSearchParams
      expect(q.fromAmount).toBe(BigInt(s.get('amount')!).toString())
      expect(String(q.toAmount)).toMatch(/^[1-9]\d*$/)
      expect(q.fromAccount).toBe(normalized(s.get('from')!))
      expect(q.toAccount).toBe(normalized(s.get('to')!))
      expect(typeof q.priceImpact === 'number' && q.priceImpact >= 0 && q.priceImpact <= 100).toBe(true)
      expect(Array.isArray(q.path) && (q.path as unknown[]).every(isCaip10)).toBe(true)
      return
    }
    case 'allowance':
      expect(String(body.allowance)).toMatch(DIGITS)
      return
    case 'gas-price': {
      for (const k of ['standard', 'fast', 'instant']) expect(String(body[k])).toMatch(DIGITS)
      expect(BigInt(body.standard as string) < BigInt(body.fast as string) && BigInt(body.fast as string) < BigInt(body.instant as string)).toBe(true)
      return
    }
    case 'build-approve':
    case 'build-transaction': {
      const tx = body.tx as Json
      expect(isAddress(String(tx.from)) && isAddress(String(tx.to))).toBe(true)
      expect(String(tx.data)).toMatch(/^0x[0-9a-f]+$/)
      expect(String(tx.value)).toMatch(DIGITS)
      const gas = tx.eip155 as Json
      expect(String(gas.gas)).toMatch(/^[1-9]\d*$/)
      expect(String(gas.gasPrice)).toMatch(DIGITS)
      if (endpoint === 'build-approve') {
        expect(String(tx.data)).toMatch(/^0x095ea7b3/)
        expect(tx.value).toBe('0')
      } else {
        // A transaction is built only from valid input, and it does what was asked.
        const input = sent as Json
        const slippage = input.slippage
        expect(slippage === undefined || slippage === null || ((typeof slippage === 'number' || typeof slippage === 'string') && Number(slippage) >= 0 && Number(slippage) <= 50), `slippage ${JSON.stringify(slippage)}`).toBe(true)
        expect(input.disableEstimate === undefined || input.disableEstimate === null || typeof input.disableEstimate === 'boolean', 'disableEstimate').toBe(true)
        expect(typeof input.projectId === 'string' || input.projectId === undefined || input.projectId === null, 'projectId').toBe(true)
        expect(stack.dev.amm.map((a) => getAddress(a.router))).toContain(tx.to)
        const amount = BigInt(input.amount as string)
        expect(tx.amount).toBe(amount.toString())
        const sellsNative = normalized(String(input.from)).endsWith(NATIVE)
        expect(tx.value).toBe(sellsNative ? amount.toString() : '0')
        expect(tx.from).toBe(getAddress(String(input.userAddress).split(':')[2]!))
        const { functionName, args } = decodeFunctionData({ abi: routerAbi, data: tx.data as `0x${string}` })
        const recipient = sellsNative ? args[2] : args[3]
        expect(recipient).toBe(tx.from)
        if (!sellsNative) expect(args[0]).toBe(amount)
        expect(functionName).toBe(sellsNative ? 'swapExactETHForTokens' : normalized(String(input.to)).endsWith(NATIVE) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens')
      }
    }
  }
}

/** A CAIP-10 token id as the gateway echoes it: checksummed, the native token as given. */
function normalized(id: string): string {
  const [ns, ref, addr] = id.split(':')
  return `${ns}:${ref}:${addr!.toLowerCase() === NATIVE ? NATIVE : getAddress(addr!)}`
}

async function expectAnswer(endpoint: Endpoint, response: Response, sent: URLSearchParams | Json, label: string): Promise<void> {
  const text = await response.text()
  expect([200, 400], `${label} → ${response.status} ${text}`).toContain(response.status)
  const body = JSON.parse(text) as Json
  if (response.status === 400) {
    expect(typeof body.error === 'string' && body.error !== '', `${label} → ${text}`).toBe(true)
    return
  }
  expectShape(endpoint, body, sent)
}

describe('fuzz: the swap API through the gateway', () => {
  it('answers any query of the GET endpoints with its documented shape or a 400', async () => {
    const served = new Map<string, number>()
    const params = fuzzParams('gatewayConvertQueries', 300, { interruptAfterTimeLimit: 90_000 })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS).chain((e) => queryOf(e).map((q) => [e, q] as const)),
        async ([endpoint, query]) => {
          const q = query()
          const response = await fetch(`${stack.gateway.url}/v1/convert/${endpoint}?${q}`)
          if (response.status === 200) served.set(endpoint, (served.get(endpoint) ?? 0) + 1)
          await expectAnswer(endpoint, response, new URLSearchParams(q), `GET ${endpoint}?${q}`)
        },
      ),
      params,
    )
    // The campaign reached past validation on every endpoint, not only refusals (short replays aside).
    if ((params.numRuns ?? 0) >= 100) expect([...served.keys()].sort()).toEqual([...ENDPOINTS].sort())
    expect((await fetch(`${stack.gateway.url}/health`)).status).toBe(200)
  }, 120_000)

  it('answers any build-transaction body with a transaction or a 400', async () => {
    const seen = new Map<number, number>()
    const params = fuzzParams('gatewayConvertBuild', 200, { interruptAfterTimeLimit: 90_000 })
    await fc.assert(
      fc.asyncProperty(buildBody, fc.boolean(), async (makeBody, withProject) => {
        const text = JSON.stringify(makeBody())
        const response = await fetch(`${stack.gateway.url}/v1/convert/build-transaction${withProject ? `?${P}` : ''}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        })
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1)
        // Checked against what the gateway read (JSON turns Infinity into null, drops undefined).
        await expectAnswer('build-transaction', response, JSON.parse(text) as Json, `POST ${text}`)
      }),
      params,
    )
    if ((params.numRuns ?? 0) >= 100) expect(seen.get(200) ?? 0).toBeGreaterThan(0)
    expect((await fetch(`${stack.gateway.url}/health`)).status).toBe(200)
  }, 120_000)
})
