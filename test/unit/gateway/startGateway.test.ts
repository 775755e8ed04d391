import { connect } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../../../dev/gateway/startGateway'
import { call, deadUrl, P } from './harness'

// The endpoints that need no running chain: the chain below points at a port nothing serves,
// which is also how "the RPC node is down" is tested.
let gateway: Gateway
let base: string
const logs: string[] = []
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

beforeAll(async () => {
  gateway = await startGateway({
    chains: [{ chainId: 31337, name: 'Down', rpcUrl: await deadUrl() }],
    tokens: [],
    log: (line) => logs.push(line),
  })
  base = gateway.url
})
afterAll(() => gateway.stop())
beforeEach(() => gateway.control.reset())

describe('wallet directory', () => {
  it('lists wallets by page with the total count', async () => {
    const first = await call(base, 'GET', `/getWallets?${P}&page=1&entries=40`)
    expect(first.status).toBe(200)
    const page = first.body as { data: { id: string; name: string }[]; count: number }
    expect(page.count).toBeGreaterThanOrEqual(300)
    expect(page.data).toHaveLength(40)
    const second = (await call(base, 'GET', `/getWallets?${P}&page=2&entries=40`)).body as typeof page
    expect(second.data[0]!.id).not.toBe(page.data[0]!.id)
  })

  it('serves 5,000 wallets when a bench asks, by query or by the control switch', async () => {
    const byQuery = (await call(base, 'GET', `/getWallets?${P}&wallets=5000&page=125&entries=40`)).body as { data: unknown[]; count: number }
    expect(byQuery.count).toBe(5000)
    expect(byQuery.data).toHaveLength(40)
    expect((await call(base, 'PUT', '/_control/wallets', { count: 5000 })).status).toBe(200)
    expect(((await call(base, 'GET', `/getWallets?${P}&entries=1`)).body as { count: number }).count).toBe(5000)
    expect((await call(base, 'GET', `/getWallets?${P}&wallets=0`)).status).toBe(400)
  })

  it('requires a projectId on API calls', async () => {
    const answer = await call(base, 'GET', '/getWallets?page=1&entries=4')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: "Query 'projectId' is required" })
  })

  it('serves generated SVG icons, 404 for an unknown wallet image', async () => {
    const { data } = (await call(base, 'GET', `/getWallets?${P}&entries=1`)).body as { data: { image_id: string }[] }
    const icon = await call(base, 'GET', `/getWalletImage/${data[0]!.image_id}`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    expect(icon.text).toMatch(/^<svg /)
    expect((await call(base, 'GET', '/getWalletImage/not-a-wallet-image')).status).toBe(404)
    expect((await call(base, 'GET', '/getWalletImage/%3Cscript%3E')).status).toBe(400)
    for (const path of ['/public/getAssetImage/eip155-1', '/public/getCurrencyImage/USD', '/public/getTokenImage/GUSD']) {
      const answer = await call(base, 'GET', path)
      expect(answer.status).toBe(200)
      expect(answer.text).toContain('</svg>')
    }
  })

  it('answers config, origins and analytics config, editable at run time', async () => {
    const config = (await call(base, 'GET', `/appkit/v1/config?${P}`)).body as { features: { id: string; isEnabled: boolean }[] }
    expect(config.features.find((f) => f.id === 'swaps')?.isEnabled).toBe(true)
    expect((await call(base, 'PUT', '/_control/features/swaps', { isEnabled: false })).status).toBe(200)
    const after = (await call(base, 'GET', `/appkit/v1/config?${P}`)).body as typeof config
    expect(after.features.find((f) => f.id === 'swaps')?.isEnabled).toBe(false)

    gateway.control.setAllowedOrigins(['https://*.example.com'])
    expect((await call(base, 'GET', `/projects/v1/origins?${P}`)).body).toEqual({ allowedOrigins: ['https://*.example.com'] })
    await call(base, 'PUT', '/_control/origins', { allowedOrigins: ['https://app.example.com'] })
    expect(gateway.control.getAllowedOrigins()).toEqual(['https://app.example.com'])

    expect((await call(base, 'GET', `/getAnalyticsConfig?${P}`)).body).toEqual({ isAnalyticsEnabled: true })
    await call(base, 'PUT', '/_control/analytics-config', { isAnalyticsEnabled: false })
    expect((await call(base, 'GET', `/getAnalyticsConfig?${P}`)).body).toEqual({ isAnalyticsEnabled: false })
  })
})

