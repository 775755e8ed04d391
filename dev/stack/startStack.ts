import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { DevBundler } from '../bundler/startBundler'
import { startChains, type DevChain } from '../chain/startChains'
import { startBitcoinNode } from '../bitcoin/startBitcoinNode'
import { startGateway } from '../gateway/startGateway'
import { startRelay } from '../relay/startRelay'
import { solanaStackConfig, startSolanaValidator } from '../solana/startSolanaValidator'
import { serveStatic } from './serveStatic'
import { DEMO_PROJECT_ID, devNames, type StackConfig } from './stackConfig'

export const BUILT_PAGES = fileURLToPath(new URL('../../dist/dev', import.meta.url))

export type StackPorts = {
  chains?: [number, number]
  gateway?: number
  relay?: number
  web?: number
  /** The Solana validator's HTTP port (its WebSocket is + 1). */
  solana?: number
  /** The Bitcoin node's Esplora API (bcoin's own API takes a free port). */
  bitcoin?: number
  /** The embedded wallet's auth service (and frame page), its mail inbox and social login provider. */
  auth?: number
  mail?: number
  oidc?: number
}

/**
 * Starts the whole local stack on 127.0.0.1: two chains, the gateway, the WalletConnect relay,
 * the Solana validator, the Bitcoin node (regtest, in this process) and a web server for the built pages (demo, wallet) with `/stack.json`;
 * with `bundler: true`, an ERC-4337 bundler and paymaster per chain too.
 * Port 0 or none picks free ports, so tests can run beside a running demo.
 */
