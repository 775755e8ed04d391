/**
 * Swap API benchmark: the latency of the dev gateway's `/v1/convert/quotes` and
 * `POST /v1/convert/build-transaction` over HTTP, against the two local hardhat chains with their
 * Uniswap V2 pools (the configuration `npm start` runs: both chains, all tokens and pools).
 * Sequential requests one after the other, then 8 concurrent clients.
 *
 *   npx tsx bench/gateway/convert.bench.ts            (prints and rewrites its results.md section)
 *   npx tsx bench/gateway/convert.bench.ts --no-write (prints only)
 */
import { pathToFileURL } from 'node:url'
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startChains, type DevChain, type DevChains } from '../../dev/chain/startChains'
import { startGateway } from '../../dev/gateway/startGateway'
import { machineNote, today } from '../support/machineNote'
import { writeResultsSection } from '../support/writeResultsSection'

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export type LatencyRun = { label: string; requests: number; clients: number; samplesMs: number[]; wallMs: number }
export type ConvertResults = { runs: LatencyRun[]; sequential: number; warmup: number; concurrentClients: number; perClient: number }

type Request = { method: 'GET' | 'POST'; path: string; body?: unknown }

/** One request; throws unless the gateway answered 200. */
async function send(base: string, request: Request): Promise<void> {
  const init: RequestInit = { method: request.method }
  if (request.body !== undefined) {
    init.body = JSON.stringify(request.body)
    init.headers = { 'content-type': 'application/json' }
  }
  const response = await fetch(`${base}${request.path}`, init)
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${request.method} ${base}${request.path} answered ${response.status}: ${text}`)
}

/** `count` requests from each of `clients` clients at once, each client sending its next when the last is answered. */
async function measure(base: string, label: string, requests: (i: number) => Request, count: number, clients: number): Promise<LatencyRun> {
  const samplesMs: number[] = []
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < count; i++) {
        const started = performance.now()
        await send(base, requests(c * count + i))
        samplesMs.push(performance.now() - started)
      }
    }),
  )
  return { label, requests: count * clients, clients, samplesMs, wallMs: performance.now() - t0 }
}

/**
 * The requests measured, rotating over both chains and every kind of pair: quotes of ETH → GUSD,
 * GUSD → USDC (direct pool) and USDC → ETH; builds of ETH → GUSD and GUSD → USDC, each with the
 * gas estimate (the sellers' allowances are set up first), as the modal asks for them.
 */
function workload(dev: DevChains) {
  const id = (chainId: number, address: string) => `eip155:${chainId}:${address}`
  const legs = dev.chains.flatMap((chain) => {
    const gusd = dev.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'GUSD')!.address
    const usdc = dev.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'USDC')!.address
    return [
      { chainId: chain.chainId, from: NATIVE, to: gusd, amount: '250000000000000000', user: dev.accounts[0]!.address },
      { chainId: chain.chainId, from: gusd, to: usdc, amount: '125000000', user: dev.accounts[1]!.address },
      { chainId: chain.chainId, from: usdc, to: NATIVE, amount: '40000000', user: dev.accounts[0]!.address },
    ]
  })
  const quote = (i: number): Request => {
    const leg = legs[i % legs.length]!
    const q = new URLSearchParams({
      projectId: 'bench',
      st: 'gangway',
      sv: '0.0.0',
      amount: leg.amount,
      userAddress: id(leg.chainId, leg.user),
      from: id(leg.chainId, leg.from),
      to: id(leg.chainId, leg.to),
      gasPrice: '0',
    })
    return { method: 'GET', path: `/v1/convert/quotes?${q}` }
  }
  // USDC → ETH is left out of the builds: the dev accounts hold no USDC.
  const buildable = legs.filter((l) => l.to !== NATIVE)
  const build = (i: number): Request => {
    const leg = buildable[i % buildable.length]!
    return {
      method: 'POST',
      path: '/v1/convert/build-transaction?projectId=bench&st=gangway&sv=0.0.0',
      body: { projectId: 'bench', amount: leg.amount, userAddress: id(leg.chainId, leg.user), from: id(leg.chainId, leg.from), to: id(leg.chainId, leg.to), slippage: 1 },
    }
  }
  return { quote, build }
}

/** Lets `spender` spend the token of `privateKey`'s account, mined before it returns. */
async function approve(chain: DevChain, privateKey: `0x${string}`, token: `0x${string}`, spender: `0x${string}`): Promise<void> {
  const viemChain = defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  const wallet = createWalletClient({ chain: viemChain, transport: http(chain.rpcUrl), account: privateKeyToAccount(privateKey) })
  const hash = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, 2n ** 255n] })
  await createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

export async function runConvertBench(options: { sequential?: number; warmup?: number; clients?: number; perClient?: number } = {}): Promise<ConvertResults> {
  const sequential = options.sequential ?? 300
  const warmup = options.warmup ?? 50
  const concurrentClients = options.clients ?? 8
  const perClient = options.perClient ?? 100
  const dev = await startChains()
  try {
    const gateway = await startGateway({ chains: dev.chains, tokens: dev.tokens, collections: dev.collections, amm: dev.amm, treasury: dev.treasury })
    try {
      // The GUSD seller lets the routers spend its GUSD, so its builds estimate as a real swap would.
      for (const chain of dev.chains) {
        const amm = dev.amm.find((a) => a.chainId === chain.chainId)!
        const gusd = dev.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'GUSD')!
        await approve(chain, dev.accounts[1]!.privateKey, gusd.address, amm.router)
      }
      const { quote, build } = workload(dev)
      const runs: LatencyRun[] = []
      for (const [label, request] of [
        ['GET /v1/convert/quotes', quote],
        ['POST /v1/convert/build-transaction', build],
      ] as const) {
        await measure(gateway.url, 'warm-up', request, warmup, 1)
        runs.push(await measure(gateway.url, label, request, sequential, 1))
        runs.push(await measure(gateway.url, label, request, perClient, concurrentClients))
      }
      return { runs, sequential, warmup, concurrentClients, perClient }
    } finally {
      await gateway.stop()
    }
  } finally {
    await dev.stop()
  }
}

/** The nearest-rank percentile `p` (0–100) of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

const ms = (x: number) => `${x.toFixed(1)} ms`

export function convertSection(r: ConvertResults): string {
  const rows = r.runs.map(
    (run) =>
      `| ${run.label} | ${run.clients === 1 ? 'sequential' : `${run.clients} concurrent clients`} | ${run.requests} | ${ms(percentile(run.samplesMs, 50))} | ${ms(percentile(run.samplesMs, 95))} | ${ms(percentile(run.samplesMs, 99))} | ${Math.round((run.requests / run.wallMs) * 1000).toLocaleString('en-US')} |`,
  )
  return `## Swap API latency (${today()})

Command: \`npx tsx bench/gateway/convert.bench.ts\`. Machine: ${machineNote()}. Date: ${today()}.

The dev gateway (\`dev/gateway/convert.ts\`) in this process over HTTP on 127.0.0.1, with the
two local hardhat chains and their Uniswap V2 pools (ETH/GUSD, ETH/USDC, GUSD/USDC on each), as
\`npm start\` runs them. Quotes rotate over both chains and three pairs (ETH → GUSD, GUSD → USDC,
USDC → ETH); builds over ETH → GUSD and GUSD → USDC with the gas estimate on (the GUSD seller
approved the routers first), 1 % slippage. A quote is two batched JSON-RPC round trips to the
node (the latest block and the pair addresses; then the reserves and the router's \`getAmountsOut\`,
pinned to that block); a build adds a third (the gas estimate, the seller's balance and allowance,
the gas price). The bench, the gateway and both nodes share the machine.

Each run follows ${r.warmup} untimed requests of its kind. Sequential: ${r.sequential} requests one after the other.
Concurrent: ${r.concurrentClients} clients sending ${r.perClient} requests each, every client its next one once answered.
Latency is per request, from \`fetch\` to the whole answer read; requests/s is requests over the run's wall time.

| endpoint | clients | requests | p50 | p95 | p99 | requests/s |
|---|---|---:|---:|---:|---:|---:|
${rows.join('\n')}
`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runConvertBench()
  const section = convertSection(results)
  console.log(section)
  if (!process.argv.includes('--no-write')) await writeResultsSection('convert', section)
}
