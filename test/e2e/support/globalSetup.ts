import type { TestProject } from 'vitest/node'
import { startStack } from '../../../dev/stack/startStack'
import type { StackConfig } from '../../../dev/stack/stackConfig'
import { watchAncestors } from '../../../dev/stack/watchAncestors'
import { buildPages } from '../../../scripts/buildPages'

export type E2EStack = { config: StackConfig; urls: { demo: string; wallet: string; web: string } }

declare module 'vitest' {
  export interface ProvidedContext {
    stack: E2EStack
  }
}

/** Builds the pages once and starts the whole local stack on free ports for every e2e file. */
export default async function setup(project: TestProject) {
  await buildPages({ quiet: true })
  const stack = await startStack()
  // Vitest exits on SIGTERM/SIGINT (the stack goes with its process); if a parent process is
  // killed instead (npm, scripts/test.ts), stop the stack and exit rather than run on.
  const watchdog = watchAncestors(() => stack.stop(), { signals: [] })
  project.provide('stack', { config: stack.config, urls: stack.urls })
  return async () => {
    watchdog.dispose()
    await stack.stop()
  }
}
