// CLI: run the local Solana validator.
//
//   npx tsx dev/solana/main.ts [--port 8899] [--quiet]
//
// HTTP JSON-RPC on the port (default 8899, Solana's; `--port 0` picks a free one), PubSub
// WebSocket on port + 1. Prints the validator's description (URLs, mint, dev accounts) as JSON on
// stdout once ready, then one line per event on stderr unless --quiet. Stops on SIGINT / SIGTERM /
// SIGHUP and when the process that started it goes away (even killed with SIGKILL).
import { watchAncestors } from '../stack/watchAncestors'
import { startSolanaValidator } from './startSolanaValidator'

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  if (i >= 0) return process.argv[i + 1]
  const eq = process.argv.find((a) => a.startsWith(`${name}=`))
  return eq?.slice(name.length + 1)
}

const rawPort = arg('--port') ?? process.env.SOLANA_PORT ?? '8899'
const port = Number(rawPort)
if (!Number.isInteger(port) || port < 0 || port > 65534) {
  process.stderr.write(`--port must be an integer from 0 to 65534, got ${rawPort}\n`)
  process.exit(2)
}

const quiet = process.argv.includes('--quiet')
const log = quiet ? undefined : (line: string) => process.stderr.write(`${line}\n`)
const started = performance.now()
const validator = await startSolanaValidator({ port, ...(log ? { log } : {}) }).catch((error: unknown) => {
  process.stderr.write(`could not start the local Solana validator: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
const { rpcUrl, wsUrl, chain, caipNetworkId, genesisHash, mint, accounts } = validator
const description = JSON.stringify({ rpcUrl, wsUrl, chain, caipNetworkId, genesisHash, mint, accounts }, null, 2)
// Secret keys on one line each, not 64.
process.stdout.write(`${description.replace(/\[\s+([\d,\s]+?)\s+\]/g, (_, bytes: string) => `[${bytes.replace(/\s+/g, '')}]`)}\n`)
log?.(`solana validator ready in ${Math.round(performance.now() - started)} ms; Ctrl-C to stop`)

watchAncestors(() => validator.stop(), { exitCode: () => 0, ...(log ? { log } : {}) })
