// CLI: run the local WalletConnect relay.
//
//   npx tsx dev/relay/main.ts [--port 4001] [--ping-ms 10000] [--quiet]
//
// Prints `RELAY_URL=ws://127.0.0.1:PORT` once listening (a parent process can read it from
// stdout), then one line per event unless --quiet. Stops on SIGINT / SIGTERM.

import { startRelay } from './startRelay'

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  if (i >= 0) return process.argv[i + 1]
  const eq = process.argv.find((a) => a.startsWith(`${name}=`))
  return eq?.slice(name.length + 1)
}

function intArg(name: string, fallback: number): number {
  const raw = arg(name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) {
    console.error(`${name} must be a non-negative integer, got ${raw}`)
    process.exit(2)
  }
  return n
}

const quiet = process.argv.includes('--quiet')
const relay = await startRelay({
  port: intArg('--port', Number(process.env.RELAY_PORT ?? 0)),
  pingIntervalMs: intArg('--ping-ms', 10_000),
  log: quiet ? undefined : (line) => console.log(line),
})
console.log(`RELAY_URL=${relay.url}`)

let stopping = false
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return
    stopping = true
    relay.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
