import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../../../dev/gateway/startGateway'
import { call, deadUrl, P } from './harness'

// Production mode (`startGateway({ production })`, `main.ts --production`): CORS only for the
// project's allowed origins, no control routes without a token, 5xx bodies that name no host,
// port or driver text (the detail in a JSON log line); and a stop that lets requests finish.
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = 'a-control-token-of-some-length'
let nodeUrl: string

beforeAll(async () => {
  nodeUrl = await deadUrl()
})

/** A gateway over a chain whose node is down (a balance is a 502), its log lines kept. */
async function gatewayWith(options: Partial<Parameters<typeof startGateway>[0]>) {
  const logs: string[] = []
  const gateway = await startGateway({ chains: [{ chainId: 31337, name: 'Down', rpcUrl: nodeUrl }], tokens: [], log: (line) => logs.push(line), ...options })
  return { gateway, logs }
}

describe('production mode', () => {
  let gateway: Gateway
  let logs: string[]
  beforeAll(async () => {
    ;({ gateway, logs } = await gatewayWith({ production: true, allowedOrigins: ['https://app.example', 'https://*.preview.example'], limits: { maxNames: 3 } }))
  })
  afterAll(() => gateway.stop())

  it('answers CORS to the allowed origins only, and serves them as the project\'s origins', async () => {
    const allowed = await call(gateway.url, 'GET', `/getWallets?${P}&entries=1`, undefined, { origin: 'https://app.example' })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(allowed.headers.get('vary')).toBe('Origin')
    const wildcard = await call(gateway.url, 'GET', `/getWallets?${P}&entries=1`, undefined, { origin: 'https://pr-7.preview.example' })
    expect(wildcard.headers.get('access-control-allow-origin')).toBe('https://pr-7.preview.example')
    // Another page still gets its answer (a browser hides it from the page), but no CORS header.
    const other = await call(gateway.url, 'GET', `/getWallets?${P}&entries=1`, undefined, { origin: 'https://evil.example' })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${gateway.url}/e?${P}`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull()
    expect((await call(gateway.url, 'GET', `/projects/v1/origins?${P}`)).body).toEqual({ allowedOrigins: ['https://app.example', 'https://*.preview.example'] })
  })

  it('serves no control route without a token', async () => {
    for (const [method, path] of [['POST', '/_control/reset'], ['GET', '/_control/state'], ['PUT', '/_control/fault'], ['GET', '/_control/analytics']] as const) {
      expect((await call(gateway.url, method, path, method === 'GET' ? undefined : {})).status).toBe(404)
    }
    expect(gateway.stats().limits.maxNames).toBe(3)
  })

  it('answers a 5xx with a generic body, and logs its detail as one JSON line', async () => {
    const failed = await call(gateway.url, 'GET', `/v1/account/${ACCOUNT}/balance?${P}&chainId=eip155:31337`)
    expect(failed.status).toBe(502)
    expect(failed.body).toEqual({ error: 'An upstream node failed; retry shortly' })
    const port = new URL(nodeUrl).port
    expect(failed.text).not.toContain(port)
    expect(failed.text).not.toContain('127.0.0.1')
    const line = logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request failed' && l.status === 502)
    expect(line).toMatchObject({ level: 'error', method: 'GET', path: `/v1/account/${ACCOUNT}/balance` })
    expect(String(line!.error)).toContain(port)
    // Every line is JSON, requests included.
    expect(logs.map((l) => JSON.parse(l) as { msg: string }).some((l) => l.msg === 'request')).toBe(true)
  })

  it("answers a node's failure over JSON-RPC without what the node said, and logs it", async () => {
    // A node that answers with a page naming its own insides.
    const leaky = createServer((_req, res) => res.end('proxy error: upstream 10.9.8.7:8545 refused'))
    await new Promise<void>((done) => leaky.listen(0, '127.0.0.1', done))
    const { port } = leaky.address() as AddressInfo
    const { gateway: own, logs: ownLogs } = await gatewayWith({ production: true, chains: [{ chainId: 31337, name: 'Leaky', rpcUrl: `http://127.0.0.1:${port}` }] })
    try {
      const failed = await call(own.url, 'POST', `/v1/?${P}&chainId=eip155:31337`, { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber' })
      expect(failed.status).toBe(502)
      expect(failed.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error: the node of eip155:31337 failed; retry shortly' } })
      const line = ownLogs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'node failed')
      expect(line).toMatchObject({ level: 'error', chainId: 'eip155:31337' })
      expect(String(line!.detail)).toContain('10.9.8.7:8545')
    } finally {
      await own.stop()
      await new Promise((done) => leaky.close(done))
    }
  })
})

describe('development mode', () => {
  it('answers CORS for any origin, keeps the failing node in the body, and its control routes open', async () => {
    const { gateway } = await gatewayWith({})
    try {
      expect((await call(gateway.url, 'GET', `/getWallets?${P}&entries=1`, undefined, { origin: 'https://evil.example' })).headers.get('access-control-allow-origin')).toBe('*')
      expect(((await call(gateway.url, 'GET', `/v1/account/${ACCOUNT}/balance?${P}&chainId=eip155:31337`)).body as { error: string }).error).toContain(nodeUrl)
      expect((await call(gateway.url, 'GET', '/_control/state')).status).toBe(200)
    } finally {
      await gateway.stop()
    }
  })
})

describe('a control token', () => {
  it.each([true, false])('guards the control routes (production %s)', async (production) => {
    const { gateway } = await gatewayWith({ production, controlToken: TOKEN })
    try {
      expect((await call(gateway.url, 'POST', '/_control/reset')).status).toBe(401)
      expect((await call(gateway.url, 'POST', '/_control/reset', undefined, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401)
      expect((await call(gateway.url, 'POST', '/_control/reset', undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(200)
      expect((await call(gateway.url, 'PUT', '/_control/wallets', { count: 7 }, { authorization: `Bearer ${TOKEN}` })).status).toBe(200)
      expect(gateway.control.getWalletCount()).toBe(7)
    } finally {
      await gateway.stop()
    }
  })
})

describe('stop({ graceMs })', () => {
  it('lets a request in flight finish, closing its connection after it, and takes no new connection', async () => {
    const { gateway } = await gatewayWith({})
    gateway.control.setFault({ delayMs: 400, status: 418, pathPrefix: '/getWallets' })
    const slow = call(gateway.url, 'GET', `/getWallets?${P}`)
    await new Promise((r) => setTimeout(r, 100))
    const stopped = gateway.stop({ graceMs: 5000 })
    const answer = await slow
    expect(answer.status).toBe(418)
    expect(answer.headers.get('connection')).toBe('close')
    await stopped
    await expect(fetch(`${gateway.url}/health`)).rejects.toThrow()
  })

  it('cuts a request still running at the end of the grace', async () => {
    const { gateway } = await gatewayWith({})
    gateway.control.setFault({ delayMs: 60_000, status: 418 })
    const slow = fetch(`${gateway.url}/getWallets?${P}`).then(
      (r) => r.status,
      () => 'cut',
    )
    await new Promise((r) => setTimeout(r, 100))
    const started = Date.now()
    await gateway.stop({ graceMs: 300 })
    expect(Date.now() - started).toBeLessThan(5000)
    // The fault's wait ends with the stop: it answers or is cut, never after the minute.
    expect([418, 'cut']).toContain(await slow)
  })
})
