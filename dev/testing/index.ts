// gangway-kit-testing: the offline kit for a host app's own tests. Starts the local stack Gangway's
// own tests run on (two EVM chains with a test token, the blockchain-data gateway, a
// WalletConnect relay, a Solana validator) and drives the dev wallet inside a Playwright page.
//
// Everything heavy loads on first use (hardhat, solc, litesvm, ws, viem, @solana/kit: the
// package's dependencies), so importing this entry costs nothing.
import type { BrowserContext, Page } from 'playwright-core'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export type TestChain = { chainId: number; name: string; rpcUrl: string }
export type TestToken = { chainId: number; address: `0x${string}`; name: string; symbol: string; decimals: number }
export type TestAccount = { address: `0x${string}`; privateKey: `0x${string}` }
/** A funded Solana account: 1,000 SOL and 1,000,000 GWAY (its token account), with its key for dev wallets. */
export type TestCollection = { chainId: number; address: `0x${string}`; name: string; symbol: string; spam: boolean }
export type TestSolanaAccount = { address: string; secretKey: number[]; tokenAccount: string }
/** An ERC-4337 bundler (alto: EntryPoints 0.7 and 0.8) and an ERC-7677 paymaster that sponsors every user operation, for one chain. */
export type TestBundler = { chainId: number; bundlerUrl: string; paymasterUrl: string }

/** Where the stack listens and what it holds: give these to `createModal` and to your assertions. */
export type TestStackConfig = {
  /** The project id the gateway accepts. */
  projectId: string
  /** Chain ids 31337 and 31338 on 127.0.0.1, each with the GUSD token. */
  chains: TestChain[]
  tokens: TestToken[]
  /** ERC-721 collections on each chain: Gangway Pass (GPASS) and a spam airdrop, Free Claim (CLAIM); token `i + 1` of each held by account `i`. */
  collections: TestCollection[]
  /** Five funded accounts (10,000 ETH and 1,000,000 GUSD each), hardhat's default keys. */
  accounts: TestAccount[]
  /** Names the gateway resolves (a Send can go to a name): 'bobby.gangway' … 'erin.gangway' are accounts 1–4. */
  names: Record<string, `0x${string}`>
  /** The blockchain-data API (balances, wallet directory): `createModal({ apiUrl })`. */
  gatewayUrl: string
  /** The WalletConnect relay: `createModal({ walletConnect: walletConnect({ relayUrl }) })`. */
  relayUrl: string
  solanaRpcUrl: string
  solanaWsUrl: string
  /** `solana:<genesis prefix>` of the local validator. */
  solanaCaipNetworkId: string
  /** The GWAY SPL test token (6 decimals). */
  solanaMint: { address: string; symbol: string; name: string; decimals: number; programId: string }
  solanaAccounts: TestSolanaAccount[]
  /**
   * With `smartAccounts: true`: a bundler and a sponsoring paymaster for each chain (give the
   * bundler's URL to viem's `createBundlerClient`, the paymaster's to `paymasterService`); empty otherwise.
   */
  bundlers: TestBundler[]
  /**
   * The ERC-4337 contracts every chain carries, at their canonical addresses (EntryPoints 0.6,
   * 0.7 and 0.8, SimpleAccountFactory 0.7, Simple7702Account 0.8, the deterministic deployer).
   */
  smartAccountContracts: Record<'deterministicDeployer' | 'entryPoint06' | 'entryPoint07' | 'entryPoint08' | 'simpleAccountFactory07' | 'simple7702Account', `0x${string}`>
}

export type TestStack = {
  config: TestStackConfig
  /** Stops every part it started (also done when this process exits or its parent dies). */
  stop(): Promise<void>
}

export type StartTestStackOptions = {
  /** Fixed ports; free ones otherwise (so several stacks can run at once). */
  ports?: { chains?: [number, number]; gateway?: number; relay?: number; solana?: number }
  /** Progress lines (node start-up, token deployment). */
  log?: (line: string) => void
  /**
   * Where the gateway keeps names and sign-in sessions: `{ url }` a PostgreSQL server, `{}` or
   * `{ dataDir }` PGlite (install `@electric-sql/pglite`); this process's memory without it.
   */
  database?: { url?: string; dataDir?: string }
  /**
   * Run the Bitcoin regtest node too (`config.bitcoin`). Default: when bcoin is installed beside
   * the kit (`npm install -D --ignore-scripts bcoin@1.0.2`: its LevelDB binding, never used by
   * the in-memory node, does not build on current Node versions, hence `--ignore-scripts`).
   */
  bitcoin?: boolean
  /**
   * Run an ERC-4337 bundler (Pimlico's alto) and a sponsoring ERC-7677 paymaster (Pimlico's mock
   * paymaster) for each chain too (`config.bundlers`). Default false. Their packages (~400 MB)
   * are not the kit's dependencies: the first start installs them with npm into the kit's own
   * folder (`node_modules/gangway-kit-testing/dist/bundler`), which needs the npm registry once.
   */
  smartAccounts?: boolean
}

/** Whether bcoin, the Bitcoin node's one package the kit does not bring, can be loaded from here. */
function bcoinInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('bcoin')
    return true
  } catch {
    return false
  }
}

