// Fuzz: what a client puts in the relay's URL (project id, auth JWT of any shape, page origin)
// against a relay that admits one project from one origin. Each socket is either served (it
// answers a subscribe) or closed at once with 3000 and the hosted relay's reason for exactly the
// condition it broke; the relay never crashes and other clients keep being served.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { RELAY_REFUSALS } from '../../dev/relay/protocol'
import { startRelay, type Relay } from '../../dev/relay/startRelay'
import { TestClient } from '../unit/relay/wsClient'
import { fuzzParams } from './fuzzParams'

const NOW = 1_700_000_000_000
const PROJECT = 'fuzz-project'
const ORIGIN = 'https://app.example'
let relay: Relay

beforeAll(async () => {
  relay = await startRelay({ now: () => NOW, jwtLeewayMs: 60_000, projects: { [PROJECT]: { origins: [ORIGIN] } } })
})
afterAll(async () => relay?.stop())

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v) ?? 'null').toString('base64url')
/** An auth value: a JWT with an `iat` near the relay's clock (or junk there), or no JWT at all. */
const auth = fc.oneof(
  fc.record({ iat: fc.oneof(fc.integer({ min: NOW / 1000 - 3600, max: NOW / 1000 + 3600 }), fc.jsonValue()), iss: fc.oneof(fc.string(), fc.jsonValue()) }, { requiredKeys: [] }).map((claims) => ({ jwt: `${b64({ alg: 'EdDSA' })}.${b64(claims)}.c2ln`, claims })),
  fc.oneof(fc.string(), fc.constant('a.b.c'), fc.constant(`x.${b64('not json')}.y`)).map((jwt) => ({ jwt, claims: null })),
)
type Input = { projectId: string; origin: string | undefined; auth: { jwt: string; claims: unknown } | undefined }
const input: fc.Arbitrary<Input> = fc.record({
  projectId: fc.oneof(fc.constant(PROJECT), fc.string({ maxLength: 40 }), fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty')),
  origin: fc.option(fc.oneof(fc.constant(ORIGIN), fc.constantFrom('https://evil.example', 'null', 'https://app.example.evil'), fc.webUrl().map((u) => new URL(u).origin)), { nil: undefined }),
  auth: fc.option(auth, { nil: undefined }),
})

/** What the relay is expected to do with a socket: its refusal reason, or null to serve it. */
function expected(i: Input): string | null {
  if (i.projectId !== PROJECT) return RELAY_REFUSALS.invalidKey
  if (i.origin !== ORIGIN) return RELAY_REFUSALS.originNotAllowed
  const iat = (i.auth?.claims as { iat?: unknown } | null | undefined)?.iat
  if (typeof iat === 'number' && Number.isFinite(iat) && iat * 1000 > NOW + 60_000) return RELAY_REFUSALS.jwtNotYetValid
  return null
}

function outcome(i: Input): Promise<{ closed: { code: number; reason: string } } | { served: true }> {
  const q = new URLSearchParams({ projectId: i.projectId })
  if (i.auth) q.set('auth', i.auth.jwt)
  const ws = new WebSocket(`${relay.url}/?${q.toString()}`, i.origin ? { origin: i.origin } : {})
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer from the relay')), 2000)
    ws.on('error', () => undefined)
    ws.on('close', (code, reason) => {
      clearTimeout(timer)
      resolve({ closed: { code, reason: reason.toString() } })
    })
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: 'ab'.repeat(32) } })))
    ws.on('message', () => {
      clearTimeout(timer)
      ws.close()
      resolve({ served: true })
    })
  })
}

describe('relay admission under junk', () => {
  it('serves exactly the sockets it admits and refuses the others with the reason they broke', async () => {
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const reason = expected(i)
        const got = await outcome(i)
        expect(got).toEqual(reason === null ? { served: true } : { closed: { code: 3000, reason } })
      }),
      fuzzParams('relay admission', 60),
    )
    // Still serving a well-behaved client afterwards.
    const ok = await TestClient.connect(relay.url, { projectId: PROJECT, clientId: 'did:key:zAfter', ws: { origin: ORIGIN } })
    expect((await ok.request('irn_subscribe', { topic: 'cd'.repeat(32) })).error).toBeUndefined()
    await ok.close()
  }, 60_000)
})
