// Signing in with Farcaster through the auth service's routes: the dev relay, the routes in a
// small HTTP server with an in-memory service context, and the dev client approving.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletClient } from '@farcaster/auth-client'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { farcasterRoutes, type FarcasterRoutesOptions } from '../../../dev/auth/service/farcaster'
import { createAuthStore, type SignInStore } from '../../../dev/auth/service/store'
import { AuthHttpError, type AuthMethod, type AuthRouteContext, type AuthUserRecord } from '../../../dev/auth/service/types'
import {
  approveChannel,
  cancelChannel,
  DEV_FARCASTER_RELAY_KEY,
  devFarcasterConnector,
  startFarcasterRelay,
  type DevFarcasterUser,
  type FarcasterRelay,
} from '../../../dev/farcaster/startFarcasterRelay'

type Identity = { method: AuthMethod; subject: string; email?: string | null; username?: string | null }

type Service = {
  url: string
  identities: Identity[]
  sessions: { userId: string; token: string }[]
  stop(): Promise<void>
}

/** The routes in a bare HTTP server, errors answered as the auth service answers them. */
async function startService(
  options: Partial<FarcasterRoutesOptions> & { relayUrl: string; users: DevFarcasterUser[]; signIns?: SignInStore },
): Promise<Service> {
  const { signIns = createAuthStore({ now: () => Date.now(), sessionTtlMs: 3_600_000, otpTtlMs: 600_000 }), ...routeOptions } = options
  const route = farcasterRoutes({ pollIntervalMs: 25, ...routeOptions })
  const identities: Identity[] = []
  const sessions: { userId: string; token: string }[] = []
  const users = new Map<string, AuthUserRecord>()
  const ctx: AuthRouteContext = {
    url: '',
    isAllowedOrigin: () => true,
    async findOrCreateUser(identity) {
      identities.push(identity)
      const key = `${identity.method}:${identity.subject}`
      let user = users.get(key)
      if (!user) {
        user = {
          id: `user-${users.size + 1}`,
          email: null,
          username: identity.username ?? null,
          auth: identity.method,
          privateKey: generatePrivateKey(),
          solanaSeed: generatePrivateKey(),
          createdAt: Date.now(),
        }
        users.set(key, user)
      }
      return user
    },
    async createSession(userId) {
      const token = `session-${sessions.length + 1}`
      sessions.push({ userId, token })
      return { token, expiresAt: 1_900_000_000_000 }
    },
    signIns,
    now: () => Date.now(),
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', ctx.url)
    route(req, res, url, ctx)
      .then((handled) => {
        if (!handled) {
          res.writeHead(404, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ error: 'Not found' }))
        }
      })
      .catch((e: unknown) => {
        const status = e instanceof AuthHttpError ? e.status : 500
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }))
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  ctx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: ctx.url,
    identities,
    sessions,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function post(base: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function openChannel(service: Service): Promise<{ channelToken: string; url: string; clientUrl: string }> {
  const res = await post(service.url, '/v1/farcaster/channel', {})
  expect(res.status).toBe(200)
  return (await res.json()) as { channelToken: string; url: string; clientUrl: string }
}

let relay: FarcasterRelay
let service: Service

beforeAll(async () => {
  relay = await startFarcasterRelay()
  service = await startService({ relayUrl: relay.url, users: relay.users })
})

afterAll(async () => {
  await service?.stop()
  await relay?.stop()
})

describe('Farcaster sign-in routes', () => {
  it('connects through another service on the same store a channel one service opened, once', async () => {
    const signIns = createAuthStore({ now: () => Date.now(), sessionTtlMs: 3_600_000, otpTtlMs: 600_000 })
    const [one, two] = await Promise.all([startService({ relayUrl: relay.url, users: relay.users, signIns }), startService({ relayUrl: relay.url, users: relay.users, signIns })])
    try {
      const channel = await openChannel(one)
      const connecting = post(two.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })
      await approveChannel(relay.url, channel.url)
      const res = await connecting
      expect(res.status).toBe(200)
      expect(two.identities.map((i) => i.method)).toEqual(['farcaster'])
      // Used up, on every service.
      expect((await post(one.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })).status).toBe(400)
      // A service on a store of its own knows no channel the others opened.
      const alone = await startService({ relayUrl: relay.url, users: relay.users })
      try {
        const other = await openChannel(one)
        expect(await (await post(alone.url, '/v1/farcaster/connect', { channelToken: other.channelToken })).json()).toEqual({ error: 'Failed to connect to farcaster' })
      } finally {
        await alone.stop()
      }
    } finally {
      await Promise.all([one.stop(), two.stop()])
    }
  })

  it('signs a user in once the dev client approved', async () => {
    const channel = await openChannel(service)
    expect(channel.channelToken).toMatch(/^[A-Z0-9]+$/)
    const signIn = new URL(channel.url)
    expect(signIn.searchParams.get('channelToken')).toBe(channel.channelToken)
    expect(signIn.searchParams.get('domain')).toBe(new URL(service.url).host)
    expect(signIn.searchParams.get('siweUri')).toBe(service.url)
    expect(channel.clientUrl).toBe(`${relay.url}/client?uri=${encodeURIComponent(channel.url)}`)
    const page = await fetch(channel.clientUrl)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`<strong data-testid="farcaster-domain">${new URL(service.url).host}</strong>`)

    const before = service.identities.length
    const connecting = post(service.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })
    await new Promise((resolve) => setTimeout(resolve, 60))
    // Nobody has answered yet: the connect is still waiting.
    expect(service.identities.length).toBe(before)
    await approveChannel(relay.url, channel.url)
    const res = await connecting
    const body = await res.json()
    expect(res.status).toBe(200)
    expect(body).toEqual({ token: service.sessions.at(-1)?.token, expiresAt: 1_900_000_000_000, fid: 7777, username: 'gangway-dev' })
    expect(service.identities.slice(before)).toEqual([{ method: 'farcaster', subject: '7777', username: 'gangway-dev' }])

    // The channel is used up.
    const again = await post(service.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ error: 'Failed to connect to farcaster' })
  })

  it('refuses a message signed by a key that is not the fid custody', async () => {
    const impostor = privateKeyToAccount(generatePrivateKey())
    const custody = privateKeyToAccount(relay.users[0]!.custodyPrivateKey)
    const wallet = createWalletClient({ relay: relay.url, ethereum: devFarcasterConnector(relay.users) })
    const host = new URL(service.url).host
    const before = service.identities.length

    // Claims fid 7777 from the impostor's own address, and from the custody address it cannot sign for.
    for (const address of [impostor.address, custody.address]) {
      const channel = await openChannel(service)
      const nonce = new URL(channel.url).searchParams.get('nonce')!
      const built = wallet.buildSignInMessage({ domain: host, uri: service.url, nonce, address, fid: 7777 })
      if (built.isError) throw built.error
      const signature = await impostor.signMessage({ message: built.message })
      const authenticated = await wallet.authenticate({
        channelToken: channel.channelToken,
        authKey: DEV_FARCASTER_RELAY_KEY,
        message: built.message,
        signature,
        fid: 7777,
        username: 'gangway-dev',
      })
      expect(authenticated.isError ? 0 : authenticated.response.status).toBe(201)
      const res = await post(service.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'Failed to connect to farcaster' })
    }
    expect(service.identities.length).toBe(before)
  })

  it('refuses a signer the service registry does not know as the fid custody', async () => {
    // The relay's account 7777 signs with a key the service's registry does not list for it.
    const other = await startService({ relayUrl: relay.url, users: [{ ...relay.users[0]!, custodyPrivateKey: generatePrivateKey() }] })
    try {
      const channel = await openChannel(other)
      await approveChannel(relay.url, channel.url)
      const res = await post(other.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'Failed to connect to farcaster' })
      expect(other.identities).toEqual([])
    } finally {
      await other.stop()
    }
  })

  it('fails a cancelled sign-in and a channel it did not open', async () => {
    const channel = await openChannel(service)
    const connecting = post(service.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })
    await new Promise((resolve) => setTimeout(resolve, 60))
    await cancelChannel(relay.url, channel.url)
    const res = await connecting
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Failed to connect to farcaster' })

    // Opened on the relay by someone else, approved, but never handed out by this service.
    const foreign = (await (
      await fetch(`${relay.url}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri: service.url, domain: new URL(service.url).host }),
      })
    ).json()) as { channelToken: string; url: string }
    await approveChannel(relay.url, foreign.url)
    const stranger = await post(service.url, '/v1/farcaster/connect', { channelToken: foreign.channelToken })
    expect(stranger.status).toBe(400)
    expect(await stranger.json()).toEqual({ error: 'Failed to connect to farcaster' })
  })

  it('stops waiting when the caller hangs up, leaving the channel for a retry', async () => {
    const channel = await openChannel(service)
    const abort = new AbortController()
    const connecting = fetch(`${service.url}/v1/farcaster/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelToken: channel.channelToken }),
      signal: abort.signal,
    })
    await new Promise((resolve) => setTimeout(resolve, 60))
    abort.abort()
    await expect(connecting).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 60))
    await approveChannel(relay.url, channel.url)
    // A wait still polling would have read (and so closed) the completed channel by now.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const retry = await post(service.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })
    expect(retry.status).toBe(200)
    expect(await retry.json()).toMatchObject({ fid: 7777, username: 'gangway-dev' })
  })

  it('times out with 408 when nobody answers', async () => {
    const quick = await startService({ relayUrl: relay.url, users: relay.users, timeoutMs: 150 })
    try {
      const channel = await openChannel(quick)
      const started = Date.now()
      const res = await post(quick.url, '/v1/farcaster/connect', { channelToken: channel.channelToken })
      expect(res.status).toBe(408)
      expect(await res.json()).toEqual({ error: 'Failed to connect to farcaster' })
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    } finally {
      await quick.stop()
    }
  })

  it('answers a malformed body with 400', async () => {
    const cases: [string, unknown][] = [
      ['/v1/farcaster/connect', '{"channelToken":'],
      ['/v1/farcaster/connect', {}],
      ['/v1/farcaster/connect', { channelToken: 42 }],
      ['/v1/farcaster/connect', { channelToken: '../../etc' }],
      ['/v1/farcaster/connect', '["ABC"]'],
      ['/v1/farcaster/channel', 'null'],
      ['/v1/farcaster/channel', { nonce: 'short' }],
    ]
    for (const [path, body] of cases) {
      const res = await post(service.url, path, body)
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 })
      const json = (await res.json()) as { error?: unknown }
      expect(typeof json.error).toBe('string')
    }
    const wrongMethod = await fetch(`${service.url}/v1/farcaster/channel`)
    expect(wrongMethod.status).toBe(405)
    const notOurs = await post(service.url, '/v1/other', {})
    expect(notOurs.status).toBe(404)
  })

  it('uses the nonce the caller chose', async () => {
    const res = await post(service.url, '/v1/farcaster/channel', { nonce: 'gangwayNonce12345' })
    expect(res.status).toBe(200)
    const channel = (await res.json()) as { url: string }
    expect(new URL(channel.url).searchParams.get('nonce')).toBe('gangwayNonce12345')
  })
})
