// Fuzz: what a client puts in the relay's URL (project id, auth JWT of any shape, page origin)
// against a relay that admits one project from one origin. Auth JWTs are signed as the SDK signs
// them, then tampered with (claims changed, another key's did:key in iss, signature bytes
// flipped or replaced), or unsigned, or junk. Each socket is either served (it answers a
// subscribe) or closed at once with 3000 and the hosted relay's reason for exactly the condition
// it broke; the relay's verdict on a JWT's signature is @walletconnect/relay-auth's `verifyJWT`'s;
// the relay never crashes and other clients keep being served.
import fc from 'fast-check'
import { verifyJWT } from '@walletconnect/relay-auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { RELAY_REFUSALS } from '../../dev/relay/protocol'
import { startRelay, type Relay } from '../../dev/relay/startRelay'
import { relayClientId, relayKeyPair, signedRelayAuth } from '../support/relayAuth'
import { TestClient } from '../unit/relay/wsClient'
import { fuzzParams } from './fuzzParams'

const NOW = 1_700_000_000_000
const PROJECT = 'fuzz-project'
const ORIGIN = 'https://app.example'
const CLIENTS = ['alice', 'bob', 'carol'] as const
let relay: Relay

beforeAll(async () => {
  relay = await startRelay({ now: () => NOW, jwtLeewayMs: 60_000, projects: { [PROJECT]: { origins: [ORIGIN] } } })
})
afterAll(async () => relay?.stop())

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v) ?? 'null').toString('base64url')
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>

/** How an auth value was made: what the relay must make of it. */
type Made = 'signed' | 'forged' | 'malformed'
type Auth = { jwt: string; made: Made; iat: unknown }

/** A JWT as a client's SDK signs it (relay-auth's signJWT), by one of a few clients, issued near the relay's clock. */
const signed = fc.record({ client: fc.constantFrom(...CLIENTS), iat: fc.integer({ min: NOW / 1000 - 3600, max: NOW / 1000 + 3600 }) })

/** A signed JWT changed after signing, so its signature no longer matches: the relay must refuse it whatever its claims say. */
const tampering = fc.oneof(
  // claims edited (iat moved, or claims of any shape), iss kept
  fc.record({ claims: fc.dictionary(fc.constantFrom('iat', 'sub', 'aud', 'exp', 'x'), fc.jsonValue(), { minKeys: 1 }) }).map(({ claims }) => ({ kind: 'claims' as const, claims })),
  // another client's did:key in iss, to pass for that client
  fc.constantFrom(...CLIENTS).map((as) => ({ kind: 'impersonate' as const, as })),
  // one signature byte flipped
  fc.record({ at: fc.nat({ max: 63 }), mask: fc.integer({ min: 1, max: 255 }) }).map((f) => ({ kind: 'flip' as const, ...f })),
  // the signature replaced by other bytes, or by any text
  fc.oneof(fc.uint8Array({ minLength: 0, maxLength: 80 }).map((bytes) => Buffer.from(bytes).toString('base64url')), fc.string({ maxLength: 90 }).filter((t) => !t.includes('.'))).map((signature) => ({ kind: 'signature' as const, signature })),
)

/** An auth value and how it was made: signed, signed then tampered with, unsigned, or junk. */
const authSpec = fc.oneof(
  signed.map((s) => ({ make: 'signed' as const, ...s })),
  fc.record({ client: fc.constantFrom(...CLIENTS), iat: fc.integer({ min: NOW / 1000 - 3600, max: NOW / 1000 + 3600 }), tamper: tampering }).map((s) => ({ make: 'forged' as const, ...s })),
  // unsigned: a real client's did:key in iss and no signature worth the name (what tests used to send)
  fc.record({ client: fc.constantFrom(...CLIENTS), iat: fc.oneof(fc.integer({ min: NOW / 1000 - 3600, max: NOW / 1000 + 3600 }), fc.jsonValue()), signature: fc.constantFrom('', 'c2ln', 'AAAA') }).map(({ client, iat, signature }) => ({
    make: 'junk' as const,
    jwt: `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ iss: relayClientId(relayKeyPair(client)), iat })}.${signature}`,
    made: 'forged' as const,
    iat,
  })),
  // claims of any shape whose iss names no Ed25519 key
  fc.record({ iat: fc.oneof(fc.integer({ min: NOW / 1000 - 3600, max: NOW / 1000 + 3600 }), fc.jsonValue()), iss: fc.oneof(fc.string(), fc.jsonValue(), fc.constant('did:key:zAlice')) }, { requiredKeys: [] }).map((claims) => ({
    make: 'junk' as const,
    jwt: `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64(claims)}.c2ln`,
    made: 'malformed' as const,
    iat: claims.iat,
  })),
  // not a JWT at all
  fc.oneof(fc.string(), fc.constant('a.b.c'), fc.constant(`x.${b64('not json')}.y`)).map((jwt) => ({ make: 'junk' as const, jwt, made: 'malformed' as const, iat: undefined })),
)
type AuthSpec = typeof authSpec extends fc.Arbitrary<infer T> ? T : never

