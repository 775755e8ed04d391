import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startGateway, type Gateway } from '../../../../dev/gateway/startGateway'
import { createHttpJson, messageForStatus } from '../../../../src/adapters/api/httpJson'
import { ApiRequestError, ApiResponseError, ApiTimeoutError } from '../../../../src/core/errors/api'
import type { ApiClientOptions } from '../../../../src/adapters/api/apiUrl'
import { RPC_TIMEOUT_MS } from '../../../../src/core/domain/constants'
import { GangwayError, serializeError } from '../../../../src/core/errors/base'
import { deadUrl } from '../../gateway/harness'
import { json, never, startScriptedServer, type ScriptedServer } from '../../api/scriptedServer'

// The shared HTTP layer against a real in-process gateway; time is virtual: `sleep` records the
// backoff instead of waiting.
let gateway: Gateway
beforeAll(async () => {
  gateway = await startGateway({ chains: [], tokens: [] })
})
afterAll(() => gateway.stop())
beforeEach(() => gateway.control.reset())

function client(overrides: { baseUrl?: string; retries?: number } = {}) {
  const sleeps: number[] = []
  const urls: string[] = []
  const http = createHttpJson({
    baseUrl: overrides.baseUrl ?? `${gateway.url}/`,
    projectId: 'test-project',
    sdkType: 'gangway',
    sdkVersion: '1.2.3',
    fetch: (input, init) => {
      urls.push(String(input))
      return fetch(input, init)
    },
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    ...(overrides.retries !== undefined ? { retries: overrides.retries } : {}),
  })
  return { http, sleeps, urls }
}

const config = { path: '/getAnalyticsConfig' }
const asIs = (body: unknown) => body

async function failure(promise: Promise<unknown>): Promise<ApiRequestError | ApiResponseError> {
  try {
    await promise
  } catch (error) {
    return error as ApiRequestError
  }
  throw new Error('expected a failure')
}

