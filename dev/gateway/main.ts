// `npx tsx dev/gateway/main.ts [options]`: runs the local gateway until SIGINT / SIGTERM.
//
//   --port N                 port on 127.0.0.1 (default 0: a free port; the URL is printed)
//   --config FILE            (- for standard input) chains and tokens as JSON ({ chains, tokens }, e.g. the output of
//                            `npx tsx dev/chain/main.ts`); a Solana validator as `solana`
//                            ({ rpcUrl, caipNetworkId, tokens: [{ mint, symbol, name, decimals }] })
//                            or as the stack's keys (solanaRpcUrl, solanaCaipNetworkId, solanaMint)
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
// Prints `gateway listening on <url>` on stdout once it answers.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { startGateway, type GatewayAmm, type GatewayChain, type GatewayCollection, type GatewaySolana, type GatewayToken } from './startGateway'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
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
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0–65535, got ${values.port}`)

const chains: GatewayChain[] = []
const tokens: GatewayToken[] = []
const amm: GatewayAmm[] = []
let solana: GatewaySolana | undefined
if (values.config) {
  const config = JSON.parse(readFileSync(values.config === '-' ? 0 : values.config, 'utf8')) as {
    chains?: GatewayChain[]
    tokens?: GatewayToken[]
    amm?: GatewayAmm[]
    solana?: GatewaySolana
    solanaRpcUrl?: string
    solanaCaipNetworkId?: string
    solanaMint?: { address: string; symbol: string; name: string; decimals: number }
  }
  chains.push(...(config.chains ?? []))
  tokens.push(...(config.tokens ?? []))
  amm.push(...(config.amm ?? []))
  solana = config.solana
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
if (values['start-chains']) {
  const { startChains } = await import('../chain/startChains')
  const dev = await startChains(values.verbose ? { log: (line) => process.stderr.write(`${line}\n`) } : undefined)
  chains.push(...dev.chains)
  tokens.push(...dev.tokens)
  collections.push(...dev.collections)
  amm.push(...dev.amm)
  treasury = dev.treasury
  stopChains = dev.stop
}
if (chains.length === 0 && !solana) process.stderr.write('no chains given: balances and history will be empty (see --start-chains)\n')

const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL
const gateway = await startGateway({
  port,
  ...(values.memory ? {} : { database: databaseUrl ? { url: databaseUrl } : { dataDir: values['data-dir'] ?? '.cache/gateway-db' } }),
  chains,
  tokens,
  collections,
  amm,
  ...(treasury ? { treasury } : {}),
  ...(solana ? { solana } : {}),
  log: values.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
})
if (values.wallets !== undefined) gateway.control.setWalletCount(Number(values.wallets))
process.stdout.write(`gateway listening on ${gateway.url}\n`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void Promise.all([gateway.stop(), stopChains?.()]).then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
