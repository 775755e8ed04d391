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

/**
 * The demo's address with `query` (`?solana=1`, or empty), without its devtools panel
 * (`devtools=0`) unless `devtools` is true: the panel sits above the modal and would take
 * clicks, and its live event list and React's devtools hook make every page dearer to run.
 *
 * @example
 * await page.goto(demoUrl('?email=1'))
 */
export function demoUrl(query = '', options: { devtools?: boolean } = {}): string {
  const url = new URL(e2eStack().urls.demo)
  for (const [name, value] of new URLSearchParams(query)) url.searchParams.append(name, value)
  if (!options.devtools) url.searchParams.set('devtools', '0')
  return url.toString()
}
