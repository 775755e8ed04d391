#!/usr/bin/env node
// `npx gangway-stack [--ports …] [--smart-accounts] [--help]`: starts gangway-kit-testing's local stack, prints its configuration as JSON on
// stdout, and runs until Ctrl+C or SIGTERM (or until its parent process dies).
import { parseStackArgs, STACK_CLI_USAGE } from './cliArgs'
import { startTestStack } from './index'

const args = parseStackArgs(process.argv.slice(2))
if ('error' in args) {
  process.stderr.write(`gangway-stack: ${args.error}\n\n${STACK_CLI_USAGE}`)
  process.exit(2)
}
if (args.help) {
  process.stdout.write(STACK_CLI_USAGE)
  process.exit(0)
}

const started = performance.now()
const stack = await startTestStack({ ...(args.ports ? { ports: args.ports } : {}), ...(args.smartAccounts ? { smartAccounts: true } : {}) }).catch((error: unknown) => {
  process.stderr.write(`gangway-stack: could not start: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
process.stdout.write(`${JSON.stringify(stack.config, null, 2)}\n`)
process.stderr.write(`gangway-stack: ready in ${Math.round(performance.now() - started)} ms; Ctrl+C to stop\n`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void stack.stop().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
process.on('SIGHUP', shutdown)
