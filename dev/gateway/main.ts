// `npx tsx dev/gateway/main.ts [options]`: runs the local gateway until SIGINT / SIGTERM.
//
//   --port N                 port (default 0: a free port; the URL is printed)
//   --host ADDRESS           address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
//   --production             production mode: CORS only for the allowed origins, no /_control
//                            routes unless a control token is given, generic 5xx bodies, JSON log
//                            lines on stderr (errors always, requests with --verbose)
//   --control-token TOKEN    /_control answers only Authorization: Bearer TOKEN (default: the
//                            GATEWAY_CONTROL_TOKEN variable)
//   --allowed-origin ORIGIN  the project's allowed origins (repeatable; `*` wildcards), served by
//                            GET /projects/v1/origins and, in production, CORS's
//   --limit NAME=N           a limit of dev/gateway/README.md's table (repeatable), e.g. maxNames=100000
//   --shutdown-grace-ms N    on SIGTERM / SIGINT, how long requests in flight may finish (default 10000)
//   --config FILE            (- for standard input) chains and tokens as JSON ({ chains, tokens }, e.g. the output of
//                            `npx tsx dev/chain/main.ts`); a Solana validator as `solana`
//                            ({ rpcUrl, caipNetworkId, tokens: [{ mint, symbol, name, decimals }] })
//                            or as the stack's keys (solanaRpcUrl, solanaCaipNetworkId, solanaMint);
//                            a Bitcoin network as `bitcoin` ({ caipNetworkId, esploraUrl }, as /stack.json has it)
//   --chain ID,NAME,RPC_URL  a chain (repeatable)
//   --token CHAIN_ID,ADDRESS,SYMBOL,DECIMALS,NAME   an ERC-20 token (repeatable)
//   --start-chains           start the two local hardhat chains (dev/chain) and serve them
//   --wallets N              serve N directory wallets by default (bench: 5000)
//   --verbose                log every request on stderr
//   --database-url URL       keep names and sessions in this PostgreSQL server (default: the
//                            DATABASE_URL variable); gateways sharing one serve the same data
//   --data-dir DIR           else in PGlite (PostgreSQL in WASM) in DIR (default .cache/gateway-db)
//   --memory                 else in this process's memory (lost on exit)
//
// Prints `gateway listening on <url>` on stdout once it answers. A PostgreSQL server that is down
// at start is retried in the background (GET /ready answers 503 until it answers).
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { gatewayLimits, type GatewayLimits } from './gatewayLimits'
import { startGateway, type GatewayAmm, type GatewayChain, type GatewayCollection, type GatewaySolana, type GatewayToken, type GatewayBitcoin } from './startGateway'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    production: { type: 'boolean', default: false },
    'control-token': { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
    limit: { type: 'string', multiple: true, default: [] },
    'shutdown-grace-ms': { type: 'string', default: '10000' },
    config: { type: 'string' },
    chain: { type: 'string', multiple: true, default: [] },
    token: { type: 'string', multiple: true, default: [] },
    'start-chains': { type: 'boolean', default: false },
    wallets: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    memory: { type: 'boolean', default: false },
  },
})

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(2)
}

const port = Number(values.port)
if (!/^\d{1,5}$/.test(values.port) || port > 65535) fail(`--port must be 0–65535, got ${values.port}`)
const graceMs = Number(values['shutdown-grace-ms'])
if (!/^\d{1,7}$/.test(values['shutdown-grace-ms'])) fail(`--shutdown-grace-ms must be an integer from 0 to 9999999, got ${values['shutdown-grace-ms']}`)
const controlToken = values['control-token'] ?? process.env.GATEWAY_CONTROL_TOKEN
if (controlToken !== undefined && !/^[\x21-\x7e]{16,200}$/.test(controlToken)) fail('--control-token must be 16 to 200 printable characters, no spaces')
const limits: Partial<GatewayLimits> = {}
for (const spec of values.limit) {
  const [name, value, ...rest] = spec.split('=')
  if (!name || value === undefined || rest.length > 0 || !/^\d{1,15}$/.test(value)) fail(`--limit must be NAME=N (a positive integer), got ${spec}`)
  limits[name as keyof GatewayLimits] = Number(value)
}
try {
  gatewayLimits(limits)
} catch (error) {
  fail(`--limit: ${(error as Error).message}`)
}