export async function startStack(
  options: {
    ports?: StackPorts
    log?: (line: string) => void
    requirePages?: boolean
    /** Serve the built demo and wallet pages (default true). */
    pages?: boolean
    /**
     * Start the embedded wallet's services too: its auth service with the frame page, the mail
     * inbox and the social login provider (default true; they need the dev packages).
     */
    embeddedWallet?: boolean
    /**
     * Start the Bitcoin node (default true). It needs bcoin, a dev package of Gangway and an
     * optional one of the testing kit (see `bcoinInstalled`).
     */
    bitcoin?: boolean
    /** The gateway's database (see `startGateway`); its process memory without one. */
    database?: { url?: string | undefined; dataDir?: string | undefined }
    /**
     * Start an ERC-4337 bundler (alto) and an ERC-7677 sponsoring paymaster for each chain
     * (default false; the first time, this installs dev/bundler's packages, ~400 MB).
     */
    bundler?: boolean
  } = {},
) {
  const pages = options.pages !== false
  if (pages && options.requirePages !== false && !existsSync(BUILT_PAGES)) throw new Error(`No built pages at ${BUILT_PAGES}: run \`npm run build:dev\` first`)
  const ports = options.ports ?? {}
  const stops: (() => Promise<void>)[] = []
  let stopping: Promise<void> | undefined
  // Stops every part started so far, last first; every part is stopped even if one fails.
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      for (const s of [...stops].reverse()) await s().catch(() => undefined)
    })()
    return stopping
  }
  try {
    const chains = await startChains({ ...(ports.chains ? { ports: ports.chains } : {}), ...(options.log ? { log: options.log } : {}) })
    stops.push(() => chains.stop())
    // Optimization: the bundlers boot (~2 s of CPU each) while the other parts start.
    const bundlersStarting = options.bundler ? startBundlers(chains.chains, options.log) : Promise.resolve([])
    // Handled here too: a failure is reported where it is awaited, not as an unhandled rejection meanwhile.
    bundlersStarting.catch(() => undefined)
    stops.push(async () => {
      for (const bundler of await bundlersStarting.catch(() => [])) await bundler.stop()
    })
    // The validator starts before the gateway, which serves its accounts' balances.
    const solana = await startSolanaValidator({ port: ports.solana ?? 0 })
    stops.push(() => solana.stop())
    // And the Bitcoin node, whose Esplora API and balances the gateway serves.
    const bitcoin = options.bitcoin === false ? null : await startBitcoinNode({ port: ports.bitcoin ?? 0, ...(options.log ? { log: options.log } : {}) })
    if (bitcoin) stops.push(() => bitcoin.stop())
    const { mint } = solana
    const gateway = await startGateway({
      port: ports.gateway ?? 0,
      chains: chains.chains,
      tokens: chains.tokens,
      collections: chains.collections,
      amm: chains.amm,
      treasury: chains.treasury,
      exchangeHotWallet: chains.exchange,
      names: devNames(chains.accounts),
      ...(options.database ? { database: options.database } : {}),
      solana: {
        rpcUrl: solana.rpcUrl,
        caipNetworkId: solana.caipNetworkId,
        tokens: [{ mint: mint.address, symbol: mint.symbol, name: mint.name, decimals: mint.decimals }],
      },
      ...(bitcoin ? { bitcoin: { caipNetworkId: bitcoin.caipNetworkId, esploraUrl: bitcoin.esploraUrl } } : {}),
    })
    stops.push(() => gateway.stop())
    const relay = await startRelay({ port: ports.relay ?? 0 })
    stops.push(() => relay.stop())
    const auth =
      options.embeddedWallet === false
        ? null
        : await bundlersStarting.then((started) =>
            import('../auth/startAuthStack').then((m) =>
              m.startAuthStack({
                ports: { auth: ports.auth ?? 0, mail: ports.mail ?? 0, oidc: ports.oidc ?? 0 },
                // The embedded wallet's smart accounts run where a bundler does.
                smartAccounts: started.map(({ chainId, bundlerUrl, paymasterUrl }) => ({ chain: chains.chains.find((c) => c.chainId === chainId)!, bundlerUrl, paymasterUrl })),
              }),
            ),
          )
    if (auth) stops.push(() => auth.stop())
    const bundlers = await bundlersStarting
    const json: Record<string, unknown> = {}
    const web = pages ? await serveStatic({ root: BUILT_PAGES, port: ports.web ?? 0, json, pages: ['/wallet/'] }) : null
    if (web) stops.push(() => web.stop())
    const config: StackConfig = {
      projectId: DEMO_PROJECT_ID,
      chains: chains.chains,
      tokens: chains.tokens,
      collections: chains.collections,
      amm: chains.amm,
      accounts: chains.accounts,
      names: devNames(chains.accounts),
      gatewayUrl: gateway.url,
      relayUrl: relay.url,
      walletUrl: web ? `${web.url}/wallet/` : '',
      authUrl: auth?.urls.auth ?? '',
      frameUrl: auth?.urls.frame ?? '',
      mailUrl: auth?.urls.mail ?? '',
      ...solanaStackConfig(solana),
      ...(bitcoin ? { bitcoin: bitcoin.stackConfig() } : {}),
      bundlers: bundlers.map(({ chainId, bundlerUrl, paymasterUrl }) => ({ chainId, bundlerUrl, paymasterUrl })),
    }
    json['/stack.json'] = config
    return {
      config,
      chains,
      gateway,
      relay,
      solana,
      bitcoin,
      auth,
      bundlers,
      urls: { demo: web ? `${web.url}/demo/` : '', wallet: web ? `${web.url}/wallet/` : '', web: web?.url ?? '' },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

export type Stack = Awaited<ReturnType<typeof startStack>>

/** A bundler and paymaster per chain, side by side; if one fails, those that started are stopped. */
async function startBundlers(chains: readonly DevChain[], log: ((line: string) => void) | undefined): Promise<DevBundler[]> {
  // Loaded only when asked for: it needs dev/bundler's own packages.
  const { startBundler } = await import('../bundler/startBundler')
  const outcomes = await Promise.allSettled(chains.map((chain) => startBundler({ chain, ...(log ? { log } : {}) })))
  const started = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))
  const failed = outcomes.find((o) => o.status === 'rejected')
  if (failed !== undefined) {
    await Promise.all(started.map((b) => b.stop()))
    throw failed.reason
  }
  return started
}
