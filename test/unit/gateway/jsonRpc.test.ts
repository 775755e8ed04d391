import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { jsonRpcRoute } from '../../../dev/gateway/jsonRpcProxy'
import { startGateway, type Ctx, type Gateway } from '../../../dev/gateway/startGateway'
import { call, deadUrl, startFakeNode } from './harness'

// The gateway's JSON-RPC (spec §7: POST {apiUrl}/v1/?chainId&projectId) over HTTP, in front of
// fake nodes that record what they were sent and fail on demand.
let gateway: Gateway
let evm: Awaited<ReturnType<typeof startFakeNode>>
let solana: Awaited<ReturnType<typeof startFakeNode>>
const logs: string[] = []
const SOLANA = 'solana:GwayLocaL'
const rpc = (chainId: string, projectId = 'p1') => `/v1/?chainId=${encodeURIComponent(chainId)}&projectId=${projectId}`
const req = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) })

beforeAll(async () => {
  evm = await startFakeNode((r) => (r.method === 'eth_call' ? { error: { code: 3, message: 'execution reverted', data: '0x' } } : { echo: r.method, params: r.params ?? null }))
  solana = await startFakeNode()
  gateway = await startGateway({
    chains: [
      { chainId: 31337, name: 'Fake', rpcUrl: evm.url },
      { chainId: 31339, name: 'Down', rpcUrl: await deadUrl() },
    ],
    tokens: [],
    solana: { rpcUrl: solana.url, caipNetworkId: SOLANA, tokens: [] },
    limits: { maxBodyBytes: 128 * 1024 },
    log: (line) => logs.push(line),
  })
})
afterAll(async () => {
  await gateway.stop()
  await evm.close()
  await solana.close()
})
beforeEach(() => {
  evm.bodies.length = 0
  evm.mode = 'ok'
})