/**
 * Starts the local stack on 127.0.0.1 and resolves once every part answers.
 *
 * @example
 * // vitest / playwright global setup
 * const stack = await startTestStack()
 * process.env.GATEWAY_URL = stack.config.gatewayUrl
 * // … run the tests …
 * await stack.stop()
 */
export async function startTestStack(options: StartTestStackOptions = {}): Promise<TestStack> {
  const [{ startStack }, { watchAncestors }, { SMART_ACCOUNT_CONTRACTS }] = await Promise.all([
    import('../stack/startStack'),
    import('../stack/watchAncestors'),
    import('../chain/smartAccountContracts'),
  ])
  const stack = await startStack({
    pages: false,
    embeddedWallet: false,
    ...(options.ports ? { ports: options.ports } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.database ? { database: options.database } : {}),
    bitcoin: options.bitcoin ?? bcoinInstalled(),
    bundler: options.smartAccounts ?? false,
  })
  // A test runner killed by its parent (CI, a process manager) takes the stack with it.
  const watchdog = watchAncestors(() => stack.stop(), { signals: [] })
  const { walletUrl: _pagesOnly, solanaChain: _walletChainId, authUrl: _a, frameUrl: _f, mailUrl: _m, ...config } = stack.config
  return {
    config: { ...config, smartAccountContracts: { ...SMART_ACCOUNT_CONTRACTS } },
    stop: async () => {
      watchdog.dispose()
      await stack.stop()
    },
  }
}

/** The dev wallet's EIP-6963 identity, as the modal lists it (its connector id is the rdns). */
export const DEV_WALLET = { name: 'Gangway Dev Wallet', rdns: 'dev.gangway.wallet' } as const

export type DevWalletInstallOptions = {
  /** Which of the stack's accounts the wallet holds (default 0). */
  account?: number
  /** Chains the wallet knows at start (default: the first; others are added on request). */
  knownChainIds?: number[]
  /** Approve every request without a prompt (default false: the test approves or rejects). */
  autoApprove?: boolean
}

/** The wallet's browser script, built into the package (found through the package's own name). */
const devWalletScript = (): string => join(dirname(createRequire(import.meta.url).resolve('gangway-kit-testing/package.json')), 'dist/devWallet.iife.js')

/**
 * Adds the dev wallet to every page of `target` (a Playwright page or context) before the page's
 * own scripts run: an EIP-1193 provider announced by EIP-6963, holding one of the stack's funded
 * keys, signing and sending on the local chains, with an approve / reject prompt.
 *
 * @example
 * await installDevWallet(page, stack.config)
 * await page.goto(appUrl)
 */
export async function installDevWallet(target: Page | BrowserContext, stack: TestStackConfig, options: DevWalletInstallOptions = {}): Promise<void> {
  const account = stack.accounts[options.account ?? 0]
  if (!account) throw new Error(`installDevWallet: the stack has no account ${options.account}`)
  const first = stack.chains[0]
  if (!first) throw new Error('installDevWallet: the stack has no chain')
  const known = options.knownChainIds ?? [first.chainId]
  await target.addInitScript({ path: devWalletScript() })
  await target.addInitScript(
    (o) => (window as unknown as { __gangwayTestingInstallDevWallet(o: unknown): void }).__gangwayTestingInstallDevWallet(o),
    {
      ...DEV_WALLET,
      privateKey: account.privateKey,
      chains: stack.chains.filter((c) => known.includes(c.chainId)).map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name })),
      defaultChainId: known[0] ?? first.chainId,
      autoApprove: options.autoApprove ?? false,
    },
  )
}

type Handle = { approveNext(): boolean; rejectNext(): boolean; pending(): string[] }

/**
 * Drives the dev wallet of `page` from the test: wait for its next request, then approve or
 * reject it (as a visitor would in its prompt).
 *
 * @example
 * await page.getByRole('button', { name: 'Gangway Dev Wallet' }).click()
 * expect(await devWallet(page).approve()).toBe('eth_requestAccounts')
 */
export function devWallet(page: Page, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 10_000
  const pending = () =>
    page.evaluate((rdns) => ((window as unknown as { __gangwayDevWallets?: Record<string, Handle> }).__gangwayDevWallets?.[rdns]?.pending() ?? []), DEV_WALLET.rdns)
  /** The oldest waiting request's method, once there is one. */
  const next = async (): Promise<string> => {
    const until = Date.now() + timeoutMs
    for (;;) {
      const [method] = await pending()
      if (method) return method
      if (Date.now() > until) throw new Error(`devWallet: no request reached the wallet within ${timeoutMs} ms`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const decide = async (approve: boolean): Promise<string> => {
    const method = await next()
    await page.evaluate(
      ([rdns, yes]) => {
        const handle = (window as unknown as { __gangwayDevWallets: Record<string, Handle> }).__gangwayDevWallets[rdns as string]!
        return yes ? handle.approveNext() : handle.rejectNext()
      },
      [DEV_WALLET.rdns, approve] as const,
    )
    return method
  }
  return {
    /** Requests waiting for a decision, oldest first (their methods). */
    pending,
    /** Waits for the next request and approves it; its method. */
    approve: () => decide(true),
    /** Waits for the next request and rejects it as the user would (4001); its method. */
    reject: () => decide(false),
  }
}
