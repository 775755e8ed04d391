// Serves the built frame (the embedded wallet's sign-in page) under /frame/: files of one folder
// only, never anything outside it, with HTML allowed to be framed by the allowed origins alone.

import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}

/**
 * The file a path under /frame/ names inside `root`, or null when it names none or would leave
 * the folder (`..` segments, encoded slashes or NUL, links pointing outside). A folder names its
 * index.html.
 */
export async function resolveFrameFile(root: string, relativePath: string): Promise<{ path: string; size: number } | null> {
  const base = resolve(root)
  const segments: string[] = []
  for (const raw of relativePath.split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (segment === '' || segment === '.') continue
    if (segment === '..' || /[/\\\0]/.test(segment)) return null
    segments.push(segment)
  }
  let path = join(base, ...segments)
  if (path !== base && !path.startsWith(base + sep)) return null
  let info = await stat(path).catch(() => null)
  if (info?.isDirectory()) {
    path = join(path, 'index.html')
    info = await stat(path).catch(() => null)
  }
  if (!info?.isFile()) return null
  const [realBase, realPath] = await Promise.all([realpath(base), realpath(path)]).catch(() => [null, null])
  if (realBase === null || realPath === null || !realPath.startsWith(realBase + sep)) return null
  return { path, size: info.size }
}

/**
 * Answers a GET or HEAD under /frame/ from `root`; false (nothing sent) when no file matches.
 * HTML carries `Content-Security-Policy: frame-ancestors <frameAncestors>`.
 */
export async function serveFrameFile(res: ServerResponse, root: string, relativePath: string, frameAncestors: string, head: boolean): Promise<boolean> {
  const file = await resolveFrameFile(root, relativePath)
  if (!file) return false
  const type = CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream'
  const headers: Record<string, string | number> = {
    'content-type': type,
    'content-length': file.size,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  }
  if (type.startsWith('text/html')) headers['content-security-policy'] = `frame-ancestors ${frameAncestors}`
  res.writeHead(200, headers)
  if (head) {
    res.end()
    return true
  }
  await new Promise<void>((done, fail) => {
    const stream = createReadStream(file.path)
    stream.once('error', fail)
    res.once('close', () => {
      stream.destroy()
      done()
    })
    stream.pipe(res)
  })
  return true
}
