// Serves the built dev wallet (dev/wallet/dist) on 127.0.0.1 with its configuration at
// GET /stack.json, and the page itself for any other path without a file (so the deep link
// `<origin>/wc?uri=…` opens it).

import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { StackConfig } from './stackConfig'

export const WALLET_DIST = fileURLToPath(new URL('./dist', import.meta.url))

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
}

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
  const root = resolve(options.dir ?? WALLET_DIST)
  const stackJson = JSON.stringify(options.stack)
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname)
      if (path === '/stack.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        res.end(stackJson)
        return
      }
      let file = normalize(join(root, path))
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end()
        return
      }
      const isFile = await stat(file).then((s) => s.isFile(), () => false)
      if (!isFile) {
        if (extname(path) !== '') {
          res.writeHead(404).end()
          return
        }
        file = join(root, 'index.html') // /, /wc and the like: the page
      }
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' })
      res.end(body)
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 0, '127.0.0.1', () => ok())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok())
        server.closeAllConnections()
      }),
  }
}