const chains: GatewayChain[] = []
const tokens: GatewayToken[] = []
const amm: GatewayAmm[] = []
let solana: GatewaySolana | undefined
let bitcoin: GatewayBitcoin | undefined
if (values.config) {
  const config = JSON.parse(readFileSync(values.config === '-' ? 0 : values.config, 'utf8')) as {
    chains?: GatewayChain[]
    tokens?: GatewayToken[]
    amm?: GatewayAmm[]
    solana?: GatewaySolana
    bitcoin?: GatewayBitcoin
    solanaRpcUrl?: string
    solanaCaipNetworkId?: string
    solanaMint?: { address: string; symbol: string; name: string; decimals: number }
  }
  chains.push(...(config.chains ?? []))
  tokens.push(...(config.tokens ?? []))
  amm.push(...(config.amm ?? []))
  solana = config.solana
  if (config.bitcoin) bitcoin = { caipNetworkId: config.bitcoin.caipNetworkId, esploraUrl: config.bitcoin.esploraUrl }
  if (!solana && config.solanaRpcUrl && config.solanaCaipNetworkId) {
    const mint = config.solanaMint
    solana = {
      rpcUrl: config.solanaRpcUrl,
      caipNetworkId: config.solanaCaipNetworkId,
      tokens: mint ? [{ mint: mint.address, symbol: mint.symbol, name: mint.name, decimals: mint.decimals }] : [],
    }
  }
}
for (const spec of values.chain) {
  const [id, name, rpcUrl] = spec.split(',')
  if (!id || !name || !rpcUrl || !Number.isInteger(Number(id))) fail(`--chain must be ID,NAME,RPC_URL, got ${spec}`)
  chains.push({ chainId: Number(id), name, rpcUrl })
}
for (const spec of values.token) {
  const [chainId, address, symbol, decimals, ...name] = spec.split(',')
  if (!chainId || !address?.startsWith('0x') || !symbol || !decimals) fail(`--token must be CHAIN_ID,ADDRESS,SYMBOL,DECIMALS,NAME, got ${spec}`)
  tokens.push({ chainId: Number(chainId), address: address as `0x${string}`, symbol, decimals: Number(decimals), name: name.join(',') || symbol })
}

let stopChains: (() => Promise<void>) | undefined
const collections: GatewayCollection[] = []
let treasury: { address: `0x${string}`; privateKey: `0x${string}` } | undefined
let exchangeHotWallet: { address: `0x${string}`; privateKey: `0x${string}` } | undefined
if (values['start-chains']) {
  const { startChains } = await import('../chain/startChains')
  const dev = await startChains(values.verbose ? { log: (line) => process.stderr.write(`${line}\n`) } : undefined)
  chains.push(...dev.chains)
  tokens.push(...dev.tokens)
  collections.push(...dev.collections)
  amm.push(...dev.amm)
  treasury = dev.treasury
  exchangeHotWallet = dev.exchange
  stopChains = dev.stop
}
if (chains.length === 0 && !solana) process.stderr.write('no chains given: balances and history will be empty (see --start-chains)\n')

const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL
const stderr = (line: string) => process.stderr.write(`${line}\n`)
const gateway = await startGateway({
  port,
  host: values.host,
  production: values.production,
  ...(controlToken !== undefined ? { controlToken } : {}),
  ...(values['allowed-origin'] ? { allowedOrigins: values['allowed-origin'] } : {}),
  limits,
  ...(values.memory ? {} : { database: databaseUrl ? { url: databaseUrl } : { dataDir: values['data-dir'] ?? '.cache/gateway-db' } }),
  chains,
  tokens,
  collections,
  amm,
  ...(treasury ? { treasury } : {}),
  ...(exchangeHotWallet ? { exchangeHotWallet } : {}),
  ...(solana ? { solana } : {}),
  ...(bitcoin ? { bitcoin } : {}),
  // Production logs its errors always, its requests with --verbose; development all with --verbose.
  ...(values.production ? { log: stderr, logRequests: values.verbose } : values.verbose ? { log: stderr } : {}),
}).catch(async (error: unknown) => {
  // One line, no stack: a supervisor's log shows why, and a bad option is not retried forever.
  await stopChains?.()
  process.stderr.write(`gateway could not start: ${(error as Error)?.message ?? String(error)}\n`)
  process.exit(1)
})
if (values.wallets !== undefined) gateway.control.setWalletCount(Number(values.wallets))
process.stdout.write(`gateway listening on ${gateway.url}\n`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  // Stops taking connections, lets the requests in flight finish (up to the grace), then exits.
  void Promise.all([gateway.stop({ graceMs }), stopChains?.()]).then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
