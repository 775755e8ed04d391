// Helper process for startChains.test.ts: starts the chains, prints them, then waits to be killed.
import { startChains } from '../../../dev/chain/startChains'

const dev = await startChains()
process.stdout.write(`${JSON.stringify(dev.chains)}\n`)
setInterval(() => {}, 1 << 30)