/** The auth value `spec` describes: signed now, and tampered with when it says so. */
async function makeAuth(spec: AuthSpec): Promise<Auth> {
  if (spec.make === 'junk') return { jwt: spec.jwt, made: spec.made, iat: spec.iat }
  const jwt = await signedRelayAuth({ client: spec.client, issuedAt: spec.iat })
  if (spec.make === 'signed') return { jwt, made: 'signed', iat: spec.iat }
  const [header, payload, signature] = jwt.split('.') as [string, string, string]
  const t = spec.tamper
  switch (t.kind) {
    case 'claims': {
      const claims = { ...claimsOf(jwt), ...t.claims }
      const edited = b64(claims)
      // Edits that leave the claims as they were are no tampering.
      return { jwt: `${header}.${edited}.${signature}`, made: edited === payload ? 'signed' : 'forged', iat: claims.iat }
    }
    case 'impersonate': {
      const edited = b64({ ...claimsOf(jwt), iss: relayClientId(relayKeyPair(t.as)) })
      return { jwt: `${header}.${edited}.${signature}`, made: edited === payload ? 'signed' : 'forged', iat: spec.iat }
    }
    case 'flip': {
      const bytes = Buffer.from(signature, 'base64url')
      bytes[t.at] = bytes[t.at]! ^ t.mask
      return { jwt: `${header}.${payload}.${bytes.toString('base64url')}`, made: 'forged', iat: spec.iat }
    }
    case 'signature':
      return { jwt: `${header}.${payload}.${t.signature}`, made: t.signature === signature ? 'signed' : 'forged', iat: spec.iat }
  }
}

type Input = { projectId: string; origin: string | undefined; auth: Auth | undefined }
// The right project and origin most of the time, so most sockets get as far as their JWT.
const input = fc.record({
  projectId: fc.oneof({ arbitrary: fc.constant(PROJECT), weight: 3 }, fc.string({ maxLength: 40 }), fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty')),
  origin: fc.option(fc.oneof({ arbitrary: fc.constant(ORIGIN), weight: 4 }, fc.constantFrom('https://evil.example', 'null', 'https://app.example.evil'), fc.webUrl().map((u) => new URL(u).origin)), { nil: undefined }),
  auth: fc.option(authSpec, { nil: undefined }),
})

/** What the relay is expected to do with a socket: its refusal reason, or null to serve it. */
function expected(i: Input): string | null {
  if (i.projectId !== PROJECT) return RELAY_REFUSALS.invalidKey
  if (i.origin !== ORIGIN) return RELAY_REFUSALS.originNotAllowed
  if (i.auth?.made === 'malformed') return RELAY_REFUSALS.jwtMalformed
  if (i.auth?.made === 'forged') return RELAY_REFUSALS.jwtInvalidSignature
  const iat = i.auth?.iat
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
      fc.asyncProperty(input, async (spec) => {
        const i: Input = { ...spec, auth: spec.auth && (await makeAuth(spec.auth)) }
        const reason = expected(i)
        const got = await outcome(i)
        expect(got).toEqual(reason === null ? { served: true } : { closed: { code: 3000, reason } })
        // The SDK's own library agrees on which JWTs carry a valid signature.
        if (i.auth) expect(await verifyJWT(i.auth.jwt).catch(() => false)).toBe(i.auth.made === 'signed')
      }),
      fuzzParams('relay admission', 100),
    )
    // Still serving a well-behaved client afterwards.
    const ok = await TestClient.connect(relay.url, { projectId: PROJECT, clientId: 'After', ws: { origin: ORIGIN } })
    expect((await ok.request('irn_subscribe', { topic: 'cd'.repeat(32) })).error).toBeUndefined()
    await ok.close()
  }, 60_000)
})
