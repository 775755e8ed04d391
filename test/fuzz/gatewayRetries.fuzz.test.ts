import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryStorage, openStorage, type GatewayStorage, type StoredSession } from '../../dev/gateway/storage'
import { fuzzParams } from './fuzzParams'

// Clients retry: the same analytics event and the same sign-in land on the gateway's storage
// again, in any order, with other writes and revocations between. Whatever the sequence, an
// event id is kept once, a nonce makes one session, and a revoked session's nonce stays used:
// in this process's memory and in PGlite alike.

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAPS = { maxEvents: 1_000, maxBytes: 1_000_000 }

type Op = { kind: 'event'; id: string | null } | { kind: 'signIn'; nonce: string } | { kind: 'revoke'; nonce: string }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('event' as const), id: fc.option(fc.constantFrom('e1', 'e2', 'e3'), { nil: null }) }),
  fc.record({ kind: fc.constant('signIn' as const), nonce: fc.constantFrom('n1', 'n2', 'n3') }),
  fc.record({ kind: fc.constant('revoke' as const), nonce: fc.constantFrom('n1', 'n2', 'n3') }),
)

const session = (id: string, nonce: string): StoredSession => ({
  id,
  address: ADDRESS,
  nonce,
  chainId: 'eip155:31337',
  domain: 'app.example',
  uri: 'https://app.example',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expirationTime: null,
})

const backends: [string, () => Promise<GatewayStorage>][] = [
  ['memory', async () => memoryStorage()],
  ['PGlite', () => openStorage({})],
]

describe.each(backends)('retried writes on %s', (_, open) => {
  let storage: GatewayStorage
  beforeAll(async () => {
    storage = await open()
  }, 60_000)
  afterAll(() => storage?.close())

  it('keep an event id once, a nonce one session, and a revoked nonce used', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 25 }), async (ops) => {
        await storage.clear()
        const anonymous = { count: 0 }
        const madeBy = new Map<string, string>()
        const revoked = new Set<string>()
        for (const [i, op] of ops.entries()) {
          if (op.kind === 'event') {
            if (op.id === null) anonymous.count++
            await storage.analytics.add({ receivedAt: i, query: { projectId: 'p', st: null, sv: null }, origin: null, body: op.id ? { eventId: op.id, props: {} } : { props: {} } }, 10, CAPS)
          } else if (op.kind === 'signIn') {
            const result = await storage.sessions.insert(session(`s${i}`, op.nonce), 100, 0)
            expect(result).toBe(madeBy.has(op.nonce) ? 'duplicate' : 'ok')
            if (result === 'ok') madeBy.set(op.nonce, `s${i}`)
          } else {
            const id = madeBy.get(op.nonce)
            if (id) {
              await storage.sessions.delete(ADDRESS, id)
              revoked.add(op.nonce)
            }
          }
        }
        const ids = (await storage.analytics.list()).map((r) => (r.body as { eventId?: string }).eventId ?? null)
        const named = ids.filter((id): id is string => id !== null)
        expect(new Set(named).size).toBe(named.length)
        expect(new Set(named)).toEqual(new Set(ops.flatMap((op) => (op.kind === 'event' && op.id ? [op.id] : []))))
        expect(ids.length - named.length).toBe(anonymous.count)
        const listed = (await storage.sessions.list(ADDRESS, 0)).map((s) => s.id).sort()
        expect(listed).toEqual([...madeBy].filter(([nonce]) => !revoked.has(nonce)).map(([, id]) => id).sort())
        for (const [nonce, id] of madeBy) expect(await storage.sessions.byNonce(ADDRESS, nonce)).toMatchObject({ id, revoked: revoked.has(nonce) })
      }),
      fuzzParams('gatewayRetries', 40),
    )
  })
})
