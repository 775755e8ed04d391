// The gateway's memory bounds: request bodies, analytics, control state. Whatever is sent, what
// the gateway holds (its own accounting, `stats()`) stays under the caps and it keeps answering.

import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_GATEWAY_LIMITS, startGateway, type Gateway, type GatewayLimits } from '../../../dev/gateway/startGateway'
import { call, P } from './harness'

const KiB = 1024
const MiB = 1024 * KiB
let gateway: Gateway | undefined

async function start(limits: Partial<GatewayLimits> = {}): Promise<Gateway> {
  gateway = await startGateway({ chains: [], tokens: [], limits })
  return gateway
}

afterEach(async () => {
  await gateway?.stop()
  gateway = undefined
})

const event = (eventId: string, padding = 0) => ({ eventId, props: { event: 'MODAL_OPEN', pad: 'p'.repeat(padding) } })

/** Opens a raw connection and sends `head`; collects what comes back. */
function raw(url: string, head: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let data = ''
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
      socket.write(head)
      resolve({ socket, received: () => data, closed })
    })
    const closed = new Promise<void>((done) => socket.on('close', () => done()))
    socket.on('data', (chunk) => (data += chunk.toString('latin1')))
    socket.on('error', () => {})
    socket.once('error', reject)
  })
}

describe('gateway limits: analytics', () => {
  it('keeps analytics under maxAnalyticsBytes whatever is posted: many ~1 MiB events, oldest dropped, still answering', async () => {
    const g = await start()
    for (let i = 0; i < 40; i++) {
      const answer = await call(g.url, 'POST', `/e?${P}`, event(`big-${i}`, 1000 * KiB))
      expect(answer.status).toBe(200)
      expect(g.stats().analyticsBytes).toBeLessThanOrEqual(DEFAULT_GATEWAY_LIMITS.maxAnalyticsBytes)
    }
    const stats = g.stats()
    expect(stats.analyticsEvents).toBe(16)
    expect(stats.analyticsDropped).toBe(40 - 16)
    expect((await g.control.analytics()).map((r) => r.body.eventId)).toEqual(Array.from({ length: 16 }, (_, i) => `big-${i + 24}`))
    expect(stats.bodyBytesBuffered).toBe(0)
    expect((await call(g.url, 'GET', '/health')).body).toEqual({ ok: true })
  })

  it('keeps the newest maxAnalyticsEvents events, in order', async () => {
    const g = await start({ maxAnalyticsEvents: 5 })
    for (let i = 0; i < 12; i++) await call(g.url, 'POST', `/e?${P}`, event(`e${i}`))
    expect((await g.control.analytics()).map((r) => r.body.eventId)).toEqual(['e7', 'e8', 'e9', 'e10', 'e11'])
    expect(g.stats()).toMatchObject({ analyticsEvents: 5, analyticsDropped: 7 })
    expect((await call(g.url, 'GET', '/_control/state')).body).toMatchObject({ analyticsCount: 5 })
    await call(g.url, 'DELETE', '/_control/analytics')
    expect(g.stats()).toMatchObject({ analyticsEvents: 0, analyticsBytes: 0 })
  })

  it('answers 413 for one event larger than all the analytics bytes kept', async () => {
    const g = await start({ maxAnalyticsBytes: 2000, maxBodyBytes: 5000, maxBufferedBodyBytes: 10_000 })
    const answer = await call(g.url, 'POST', `/e?${P}`, event('huge', 3000))
    expect(answer.status).toBe(413)
    expect(answer.body).toEqual({ error: 'Analytics event is larger than the 2000 bytes kept' })
    expect(g.stats().analyticsEvents).toBe(0)
  })
})

