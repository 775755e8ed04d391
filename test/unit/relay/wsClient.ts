// A small JSON-RPC client over `ws` for driving the relay in tests.

import { WebSocket, type ClientOptions } from 'ws'
import { signedRelayAuth } from '../../support/relayAuth'

export interface Pushed {
  id: number
  method: string
  params: { id: string; data: { topic: string; message: string; publishedAt: number; attestation?: string } }
}

export interface RpcResponse {
  id: number | string | null
  result?: unknown
  error?: { code: number; message: string }
}

export class TestClient {
  readonly pushed: Pushed[] = []
  readonly responses: RpcResponse[] = []
  private nextId = 100_000 // clear of the small ids tests put in raw frames
  private waiters: (() => void)[] = []
  closed: { code: number; reason: string } | undefined

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as Record<string, unknown>
      if (msg.method === 'irn_subscription') this.pushed.push(msg as unknown as Pushed)
      else this.responses.push(msg as unknown as RpcResponse)
      this.wake()
    })
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() }
      this.wake()
    })
  }

  /**
   * A client on the relay at `url`. With `clientId` it presents an auth JWT signed by the key pair
   * of that name (`relayKeyPair`: the same name, the same client), issued at `issuedAt` (seconds;
   * default 1, so before any clock a test gives the relay); `auth` sends that `?auth=` as it is;
   * with neither the client is anonymous.
   */
  static async connect(
    url: string,
    opts: { clientId?: string; projectId?: string; ws?: ClientOptions; issuedAt?: number; auth?: string } = {},
  ): Promise<TestClient> {
    const q = new URLSearchParams()
    if (opts.auth !== undefined) q.set('auth', opts.auth)
    else if (opts.clientId) q.set('auth', await signedRelayAuth({ client: opts.clientId, issuedAt: opts.issuedAt ?? 1, audience: url }))
    q.set('projectId', opts.projectId ?? 'gangway-test')
    const ws = new WebSocket(`${url}/?${q.toString()}`, opts.ws)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new TestClient(ws)
  }

  private wake(): void {
    const w = this.waiters
    this.waiters = []
    for (const f of w) f()
  }

  /** Resolves when `check` returns a value other than undefined, or rejects after `ms`. */
  async waitFor<T>(check: () => T | undefined, ms = 2000, what = 'condition'): Promise<T> {
    const deadline = Date.now() + ms
    for (;;) {
      const v = check()
      if (v !== undefined) return v
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${what}`)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data)
  }

  async request(method: string, params: unknown): Promise<RpcResponse> {
    const id = this.nextId++
    this.ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return this.waitFor(() => this.responses.find((r) => r.id === id), 2000, `response to ${method}`)
  }

  /** The next JSON-RPC response with id null (errors for unparsable frames). */
  async nextNullIdResponse(seen: number): Promise<RpcResponse> {
    return this.waitFor(() => this.responses.filter((r) => r.id === null)[seen], 2000, 'id-null error')
  }

  ack(p: Pushed): void {
    this.ws.send(JSON.stringify({ id: p.id, jsonrpc: '2.0', result: true }))
  }

  messagesOn(topic: string): string[] {
    return this.pushed.filter((p) => p.params.data.topic === topic).map((p) => p.params.data.message)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.ws.close()
    await this.waitFor(() => this.closed, 2000, 'close')
  }
}

/** Give the relay time to push anything it was going to push. */
export async function settle(ms = 60): Promise<void> {
  await new Promise((r) => setTimeout(r, ms))
}
