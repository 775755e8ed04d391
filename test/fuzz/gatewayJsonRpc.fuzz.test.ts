// Fuzz: the gateway's JSON-RPC endpoint (POST /v1/?chainId&projectId) reading arbitrary bodies
// and queries, in front of a node that echoes what it is sent. Whatever arrives, the answer is
// JSON-RPC 2.0 (or a 204 when only notifications came), no 5xx, one answer per request owed one,
// in order and under the client's id, the node never sent what is refused, and the gateway keeps
// serving. `readRpcBody` alone never throws on any JSON.

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRpcBody, servedEvmMethod } from '../../dev/gateway/jsonRpcProxy'
import { startGateway, type Gateway } from '../../dev/gateway/startGateway'
import { startFakeNode } from '../unit/gateway/harness'
import { fuzzParams } from './fuzzParams'

let gateway: Gateway
let node: Awaited<ReturnType<typeof startFakeNode>>
const logs: string[] = []

beforeAll(async () => {
  node = await startFakeNode()
  gateway = await startGateway({ chains: [{ chainId: 31337, name: 'Echo', rpcUrl: node.url }], tokens: [], log: (l) => logs.push(l) })
})
afterAll(async () => {
  await gateway?.stop()
  await node?.close()
})

// ---- arbitraries -----------------------------------------------------------------------------

const METHODS = ['eth_chainId', 'eth_getBalance', 'eth_call', 'net_version', 'web3_clientVersion', 'eth_sendTransaction', 'eth_accounts', 'hardhat_mine', 'evm_snapshot', 'getBalance', '', 'eth_', '__proto__']
const idArb = fc.oneof(fc.integer(), fc.string({ maxLength: 12 }), fc.constant(null), fc.double(), fc.constantFrom(0, 1, 1, 2), fc.anything())
/** A request object, usually well formed, with one thing or another wrong now and then. */
const requestArb = fc.record(
  {
    jsonrpc: fc.oneof({ weight: 8, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: fc.anything() }),
    id: idArb,
    method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...METHODS) }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }, { weight: 1, arbitrary: fc.anything() }),
    params: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 2 }), fc.jsonValue()),
  },
  { requiredKeys: [] },
)
const itemArb = fc.oneof({ weight: 6, arbitrary: requestArb }, { weight: 1, arbitrary: fc.jsonValue() })
const bodyValueArb = fc.oneof(
  { weight: 4, arbitrary: requestArb },
  { weight: 5, arbitrary: fc.array(itemArb, { minLength: 0, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.jsonValue() },
  { weight: 1, arbitrary: fc.constantFrom(999, 1000, 1001, 1500).map((n) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))) },
)
const bodyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: bodyValueArb.map((v) => JSON.stringify(v) ?? '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  { weight: 1, arbitrary: bodyValueArb.map((v) => (JSON.stringify(v) ?? '').slice(0, -1)) },
)
const queryArb = fc.record({
  chainId: fc.oneof({ weight: 6, arbitrary: fc.constant('eip155:31337') }, { weight: 1, arbitrary: fc.constantFrom('eip155:1', 'solana:abc', 'eip155', '', 'EIP155:31337') }, { weight: 1, arbitrary: fc.string({ maxLength: 40 }) }),
  projectId: fc.oneof({ weight: 6, arbitrary: fc.constant('p1') }, { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(201)) }),
  path: fc.constantFrom('/v1/', '/v1'),
})

// ---- checks ----------------------------------------------------------------------------------

type Answer = { jsonrpc: string; id: unknown; result?: { echo: string }; error?: { code: number; message: string } }
const isRequestObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** JSON-RPC 2.0 §4.1: a well-formed request without an id is a notification and is owed no answer. */
const owedNothing = (v: unknown) => isRequestObject(v) && !('id' in v) && v.jsonrpc === '2.0' && typeof v.method === 'string'
const validId = (id: unknown) => id === null || typeof id === 'string' || typeof id === 'number'

