import type { TestProject } from 'vitest/node'
import { startStack } from '../../../dev/stack/startStack'
import type { StackConfig } from '../../../dev/stack/stackConfig'
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
  project.provide('stack', { config: stack.config, urls: stack.urls })
  return async () => {
    await stack.stop()
  }
}
