// `npm start`: builds the pages and starts the local stack on fixed ports of 127.0.0.1.
// GANGWAY_PORTS=chain1,chain2,gateway,relay,web[,solana[,bitcoin]] picks other ports (the Solana
// validator's WebSocket is on its port + 1; without a sixth port it takes a free one, without a
// seventh the Bitcoin node's Esplora API does); GANGWAY_SKIP_BUILD=1 serves
// the pages already in dist/dev without building them. The embedded wallet's auth service, its
// mail inbox and social login provider take free ports (printed). GANGWAY_DATA_DIR puts the gateway's
// database elsewhere than .cache/gateway-db-<gateway port>. GANGWAY_BUNDLER=1 also starts an ERC-4337
// bundler and a sponsoring paymaster per chain (free ports, printed; installs dev/bundler's packages once).
// Everything stops on Ctrl+C, SIGTERM or SIGHUP, and when any parent process (npm, the shell, a
// process manager) is gone, even if it was SIGKILLed.
import { existsSync } from 'node:fs'
import { BUILT_PAGES, startStack, type Stack } from '../dev/stack/startStack'
import { watchAncestors } from '../dev/stack/watchAncestors'
import { buildPages } from './buildPages'

const DEFAULT_PORTS = [8545, 8546, 8787, 8788, 5173, 8899, 3002]

function ports() {
  const text = process.env.GANGWAY_PORTS
  const list = text ? text.split(',').map((p) => Number(p.trim())) : DEFAULT_PORTS
  if (list.length < 5 || list.length > 7 || !list.every((p) => Number.isInteger(p) && p > 0 && p < 65535)) {
    throw new Error(`GANGWAY_PORTS must be five to seven ports (chain1,chain2,gateway,relay,web[,solana[,bitcoin]]), got "${text}"`)
  }
  // Five ports leave the Solana validator on a free one, six the Bitcoin node's Esplora API.
  const [chain1, chain2, gateway, relay, web, solana = 0, bitcoin = 0] = list as [number, number, number, number, number, number?, number?]
  return { chains: [chain1, chain2] as [number, number], gateway, relay, web, solana, bitcoin }
}

let starting: Promise<Stack> | undefined

// Watch from the very start: a stop during the build or while the chains boot must not leave
// anything behind either (children the stack does not know of yet are terminated on exit).
watchAncestors(
  async () => {
    const stack = await starting?.catch(() => undefined)
    await stack?.stop()
  },
  { exitCode: (cause) => (cause.kind === 'signal' ? 0 : 1), log: (line) => console.log(`\n${line}`) },
)

async function main() {
  const stackPorts = ports()
  if (process.env.GANGWAY_SKIP_BUILD === '1') {
    if (!existsSync(BUILT_PAGES)) console.log(`No built pages at ${BUILT_PAGES}: the web server will answer 404.`)
  } else {
    console.log('Building the demo, the wallet and the embedded wallet frame pages…')
    await buildPages()
  }
  console.log('Starting the local stack…')
  // Names and sign-in sessions outlive a restart: PGlite on disk (one directory per gateway port,
  // since PGlite serves one process), or DATABASE_URL's PostgreSQL server.
  const database = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.GANGWAY_DATA_DIR || `.cache/gateway-db-${stackPorts.gateway}` }
  const bundler = process.env.GANGWAY_BUNDLER === '1'
  starting = startStack({ ports: stackPorts, requirePages: false, database, bundler })
  const { config, urls } = await starting
  const bundlers = config.bundlers.map((b) => `\nBundler ${b.chainId}:     ${b.bundlerUrl} (paymaster ${b.paymasterUrl})`).join('')
  console.log(`
Gangway demo:      ${urls.demo}
Dev wallet (WC):   ${urls.wallet}
Chains:            ${config.chains.map((c) => `${c.chainId} ${c.rpcUrl}`).join(', ')}
Gateway:           ${config.gatewayUrl}
Relay:             ${config.relayUrl}
Solana validator:  ${config.solanaRpcUrl} (WebSocket ${config.solanaWsUrl})
Bitcoin (regtest): ${config.bitcoin ? `${config.bitcoin.esploraUrl} (Esplora API; also ${config.gatewayUrl}/v1/esplora/${config.bitcoin.caipNetworkId.slice('bip122:'.length)})` : 'not started'}
Embedded wallet:   ${config.frameUrl} (auth service ${config.authUrl}; demo with ?email=1)
Mail inbox:        ${config.mailUrl} (one-time codes and device links)${bundlers}
Press Ctrl+C to stop.`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