function checkAnswer(a: Answer, request: unknown, what: string): void {
  expect(a.jsonrpc, what).toBe('2.0')
  expect(validId(a.id), what).toBe(true)
  expect('result' in a !== 'error' in a, what).toBe(true)
  if (a.error) {
    expect(Number.isInteger(a.error.code) && typeof a.error.message === 'string', what).toBe(true)
    // An error carries the request's id when it could be read, else null.
    if (a.id !== null && isRequestObject(request)) expect(a.id, what).toEqual(request.id)
    return
  }
  // A result came from the node: for this very request (its id and method), which the gateway serves.
  expect(isRequestObject(request), what).toBe(true)
  const r = request as Record<string, unknown>
  expect([a.id, a.result!.echo], what).toEqual([r.id, r.method])
  expect(servedEvmMethod(r.method as string), what).toBe(true)
}

describe('fuzz: the gateway’s JSON-RPC endpoint', () => {
  it('reads any JSON without throwing, one item per request of a batch within the limit', () => {
    fc.assert(
      fc.property(fc.oneof(bodyValueArb, fc.jsonValue(), fc.constant(undefined)), (body) => {
        const read = readRpcBody(body, servedEvmMethod)
        if (Array.isArray(body) && body.length >= 1 && body.length <= 1000) {
          expect('items' in read && read.kind === 'batch' && read.items.length === body.length).toBe(true)
        } else if (Array.isArray(body) || body === undefined) {
          expect('refused' in read && read.refused.answer.id === null).toBe(true)
        } else {
          expect('items' in read && read.kind === 'single' && read.items.length === 1).toBe(true)
        }
        if ('items' in read) for (const item of read.items) if ('forward' in item) expect(servedEvmMethod(item.forward.method)).toBe(true)
      }),
      fuzzParams('gatewayJsonRpcBody', 500),
    )
  })

  it('answers every body and query in JSON-RPC, never 5xx, one answer per request owed one, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, bodyArb, async (query, text) => {
        const sentBefore = node.bodies.length
        const url = `${gateway.url}${query.path}?chainId=${encodeURIComponent(query.chainId)}&projectId=${encodeURIComponent(query.projectId)}`
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
        const answerText = await response.text()
        const what = `${query.chainId} ${query.projectId.slice(0, 10)} ${text.slice(0, 120)} → ${response.status} ${answerText.slice(0, 160)}`
        expect([200, 204, 400, 413], what).toContain(response.status)
        if (response.status === 204) {
          expect(answerText, what).toBe('')
          return
        }
        const answer = JSON.parse(answerText) as Answer | Answer[]
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          body = Symbol('not JSON')
        }
        const servedCall = query.chainId === 'eip155:31337' && query.projectId === 'p1'
        if (!servedCall || typeof body === 'symbol' || !Array.isArray(answer)) {
          // One answer: for the single request, or a refusal of the whole call.
          expect(Array.isArray(answer), what).toBe(false)
          const single = answer as Answer
          const forWhole = !servedCall || typeof body === 'symbol' || Array.isArray(body)
          if (forWhole) expect([single.id, typeof single.error?.code], what).toEqual([null, 'number'])
          checkAnswer(single, forWhole ? undefined : body, what)
          if (forWhole) expect(node.bodies.length, what).toBe(sentBefore)
          return
        }
        // A batch: its requests owed an answer, each answered in order.
        const items = body as unknown[]
        const owed = items.filter((item) => !owedNothing(item))
        expect(answer.length, what).toBe(owed.length)
        answer.forEach((a, i) => checkAnswer(a, owed[i], `${what} [${i}]`))
        // Whatever went to the node was one POST of served requests.
        const sent = node.bodies.slice(sentBefore)
        expect(sent.length, what).toBeLessThanOrEqual(1)
        for (const r of (sent[0] as { method: string }[] | undefined) ?? []) expect(servedEvmMethod(r.method), what).toBe(true)
      }),
      fuzzParams('gatewayJsonRpcHttp', 150, { interruptAfterTimeLimit: 60_000 }),
    )
    expect(logs.filter((l) => /internal error|unhandled error/.test(l))).toEqual([])
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200)
  }, 120_000)
})
