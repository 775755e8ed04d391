// `npx tsx dev/chain/main.ts [--verbose]`: starts the two local chains on 8545 / 8546, prints
// their description as JSON on stdout and runs until SIGINT / SIGTERM.
import { startChains } from './startChains'

const verbose = process.argv.includes('--verbose')
const started = performance.now()
const dev = await startChains({
  ports: [8545, 8546],
  log: verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
}).catch((error: unknown) => {
  process.stderr.write(`could not start the local chains: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
const { chains, tokens, accounts } = dev
process.stdout.write(`${JSON.stringify({ chains, tokens, accounts }, null, 2)}\n`)
process.stderr.write(`chains ready in ${Math.round(performance.now() - started)} ms; Ctrl-C to stop\n`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void dev.stop().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
