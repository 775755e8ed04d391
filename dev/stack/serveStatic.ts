import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
}

export type StaticServerOptions = {
  root: string
  port?: number
  /** JSON answered at exact paths (the stack configuration). */
  json?: Record<string, unknown>
  /**
   * Page routes: a path under a prefix that names no file and has no extension gets that
   * prefix's index.html, so a deep link such as `/wallet/wc?uri=…` opens the page.
   */
  pages?: string[]
  /**
   * Serves files under `/assets/` (a Vite build's content-hashed chunks) as a production host
   * does: cacheable for a year and immutable, so a reload runs them from the browser's cache.
   * Off by default: a folder rebuilt under the same names must not be served stale.
   */
  immutableAssets?: boolean
}

/**
 * Serves a built folder on 127.0.0.1, plus JSON routes (the stack configuration). Paths that
 * climb out of the folder are refused; a folder serves its index.html.
 */
export async function serveStatic(options: StaticServerOptions) {
  const root = resolve(options.root)
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const route = options.json?.[url.pathname]
      if (route !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' })
        res.end(JSON.stringify(route))
        return
      }
      let path = normalize(join(root, decodeURIComponent(url.pathname)))
      if (path !== root && !path.startsWith(root + sep)) {
        res.writeHead(403).end('Forbidden')
        return
      }
      let info = await stat(path).catch(() => null)
      if (info?.isDirectory()) {
        path = join(path, 'index.html')
        info = await stat(path).catch(() => null)
      }
      const page = options.pages?.find((prefix) => url.pathname.startsWith(prefix))
      if (!info?.isFile() && page !== undefined && extname(url.pathname) === '') {
        path = join(root, page, 'index.html')
        info = await stat(path).catch(() => null)
      }
      if (!info?.isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
        return
      }
      const cache = options.immutableAssets && url.pathname.includes('/assets/') ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'content-length': info.size, ...cache })
      createReadStream(path).pipe(res)
    } catch {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' })
      res.end('Bad request')
    }
  })
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 0, '127.0.0.1', () => ok())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  }
}
