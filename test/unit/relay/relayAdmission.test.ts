// The relay refuses a socket as the hosted relay does (close 3000 with its reason): an unknown
// project id, a page origin the project does not admit, an auth JWT issued ahead of its clock.
import { afterEach, describe, expect, it } from 'vitest'
import { RELAY_REFUSALS, originMatches } from '../../../dev/relay/protocol'
import { startRelay, type Relay } from '../../../dev/relay/startRelay'
import { TestClient } from './wsClient'

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
})