describe('POST /v1/ (JSON-RPC)', () => {
  it('forwards one request to the chain’s node and answers it under the client’s id', async () => {
    const answer = await call(gateway.url, 'POST', rpc('eip155:31337'), req('a-1', 'eth_getBalance', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest']))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 'a-1', result: { echo: 'eth_getBalance', params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'] } })
    // Sent on as a single request (not a batch of one), under the gateway's own id.
    expect(evm.bodies).toEqual([{ jsonrpc: '2.0', id: 0, method: 'eth_getBalance', params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'] }])
  })

  it('answers a batch item by item, in order, sending what is valid to the node in one POST', async () => {
    const answer = await call(gateway.url, 'POST', rpc('eip155:31337'), [
      req(1, 'eth_blockNumber'),
      7,
      { jsonrpc: '2.0', method: 'eth_chainId' }, // a notification: forwarded, owed nothing
      req(1, 'eth_getCode', ['0x1']), // the same id again
      req(2, 'eth_sendTransaction', [{}]), // would act with the node's own account
      req(3, 'hardhat_setBalance', ['0x1', '0x1']),
      req(4, 'eth_chainId', 'not params'),
      { jsonrpc: '1.0', id: 5, method: 'eth_chainId' },
      req(6, 'eth_call', [{}]),
    ])
    expect(answer.status).toBe(200)
    const body = answer.body as { id: unknown; result?: unknown; error?: { code: number } }[]
    expect(body.map((a) => [a.id, a.error?.code ?? (a.result as { echo: string }).echo])).toEqual([
      [1, 'eth_blockNumber'],
      [null, -32600],
      [1, 'eth_getCode'],
      [2, -32601],
      [3, -32601],
      [4, -32600],
      [5, -32600],
      [6, 3],
    ])
    // The node's own error comes back as it said it.
    expect(body[7]).toEqual({ jsonrpc: '2.0', id: 6, error: { code: 3, message: 'execution reverted', data: '0x' } })
    expect(evm.bodies).toHaveLength(1)
    expect((evm.bodies[0] as { id: number; method: string }[]).map((r) => [r.id, r.method])).toEqual([
      [0, 'eth_blockNumber'],
      [1, 'eth_chainId'],
      [2, 'eth_getCode'],
      [3, 'eth_call'],
    ])
  })

  it('takes a batch of 1,000 as one POST to the node, and refuses 1,001 with -32005', async () => {
    const batch = Array.from({ length: 1000 }, (_, i) => req(i * 2, 'eth_chainId'))
    const answer = await call(gateway.url, 'POST', rpc('eip155:31337'), batch)
    expect(answer.status).toBe(200)
    expect((answer.body as { id: number }[]).map((a) => a.id)).toEqual(batch.map((r) => r.id))
    expect(evm.bodies).toHaveLength(1)

    const over = await call(gateway.url, 'POST', rpc('eip155:31337'), [...batch, req(5000, 'eth_chainId')])
    expect(over.status).toBe(400)
    expect(over.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'Limit exceeded: a batch holds at most 1000 requests, this one 1001' } })
    expect(evm.bodies).toHaveLength(1)
  })

  it('refuses what is not a JSON-RPC call to a served chain with a JSON-RPC error, never a 5xx', async () => {
    const cases: [string, string | unknown, number, number, RegExp][] = [
      [rpc('eip155:1'), req(1, 'eth_chainId'), 400, -32001, /^Chain is not supported: eip155:1 \(served: eip155:31337, eip155:31339, solana:GwayLocaL\)$/],
      ['/v1/?chainId=eip155:31337', req(1, 'eth_chainId'), 400, -32600, /projectId/],
      [rpc('ethereum'), req(1, 'eth_chainId'), 400, -32600, /CAIP-2/],
      [rpc('eip155:31337'), '{"jsonrpc": "2.0", "id": 1, "method": ', 400, -32700, /^Parse error: /],
      [rpc('eip155:31337'), '', 400, -32600, /body is empty/],
      [rpc('eip155:31337'), [], 400, -32600, /empty batch/],
      [rpc('eip155:31337'), 7, 400, -32600, /request object/],
      [rpc('eip155:31337'), req(1, 'eth_sign', ['0x1', '0x2']), 400, -32601, /'eth_sign' is not served/],
      [rpc('eip155:31337'), 'x'.repeat(129 * 1024), 413, -32005, /larger than 131072 bytes/],
    ]
    for (const [path, body, status, code, message] of cases) {
      const answer = await call(gateway.url, 'POST', path, body)
      expect([path, answer.status], answer.text).toEqual([path, status])
      const error = (answer.body as { error: { code: number; message: string } }).error
      expect([path, error.code], answer.text).toEqual([path, code])
      expect(error.message).toMatch(message)
    }
    expect(evm.bodies).toEqual([])
    expect(logs.filter((l) => /internal error/.test(l))).toEqual([])
  })

  it('answers a call of notifications only with 204, once the node has them', async () => {
    const answer = await call(gateway.url, 'POST', rpc('eip155:31337'), { jsonrpc: '2.0', method: 'eth_chainId' })
    expect([answer.status, answer.text]).toEqual([204, ''])
    expect(evm.bodies).toEqual([{ jsonrpc: '2.0', id: 0, method: 'eth_chainId' }])
  })

  it('answers 502 with -32603 for each request when the node is down or answers junk (clients retry 502)', async () => {
    const down = await call(gateway.url, 'POST', rpc('eip155:31339'), [req(1, 'eth_chainId'), req('x', 'eth_blockNumber')])
    expect(down.status).toBe(502)
    expect(down.body).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error: the node of eip155:31339 did not answer (ECONNREFUSED)' } },
      { jsonrpc: '2.0', id: 'x', error: { code: -32603, message: 'Internal error: the node of eip155:31339 did not answer (ECONNREFUSED)' } },
    ])
    for (const mode of ['html', 'junk'] as const) {
      evm.mode = mode
      const answer = await call(gateway.url, 'POST', rpc('eip155:31337'), req(9, 'eth_chainId'))
      expect(answer.status, mode).toBe(502)
      expect(answer.body, mode).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32603, message: expect.stringMatching(/^Internal error: the node of eip155:31337 answered with something other than JSON/) } })
    }
  })

  it('forwards Solana JSON-RPC to the validator, with Solana’s method names', async () => {
    const answer = await call(gateway.url, 'POST', rpc(SOLANA), [req(1, 'getBalance', ['11111111111111111111111111111111']), req(2, 'eth_chainId')])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      { jsonrpc: '2.0', id: 1, result: { echo: 'getBalance', params: ['11111111111111111111111111111111'] } },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: "Method not found: 'eth_chainId' is not served on this endpoint" } },
    ])
    expect(solana.bodies.at(-1)).toEqual([{ jsonrpc: '2.0', id: 0, method: 'getBalance', params: ['11111111111111111111111111111111'] }])
  })

  it('gives up on a node that does not answer in time with 502', async () => {
    evm.mode = 'hang'
    const route = jsonRpcRoute({ nodes: new Map([['eip155:31337', evm.url]]), signal: new AbortController().signal, timeoutMs: 100 })
    const ctx = { url: new URL(`http://gateway${rpc('eip155:31337')}`), params: [], baseUrl: '', req: undefined as never, body: async () => req(1, 'eth_chainId'), text: async () => JSON.stringify(req(1, 'eth_chainId')) } satisfies Ctx
    const reply = await route.handler(ctx)
    expect(reply).toEqual({ status: 502, json: { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error: the node of eip155:31337 did not answer (TimeoutError)' } } })
  })
})
