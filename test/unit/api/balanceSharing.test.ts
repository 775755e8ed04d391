import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBlockchainApiClient } from '../../../src/adapters/api/createBlockchainApiClient'
import { ApiRequestError } from '../../../src/core/errors/api'
import type { Network } from '../../../src/core/domain/entities'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { startScriptedServer, type ScriptedServer } from './scriptedServer'

// Balance lookups shared between callers, against a real server that answers after a delay:
// one caller giving up must not fail the others.
const A = '0x00000000000000000000000000000000000000A1'
const CHAIN = 'eip155:31337'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BALANCES = {
  balances: [{ name: 'Ether', symbol: 'ETH', chainId: CHAIN, price: 3000, value: 7500, quantity: { decimals: '18', numeric: '2.5' } }],
}

let server: ScriptedServer
let delayMs = 40
beforeAll(async () => {
  server = await startScriptedServer((request, response) => {
    const answer = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.url?.startsWith('/v1/supported-chains')) answer({ http: [CHAIN, SOLANA], ws: [] })
    else setTimeout(() => answer(BALANCES), delayMs)
  })
})
afterAll(() => server.stop())
beforeEach(() => {
  server.requests.length = 0
  delayMs = 40
})

const balanceRequests = () => server.requests.filter((r) => r.includes('/balance'))

function client() {
  return createBlockchainApiClient({ baseUrl: server.url, projectId: 'p', sdkType: 'gangway', sdkVersion: '0', retries: 0, timeoutMs: 2_000 })
}

async function rejection(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise
  } catch (error) {
    return error as ApiRequestError
  }
  throw new Error('expected a rejection')
}

describe('shared balance lookups', () => {
  it("one caller's abort fails neither the other caller nor the shared request", async () => {
    const api = client()
    const first = new AbortController()
    const a = api.getBalance({ address: A, chainId: CHAIN }, { signal: first.signal })
    const b = api.getBalance({ address: A, chainId: CHAIN }, { signal: new AbortController().signal })
    first.abort()
    expect((await rejection(a)).code).toBe('ABORTED')
    expect(await b).toEqual(BALANCES.balances)
    expect(balanceRequests()).toHaveLength(1)
    // And the result is cached for the next caller.
    expect(await api.getBalance({ address: A, chainId: CHAIN })).toEqual(BALANCES.balances)
    expect(balanceRequests()).toHaveLength(1)
  })

  it('a lookup every caller gave up is aborted, not cached and not a failure', async () => {
    const api = client()
    const only = new AbortController()
    const a = api.getBalance({ address: A, chainId: CHAIN }, { signal: only.signal })
    // Abort once the request is on the wire.
    while (balanceRequests().length === 0) await new Promise((r) => setTimeout(r, 2))
    only.abort()
    expect((await rejection(a)).shortMessage).toBe('Request was aborted')
    // No retry block: the next lookup asks again and gets the balance.
    expect(await api.getBalance({ address: A, chainId: CHAIN })).toEqual(BALANCES.balances)
    expect(balanceRequests()).toHaveLength(2)
  })

  it('a caller arriving after every earlier caller left starts a new request instead of joining the aborted one', async () => {
    const api = client()
    const gone = new AbortController()
    const a = api.getBalance({ address: A, chainId: CHAIN }, { signal: gone.signal })
    gone.abort()
    const b = api.getBalance({ address: A, chainId: CHAIN })
    await rejection(a)
    expect(await b).toEqual(BALANCES.balances)
  })
})

describe('connect, then open at once', () => {
  it('shows the balance from a healthy API instead of Token Balance Unavailable', { timeout: 5_000 }, async () => {
    const network: Network = {
      id: 31337,
      name: 'Local',
      chainNamespace: 'eip155',
      caipNetworkId: CHAIN,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9/31337'] } },
    }
    const { modal } = await createTestModal({ blockchainApi: client(), networks: [network] })
    modal.dispatch(connectionSucceeded({ connectorId: 'x', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: CHAIN }))
    modal.open()
    const caipAddress = `${CHAIN}:${A}`
    const end = Date.now() + 2_000
    while (modal.getState().tokenBalances.byAccount[caipAddress] === undefined && Date.now() < end) await settle(1)
    expect(modal.getState().tokenBalances.byAccount[caipAddress]?.balances).toEqual(BALANCES.balances)
    expect(modal.getState().lastError).toBeNull()
    modal.destroy()
  })
})

describe('token balances effect', () => {
  it('records nothing when a lookup rejects as aborted: an abort is not a failure', async () => {
    const real = client()
    const blockchainApi = {
      ...real,
      getBalance: () => Promise.reject(new ApiRequestError('Request was aborted', { code: 'ABORTED', details: 'aborted elsewhere' })),
    }
    const { modal, time } = await createTestModal({ blockchainApi })
    modal.dispatch(connectionSucceeded({ connectorId: 'x', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: CHAIN }))
    await time.advanceBy(0)
    expect(modal.getState().tokenBalances.byAccount).toEqual({})
    expect(modal.getState().lastError).toBeNull()
    modal.destroy()
  })
})

describe('balance answers of the wrong shape', () => {
  it('keeps well-formed items, drops wrong-typed fields and leaves out items it cannot show', async () => {
    const hostile = await startScriptedServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      if (request.url?.startsWith('/v1/supported-chains')) return response.end(JSON.stringify({ http: [CHAIN] }))
      response.end(
        JSON.stringify({
          balances: [
            { name: 7, symbol: 'ETH', chainId: CHAIN, price: '3000', value: 'lots', iconUrl: 'javascript:alert(1)', quantity: { decimals: '18', numeric: '1' }, extra: { deep: [[[1]]] } },
            { symbol: 'GUSD', chainId: CHAIN, price: 1, quantity: { decimals: 6 } },
            { symbol: 5, chainId: CHAIN, quantity: { decimals: '18', numeric: '1' } },
            null,
          ],
        }),
      )
    })
    try {
      const api = createBlockchainApiClient({ baseUrl: hostile.url, projectId: 'p', sdkType: 'gangway', sdkVersion: '0', retries: 0 })
      expect(await api.getBalance({ address: A, chainId: CHAIN })).toEqual([
        { name: 'ETH', symbol: 'ETH', chainId: CHAIN, price: 0, quantity: { decimals: '18', numeric: '1' } },
      ])
    } finally {
      await hostile.stop()
    }
  })
})

describe('balance lookups are per account', () => {
  it('EVM addresses in any case are one account; Solana addresses differing only in case are two', async () => {
    const api = client()
    delayMs = 0
    await api.getBalance({ address: A, chainId: CHAIN })
    await api.getBalance({ address: A.toLowerCase(), chainId: CHAIN })
    expect(balanceRequests()).toHaveLength(1)
    const solanaA = '2yv38hGN9CzkSfJRpP4LAbRTtrSMkdhP8MkQX5dxirLg'
    const solanaB = '2YV38hGN9CzkSfJRpP4LAbRTtrSMkdhP8MkQX5dxirLg'
    await api.getBalance({ address: solanaA, chainId: SOLANA })
    await api.getBalance({ address: solanaB, chainId: SOLANA })
    expect(balanceRequests().filter((r) => r.includes(solanaA) || r.includes(solanaB))).toHaveLength(2)
  })
})
