import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { BUILT_PAGES } from '../../../dev/stack/startStack'
import { serveStatic } from '../../../dev/stack/serveStatic'
import type { StackConfig } from '../../../dev/stack/stackConfig'
import { startTestStack } from '../../../dev/testing/index'
import { startAuthStack } from '../../../dev/auth/startAuthStack'
import { ensureBundlerPackages } from '../../../dev/bundler/ensureBundlerPackages'
import { startBundler } from '../../../dev/bundler/startBundler'
import { startGateway } from '../../../dev/gateway/startGateway'
import { freePort } from '../../../dev/stack/ports'
import { setSessionPriority } from '../../../dev/stack/sessionPriority'
import { buildPages } from '../../../scripts/buildPages'
import { buildTesting } from '../../../scripts/buildTesting'
import { withOwnAccounts } from './fileAccounts'
import { GATEWAY_SWITCH_FILES, STACK_ACCOUNT_FILES } from './files'

export type E2EStack = { config: StackConfig; urls: { demo: string; wallet: string; web: string } }

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each e2e file's view of the one stack, by file name (support/stack.ts `e2eStack()`). */
    stacks: Record<string, E2EStack>
  }
}

const E2E_DIR = fileURLToPath(new URL('..', import.meta.url))

type Started = { stacks: Record<string, E2EStack>; stop(): Promise<void> }

/**
 * Builds the pages once and starts the local stack for every e2e file through gangway-kit-testing
 * (the kit host apps use). Every file gets its own web server for the demo and wallet pages,
 * whose `/stack.json` names that file's own funded accounts (support/fileAccounts.ts), so files
 * can run side by side on the one stack.
 */
async function start(): Promise<Started> {
  // The bundler's packages (installed apart, ~400 MB the first time) come in while the pages build.
  const bundlerPackages = ensureBundlerPackages()
  bundlerPackages.catch(() => undefined)
  // The kit's own e2e drives the built package (packages/testing/dist) as a host app would.
  await Promise.all([buildPages({ quiet: true }), buildTesting()])
  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch(() => undefined)
  }
  try {
    // The kit stops the stack when a parent process (npm, scripts/test.ts) is killed.
    // The gateway on a real database: PGlite (PostgreSQL in WASM), in memory for this run.
    const stack = await startTestStack({ database: {} })
    stops.push(() => stack.stop())
    // An ERC-4337 bundler and sponsoring paymaster on the first chain: the embedded wallet's
    // smart account sends through it. It comes up in the background (its packages may still be
    // installing) on ports fixed now; only what asks about smart accounts waits for it.
    const chain = stack.config.chains[0]!
    const [bundlerPort, paymasterPort] = [await freePort(), await freePort()]
    const bundlers: StackConfig['bundlers'] = [{ chainId: chain.chainId, bundlerUrl: `http://127.0.0.1:${bundlerPort}`, paymasterUrl: `http://127.0.0.1:${paymasterPort}` }]
    const bundlerStarting = bundlerPackages.then(() => startBundler({ chain, ports: { bundler: bundlerPort, paymaster: paymasterPort } }))
    bundlerStarting.catch((error: unknown) => console.error(`The e2e stack's bundler did not start: ${error instanceof Error ? error.message : String(error)}`))
    stops.push(async () => (await bundlerStarting.catch(() => null))?.stop())
    // The embedded wallet's services (auth service with the frame, mail inbox, social login
    // provider, Farcaster relay) are Gangway's own: the kit leaves them out.
    const auth = await startAuthStack({ smartAccounts: bundlerStarting.then((b) => [{ chain, bundlerUrl: b.bundlerUrl, paymasterUrl: b.paymasterUrl }]) })
    stops.push(() => auth.stop())
    // The pages' configuration has no smartAccountContracts (the kit's addition for hosts).
    const { smartAccountContracts: _forHosts, ...kitConfig } = stack.config
    const shared = {
      ...kitConfig,
      walletUrl: '',
      solanaChain: 'solana:localnet',
      authUrl: auth.urls.auth,
      frameUrl: auth.urls.frame,
      mailUrl: auth.urls.mail,
      bundlers,
    } as StackConfig
    const stacks: Record<string, E2EStack> = {}
    // One file at a time: a few requests each, and no burst of them at the chains and validator.
    for (const file of readdirSync(E2E_DIR).filter((name) => name.endsWith('.e2e.test.ts'))) {
      const accounts = STACK_ACCOUNT_FILES.includes(file) ? shared : await withOwnAccounts(shared, file)
      const own = GATEWAY_SWITCH_FILES.includes(file) ? { ...accounts, gatewayUrl: await ownGateway(shared, stops) } : accounts
      const json: Record<string, unknown> = {}
      const web = await serveStatic({ root: BUILT_PAGES, port: 0, json, pages: ['/wallet/'] })
      stops.push(() => web.stop())
      const config = { ...own, walletUrl: `${web.url}/wallet/` }
      json['/stack.json'] = config
      stacks[file] = { config, urls: { demo: `${web.url}/demo/`, wallet: `${web.url}/wallet/`, web: web.url } }
    }
    return { stacks, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * A gateway of its own for a file that flips the gateway's switches: the same chains, tokens,
 * names, validator and Bitcoin node as the stack's, its names and sessions in its own memory (no on-ramp
 * treasury: the stack's gateway holds that one's nonce). Resolves with its URL.
 */
async function ownGateway(config: StackConfig, stops: (() => Promise<void>)[]): Promise<string> {
  const gateway = await startGateway({
    port: 0,
    chains: config.chains,
    tokens: config.tokens,
    collections: config.collections,
    amm: config.amm,
    names: config.names,
    solana: {
      rpcUrl: config.solanaRpcUrl,
      caipNetworkId: config.solanaCaipNetworkId,
      tokens: [{ mint: config.solanaMint.address, symbol: config.solanaMint.symbol, name: config.solanaMint.name, decimals: config.solanaMint.decimals }],
    },
    ...(config.bitcoin ? { bitcoin: { caipNetworkId: config.bitcoin.caipNetworkId, esploraUrl: config.bitcoin.esploraUrl } } : {}),
  })
  stops.push(() => gateway.stop())
  return gateway.url
}

/**
 * `npm test` (scripts/test.ts) starts this suite weighed as the unit suite for its setup, which
 * every file waits for, and names in GANGWAY_E2E_SESSION_NICE the weight its files run at: this
 * session (the stack, the workers, and the browsers they start, sessionPriority.ts) gets it now.
 */
function lowerSessionPriority(started: Started): Started {
  const nice = Number(process.env.GANGWAY_E2E_SESSION_NICE)
  if (process.env.GANGWAY_E2E_SESSION_NICE && Number.isInteger(nice)) setSessionPriority(process.pid, nice)
  return started
}

/** One start for all the e2e projects (vitest.e2e.config.ts): each runs this setup. */
const shared = globalThis as typeof globalThis & { __gangwayE2E?: { users: number; started: Promise<Started> } }

export default async function setup(project: TestProject) {
  const run = (shared.__gangwayE2E ??= { users: 0, started: start().then(lowerSessionPriority) })
  run.users++
  const started = await run.started
  project.provide('stacks', started.stacks)
  return async () => {
    if (--run.users > 0) return
    delete shared.__gangwayE2E
    await started.stop()
  }
}
