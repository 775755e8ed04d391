import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** How the server answers one request; it may also leave the request unanswered. */
export type Script = (request: IncomingMessage, response: ServerResponse) => void

export type ScriptedServer = {
  url: string
  /** Paths (with query) of the requests received, oldest first. */
  requests: string[]
  /** Changes how the next requests are answered. */
  answer(script: Script): void
  /** Closes every open connection, including those left hanging, and stops listening. */
  stop(): Promise<void>
}

/** Answers `body` as JSON with `status`. */
export const json =
  (body: unknown, status = 200): Script =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(typeof body === 'string' ? body : JSON.stringify(body))
  }

/** Accepts the request and never answers it. */
export const never: Script = () => {}

/**
 * A real HTTP server on 127.0.0.1 (a free port) whose answers a test scripts: any status, any
 * body, a reset connection or no answer at all, which a well-behaved gateway never gives.
 *
 * @example
 * const server = await startScriptedServer(json({ data: [], count: 0 }))
 * server.answer(never)
 * await server.stop()
 */
export async function startScriptedServer(initial: Script = json({})): Promise<ScriptedServer> {
  let script = initial
  const requests: string[] = []
  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    requests.push(request.url ?? '')
    // Read the body so a POST does not stall on back-pressure.
    request.resume()
    try {
      script(request, response)
    } catch {
      response.destroy()
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next) {
      script = next
    },
    stop() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
