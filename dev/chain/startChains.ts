import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { freePort } from '../stack/ports'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createPublicClient,
  createWalletClient,
  custom,
  getContractAddress,
  keccak256,
  parseEther,
  stringToBytes,
  toHex,
  type Abi,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { deploySmartAccountContracts } from './deploySmartAccountContracts'
import { SMART_ACCOUNT_CONTRACTS, type SmartAccountContracts } from './smartAccountContracts'
import { followChildOutput } from '../stack/childOutput'
import { localChain } from './viemChain'

export type DevChain = { chainId: number; name: string; rpcUrl: string }
export type DevToken = { chainId: number; address: `0x${string}`; name: string; symbol: string; decimals: number }
export type DevAccount = { address: `0x${string}`; privateKey: `0x${string}` }
/** An ERC-721 collection of the dev chains: token `i + 1` minted to account `i`; `spam` ones are an unsolicited airdrop. */
export type DevCollection = { chainId: number; address: `0x${string}`; name: string; symbol: string; spam: boolean }
/** Uniswap V2 on a dev chain: its factory, WETH and Router02, with pools seeded by the deployer. */
export type DevAmm = { chainId: number; factory: `0x${string}`; router: `0x${string}`; weth: `0x${string}` }
export type DevChains = {
  chains: DevChain[]
  /** GUSD on each chain, then USDC on each chain (`tokens.find(t => t.chainId === id)` is GUSD). */
  tokens: DevToken[]
  collections: DevCollection[]
  accounts: DevAccount[]
  amm: DevAmm[]
  /** The deployer: it holds the USDC reserve (what the dev on-ramp delivers from) and the pools' liquidity. */
  treasury: DevAccount
  /** The dev exchanges' hot wallet (Pay from an exchange): a default account no wallet of the stack uses, 10000 ETH. */
  exchange: DevAccount
  /** ERC-4337 EntryPoints, SimpleAccountFactory 0.7 and Simple7702Account, at these addresses on every chain. */
  smartAccountContracts: SmartAccountContracts
  stop(): Promise<void>
}

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

const CHAINS = [
  { chainId: 31337, name: 'Gangway Local' },
  { chainId: 31338, name: 'Gangway Local 2' },
] as const

const TOKEN = { name: 'Gangway USD', symbol: 'GUSD', decimals: 6 } as const
/** The collections deployed after GUSD (deployer nonces 1 and 2): one each account holds, and an unsolicited airdrop. */
const COLLECTIONS = [
  { name: 'Gangway Pass', symbol: 'GPASS', spam: false },
  { name: 'Free Claim', symbol: 'CLAIM', spam: true },
] as const
const TOKEN_PER_ACCOUNT = 1_000_000n * 10n ** 6n
/** Test USDC: the accounts hold none (it arrives through the dev on-ramp); the treasury holds the reserve. */
const USDC = { name: 'USD Coin', symbol: 'USDC', decimals: 6 } as const
const TREASURY_TOKENS = 1_000_000_000n * 10n ** 6n
/** Pools seeded on each chain (1 ETH = 3,000 GUSD = 3,000 USDC, the gateway's default prices). */
const POOL_ETH = 100n * 10n ** 18n
const POOL_STABLE = 300_000n * 10n ** 6n

/** The first five accounts of hardhat's default mnemonic ("test test … junk"), 10000 ETH each. */
const ACCOUNTS: DevAccount[] = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
  {
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  },
]

/**
 * The last of hardhat's twenty default accounts: the dev exchanges pay from it. Why not the
 * treasury: its nonces belong to the on-ramp's deliveries, and two senders would collide.
 */
const EXCHANGE_HOT_WALLET: DevAccount = {
  address: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
  privateKey: '0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e',
}

// Why a dedicated deployer outside the funded accounts: the token lands at the deployer's
// nonce-0 address on every chain and every run, and the accounts handed to wallets keep nonce 0.
const DEPLOYER_KEY = keccak256(stringToBytes('gangway dev deployer'))
const DEPLOYER = privateKeyToAccount(DEPLOYER_KEY)

const READY_TIMEOUT_MS = 30_000

/**
 * Starts two local hardhat nodes (chain ids 31337 and 31338) on 127.0.0.1, deploys the GUSD
 * ERC-20 on both and funds the first five default accounts with ETH and GUSD. Both chains also
 * carry the ERC-4337 EntryPoints and Simple7702Account at their canonical addresses.
 *
 * `count: 1` starts only the first chain (31337, the same contracts at the same addresses): for
 * a test that never touches the second, a hardhat node and its deployments fewer (about 5 CPU
 * seconds).
 *
 * @example
 * const dev = await startChains()
 * console.log(dev.chains[0].rpcUrl, dev.tokens[0].address)
 * await dev.stop()
 */