describe('createHttpJson', () => {
  it('sends the common query (projectId, st, sv) with the call query, skipping empty values', async () => {
    const { http, urls } = client()
    expect(await http.request({ path: '/getWallets', query: { page: 2, entries: 3, include: [], search: undefined, chains: ['eip155:1', 'eip155:2'] } }, (b) => (b as { data: unknown[] }).data.length)).toBe(3)
    const url = new URL(urls[0]!)
    expect(url.pathname).toBe('/getWallets')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'test-project',
      st: 'gangway',
      sv: '1.2.3',
      page: '2',
      entries: '3',
      chains: 'eip155:1,eip155:2',
    })
    expect(http.url('/getWalletImage/abc')).toBe(`${gateway.url}/getWalletImage/abc?projectId=test-project&st=gangway&sv=1.2.3`)
  })

  it('retries a 500 with backoff 1 s, 2 s and succeeds when the server recovers', async () => {
    gateway.control.setFault({ status: 500, count: 2 })
    const { http, sleeps, urls } = client()
    expect(await http.request(config, asIs)).toEqual({ isAnalyticsEnabled: true })
    expect(sleeps).toEqual([1000, 2000])
    expect(urls).toHaveLength(3)
  })

  it('gives up after 3 retries (1 s, 2 s, 4 s) with the spec message', async () => {
    gateway.control.setFault({ status: 503 })
    const { http, sleeps, urls } = client()
    const error = await failure(http.request(config, asIs))
    expect(sleeps).toEqual([1000, 2000, 4000])
    expect(urls).toHaveLength(4)
    expect(serializeError(error)).toMatchInlineSnapshot(`
      {
        "code": 503,
        "details": "GET /getAnalyticsConfig answered HTTP 503: Injected fault: HTTP 503",
        "kind": "API_REQUEST_FAILED",
        "name": "ApiRequestError",
        "shortMessage": "Server Error",
      }
    `)
  })

  it('maps 429 to Rate Limited after retrying it', async () => {
    gateway.control.setFault({ status: 429 })
    const { http, sleeps } = client()
    const error = await failure(http.request(config, asIs))
    expect(error.shortMessage).toBe('Rate Limited')
    expect(error.code).toBe(429)
    expect(sleeps).toEqual([1000, 2000, 4000])
  })

  it('maps 403 to Invalid App Configuration without retrying', async () => {
    gateway.control.setFault({ status: 403 })
    const { http, sleeps, urls } = client()
    const error = await failure(http.request(config, asIs))
    expect(error.shortMessage).toBe('Invalid App Configuration')
    expect((error as ApiRequestError).status).toBe(403)
    expect(sleeps).toEqual([])
    expect(urls).toHaveLength(1)
  })

  it('does not retry a client error, and keeps the server message in details', async () => {
    const { http, sleeps } = client()
    const error = await failure(http.request({ path: '/getWallets', query: { page: 0 } }, asIs))
    expect(sleeps).toEqual([])
    expect(serializeError(error)).toMatchInlineSnapshot(`
      {
        "code": 400,
        "details": "GET /getWallets answered HTTP 400: Query 'page' must be an integer from 1 to 100000, got 0",
        "kind": "API_REQUEST_FAILED",
        "name": "ApiRequestError",
        "shortMessage": "An error occurred",
      }
    `)
    expect((error as ApiRequestError).serverMessage).toBe("Query 'page' must be an integer from 1 to 100000, got 0")
  })

  it('does not retry a 501 (not implemented is not transient)', async () => {
    gateway.control.setFault({ status: 501, pathPrefix: '/v1/onramp', count: 1 })
    const { http, sleeps } = client()
    const error = await failure(http.request({ path: '/v1/onramp/options' }, asIs))
    expect(error.shortMessage).toBe('Server Error')
    expect(sleeps).toEqual([])
  })

  it('turns a body that is not JSON into a clear error, not a crash, and does not retry it', async () => {
    gateway.control.setFault({ malformedJson: true, count: 1 })
    const { http, sleeps } = client()
    const error = await failure(http.request(config, asIs))
    expect(error).toBeInstanceOf(ApiResponseError)
    expect(sleeps).toEqual([])
    expect(serializeError(error)).toMatchInlineSnapshot(`
      {
        "code": "INVALID_RESPONSE",
        "details": "GET /getAnalyticsConfig answered HTTP 200 with a body that is not JSON: "{\\"data\\": [ this is not json"",
        "kind": "API_INVALID_RESPONSE",
        "name": "ApiResponseError",
        "shortMessage": "Something went wrong",
      }
    `)
  })

  it('reports a body of the wrong shape as an invalid response', async () => {
    const { http } = client()
    const error = await failure(
      http.request(config, (body) => {
        throw new Error(`expected features, got ${JSON.stringify(body)}`)
      }),
    )
    expect(error.shortMessage).toBe('Something went wrong')
    expect(error.details).toBe('GET /getAnalyticsConfig: expected features, got {"isAnalyticsEnabled":true}')
  })

  it('retries when the server cannot be reached, then says so', async () => {
    const { http, sleeps } = client({ baseUrl: await deadUrl() })
    const error = await failure(http.request(config, asIs))
    expect(sleeps).toEqual([1000, 2000, 4000])
    expect(error.shortMessage).toBe('Something went wrong')
    expect(error.code).toBe('NETWORK')
    expect(error.details).toMatch(/^GET \/getAnalyticsConfig: could not reach http:\/\/127\.0\.0\.1:\d+: /)
  })

  it('stops on abort, also while waiting to retry', async () => {
    gateway.control.setFault({ delayMs: 2000 })
    const { http } = client()
    const controller = new AbortController()
    const pending = failure(http.request({ ...config, signal: controller.signal }, asIs))
    setTimeout(() => controller.abort(), 20)
    const aborted = await pending
    expect(aborted.shortMessage).toBe('Request was aborted')
    expect(aborted.code).toBe('ABORTED')

    gateway.control.setFault({ status: 500 })
    const retrying = new AbortController()
    const sleeps: number[] = []
    const http2 = createHttpJson({
      baseUrl: gateway.url,
      projectId: 'p',
      sdkType: 'gangway',
      sdkVersion: '1',
      sleep: async (ms) => {
        sleeps.push(ms)
        retrying.abort()
      },
    })
    expect((await failure(http2.request({ ...config, signal: retrying.signal }, asIs))).shortMessage).toBe('Request was aborted')
    expect(sleeps).toEqual([1000])
  })

  it('lets a client use fewer retries', async () => {
    gateway.control.setFault({ status: 502 })
    const { http, sleeps } = client({ retries: 1 })
    await failure(http.request(config, asIs))
    expect(sleeps).toEqual([1000])
  })

  it('maps statuses to the spec messages', () => {
    expect([400, 403, 404, 429, 500, 502, 503].map(messageForStatus)).toEqual([
      'An error occurred',
      'Invalid App Configuration',
      'An error occurred',
      'Rate Limited',
      'Server Error',
      'Server Error',
      'Server Error',
    ])
  })
})

