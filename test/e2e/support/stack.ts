import { basename } from 'node:path'
import { expect, inject } from 'vitest'
import type { E2EStack } from './globalSetup'

/**
 * The running test file's view of the local stack: its chains, services and pages, with
 * accounts of its own (support/fileAccounts.ts), so it may run beside other files.
 */
export function e2eStack(): E2EStack {
  const path = expect.getState().testPath
  const file = path ? basename(path) : ''
  const stack = inject('stacks')[file]
  if (!stack) throw new Error(`the global setup started nothing for "${file}": only test/e2e/*.e2e.test.ts files get a stack`)
  return stack
}
