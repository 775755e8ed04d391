import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { createPublicClient, createWalletClient, defineChain, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import { startChains, type DevChain, type DevChains } from '../../../dev/chain/startChains'
import { startGateway, type Gateway } from '../../../dev/gateway/startGateway'
import { freePort } from '../../../dev/stack/ports'

/** A URL of 127.0.0.1 on a port nothing listens on (for "node is down" tests). */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`
}

export type Answer = { status: number; body: unknown; text: string; headers: Headers }

/** One HTTP call to a gateway; `body` is sent as JSON unless it is already a string; `headers` as a browser would add them (`origin`). */
export async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers } }
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
    init.headers = { ...headers, 'content-type': 'application/json' }
  }
  const response = await fetch(`${base}${path}`, init)
  const text = await response.text()
  let parsed: unknown = undefined
  try {
    parsed = JSON.parse(text)
  } catch {
    // Images and malformed-JSON faults are not JSON.
  }
  return { status: response.status, body: parsed, text, headers: response.headers }
}

/** Builds a client-side query string with the common parameters. */
export const P = 'projectId=test-project&st=gangway&sv=0.0.0'

/** The two local hardhat chains (dev/chain), or the first only (`count: 1`), with a gateway over them; `stop` ends both. */
export async function startStack(options: { count?: 1 | 2 } = {}): Promise<{ dev: DevChains; gateway: Gateway; stop(): Promise<void> }> {
  const dev = await startChains(options.count ? { count: options.count } : undefined)
  try {
    const gateway = await startGateway({ chains: dev.chains, tokens: dev.tokens, collections: dev.collections, amm: dev.amm, treasury: dev.treasury, exchangeHotWallet: dev.exchange })
    return {
      dev,
      gateway,
      stop: async () => {
        await gateway.stop()
        await dev.stop()
      },
    }
  } catch (error) {
    await dev.stop()
    throw error
  }
}

/** The two local chains (or the first only, `count: 1`) and a gateway for a test file: started before its tests, stopped after them. */
export function stackPerFile(options: { count?: 1 | 2 } = {}): { readonly dev: DevChains; readonly gateway: Gateway } {
  const stack = {} as { dev: DevChains; gateway: Gateway; stop?: () => Promise<void> }
  beforeAll(async () => {
    Object.assign(stack, await startStack(options))
  }, 60_000)
  afterAll(() => stack.stop?.())
  return stack
}

/** A viem wallet and reader on a local chain, for making real transactions in tests. */
export function walletOn(chain: DevChain, privateKey: Hex) {
  const viemChain = defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  const transport = http(chain.rpcUrl)
  return {
    wallet: createWalletClient({ chain: viemChain, transport, account: privateKeyToAccount(privateKey) }),
    reader: createPublicClient({ chain: viemChain, transport }),
  }
}

/** An EIP-4361 sign-in message for app.example on `chainId`: a fresh nonce, issued now, valid for an hour. */
export function siweMessage(address: `0x${string}`, chainId: number, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}): string {
  return createSiweMessage({
    address,
    chainId,
    domain: 'app.example',
    uri: 'https://app.example',
    nonce: generateSiweNonce(),
    version: '1',
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 3_600_000),
    ...overrides,
  })
}

/** How a fake node answers: JSON-RPC (each request's result from `result`), an HTML error page, junk, or not at all. */
export type FakeNodeMode = 'ok' | 'html' | 'junk' | 'hang'

/**
 * A JSON-RPC node on 127.0.0.1 that answers one request or a batch with `result(request)` for
 * each (an `{ error }` it returns becomes the JSON-RPC error), recording every body it was sent.
 * `mode` makes it fail the way nodes do; `close()` makes it a closed port.
 */
export async function startFakeNode(result: (request: { method: string; params?: unknown }) => unknown = (r) => ({ echo: r.method, params: r.params ?? null })) {
  const node = { bodies: [] as unknown[], mode: 'ok' as FakeNodeMode, url: '', close: () => Promise.resolve() }
  const answer = (request: { id: unknown; method: string; params?: unknown }) => {
    const value = result(request)
    const error = (value as { error?: unknown } | null)?.error
    return error ? { jsonrpc: '2.0', id: request.id, error } : { jsonrpc: '2.0', id: request.id, result: value }
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown
      node.bodies.push(body)
      if (node.mode === 'hang') return
      if (node.mode === 'html') return void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>upstream down</h1>')
      if (node.mode === 'junk') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc": "2.0", "id": ')
      const out = Array.isArray(body) ? body.map(answer) : answer(body as Parameters<typeof answer>[0])
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  node.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return node
}
