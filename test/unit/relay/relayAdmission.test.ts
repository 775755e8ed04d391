// The relay refuses a socket as the hosted relay does (close 3000 with its reason): an unknown
// project id, a page origin the project does not admit, an auth JWT that is malformed, not signed
// by the key its `iss` names, or issued ahead of its clock.
import { afterEach, describe, expect, it } from 'vitest'
import { RELAY_REFUSALS, originMatches, verifyClientAuth } from '../../../dev/relay/protocol'
import { startRelay, type Relay } from '../../../dev/relay/startRelay'
import { relayClientId, relayKeyPair, signedRelayAuth } from '../../support/relayAuth'
import { TestClient } from './wsClient'

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url')
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
/** `jwt` with its claims changed by `edit`, its header and signature kept. */
const withClaims = (jwt: string, edit: (claims: Record<string, unknown>) => Record<string, unknown>) => {
  const [header, , signature] = jwt.split('.')
  return `${header}.${b64(edit(claimsOf(jwt)))}.${signature}`
}
/** `jwt` with one byte of its signature flipped. */
const withFlippedSignatureByte = (jwt: string, at: number) => {
  const [header, payload, signature] = jwt.split('.')
  const bytes = Buffer.from(signature!, 'base64url')
  bytes[at] = bytes[at]! ^ 0x01
  return `${header}.${payload}.${bytes.toString('base64url')}`
}

let relay: Relay | undefined
afterEach(async () => {
  await relay?.stop()
  relay = undefined
})

async function refusal(client: TestClient) {
  return client.waitFor(() => client.closed, 2000, 'the socket to be closed')
}

describe('relay admission', () => {
  it('an unknown project id is refused with "invalid key"; a known one is served', async () => {
    relay = await startRelay({ projects: { known: {} } })
    const stranger = await TestClient.connect(relay.url, { projectId: 'unknown', clientId: 'a' })
    expect(await refusal(stranger)).toEqual({ code: 3000, reason: RELAY_REFUSALS.invalidKey })
    const member = await TestClient.connect(relay.url, { projectId: 'known', clientId: 'b' })
    expect((await member.request('irn_subscribe', { topic: 'ab'.repeat(32) })).error).toBeUndefined()
    await member.close()
  })

  it("a page origin the project does not admit is refused with \"origin not allowed\"; wildcards admit subdomains", async () => {
    relay = await startRelay({ projects: { p: { origins: ['https://app.example', 'https://*.trusted.example'] } } })
    const from = (origin?: string) => TestClient.connect(relay!.url, { projectId: 'p', clientId: 'c', ...(origin ? { ws: { origin } } : {}) })
    expect(await refusal(await from('https://evil.example'))).toEqual({ code: 3000, reason: RELAY_REFUSALS.originNotAllowed })
    expect(await refusal(await from())).toEqual({ code: 3000, reason: RELAY_REFUSALS.originNotAllowed })
    for (const origin of ['https://app.example', 'https://shop.trusted.example']) {
      const ok = await from(origin)
      expect((await ok.request('irn_subscribe', { topic: 'cd'.repeat(32) })).error).toBeUndefined()
      await ok.close()
    }
    expect(originMatches('https://*.trusted.example', 'https://.trusted.example')).toBe(false)
    expect(originMatches('https://*.trusted.example', 'http://a.trusted.example')).toBe(false)
  })

  it('an auth JWT issued ahead of the relay clock (past the leeway) is refused with "JWT not yet valid"', async () => {
    const now = 1_700_000_000_000
    relay = await startRelay({ now: () => now, jwtLeewayMs: 60_000 })
    const ahead = await TestClient.connect(relay.url, { clientId: 'd', issuedAt: now / 1000 + 61 })
    expect(await refusal(ahead)).toEqual({ code: 3000, reason: RELAY_REFUSALS.jwtNotYetValid })
    const within = await TestClient.connect(relay.url, { clientId: 'e', issuedAt: now / 1000 + 59 })
    expect((await within.request('irn_subscribe', { topic: 'ef'.repeat(32) })).error).toBeUndefined()
    await within.close()
  })

  it("an auth JWT not signed by the key its iss names is refused with \"Invalid signature\"; the client's own is served", async () => {
    const lines: string[] = []
    relay = await startRelay({ log: (l) => lines.push(l) })
    const alice = relayKeyPair('alice')
    const signed = await signedRelayAuth({ client: alice, issuedAt: 1 })
    // Mallory signs with her own key and puts Alice's did:key in iss, to pass for Alice.
    const forged = withClaims(await signedRelayAuth({ client: 'mallory', issuedAt: 1 }), (c) => ({ ...c, iss: relayClientId(alice) }))
    for (const auth of [forged, withClaims(signed, (c) => ({ ...c, sub: 'another subject' })), withFlippedSignatureByte(signed, 5), withFlippedSignatureByte(signed, 60), `${signed.split('.').slice(0, 2).join('.')}.c2ln`, `${signed.split('.').slice(0, 2).join('.')}.`]) {
      expect(await refusal(await TestClient.connect(relay.url, { auth }))).toEqual({ code: 3000, reason: RELAY_REFUSALS.jwtInvalidSignature })
    }
    const served = await TestClient.connect(relay.url, { auth: signed })
    expect((await served.request('irn_subscribe', { topic: 'ab'.repeat(32) })).error).toBeUndefined()
    expect(lines.filter((l) => l.includes(' connected '))).toEqual([expect.stringContaining(`client=${relayClientId(alice).slice(-10)}`)])
    await served.close()
    expect(relay.stats()).toMatchObject({ connections: 0, socketsDropped: 6 })
  })

  it('a malformed auth JWT is refused with "Invalid format"; a socket without one is served as an anonymous client', async () => {
    relay = await startRelay()
    const signed = await signedRelayAuth({ client: 'alice', issuedAt: 1 })
    const [, payload, signature] = signed.split('.')
    for (const auth of ['', 'not-a-jwt', 'a.b.c', `${signed}.x`, `${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.${signature}`, withClaims(signed, (c) => ({ ...c, iss: 'did:key:zAlice' }))]) {
      expect(await refusal(await TestClient.connect(relay.url, { auth }))).toEqual({ code: 3000, reason: RELAY_REFUSALS.jwtMalformed })
    }
    const anonymous = await TestClient.connect(relay.url)
    expect((await anonymous.request('irn_subscribe', { topic: 'ab'.repeat(32) })).error).toBeUndefined()
    await anonymous.close()
  })
})

