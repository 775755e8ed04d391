// An ERC-4337 bundler (Pimlico's alto) and an ERC-7677 sponsoring paymaster (Pimlico's mock
// paymaster) for one local chain, each in its own child process on 127.0.0.1. Both come from
// dev/bundler's own package.json (see ensureBundlerPackages), so only those who turn them on
// install them.
import { spawn, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { keccak256, parseEther, stringToBytes, toHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { SMART_ACCOUNT_CONTRACTS } from '../chain/smartAccountContracts'
import type { DevChain } from '../chain/startChains'
import { followChildOutput } from '../stack/childOutput'
import { acceptsConnections, freePort } from '../stack/ports'
import { listDescendants, processId, terminate } from '../stack/watchAncestors'
import { BUNDLER_DIR, bundlerPackagePath, ensureBundlerPackages } from './ensureBundlerPackages'

/** What `/stack.json` tells the pages about a chain's bundler and paymaster. */
export type DevBundlerConfig = { chainId: number; bundlerUrl: string; paymasterUrl: string }

export type DevBundler = DevBundlerConfig & {
  /** Milliseconds from the call until both answered (package check and funding included). */
  startupMs: number
  stop(): Promise<void>
}

// Why keys of their own rather than the funded dev accounts: the bundler's transactions must not
// move the nonces of the accounts handed to wallets, and these never collide with a test's.
const EXECUTOR_KEY = keccak256(stringToBytes('gangway dev bundler executor'))
const UTILITY_KEY = keccak256(stringToBytes('gangway dev bundler utility'))
/** The mock paymaster deploys its paymasters and their deposits from this fixed key (`0xaa…aa`). */
const PAYMASTER_DEPLOYER = privateKeyToAccount(`0x${'aa'.repeat(32)}`).address

/**
 * How long alto and the paymaster may take to answer. About 2 s of CPU each on an idle machine;
 * beside a test suite's browsers on 2 cores alto once took over 60 s. A child that exits is
 * reported at once, so a long wait costs nothing when it works.
 */
const READY_TIMEOUT_MS = 180_000
const WATCHDOG = join(BUNDLER_DIR, '..', 'chain', 'parentWatchdog.cjs')
const LOOPBACK_ONLY = join(BUNDLER_DIR, 'loopbackOnly.cjs')

/**
 * The port asked for, refused when something answers on it (another server could answer the
 * readiness probe while our child fails); else a free one: one found free a moment ago that
 * another process took meanwhile (side by side, test suites pick ports too) is passed over.
 */
async function portFor(asked: number | undefined, taken: number[] = []): Promise<number> {
  if (asked) {
    if (await acceptsConnections(asked)) throw new Error(`port ${asked} on 127.0.0.1 is already in use`)
    return asked
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort()
    if (!taken.includes(port) && !(await acceptsConnections(port))) return port
  }
  throw new Error('no free port on 127.0.0.1 after 5 tries')
}

/**
 * Starts alto (EntryPoints 0.7 and 0.8) and the mock paymaster (ERC-7677 `pm_getPaymasterStubData`
 * / `pm_getPaymasterData`, sponsoring everything) for `chain`, a chain of `startChains` (it must
 * carry the EntryPoints and the deterministic deployer). Installs dev/bundler's packages first
 * when they are missing.
 *
 * @example
 * const dev = await startChains()
 * const bundler = await startBundler({ chain: dev.chains[0] })
 * const client = createBundlerClient({ transport: http(bundler.bundlerUrl), paymaster: createPaymasterClient({ transport: http(bundler.paymasterUrl) }) })
 * await bundler.stop()
 */
export async function startBundler(options: {
  chain: DevChain
  ports?: { bundler?: number; paymaster?: number }
  log?: (line: string) => void
}): Promise<DevBundler> {
  const t0 = performance.now()
  const { chain } = options
  const log = options.log ?? (() => {})
  const elapsed = () => `${Math.round(performance.now() - t0)} ms`
  await ensureBundlerPackages({ log })
  const bundlerPort = await portFor(options.ports?.bundler)
  const paymasterPort = await portFor(options.ports?.paymaster, [bundlerPort])
  const bundlerUrl = `http://127.0.0.1:${bundlerPort}`
  const paymasterUrl = `http://127.0.0.1:${paymasterPort}`

  await assertContracts(chain)
  await Promise.all(
    [privateKeyToAccount(EXECUTOR_KEY).address, privateKeyToAccount(UTILITY_KEY).address, PAYMASTER_DEPLOYER].map((address) =>
      rpc(chain.rpcUrl, 'hardhat_setBalance', [address, toHex(parseEther('10000'))]),
    ),
  )

  log(`[${chain.chainId}] packages checked, keys funded at ${elapsed()}`)
  const children: ChildProcess[] = []
  const killAll = (): void => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  // The children also watch their stdin (parentWatchdog.cjs): that covers a parent killed by a signal.
  process.on('exit', killAll)
  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      await Promise.all(children.map((child) => stopTree(child)))
      process.off('exit', killAll)
    })()
    return stopping
  }

  try {
    const alto = spawnChild(
      `bundler ${chain.chainId}`,
      [
        '--require',
        LOOPBACK_ONLY,
        bundlerPackagePath('@pimlico/alto', 'esm/cli/alto.js'),
        '--entrypoints',
        `${SMART_ACCOUNT_CONTRACTS.entryPoint07},${SMART_ACCOUNT_CONTRACTS.entryPoint08}`,
        '--executor-private-keys',
        EXECUTOR_KEY,
        '--utility-private-key',
        UTILITY_KEY,
        '--rpc-url',
        chain.rpcUrl,
        '--port',
        String(bundlerPort),
        // hardhat has no debug_traceCall tracer for alto's safe mode.
        '--safe-mode',
        'false',
        '--enable-cors',
        'true',
        // One JSON line per entry, written by the process itself (the pretty printer runs a worker thread).
        '--json',
        'true',
        '--log-level',
        'warn',
      ],
      log,
    )
    children.push(alto)
    const paymaster = spawnChild(
      `paymaster ${chain.chainId}`,
      [join(BUNDLER_DIR, 'paymasterMain.mjs'), '--rpc-url', chain.rpcUrl, '--bundler-url', bundlerUrl, '--port', String(paymasterPort)],
      log,
    )
    children.push(paymaster)
    await Promise.all([
      waitUntil(`alto (chain ${chain.chainId})`, alto, () => rpc(bundlerUrl, 'eth_supportedEntryPoints', []).then((r) => Array.isArray(r) && r.length > 0)).then(() =>
        log(`[${chain.chainId}] bundler answering at ${elapsed()}`),
      ),
      // The mock paymaster listens only once its paymasters are deployed and funded.
      waitUntil(`the mock paymaster (chain ${chain.chainId})`, paymaster, () => ping(`${paymasterUrl}/ping`)).then(() =>
        log(`[${chain.chainId}] paymaster answering at ${elapsed()}`),
      ),
    ])
    const startupMs = performance.now() - t0
    log(`[${chain.chainId}] bundler ${bundlerUrl} and paymaster ${paymasterUrl} ready in ${Math.round(startupMs)} ms`)
    return { chainId: chain.chainId, bundlerUrl, paymasterUrl, startupMs, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The last lines each child printed, shown when it dies before answering. */
const outputTails = new WeakMap<ChildProcess, readonly string[]>()

function spawnChild(tag: string, args: string[], log: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, ['--require', WATCHDOG, ...args], {
    cwd: BUNDLER_DIR,
    env: process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const tail = followChildOutput(child, (line) => log(`[${tag}] ${line}`), 30)
  outputTails.set(child, tail)
  return child
}

async function waitUntil(what: string, child: ChildProcess, answers: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before answering:\n${(outputTails.get(child) ?? []).join('\n')}`)
    }
    if (await answers().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${(outputTails.get(child) ?? []).join('\n')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function assertContracts(chain: DevChain): Promise<void> {
  const needed = {
    'the deterministic deployer': SMART_ACCOUNT_CONTRACTS.deterministicDeployer,
    'EntryPoint 0.6': SMART_ACCOUNT_CONTRACTS.entryPoint06,
    'EntryPoint 0.7': SMART_ACCOUNT_CONTRACTS.entryPoint07,
    'EntryPoint 0.8': SMART_ACCOUNT_CONTRACTS.entryPoint08,
  }
  for (const [label, address] of Object.entries(needed)) {
    const code = (await rpc(chain.rpcUrl, 'eth_getCode', [address, 'latest'])) as Hex | null
    if (code === null || code === '0x') throw new Error(`chain ${chain.chainId} has no ${label} at ${address}: start it with startChains`)
  }
}

/** SIGTERM to the child and whatever it started, SIGKILL to those left after a grace period. */
async function stopTree(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await terminate([processId(child.pid), ...listDescendants(child.pid)], { graceMs: 3_000 })
  await exited
}

function ping(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpRequest(url, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode === 200))
    })
    req.on('error', () => resolve(false))
    req.end()
  })
}

let nextRpcId = 1

// Why node:http rather than fetch: the stack also starts inside DOM test environments (happy-dom)
// whose global fetch applies page rules (CORS) that have nothing to do with this Node process.
function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const payload = JSON.stringify({ jsonrpc: '2.0', id: nextRpcId++, method, params })
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('error', reject)
      res.on('end', () => {
        try {
          const body = JSON.parse(text) as { result?: unknown; error?: { code: number; message: string } }
          if (body.error !== undefined) reject(new Error(`${method}: ${body.error.message} (${body.error.code})`))
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
