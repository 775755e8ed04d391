// The dev wallet's configuration: /stack.json plus query overrides.

import { describe, expect, it } from 'vitest'
import { HARDHAT_ACCOUNT_0, loadStackConfig, parseStackJson } from '../../../dev/wallet/stackConfig'

const ORIGIN = 'http://127.0.0.1:5173'
const account = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: `0x${'11'.repeat(32)}` } as const

function fakeFetch(routes: Record<string, unknown>) {
  const calls: string[] = []
  const impl = async (url: string, init?: RequestInit): Promise<Response> => {
    calls.push(url)
    if (url === `${ORIGIN}/stack.json` && routes.stack !== undefined) return Response.json(routes.stack)
    if (init?.method === 'POST' && typeof routes[url] === 'number') {
      return Response.json({ jsonrpc: '2.0', id: 1, result: `0x${(routes[url] as number).toString(16)}` })
    }
    return new Response('not found', { status: 404 })
  }
  return { impl, calls }
}

describe('loadStackConfig', () => {
  it('reads /stack.json from its own origin', async () => {
    const stack = {
      relayUrl: 'ws://127.0.0.1:4001',
      projectId: 'p',
      chains: [{ chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545' }],
      accounts: [account],
    }
    const { impl, calls } = fakeFetch({ stack })
    expect(await loadStackConfig(ORIGIN, '', impl)).toEqual(stack)
    expect(calls).toEqual([`${ORIGIN}/stack.json`])
  })

  it('lets ?relay= and ?rpc= override it, by chain id or by asking eth_chainId', async () => {
    const { impl } = fakeFetch({
      stack: {
        relayUrl: 'ws://127.0.0.1:4001',
        chains: [
          { chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545' },
          { chainId: 31338, name: 'Local 2', rpcUrl: 'http://127.0.0.1:8546' },
        ],
        accounts: [account],
      },
      'http://127.0.0.1:9999': 31338,
    })
    const config = await loadStackConfig(ORIGIN, '?relay=ws://127.0.0.1:5000&rpc=31337=http://127.0.0.1:7000,http://127.0.0.1:9999&rpc=5=http://127.0.0.1:7005', impl)
    expect(config.relayUrl).toBe('ws://127.0.0.1:5000')
    expect(config.projectId).toBe('gangway-dev')
    expect(config.chains).toEqual([
      { chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:7000' },
      { chainId: 31338, name: 'Local 2', rpcUrl: 'http://127.0.0.1:9999' },
      { chainId: 5, name: 'Chain 5', rpcUrl: 'http://127.0.0.1:7005' },
    ])
  })

  it('works from the query alone, with hardhat account #0', async () => {
    const { impl } = fakeFetch({})
    const config = await loadStackConfig(ORIGIN, '?relay=ws://127.0.0.1:4001&rpc=31337=http://127.0.0.1:8545&projectId=x', impl)
    expect(config).toEqual({
      relayUrl: 'ws://127.0.0.1:4001',
      projectId: 'x',
      chains: [{ chainId: 31337, name: 'Chain 31337', rpcUrl: 'http://127.0.0.1:8545' }],
      accounts: [HARDHAT_ACCOUNT_0],
    })
  })

  it('says what is missing', async () => {
    const { impl } = fakeFetch({})
    await expect(loadStackConfig(ORIGIN, '', impl)).rejects.toThrowErrorMatchingInlineSnapshot(
      `[Error: No relay URL: serve /stack.json or pass ?relay=ws://127.0.0.1:PORT (GET /stack.json: HTTP 404)]`,
    )
    await expect(loadStackConfig(ORIGIN, '?relay=ws://127.0.0.1:1', impl)).rejects.toThrow(/No chains/)
  })
})

describe('parseStackJson', () => {
  it('rejects wrong shapes', () => {
    expect(() => parseStackJson([])).toThrow('stack.json is not an object')
    expect(() => parseStackJson({ chains: [{ chainId: '1', rpcUrl: 'x' }] })).toThrow(/chains\[0\]/)
    expect(() => parseStackJson({ accounts: [{ address: '0x12', privateKey: '0x34' }] })).toThrow(/accounts\[0\]/)
    expect(() => parseStackJson({ relayUrl: 5 })).toThrow(/relayUrl/)
    expect(() => parseStackJson({ bundlers: [{ chainId: 31337 }] })).toThrow(/bundlers\[0\]/)
  })

  it("gives a chain its bundler from the stack's bundlers", () => {
    const chains = [
      { chainId: 31337, name: 'A', rpcUrl: 'http://127.0.0.1:1' },
      { chainId: 31338, name: 'B', rpcUrl: 'http://127.0.0.1:2' },
    ]
    expect(parseStackJson({ chains, bundlers: [{ chainId: 31337, bundlerUrl: 'http://127.0.0.1:3/rpc', paymasterUrl: 'http://127.0.0.1:4' }] }).chains).toEqual([
      { ...chains[0], bundlerUrl: 'http://127.0.0.1:3/rpc' },
      chains[1],
    ])
  })
})
