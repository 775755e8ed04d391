// Serves the built dev wallet (dev/wallet/dist) on 127.0.0.1 with its configuration at
// GET /stack.json, and the page itself for any other path without a file (so the deep link
// `<origin>/wc?uri=…` opens it).

import { fileURLToPath } from 'node:url'
import { serveStatic } from '../stack/serveStatic'
import type { StackConfig } from './stackConfig'

export const WALLET_DIST = fileURLToPath(new URL('./dist', import.meta.url))

export interface WalletServer {
  /** http://127.0.0.1:PORT */
  url: string
  stop(): Promise<void>
}

/**
 * Serves a built wallet page and its stack.json.
 *
 * @example
 * const server = await serveWallet({ stack: { relayUrl, projectId: 'dev', chains, accounts } })
 * // open `${server.url}/?uri=${encodeURIComponent(uri)}`
 */
export async function serveWallet(options: { stack: StackConfig; dir?: string; port?: number }): Promise<WalletServer> {
  const server = await serveStatic({
    root: options.dir ?? WALLET_DIST,
    port: options.port ?? 0,
    json: { '/stack.json': options.stack },
    pages: ['/'],
  })
  return { url: server.url, stop: server.stop }
}
