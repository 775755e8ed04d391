import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isOriginAllowed } from '../../src/core/domain/origins'
import type { AnalyticsRecord } from '../../dev/gateway/control'
import { startGateway, type Gateway } from '../../dev/gateway/startGateway'
import { memoryStorage, openStorage, type GatewayStorage, type StoredSession } from '../../dev/gateway/storage'
import { call, P } from '../unit/gateway/harness'
import { fuzzParams } from './fuzzParams'

// The boundaries production mode and paging added: sessions read page by page (any limits, with
// sign-ins and revocations between) list each live session once, newest first; analytics kept
// by running totals hold what a model of the caps holds; and the query and Origin of
// GET /v1/sessions/{address} in production mode are answered 200 or 400, CORS only to the
// allowed origins, never a 5xx.

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const session = (id: string): StoredSession => ({
  id,
  address: ADDRESS,
  nonce: `n-${id}`,
  chainId: 'eip155:31337',
  domain: 'app.example',
  uri: 'https://app.example',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expirationTime: null,
})
const record = (id: string): AnalyticsRecord => ({ receivedAt: 0, query: { projectId: 'p', st: null, sv: null }, origin: null, body: { eventId: id, props: {} } })

type Op = { kind: 'signIn' } | { kind: 'revoke'; pick: number } | { kind: 'page'; limit: number } | { kind: 'event'; id: number; bytes: number }
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: 'signIn' as const }),
  fc.record({ kind: fc.constant('revoke' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('page' as const), limit: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('event' as const), id: fc.nat(12), bytes: fc.integer({ min: 1, max: 60 }) }),
)

const backends: [string, () => Promise<GatewayStorage>][] = [
  ['memory', async () => memoryStorage()],
  ['PGlite', () => openStorage({})],
]

describe.each(backends)('pages and running totals on %s', (_, open) => {
  let storage: GatewayStorage
  beforeAll(async () => {
    storage = await open()
  }, 60_000)
  afterAll(() => storage?.close())

  it('paging lists every live session once, newest first; the analytics kept are the newest within both caps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 24 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 60, max: 200 }), async (ops, maxEvents, maxBytes) => {
        await storage.clear()
        const caps = { maxEvents, maxBytes }
        const live: string[] = []
        let made = 0
        /** The model of the analytics: ids and bytes, oldest first, and the ids ever seen while kept. */
        let kept: { id: string; bytes: number }[] = []
        for (const op of ops) {
          if (op.kind === 'signIn') {
            const id = `s${made++}`
            expect(await storage.sessions.insert(session(id), 1000, 0)).toBe('ok')
            live.unshift(id)
          } else if (op.kind === 'revoke' && live.length > 0) {
            const [id] = live.splice(op.pick % live.length, 1)
            await storage.sessions.delete(ADDRESS, id!)
          } else if (op.kind === 'page') {
            // Through every page: the live sessions, newest first, each once.
            const seen: string[] = []
            let next: number | null = null
            do {
              const page: { sessions: StoredSession[]; next: number | null } = await storage.sessions.page(ADDRESS, 0, next, op.limit)
              expect(page.sessions.length).toBeLessThanOrEqual(op.limit)
              seen.push(...page.sessions.map((s) => s.id))
              next = page.next
            } while (next !== null)
            expect(seen).toEqual(live)
          } else if (op.kind === 'event') {
            const id = `e${op.id}`
            if (kept.some((k) => k.id === id)) continue
            await storage.analytics.add(record(id), op.bytes, caps)
            kept.push({ id, bytes: op.bytes })
            while (kept.length > caps.maxEvents || kept.reduce((sum, k) => sum + k.bytes, 0) > caps.maxBytes) kept.shift()
          }
        }
        expect((await storage.analytics.list()).map((r) => r.body.eventId)).toEqual(kept.map((k) => k.id))
        expect(await storage.analytics.size()).toEqual({ events: kept.length, bytes: kept.reduce((sum, k) => sum + k.bytes, 0) })
      }),
      fuzzParams('gatewayPages', 15),
    )
  })
})

describe('GET /v1/sessions/{address} in production mode', () => {
  const ALLOWED = ['https://app.example', 'https://*.preview.example']
  let gateway: Gateway
  beforeAll(async () => {
    gateway = await startGateway({ chains: [], tokens: [], production: true, allowedOrigins: ALLOWED, logRequests: false })
  })
  afterAll(() => gateway?.stop())

  /** Whether the route accepts a query value, as its documentation says. */
  const limitOk = (v: string | null) => v === null || v === '' || (/^-?\d{1,12}$/.test(v) && Number(v) >= 1 && Number(v) <= 100)
  const cursorOk = (v: string | null) => v === null || v === '' || /^[1-9]\d{0,15}$/.test(v)
  const valueArb = fc.option(fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.string({ maxLength: 24 }), fc.stringMatching(/^[0-9]{1,22}$/)), { nil: null })
  const originArb = fc.oneof(
    fc.constantFrom('https://app.example', 'https://pr-1.preview.example', 'https://evil.example', 'http://app.example', 'null', 'https://app.example.evil'),
    fc.webUrl().map((u) => new URL(u).origin),
    fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  )

  it('answers 200 or 400 as the query is, CORS only to the allowed origins', async () => {
    await fc.assert(
      fc.asyncProperty(valueArb, valueArb, fc.option(originArb, { nil: undefined }), async (limit, cursor, origin) => {
        const query = new URLSearchParams()
        if (limit !== null) query.set('limit', limit)
        if (cursor !== null) query.set('cursor', cursor)
        const answer = await call(gateway.url, 'GET', `/v1/sessions/${ADDRESS}?${P}&${query}`, undefined, origin === undefined ? {} : { origin })
        expect(answer.status).toBe(limitOk(limit) && cursorOk(cursor) ? 200 : 400)
        if (answer.status === 200) expect(answer.body).toEqual({ sessions: [], next: null })
        const allowed = origin !== undefined && isOriginAllowed(origin, ALLOWED)
        expect(answer.headers.get('access-control-allow-origin')).toBe(allowed ? origin : null)
      }),
      fuzzParams('gatewaySessionQueries', 60),
    )
  })
})