describe('createHttpJson against a server that does not answer', () => {
  let server: ScriptedServer
  beforeAll(async () => {
    server = await startScriptedServer(never)
  })
  afterAll(() => server.stop())
  beforeEach(() => {
    server.answer(never)
    server.requests.length = 0
  })

  function slowClient(overrides: Partial<ApiClientOptions> = {}) {
    const sleeps: number[] = []
    const http = createHttpJson({
      baseUrl: server.url,
      projectId: 'p',
      sdkType: 'gangway',
      sdkVersion: '1',
      timeoutMs: 100,
      retries: 0,
      sleep: async (ms) => {
        sleeps.push(ms)
      },
      ...overrides,
    })
    return { http, sleeps }
  }

  it('gives up on a request accepted and never answered after the timeout, with a GangwayError', { timeout: 3_000 }, async () => {
    const { http } = slowClient()
    const started = performance.now()
    const error = await failure(http.request(config, asIs))
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(error).toBeInstanceOf(ApiTimeoutError)
    expect(error).toBeInstanceOf(GangwayError)
    expect(serializeError(error)).toMatchInlineSnapshot(`
      {
        "code": "TIMEOUT",
        "details": "GET /getAnalyticsConfig got no answer within 100 ms",
        "kind": "API_TIMEOUT",
        "name": "ApiTimeoutError",
        "shortMessage": "Something went wrong",
      }
    `)
  })

  it('waits the spec 10 s by default', () => {
    expect(RPC_TIMEOUT_MS).toBe(10_000)
    const timeouts: number[] = []
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      timeouts.push(ms ?? 0)
      return 0 as unknown as ReturnType<typeof setTimeout>
    }) as typeof setTimeout)
    try {
      const { http } = slowClient({ timeoutMs: undefined as unknown as number, fetch: () => new Promise<Response>(() => {}) })
      void http.request(config, asIs).catch(() => {})
    } finally {
      spy.mockRestore()
    }
    expect(timeouts).toContain(10_000)
  })

  it('retries a timed-out attempt with the spec backoff, like a network error', { timeout: 3_000 }, async () => {
    const { http, sleeps } = slowClient({ retries: 2, timeoutMs: 50 })
    const error = await failure(http.request(config, asIs))
    expect(error.code).toBe('TIMEOUT')
    expect(sleeps).toEqual([1000, 2000])
    expect(server.requests.filter((r) => r.startsWith('/getAnalyticsConfig'))).toHaveLength(3)
  })

  it('times out a body that starts and never ends', { timeout: 3_000 }, async () => {
    server.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"isAnalyticsEnabled":')
    })
    const error = await failure(slowClient().http.request(config, asIs))
    expect(error.code).toBe('TIMEOUT')
  })

  it('times out even when the transport ignores its abort signal', { timeout: 3_000 }, async () => {
    const { http } = slowClient({ fetch: () => new Promise<Response>(() => {}) })
    expect((await failure(http.request(config, asIs))).code).toBe('TIMEOUT')
  })

  it('a caller abort ends a backoff wait at once', { timeout: 3_000 }, async () => {
    server.answer(json({ error: 'down' }, 503))
    const controller = new AbortController()
    const { http } = slowClient({ retries: 3, sleep: () => new Promise<void>(() => {}) })
    const pending = failure(http.request({ ...config, signal: controller.signal }, asIs))
    setTimeout(() => controller.abort(), 30)
    expect((await pending).code).toBe('ABORTED')
  })

  it('refuses an answer bigger than the limit without retrying it', { timeout: 3_000 }, async () => {
    server.answer(json({ isAnalyticsEnabled: true, padding: 'x'.repeat(5_000) }))
    const { http, sleeps } = slowClient({ retries: 3, maxBodyBytes: 1_000 })
    const error = await failure(http.request(config, asIs))
    expect(error).toBeInstanceOf(ApiResponseError)
    expect(error.details).toBe('GET /getAnalyticsConfig answered HTTP 200 with a body over 1000 bytes')
    expect(sleeps).toEqual([])
    server.answer((_request, response) => {
      // No content-length: the limit holds while reading.
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write(`{"padding":"${'x'.repeat(600)}`)
      response.end(`${'x'.repeat(600)}"}`)
    })
    expect((await failure(http.request(config, asIs))).shortMessage).toBe('Something went wrong')
  })
})
