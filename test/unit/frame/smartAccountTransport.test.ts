import { describe, expect, it } from 'vitest'
import { rpcTransport } from '../../../dev/frame/smartAccount'

type Answer = { status: number; body: unknown } | 'unreachable'

/** A fetch that answers from `answers` in turn and records each request's method. */
function scripted(answers: Answer[]) {
  const methods: string[] = []
  const fetch = async (_url: string, init?: RequestInit): Promise<Response> => {
    methods.push((JSON.parse(String(init?.body)) as { method: string }).method)
    const answer = answers.shift()
    if (!answer) throw new Error('no answer left')
    if (answer === 'unreachable') throw new TypeError('fetch failed')
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
  }
  return { fetch, methods }
}

const request = (fetch: ReturnType<typeof scripted>['fetch'], method: string) => rpcTransport('http://127.0.0.1:1/rpc', fetch, [1, 1])({}).request({ method, params: [] })

describe("the smart account's JSON-RPC transport", () => {
  it("tries again after a server's failure (HTTP 5xx without a code, or no answer) and returns the next answer", async () => {
    // What alto answers when its own call to the node timed out.
    const { fetch, methods } = scripted([
      { status: 500, body: { jsonrpc: '2.0', id: 1, error: { message: 'Unknown error, could not parse simulate validation result.' } } },
      'unreachable',
      { status: 200, body: { jsonrpc: '2.0', id: 3, result: { callGasLimit: '0x1' } } },
    ])
    await expect(request(fetch, 'eth_estimateUserOperationGas')).resolves.toEqual({ callGasLimit: '0x1' })
    expect(methods).toEqual(['eth_estimateUserOperationGas', 'eth_estimateUserOperationGas', 'eth_estimateUserOperationGas'])
  })

  it('sends a signed user operation again after a failure: its nonce keeps it from happening twice', async () => {
    const { fetch, methods } = scripted([
      { status: 502, body: {} },
      { status: 200, body: { jsonrpc: '2.0', id: 2, result: '0xabc' } },
    ])
    await expect(request(fetch, 'eth_sendUserOperation')).resolves.toBe('0xabc')
    expect(methods).toHaveLength(2)
  })

  it("takes a coded error as the answer (a bundler's verdict), with its code and text, and does not ask again", async () => {
    const { fetch, methods } = scripted([{ status: 200, body: { jsonrpc: '2.0', id: 1, error: { code: -32521, message: 'UserOperation reverted during simulation', data: '0x' } } }])
    await expect(request(fetch, 'eth_estimateUserOperationGas')).rejects.toMatchObject({ cause: { code: -32521, message: 'UserOperation reverted during simulation' } })
    expect(methods).toHaveLength(1)
  })

  it('gives up after its delays with the last failure, and never repeats a node-signed send', async () => {
    const failure = { status: 500, body: { jsonrpc: '2.0', id: 1, error: { message: 'Internal' } } }
    const tries = scripted([failure, failure, failure, failure])
    await expect(request(tries.fetch, 'eth_call')).rejects.toThrow('Internal')
    expect(tries.methods).toHaveLength(3)
    const once = scripted([failure, failure])
    await expect(request(once.fetch, 'eth_sendTransaction')).rejects.toThrow('Internal')
    expect(once.methods).toHaveLength(1)
  })
})
