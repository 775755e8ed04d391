import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../../../../dev/gateway/startGateway'
import { createAnalyticsClient, type AnalyticsClientOptions } from '../../../../src/adapters/api/createAnalyticsClient'
import type { GangwayError } from '../../../../src/core/errors/base'

let gateway: Gateway
beforeAll(async () => {
  gateway = await startGateway({ chains: [], tokens: [] })
})
afterAll(() => gateway.stop())
beforeEach(() => gateway.control.reset())

function analytics(overrides: Partial<AnalyticsClientOptions> = {}) {
  let time = 1_700_000_000_000
  let ids = 0
  const requests: string[] = []
  const client = createAnalyticsClient({
    baseUrl: gateway.url,
    projectId: 'test-project',
    sdkType: 'gangway',
    sdkVersion: '0.1.0',
    isBrowser: true,
    now: () => time,
    randomId: () => `event-${++ids}`,
    getPage: () => ({ url: 'http://127.0.0.1:5173/shop', domain: '127.0.0.1' }),
    fetch: (input, init) => {
      requests.push(String(input))
      return fetch(input, init)
    },
    sleep: async () => {},
    ...overrides,
  })
  return { client, requests, advance: (ms: number) => (time += ms) }
}

describe('createAnalyticsClient', () => {
  it('posts an event with the spec query and body to the sink', async () => {
    const { client } = analytics({ getAddress: () => '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    expect(await client.track({ event: 'MODAL_OPEN', properties: { connected: false } })).toEqual({ status: 'sent' })
    const [received] = (await gateway.control.analytics())
    expect(received!.query).toEqual({ projectId: 'test-project', st: 'gangway', sv: '0.1.0' })
    expect(received!.body).toEqual({
      eventId: 'event-1',
      url: 'http://127.0.0.1:5173/shop',
      domain: '127.0.0.1',
      timestamp: 1_700_000_000_000,
      props: {
        type: 'track',
        event: 'MODAL_OPEN',
        properties: { connected: false },
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      },
    })
  })

  it('skips MODAL_CREATED, outside a browser, and with the feature off, without a request', async () => {
    let enabled = true
    const { client, requests } = analytics({ enabled: () => enabled })
    expect(await client.track({ event: 'MODAL_CREATED' })).toEqual({ status: 'skipped', reason: 'MODAL_CREATED' })
    enabled = false
    expect(await client.track({ event: 'MODAL_OPEN' })).toEqual({ status: 'skipped', reason: 'disabled' })
    const server = analytics({ isBrowser: false })
    expect(await server.client.track({ event: 'MODAL_OPEN' })).toEqual({ status: 'skipped', reason: 'not-browser' })
    expect(await analytics({ enabled: false }).client.reportError({ event: 'x', errorType: 'E', errorMessage: 'm' })).toEqual({
      status: 'skipped',
      reason: 'disabled',
    })
    expect(requests).toEqual([])
    expect(server.requests).toEqual([])
    expect((await gateway.control.analytics())).toEqual([])
  })

  it('detects the browser by default (none under Node)', async () => {
    const { client } = analytics({ isBrowser: undefined })
    expect(await client.track({ event: 'MODAL_OPEN' })).toEqual({ status: 'skipped', reason: 'not-browser' })
  })

  it('reports errors with their props, at most 5 per 60 s', async () => {
    const { client, advance } = analytics()
    const report = { event: 'CONNECT_ERROR', errorType: 'GangwayError', errorMessage: 'Connection rejected', stackTrace: 'at x' }
    const results = []
    for (let i = 0; i < 7; i++) {
      results.push((await client.reportError(report)).status)
      advance(1_000)
    }
    expect(results).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'skipped', 'skipped'])
    expect((await gateway.control.analytics())[0]!.body.props).toEqual({
      type: 'error',
      event: 'CONNECT_ERROR',
      errorType: 'GangwayError',
      errorMessage: 'Connection rejected',
      stackTrace: 'at x',
    })
    // 60 s after the first report, one slot frees up.
    advance(60_000 - 7_000)
    expect((await client.reportError(report)).status).toBe('sent')
    expect((await client.reportError(report)).status).toBe('skipped')
    // Tracking is not limited.
    expect((await client.track({ event: 'MODAL_CLOSE' })).status).toBe('sent')
  })

  it('never rejects: a 403 resolves as failed and is passed to onError', async () => {
    const errors: GangwayError[] = []
    const { client, requests } = analytics({ onError: (e) => errors.push(e) })
    gateway.control.setFault({ status: 403, pathPrefix: '/e' })
    expect(await client.track({ event: 'MODAL_OPEN' })).toMatchObject({
      status: 'failed',
      error: { shortMessage: 'Invalid App Configuration', code: 403 },
    })
    expect(errors.map((e) => e.shortMessage)).toEqual(['Invalid App Configuration'])
    gateway.control.setFault({ status: 500, pathPrefix: '/e' })
    expect(await client.track({ event: 'MODAL_OPEN' })).toMatchObject({ status: 'failed', error: { shortMessage: 'Server Error' } })
    // Analytics are not retried by default.
    expect(requests).toHaveLength(2)
  })
})