describe('analytics sink', () => {
  it('keeps what it receives, returns it and clears it', async () => {
    const event = { eventId: 'e1', url: 'http://127.0.0.1/', domain: '127.0.0.1', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } }
    expect((await call(base, 'POST', `/e?${P}`, event)).status).toBe(200)
    const kept = (await call(base, 'GET', '/_control/analytics')).body as { events: { body: unknown; query: unknown }[] }
    expect(kept.events).toHaveLength(1)
    expect(kept.events[0]!.body).toEqual(event)
    expect(kept.events[0]!.query).toEqual({ projectId: 'test-project', st: 'gangway', sv: '0.0.0' })
    expect((await gateway.control.analytics())).toHaveLength(1)
    await call(base, 'DELETE', '/_control/analytics')
    expect((await gateway.control.analytics())).toEqual([])
  })

  it('refuses bodies that are not analytics events', async () => {
    expect((await call(base, 'POST', `/e?${P}`, '{nope')).body).toEqual({ error: 'Request body must be valid JSON' })
    expect((await call(base, 'POST', `/e?${P}`, [1])).body).toEqual({ error: 'Analytics body must be a JSON object' })
    expect((await call(base, 'POST', `/e?${P}`, { props: {} })).body).toEqual({ error: "Analytics body needs a string 'eventId'" })
    expect((await call(base, 'POST', `/e?${P}`, { eventId: 'x' })).body).toEqual({ error: "Analytics body needs an object 'props'" })
    expect((await gateway.control.analytics())).toEqual([])
  })
})

describe('faults', () => {
  it('answers 429 for the next N matching requests only', async () => {
    gateway.control.setFault({ status: 429, pathPrefix: '/getWallets', count: 2 })
    const limited = await call(base, 'GET', `/getWallets?${P}`)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ error: 'Injected fault: HTTP 429' })
    expect(limited.headers.get('retry-after')).toBe('1')
    expect((await call(base, 'GET', `/appkit/v1/config?${P}`)).status).toBe(200)
    expect((await call(base, 'GET', `/getWallets?${P}`)).status).toBe(429)
    expect((await call(base, 'GET', `/getWallets?${P}`)).status).toBe(200)
    expect(gateway.control.getFault()).toBeNull()
  })

  it('answers 500 / 503 until cleared, never on control routes', async () => {
    await call(base, 'PUT', '/_control/fault', { status: 503 })
    expect((await call(base, 'GET', `/getWallets?${P}`)).status).toBe(503)
    expect((await call(base, 'GET', '/_control/fault')).body).toEqual({ fault: { status: 503 } })
    await call(base, 'DELETE', '/_control/fault')
    expect((await call(base, 'GET', `/getWallets?${P}`)).status).toBe(200)
    gateway.control.setFault({ status: 500, count: 1 })
    expect((await call(base, 'GET', '/v1/supported-chains?' + P)).status).toBe(500)
  })

  it('delays answers and can answer with a body that is not JSON', async () => {
    gateway.control.setFault({ delayMs: 150, count: 1 })
    const started = performance.now()
    expect((await call(base, 'GET', `/getAnalyticsConfig?${P}`)).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    gateway.control.setFault({ malformedJson: true, count: 1 })
    const broken = await call(base, 'GET', `/getWallets?${P}`)
    expect(broken.status).toBe(200)
    expect(broken.body).toBeUndefined()
  })

  it('validates fault settings', async () => {
    expect((await call(base, 'PUT', '/_control/fault', { status: 200 })).body).toEqual({
      error: 'fault.status must be an HTTP status from 400 to 599',
    })
    expect((await call(base, 'PUT', '/_control/fault', {})).body).toEqual({ error: 'fault needs at least one of status, delayMs or malformedJson' })
    expect((await call(base, 'PUT', '/_control/fault', { status: 500, count: 0 })).status).toBe(400)
    expect(() => gateway.control.setFault({ delayMs: -1 })).toThrow('fault.delayMs must be an integer from 0 to 120000')
  })
})

