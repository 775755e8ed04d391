// CLI: run the local Bitcoin node (regtest) alone.
//
//   npx tsx dev/bitcoin/main.ts [--port 3002] [--quiet]
//
// Its Esplora-shaped API on the port (default 3002; `--port 0` picks a free one), bcoin's own API
// on a free port. Prints the node's description (URLs, CAIP-2 id, dev addresses) as JSON on stdout
// once the dev accounts are funded, then one line per event on stderr unless --quiet. Stops on
// SIGINT / SIGTERM / SIGHUP and when the process that started it goes away (even killed with SIGKILL).
import { watchAncestors } from '../stack/watchAncestors'
import { startBitcoinNode } from './startBitcoinNode'

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  if (i >= 0) return process.argv[i + 1]
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1)
}

const rawPort = arg('--port') ?? process.env.BITCOIN_PORT ?? '3002'
const port = Number(rawPort)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`--port must be an integer from 0 to 65535, got ${rawPort}\n`)
  process.exit(2)
}
const log = process.argv.includes('--quiet') ? undefined : (line: string) => process.stderr.write(`${line}\n`)
const started = performance.now()
const node = await startBitcoinNode({ port, ...(log ? { log } : {}) }).catch((error: unknown) => {
  process.stderr.write(`could not start the local Bitcoin node: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
const { caipNetworkId, esploraUrl, rpcUrl, accounts, minerAddress } = node
process.stdout.write(`${JSON.stringify({ caipNetworkId, esploraUrl, rpcUrl, accounts, minerAddress }, null, 2)}\n`)
log?.(`bitcoin node ready in ${Math.round(performance.now() - started)} ms; Ctrl-C to stop`)

watchAncestors(() => node.stop(), { exitCode: () => 0, ...(log ? { log } : {}) })
