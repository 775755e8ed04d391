// `npm start`: builds the pages and starts the local stack on fixed ports of 127.0.0.1.
import { startStack } from '../dev/stack/startStack'
import { buildPages } from './buildPages'

const PORTS = { chains: [8545, 8546] as [number, number], gateway: 8787, relay: 8788, web: 5173 }

async function main() {
  console.log('Building the demo and the wallet pages…')
  await buildPages()
  console.log('Starting the local stack…')
  const stack = await startStack({ ports: PORTS })
  const { config, urls } = stack
  console.log(`
Gangway demo:      ${urls.demo}
Dev wallet (WC):   ${urls.wallet}
Chains:            ${config.chains.map((c) => `${c.chainId} ${c.rpcUrl}`).join(', ')}
Gateway:           ${config.gatewayUrl}
Relay:             ${config.relayUrl}
Press Ctrl+C to stop.`)
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await stack.stop()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