describe('HTTP behaviour', () => {
  it('answers CORS preflights and allows any origin', async () => {
    const response = await fetch(`${base}/v1/fungible/price`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
    const get = await call(base, 'GET', `/getWallets?${P}`)
    expect(get.headers.get('access-control-allow-origin')).toBe('*')
    expect((await call(base, 'GET', '/nope')).headers.get('access-control-allow-origin')).toBe('*')
  })

  it('404 for unknown endpoints, 405 with Allow for a wrong method', async () => {
    expect(await call(base, 'GET', '/v2/whatever').then((a) => [a.status, a.body])).toEqual([404, { error: 'No such endpoint: GET /v2/whatever' }])
    const wrong = await call(base, 'DELETE', `/getWallets?${P}`)
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET, OPTIONS')
  })
})

describe('blockchain data API without a node', () => {
  it('lists its supported chains', async () => {
    expect((await call(base, 'GET', `/v1/supported-chains?${P}`)).body).toEqual({ http: ['eip155:31337'], ws: [] })
  })

  it('answers 502 with a clear error when the RPC node is down', async () => {
    for (const path of [`/v1/account/${ACCOUNT}/balance`, `/v1/account/${ACCOUNT}/history`]) {
      const answer = await call(base, 'GET', `${path}?${P}`)
      expect(answer.status).toBe(502)
      expect((answer.body as { error: string }).error).toMatch(/^The RPC node of eip155:31337 \(http:\/\/127\.0\.0\.1:\d+\) failed: /)
    }
    // A chain the gateway does not serve is simply empty.
    expect((await call(base, 'GET', `/v1/account/${ACCOUNT}/balance?${P}&chainId=eip155:1`)).body).toEqual({ balances: [] })
  })

  it('validates addresses, chain ids, cursors, limits and currencies', async () => {
    const error = async (path: string) => {
      const answer = await call(base, 'GET', `${path}${path.includes('?') ? '&' : '?'}${P}`)
      expect(answer.status).toBe(400)
      return (answer.body as { error: string }).error
    }
    expect(await error('/v1/account/0x123/balance')).toBe("Invalid address '0x123': expected a 0x-prefixed 20-byte hex address")
    // Mixed case with a wrong checksum (last letter's case flipped).
    expect(await error('/v1/identity/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267')).toMatch(/^Invalid address/)
    expect(await error(`/v1/account/${ACCOUNT}/history?chainId=nope`)).toBe("Query 'chainId' must be a CAIP-2 network id like eip155:1, got 'nope'")
    expect(await error(`/v1/account/${ACCOUNT}/history?cursor=abc`)).toBe("Invalid cursor 'abc': pass the 'next' value of the previous page")
    expect(await error(`/v1/account/${ACCOUNT}/history?limit=0`)).toBe("Query 'limit' must be an integer from 1 to 100, got 0")
    expect(await error(`/v1/account/${ACCOUNT}/history?onramp=paypal`)).toBe("Query 'onramp' must be one of coinbase, got 'paypal'")
    expect(await error(`/v1/account/${ACCOUNT}/balance?currency=eur`)).toBe("Query 'currency' must be one of usd, got 'eur'")
    expect(await error(`/v1/identity/${ACCOUNT}?sender=bob`)).toBe("Invalid sender 'bob': expected a 0x-prefixed 20-byte hex address")
  })

  it('answers identities set through the control, and only those: names pointing at an address are the name API\'s', async () => {
    expect((await call(base, 'GET', `/v1/identity/${ACCOUNT}?${P}`)).body).toEqual({ name: null, avatar: null })
    await call(base, 'PUT', '/_control/names/ada-identity.gangway', { address: ACCOUNT })
    expect((await call(base, 'GET', `/v1/identity/${ACCOUNT}?${P}`)).body).toEqual({ name: null, avatar: null })
    await call(base, 'DELETE', '/_control/names/ada-identity.gangway')
    await call(base, 'PUT', `/_control/identity/${ACCOUNT}`, { name: 'alice.gangway', avatar: null })
    expect((await call(base, 'GET', `/v1/identity/${ACCOUNT.toLowerCase()}?${P}`)).body).toEqual({ name: 'alice.gangway', avatar: null })
  })

  it('validates fungible price requests', async () => {
    const post = (body: unknown) => call(base, 'POST', `/v1/fungible/price?${P}`, body)
    expect((await post({ currency: 'usd', addresses: [] })).status).toBe(400)
    expect((await post({ currency: 'usd', addresses: ['eip155:31337:0xnope'] })).body).toEqual({
      error: "Invalid CAIP-10 token id 'eip155:31337:0xnope'",
    })
    expect((await post({ currency: 'btc', addresses: ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] })).status).toBe(400)
    const native = await post({ currency: 'usd', addresses: ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] })
    expect(native.body).toEqual({
      fungibles: [{ name: 'Ether', symbol: 'ETH', iconUrl: `${base}/public/getTokenImage/ETH`, price: 3000, address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' }],
    })
    gateway.control.setPrices({ ETH: 2500.5 })
    expect(((await post({ addresses: ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] })).body as { fungibles: { price: number }[] }).fungibles[0]!.price).toBe(2500.5)
  })
})

