import type { TestProject } from 'vitest/node'
import { BUILT_PAGES } from '../../../dev/stack/startStack'
import { serveStatic } from '../../../dev/stack/serveStatic'
import type { StackConfig } from '../../../dev/stack/stackConfig'
import { startTestStack } from '../../../dev/testing/index'
import { startAuthStack } from '../../../dev/auth/startAuthStack'
import { buildPages } from '../../../scripts/buildPages'
import { buildTesting } from '../../../scripts/buildTesting'

export type E2EStack = { config: StackConfig; urls: { demo: string; wallet: string; web: string } }

declare module 'vitest' {
  export interface ProvidedContext {
    stack: E2EStack
  }
}

/**
 * Builds the pages once and starts the local stack for every e2e file through gangway/testing
 * (the kit host apps use), serving the demo and wallet pages beside it with `/stack.json`.
 */
export default async function setup(project: TestProject) {
  // The kit's own e2e drives the built package (dist/testing) as a host app would.
  await Promise.all([buildPages({ quiet: true }), buildTesting()])
  // The kit stops the stack when a parent process (npm, scripts/test.ts) is killed.
  // The gateway on a real database: PGlite (PostgreSQL in WASM), in memory for this run.
  const stack = await startTestStack({ database: {} })
  // The embedded wallet's services (auth service with the frame, mail inbox, social login
  // provider, Farcaster relay) are Gangway's own: the kit leaves them out.
  const auth = await startAuthStack().catch(async (error: unknown) => {
    await stack.stop()
    throw error
  })
  const json: Record<string, unknown> = {}
  const web = await serveStatic({ root: BUILT_PAGES, port: 0, json, pages: ['/wallet/'] }).catch(async (error: unknown) => {
    await auth.stop()
    await stack.stop()
    throw error
  })
  const config = {
    ...stack.config,
    walletUrl: `${web.url}/wallet/`,
    solanaChain: 'solana:localnet',
    authUrl: auth.urls.auth,
    frameUrl: auth.urls.frame,
    mailUrl: auth.urls.mail,
  } as StackConfig
  json['/stack.json'] = config
  project.provide('stack', { config, urls: { demo: `${web.url}/demo/`, wallet: `${web.url}/wallet/`, web: web.url } })
  return async () => {
    await web.stop()
    await auth.stop()
    await stack.stop()
  }
}