export async function startChains(options?: {
  ports?: [number, number] | [number]
  count?: 1 | 2
  log?: (line: string) => void
}): Promise<DevChains> {
  const log = options?.log ?? (() => {})
  const count = options?.count ?? options?.ports?.length ?? CHAINS.length
  const ports = options?.ports ?? (count === 1 ? [await freePort()] : [await freePort(), await freePort()])
  if (ports.length !== count) throw new Error(`startChains: ${count} chains need ${count} ports, got ${ports.length}`)
  // Why: with a port taken (say another `main.ts` on 8545) the other server would answer our
  // readiness probe with the right chain id before our child fails with EADDRINUSE.
  for (const port of ports) await assertPortFree(port)
  const children: ChildProcess[] = []
  const killAll = (): void => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  // Children also watch their stdin (parentWatchdog.cjs), which covers a parent killed by a signal.
  process.on('exit', killAll)

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      await Promise.all(children.map(stopChild))
      process.off('exit', killAll)
    })()
    return stopping
  }

  try {
    const chains: DevChain[] = CHAINS.slice(0, count).map((chain, i) => ({
      chainId: chain.chainId,
      name: chain.name,
      rpcUrl: `http://127.0.0.1:${ports[i]}`,
    }))
    const exited = chains.map((chain) => {
      const child = spawnNode(chain.chainId, Number(new URL(chain.rpcUrl).port), log)
      children.push(child)
      return child
    })
    const t0 = performance.now()
    const elapsed = () => `${Math.round(performance.now() - t0)} ms`
    // Optimization: compile (synchronous, ~1 s) while the nodes boot in their own processes.
    const compiled = compileContracts()
    log(`GangwayToken.sol compiled at ${elapsed()}`)
    await Promise.all(chains.map((chain, i) => waitUntilReady(chain, exited[i]!)))
    log(`nodes answering at ${elapsed()}`)
    const [deployed] = await Promise.all([
      Promise.all(chains.map((chain) => deployAll(chain, compiled))),
      // Alongside the token deployments (another sender): it adds little to the start-up time.
      Promise.all(chains.map((chain) => deploySmartAccountContracts({ chainId: chain.chainId, rpc: (method, params) => rpc(chain.rpcUrl, method, params) }))).then(() =>
        log(`EntryPoints 0.6 / 0.7 / 0.8, SimpleAccountFactory 0.7 and Simple7702Account deployed at ${elapsed()}`),
      ),
    ])
    const tokens = [...deployed.map((d) => d.token), ...deployed.map((d) => d.usdc)]
    const collections = deployed.flatMap((d) => d.collections)
    const amm = deployed.map((d) => d.amm)
    for (const c of [...tokens, ...collections]) log(`[${c.chainId}] ${c.symbol} deployed at ${c.address} (${elapsed()})`)
    for (const a of amm) log(`[${a.chainId}] Uniswap V2 router at ${a.router} (${elapsed()})`)
    return {
      chains,
      tokens,
      collections,
      amm,
      accounts: ACCOUNTS.map((a) => ({ ...a })),
      treasury: { address: DEPLOYER.address, privateKey: DEPLOYER_KEY },
      exchange: { ...EXCHANGE_HOT_WALLET },
      smartAccountContracts: SMART_ACCOUNT_CONTRACTS,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The last lines each child printed, shown when it dies before answering. */
const outputTails = new WeakMap<ChildProcess, readonly string[]>()
/** Children that printed hardhat's "Started HTTP … JSON-RPC server" line. */
const listening = new WeakSet<ChildProcess>()

function spawnNode(chainId: number, port: number, log: (line: string) => void): ChildProcess {
  const cli = require.resolve('hardhat/internal/cli/cli.js')
  const child = spawn(
    process.execPath,
    [
      '--require',
      join(here, 'parentWatchdog.cjs'),
      cli,
      '--config',
      join(here, 'hardhat.config.cjs'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {
      cwd: here,
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        GANGWAY_CHAIN_ID: String(chainId),
        GANGWAY_HARDHAT_DIR: join(tmpdir(), 'gangway-hardhat'),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  const tail = followChildOutput(
    child,
    (line) => {
      if (line.includes('JSON-RPC server at')) listening.add(child)
      log(`[${chainId}] ${line}`)
    },
    20,
  )
  outputTails.set(child, tail)
  return child
}

async function waitUntilReady(chain: DevChain, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail = outputTails.get(child) ?? []
      throw new Error(
        `hardhat node for chain ${chain.chainId} exited (${child.exitCode ?? child.signalCode}) before answering on ${chain.rpcUrl}:\n${tail.join('\n')}`,
      )
    }
    const answered = listening.has(child) ? await rpc(chain.rpcUrl, 'eth_chainId', []).catch(() => undefined) : undefined
    if (typeof answered === 'string') {
      if (Number(answered) !== chain.chainId) {
        throw new Error(`${chain.rpcUrl} answered chain id ${Number(answered)}, expected ${chain.chainId}`)
      }
      return
    }
    if (Date.now() > deadline) throw new Error(`hardhat node for chain ${chain.chainId} did not answer on ${chain.rpcUrl}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

let nextRpcId = 1

// Why node:http rather than fetch: startChains also runs inside DOM test environments (happy-dom)
// whose global fetch applies page rules (CORS) that have nothing to do with this Node process.
function rpc(url: string, method: string, params: unknown): Promise<unknown> {
  const payload = JSON.stringify({ jsonrpc: '2.0', id: nextRpcId++, method, params: params ?? [] })
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('error', reject)
      res.on('end', () => {
        try {
          const body = JSON.parse(text) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
          if (body.error !== undefined) reject(new JsonRpcError(body.error.code, body.error.message, body.error.data))
          else resolve(body.result)
        } catch (error) {
          reject(error)
        }
      })
    })
    req.on('error', reject)
    req.end(payload)
  })
}

type Compiled = { abi: Abi; bytecode: Hex }

/** GangwayToken (ERC-20) and GangwayCollectible (ERC-721), from the one source file. */
function compileContracts(): { token: Compiled; collectible: Compiled } {
  const solc = require('solc') as { compile(input: string): string }
  const source = readFileSync(join(here, 'GangwayToken.sol'), 'utf8')
  const input = {
    language: 'Solidity',
    sources: { 'GangwayToken.sol': { content: source } },
    settings: {
      // Why pinned: newer solc defaults follow the newest hardfork; cancun runs on any node we use.
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { GangwayToken: ['abi', 'evm.bytecode.object'], GangwayCollectible: ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`GangwayToken.sol failed to compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const contract = (name: string): Compiled => {
    const c = output.contracts?.['GangwayToken.sol']?.[name]
    if (c === undefined) throw new Error(`solc produced no ${name} contract`)
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  }
  return { token: contract('GangwayToken'), collectible: contract('GangwayCollectible') }
}

/**
 * GUSD at the deployer's nonce 0, then the collections, each checked at its expected address,
 * then USDC and Uniswap V2 with its pools.
 */
async function deployAll(
  chain: DevChain,
  compiled: { token: Compiled; collectible: Compiled },
): Promise<{ token: DevToken; collections: DevCollection[]; usdc: DevToken; amm: DevAmm }> {
  const viemChain = localChain(chain)
  const transport = custom({ request: ({ method, params }) => rpc(chain.rpcUrl, method, params) })
  const publicClient = createPublicClient({ chain: viemChain, transport })
  const walletClient = createWalletClient({ chain: viemChain, transport, account: DEPLOYER })
  await rpc(chain.rpcUrl, 'hardhat_setBalance', [DEPLOYER.address, toHex(parseEther('1000'))])
  const nonce = await publicClient.getTransactionCount({ address: DEPLOYER.address })
  const hash = await walletClient.deployContract({
    abi: compiled.token.abi,
    bytecode: compiled.token.bytecode,
    // The deployer holds GUSD too: it seeds the pools.
    args: [TOKEN.name, TOKEN.symbol, TOKEN.decimals, [...ACCOUNTS.map((a) => a.address), DEPLOYER.address], TOKEN_PER_ACCOUNT],
    nonce,
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || receipt.contractAddress == null) {
    throw new Error(`GUSD deployment failed on chain ${chain.chainId} (${hash})`)
  }
  const expected = getContractAddress({ from: DEPLOYER.address, nonce: BigInt(nonce) })
  if (receipt.contractAddress.toLowerCase() !== expected.toLowerCase()) {
    throw new Error(`GUSD deployed at ${receipt.contractAddress}, expected ${expected}`)
  }
  const collections: DevCollection[] = []
  for (const [i, collection] of COLLECTIONS.entries()) {
    const at = nonce + 1 + i
    const deployHash = await walletClient.deployContract({
      abi: compiled.collectible.abi,
      bytecode: compiled.collectible.bytecode,
      args: [collection.name, collection.symbol, ACCOUNTS.map((a) => a.address)],
      nonce: at,
    })
    const deployed = await publicClient.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 50 })
    const address = getContractAddress({ from: DEPLOYER.address, nonce: BigInt(at) })
    if (deployed.status !== 'success' || deployed.contractAddress?.toLowerCase() !== address.toLowerCase()) {
      throw new Error(`${collection.symbol} deployment failed on chain ${chain.chainId} (${deployHash})`)
    }
    collections.push({ chainId: chain.chainId, address, ...collection })
  }
  const gusd = { chainId: chain.chainId, address: expected, ...TOKEN }
  const deploy = async (label: string, abi: Abi, bytecode: Hex, args: readonly unknown[], at: number): Promise<`0x${string}`> => {
    const hash = await walletClient.deployContract({ abi, bytecode, args, nonce: at })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    const address = getContractAddress({ from: DEPLOYER.address, nonce: BigInt(at) })
    if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== address.toLowerCase()) {
      throw new Error(`${label} deployment failed on chain ${chain.chainId} (${hash})`)
    }
    return address
  }
  let at = nonce + 1 + COLLECTIONS.length
  const usdcAddress = await deploy('USDC', compiled.token.abi, compiled.token.bytecode, [USDC.name, USDC.symbol, USDC.decimals, [DEPLOYER.address], TREASURY_TOKENS], at++)
  const usdc = { chainId: chain.chainId, address: usdcAddress, ...USDC }
  const artifact = (path: string): Compiled => {
    const json = require(path) as { abi: Abi; bytecode: string }
    return { abi: json.abi, bytecode: `0x${json.bytecode.replace(/^0x/, '')}` }
  }
  const wethArtifact = artifact('@uniswap/v2-periphery/build/WETH9.json')
  const factoryArtifact = artifact('@uniswap/v2-core/build/UniswapV2Factory.json')
  const routerArtifact = artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json')
  const weth = await deploy('WETH9', wethArtifact.abi, wethArtifact.bytecode, [], at++)
  const factory = await deploy('UniswapV2Factory', factoryArtifact.abi, factoryArtifact.bytecode, [DEPLOYER.address], at++)
  const router = await deploy('UniswapV2Router02', routerArtifact.abi, routerArtifact.bytecode, [factory, weth], at++)
  // Seed the pools: ETH/GUSD, ETH/USDC and GUSD/USDC, sent back to back and awaited together.
  const deadline = 2n ** 48n
  const calls = [
    { address: gusd.address, abi: compiled.token.abi, functionName: 'approve', args: [router, 2n ** 256n - 1n] },
    { address: usdcAddress, abi: compiled.token.abi, functionName: 'approve', args: [router, 2n ** 256n - 1n] },
    { address: router, abi: routerArtifact.abi, functionName: 'addLiquidityETH', args: [gusd.address, POOL_STABLE, 0n, 0n, DEPLOYER.address, deadline], value: POOL_ETH },
    { address: router, abi: routerArtifact.abi, functionName: 'addLiquidityETH', args: [usdcAddress, POOL_STABLE, 0n, 0n, DEPLOYER.address, deadline], value: POOL_ETH },
    { address: router, abi: routerArtifact.abi, functionName: 'addLiquidity', args: [gusd.address, usdcAddress, POOL_STABLE, POOL_STABLE, 0n, 0n, DEPLOYER.address, deadline] },
  ] as const
  const hashes: Hex[] = []
  for (const call of calls) {
    hashes.push(await walletClient.writeContract({ ...(call as Parameters<typeof walletClient.writeContract>[0]), gas: 5_000_000n, nonce: at++ }))
  }
  for (const hash of hashes) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`seeding the Uniswap pools failed on chain ${chain.chainId} (${hash})`)
  }
  return { token: gusd, collections, usdc, amm: { chainId: chain.chainId, factory, router, weth } }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    if (child.pid !== undefined) {
      try {
        process.kill(child.pid, 'SIGTERM')
      } catch {
        // Already gone between the check and the kill.
      }
    }
  })
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `port ${port} on 127.0.0.1 is already in use` : `cannot listen on port ${port}: ${error.message}`)),
    )
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()))
  })
}