describe('robustness', () => {
  it('survives malformed requests of every kind and keeps answering', async () => {
    const nasty: [string, string, unknown?][] = [
      ['GET', '/getWalletImage/%E0%A4%A'],
      ['GET', `/getWallets?${P}&page=%FF`],
      ['GET', `/getWallets?${P}&page=99999999999999999999`],
      ['GET', `/getWallets?${P}&include=${'a,'.repeat(5000)}`],
      ['GET', `/v1/account/${'f'.repeat(5000)}/history?${P}`],
      ['GET', `/v1/account/%00/balance?${P}`],
      ['POST', `/e?${P}`, 'x'.repeat(2 * 1024 * 1024)],
      ['POST', `/e?${P}`, 'null'],
      ['POST', `/v1/fungible/price?${P}`, '{"addresses": "eip155:1:0x0"}'],
      ['POST', `/v1/fungible/price?${P}`, '{"projectId": 5, "addresses": [null]}'],
      ['PUT', '/_control/features', '{"features": [{"id": "__proto__", "isEnabled": true}]}'],
      ['PUT', '/_control/features', '{"features": "all"}'],
      ['PUT', '/_control/features/x', '[]'],
      ['PUT', '/_control/prices', '{"prices": {"ETH": "free"}}'],
      ['PUT', '/_control/identity/0x1', '{}'],
      ['PUT', '/_control/wallets', '{"count": 1e9}'],
      ['PATCH', '/getWallets'],
      ['GET', '//getWallets'],
    ]
    for (const [method, path, body] of nasty) {
      const answer = await call(base, method, path, body)
      expect(answer.status, `${method} ${path.slice(0, 60)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, `${method} ${path.slice(0, 60)}`).toBeLessThan(500)
      expect(typeof (answer.body as { error?: unknown }).error).toBe('string')
    }
    // Not HTTP at all.
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'))
      let data = ''
      socket.on('data', (chunk) => (data += chunk))
      socket.on('close', () => resolve(data))
      socket.on('error', () => resolve(data))
    })
    expect(raw).toMatch(/^HTTP\/1\.1 400/)
    expect((await call(base, 'GET', '/health')).body).toEqual({ ok: true })
    expect(logs.some((l) => l.startsWith('internal error'))).toBe(false)
  })

  it('stops and frees its port', async () => {
    const other = await startGateway({ chains: [], tokens: [] })
    expect((await call(other.url, 'GET', '/health')).status).toBe(200)
    await other.stop()
    await expect(fetch(`${other.url}/health`)).rejects.toThrow()
  })
})

describe('names', () => {
  const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  it('resolves the names set through the control, by name and in reverse; unknown names answer 404 with a reason', async () => {
    expect((await call(base, 'PUT', '/_control/names/Alice.gangway', { address: ALICE.toLowerCase() })).status).toBe(200)
    const profile = await call(base, 'GET', `/v1/profile/account/alice.gangway?${P}&apiVersion=2`)
    expect(profile.status).toBe(200)
    expect(profile.body).toMatchObject({ name: 'alice.gangway', addresses: { '60': { address: ALICE } } })
    expect(((await call(base, 'GET', `/v1/profile/reverse/${ALICE}?${P}&apiVersion=2`)).body as { name: string }[]).map((n) => n.name)).toEqual(['alice.gangway'])
    const missing = await call(base, 'GET', `/v1/profile/account/nobody.gangway?${P}`)
    expect(missing).toMatchObject({ status: 404, body: { error: 'Name not found', reasons: [{ description: 'Name not found' }] } })
    expect((await call(base, 'GET', `/v1/profile/account/ab?${P}`)).status).toBe(400)
    expect((await call(base, 'PUT', '/_control/names/alice.gangway', { address: 'nope' })).status).toBe(400)
    expect((await call(base, 'PUT', '/_control/names/alice.gangway', { address: 7 })).status).toBe(400)
    expect((await call(base, 'DELETE', '/_control/names/alice.gangway')).status).toBe(200)
    expect((await call(base, 'GET', `/v1/profile/account/alice.gangway?${P}`)).status).toBe(404)
    await call(base, 'PUT', '/_control/names/alice.gangway', { address: ALICE })
    await call(base, 'POST', '/_control/reset')
    expect(gateway.stats().names).toBe(0)
  })

  it('keeps a name\'s text records (its avatar) and answers them in both lookups; malformed ones are refused, writing nothing', async () => {
    const avatar = 'https://example.com/alice.png'
    const set = await call(base, 'PUT', '/_control/names/alice.gangway', { address: ALICE, attributes: { avatar, bio: 'hi' } })
    expect(set.status).toBe(200)
    expect((await call(base, 'GET', `/v1/profile/account/alice.gangway?${P}`)).body).toMatchObject({ attributes: [{ avatar }, { bio: 'hi' }] })
    expect((await call(base, 'GET', `/v1/profile/reverse/${ALICE}?${P}`)).body).toMatchObject([{ name: 'alice.gangway', attributes: [{ avatar }, { bio: 'hi' }] }])
    const refused = async (attributes: unknown) => (await call(base, 'PUT', '/_control/names/alice.gangway', { address: ALICE, attributes })).body
    expect(await refused({ avatar: 'javascript:alert(1)' })).toEqual({ error: "Attribute 'avatar' must be an http(s) URL" })
    expect(await refused({ avatar: 7 })).toEqual({ error: "Attribute 'avatar' must be text of at most 512 characters" })
    expect(await refused({ 'no spaces': 'x' })).toMatchObject({ error: expect.stringMatching(/^Invalid attribute key 'no spaces'/) })
    expect(await refused(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v'])))).toEqual({ error: 'At most 8 attributes' })
    expect(await refused(['avatar'])).toMatchObject({ error: expect.stringMatching(/^'attributes' must be an object/) })
    expect((await call(base, 'GET', `/v1/profile/account/alice.gangway?${P}`)).body).toMatchObject({ attributes: [{ avatar }, { bio: 'hi' }] })
    // Set again without them: none.
    await call(base, 'PUT', '/_control/names/alice.gangway', { address: ALICE })
    expect((await call(base, 'GET', `/v1/profile/account/alice.gangway?${P}`)).body).toMatchObject({ attributes: [] })
    await call(base, 'DELETE', '/_control/names/alice.gangway')
  })
})
