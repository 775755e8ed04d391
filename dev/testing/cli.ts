#!/usr/bin/env node
// `npx gangway-stack`: starts gangway-kit/testing's local stack, prints its configuration as JSON on
// stdout, and runs until Ctrl+C or SIGTERM (or until its parent process dies).
import { startTestStack } from './index'

const started = performance.now()
const stack = await startTestStack().catch((error: unknown) => {
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