describe('verifyClientAuth', () => {
  it('admits a JWT signed by the key its iss names, with that did:key as the client id, and refuses any change to it', async () => {
    const alice = relayKeyPair('alice')
    const jwt = await signedRelayAuth({ client: alice, issuedAt: 1_732_800_000 })
    expect(verifyClientAuth(jwt)).toEqual({ ok: true, clientId: relayClientId(alice), issuedAt: 1_732_800_000 })
    expect(relayClientId(alice)).toMatch(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/)
    const refused = (reason: 'jwtMalformed' | 'jwtInvalidSignature') => ({ ok: false, refusal: RELAY_REFUSALS[reason] })
    expect(verifyClientAuth(withClaims(jwt, (c) => ({ ...c, iat: 1 })))).toEqual(refused('jwtInvalidSignature'))
    expect(verifyClientAuth(withClaims(jwt, (c) => ({ ...c, iss: relayClientId(relayKeyPair('bob')) })))).toEqual(refused('jwtInvalidSignature'))
    expect(verifyClientAuth(withFlippedSignatureByte(jwt, 0))).toEqual(refused('jwtInvalidSignature'))
    // The same signature bytes spelt with a character base64url does not have.
    expect(verifyClientAuth(`${jwt}!`)).toEqual(refused('jwtInvalidSignature'))
    expect(verifyClientAuth(withClaims(jwt, (c) => ({ ...c, iss: `${relayClientId(alice)}x` })))).toEqual(refused('jwtMalformed'))
    expect(verifyClientAuth(withClaims(jwt, (c) => ({ ...c, iss: 42 })))).toEqual(refused('jwtMalformed'))
    expect(verifyClientAuth(withClaims(jwt, () => [1, 2] as unknown as Record<string, unknown>))).toEqual(refused('jwtMalformed'))
    expect(verifyClientAuth(`${b64({ alg: 'EdDSA' })}.${jwt.split('.').slice(1).join('.')}`)).toEqual(refused('jwtMalformed'))
    expect(verifyClientAuth(null)).toEqual({ ok: true, clientId: null, issuedAt: null })
  })
})
