// The mock paymaster's process (spawned by startBundler.ts): Pimlico's @pimlico/mock-paymaster,
// an ERC-7677 paymaster service that sponsors every user operation, on 127.0.0.1.
// Plain JavaScript: it runs under `node` from dev/bundler, where its package is installed.
//
//   node paymasterMain.mjs --rpc-url <chain> --bundler-url <alto> --port <port>
import { parseArgs } from 'node:util'

// Why: prool (the mock paymaster's host) calls Promise.withResolvers, which Node 20 lacks.
if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve
    let reject
    const promise = new this((res, rej) => {
      resolve = res
      reject = rej
    })
    return { promise, resolve, reject }
  }
}

const { values } = parseArgs({
  options: { 'rpc-url': { type: 'string' }, 'bundler-url': { type: 'string' }, port: { type: 'string' } },
})
const rpcUrl = values['rpc-url']
const bundlerUrl = values['bundler-url']
const port = Number(values.port)
if (!rpcUrl || !bundlerUrl || !Number.isInteger(port) || port <= 0) {
  console.error('usage: node paymasterMain.mjs --rpc-url <chain> --bundler-url <alto> --port <port>')
  process.exit(2)
}

// Imported after the polyfill: the package loads prool as it loads.
const { paymaster } = await import('@pimlico/mock-paymaster')
const instance = paymaster({ anvilRpc: rpcUrl, altoRpc: bundlerUrl, port, host: '127.0.0.1' })
try {
  // Deploys the singleton paymasters (EntryPoint 0.6, 0.7, 0.8) with their deposits, then listens.
  await instance.start()
} catch (error) {
  console.error(`the mock paymaster failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exit(1)
}
console.log(`mock paymaster listening on http://127.0.0.1:${port}`)

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    void instance.stop().finally(() => process.exit(0))
    // Exit anyway if the server does not close promptly.
    setTimeout(() => process.exit(0), 1_000).unref()
  })
}