describe('gateway limits: request bodies', () => {
  it('answers 413 with a JSON reason past maxBodyBytes, declared or chunked, and holds no more than the cap', async () => {
    const g = await start({ maxBodyBytes: 1000 })
    const ok = await call(g.url, 'POST', `/e?${P}`, event('fits', 900))
    expect(ok.status).toBe(200)
    for (const path of [`/e?${P}`, `/v1/fungible/price?${P}`, '/_control/prices']) {
      const method = path.startsWith('/_control') ? 'PUT' : 'POST'
      const answer = await call(g.url, method, path, 'x'.repeat(1001))
      expect(answer.status, path).toBe(413)
      expect(answer.body).toEqual({ error: 'Request body is larger than 1000 bytes' })
      expect(answer.headers.get('connection')).toBe('close')
    }
    // Without a Content-Length: counted as it arrives.
    const chunks = Array.from({ length: 30 }, () => new TextEncoder().encode('y'.repeat(100)))
    const chunked = await fetch(`${g.url}/e?${P}`, {
      method: 'POST',
      body: new ReadableStream({
        start(c) {
          for (const chunk of chunks) c.enqueue(chunk)
          c.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(await chunked.json()).toEqual({ error: 'Request body is larger than 1000 bytes' })
    const stats = g.stats()
    expect(stats.largestBodyBuffered).toBeLessThanOrEqual(1000)
    expect(stats).toMatchObject({ bodiesRefused: 4, bodyBytesBuffered: 0, analyticsEvents: 1 })
  })

  it('does not read an oversized body to its end: the sender is cut off, the server keeps serving', async () => {
    const g = await start({ maxBodyBytes: 64 * KiB })
    const declared = 200 * MiB
    const conn = await raw(g.url, `POST /e?${P} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${declared}\r\n\r\n`)
    const chunk = Buffer.alloc(256 * KiB, 'z')
    let sent = 0
    let failed = false
    conn.socket.on('error', () => (failed = true))
    let done = false
    void conn.closed.then(() => (done = true))
    while (!done && !failed && sent < declared) {
      const flushed = conn.socket.write(chunk)
      sent += chunk.length
      if (!flushed) await new Promise<void>((r) => (conn.socket.once('drain', r), conn.socket.once('close', r)))
    }
    await conn.closed
    // The server hung up long before 200 MiB, and said why first.
    expect(sent).toBeLessThan(declared / 4)
    expect(conn.received()).toMatch(/^HTTP\/1\.1 413 /)
    expect(g.stats()).toMatchObject({ bodyBytesBuffered: 0, bodiesRefused: 1 })
    expect(g.stats().largestBodyBuffered).toBeLessThanOrEqual(64 * KiB)
    expect((await call(g.url, 'GET', '/health')).status).toBe(200)
  })

  it('answers 503 when the bodies being read at once would pass maxBufferedBodyBytes, and frees them', async () => {
    const g = await start({ maxBodyBytes: 1000, maxBufferedBodyBytes: 2000 })
    const head = `POST /e?${P} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 900\r\n\r\n`
    const conns = [await raw(g.url, head), await raw(g.url, head), await raw(g.url, head)]
    // Each its own event (one eventId is kept once), the same length.
    const partialOf = (i: number) => `{"eventId":"slow${i}","props":{"x":"${'s'.repeat(700)}`
    const partial = partialOf(0)
    for (const [i, c] of conns.entries()) {
      c.socket.write(partialOf(i))
      await new Promise((r) => setTimeout(r, 30))
    }
    await expect.poll(() => conns[2]!.received(), { timeout: 2000 }).toMatch(/^HTTP\/1\.1 503 /)
    expect(conns[2]!.received()).toContain('"error":"The gateway is reading too many request bodies at once; retry shortly"')
    expect(g.stats().bodyBytesBuffered).toBe(2 * partial.length)
    // The two others finish and are answered; nothing stays held.
    const rest = `${'s'.repeat(900 - partial.length - 3)}"}}`
    for (const c of conns.slice(0, 2)) c.socket.write(rest)
    await expect.poll(() => conns.slice(0, 2).map((c) => c.received().slice(0, 12)), { timeout: 2000 }).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200'])
    for (const c of conns) c.socket.destroy()
    await expect.poll(() => g.stats().bodyBytesBuffered, { timeout: 2000 }).toBe(0)
    expect(g.stats()).toMatchObject({ analyticsEvents: 2, bodiesRefused: 1 })
  })

  it('frees what a client sent before hanging up mid-body', async () => {
    const g = await start()
    const c = await raw(g.url, `POST /e?${P} HTTP/1.1\r\nhost: x\r\ncontent-length: 5000\r\n\r\n`)
    c.socket.write('{"eventId":"cut", "props": {')
    await expect.poll(() => g.stats().bodyBytesBuffered, { timeout: 2000 }).toBeGreaterThan(0)
    c.socket.destroy()
    await expect.poll(() => g.stats().bodyBytesBuffered, { timeout: 2000 }).toBe(0)
  })
})

describe('gateway limits: control state', () => {
  it('refuses identities, price symbols and features past their caps with 400, and oversized feature configs', async () => {
    const g = await start({ maxIdentities: 2, maxPriceSymbols: 3, maxFeatures: 7, maxFeatureConfigBytes: 100 })
    const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
    for (const n of [1, 2]) expect((await call(g.url, 'PUT', `/_control/identity/${address(n)}`, { name: `n${n}`, avatar: null })).status).toBe(200)
    // Changing one it has is fine; a third is not.
    expect((await call(g.url, 'PUT', `/_control/identity/${address(1)}`, { name: 'again', avatar: null })).status).toBe(200)
    const third = await call(g.url, 'PUT', `/_control/identity/${address(3)}`, { name: 'n3', avatar: null })
    expect(third.status).toBe(400)
    expect(third.body).toEqual({ error: 'At most 2 identities are kept; DELETE some first' })
    await call(g.url, 'DELETE', `/_control/identity/${address(2)}`)
    expect((await call(g.url, 'PUT', `/_control/identity/${address(3)}`, { name: 'n3', avatar: null })).status).toBe(200)

    // ETH, GUSD and USDC are there from the start.
    expect((await call(g.url, 'PUT', '/_control/prices', { prices: { USDC: 1.01 } })).status).toBe(200)
    expect((await call(g.url, 'PUT', '/_control/prices', { prices: { DAI: 1 } })).body).toEqual({
      error: 'At most 3 token symbols are kept in the price table',
    })

    // Six default features.
    expect((await call(g.url, 'PUT', '/_control/features/extra', { isEnabled: true })).status).toBe(200)
    expect((await call(g.url, 'PUT', '/_control/features/another', { isEnabled: true })).body).toEqual({ error: 'At most 7 features are kept' })
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `f${i}`, isEnabled: true }))
    expect((await call(g.url, 'PUT', '/_control/features', { features: many })).status).toBe(400)
    expect((await call(g.url, 'PUT', '/_control/features/swaps', { isEnabled: true, config: ['x'.repeat(200)] })).body).toEqual({
      error: "Feature 'swaps': config is larger than 100 bytes",
    })
    expect(g.stats()).toMatchObject({ identities: 2, priceSymbols: 3, features: 7 })
  })

  it('rejects limits that are not positive integers, or unknown', async () => {
    await expect(startGateway({ chains: [], tokens: [], limits: { maxBodyBytes: 0 } })).rejects.toThrow('maxBodyBytes must be a positive integer')
    await expect(startGateway({ chains: [], tokens: [], limits: { maxBodyBytes: 10, maxBufferedBodyBytes: 5 } })).rejects.toThrow('must not exceed')
    await expect(startGateway({ chains: [], tokens: [], limits: { nope: 1 } as never })).rejects.toThrow("Unknown gateway limit 'nope'")
  })
})
