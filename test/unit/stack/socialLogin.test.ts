import { generateKeyPair, type JWK, exportJWK, SignJWT, type CryptoKey } from 'jose'
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { socialRoutes, type SocialProvider } from '../../../dev/auth/service/social'
import { createAuthStore } from '../../../dev/auth/service/store'
import { AuthHttpError, type AuthMethod, type AuthRoute, type AuthRouteContext, type AuthUserRecord } from '../../../dev/auth/service/types'
import { startOidcProvider, type OidcProvider } from '../../../dev/oidc/startOidcProvider'
import { CookieJar } from './cookieJar'

const HOST_ORIGIN = 'http://127.0.0.1:5173'
const SOCIAL_FAILED = 'Failed to initiate social connection'


/** The auth service stand-in: runs one route with an in-memory context. */
type TestService = {
  url: string
  ctx: AuthRouteContext
  identities: { method: AuthMethod; subject: string; email?: string | null; username?: string | null }[]
  sessions: { userId: string; token: string }[]
  users: Map<string, AuthUserRecord>
  setRoute(route: AuthRoute): void
  stop(): Promise<void>
}

async function startTestService(): Promise<TestService> {
  let route: AuthRoute = async () => false
  const identities: TestService['identities'] = []
  const sessions: TestService['sessions'] = []
  const users = new Map<string, AuthUserRecord>()
  const bySubject = new Map<string, string>()
  const server: Server = createServer((req, res) => void serve(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const ctx: AuthRouteContext = {
    url,
    isAllowedOrigin: (origin) => /^http:\/\/127\.0\.0\.1(:\d+)?$/.test(origin),
    async findOrCreateUser(identity) {
      identities.push(identity)
      const key = `${identity.method}:${identity.subject}`
      let id = bySubject.get(key)
      if (!id) {
        id = `user-${users.size + 1}`
        bySubject.set(key, id)
        users.set(id, {
          id,
          email: identity.email ?? null,
          username: identity.username ?? null,
          auth: identity.method,
          privateKey: `0x${'11'.repeat(32)}`,
          solanaSeed: `0x${'22'.repeat(32)}`,
          createdAt: Date.now(),
        })
      }
      return users.get(id) as AuthUserRecord
    },
    async createSession(userId) {
      const token = `token-${sessions.length + 1}`
      sessions.push({ userId, token })
      return { token, expiresAt: Date.now() + 3_600_000 }
    },
    signIns: createAuthStore({ now: () => Date.now(), sessionTtlMs: 3_600_000, otpTtlMs: 600_000 }),
    now: () => Date.now(),
  }
  async function serve(req: IncomingMessage, res: ServerResponse) {
    try {
      if (!(await route(req, res, new URL(req.url ?? '/', url), ctx))) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }))
      }
    } catch (error) {
      const status = error instanceof AuthHttpError ? error.status : 500
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }))
    }
  }
  return {
    url,
    ctx,
    identities,
    sessions,
    users,
    setRoute: (next) => void (route = next),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** What the callback page posts to the host page, read from its script. */
function postedMessage(html: string): { message?: Record<string, unknown>; targetOrigin?: string } {
  const message = /const message = (\{.*\});/.exec(html)?.[1]
  const targetOrigin = /postMessage\(message, ("[^"]*")\)/.exec(html)?.[1]
  return {
    ...(message ? { message: JSON.parse(message) as Record<string, unknown> } : {}),
    ...(targetOrigin ? { targetOrigin: JSON.parse(targetOrigin) as string } : {}),
  }
}

describe('socialRoutes', () => {
  let oidc: OidcProvider
  let service: TestService

  beforeAll(async () => {
    service = await startTestService()
    const redirectUri = `${service.url}/v1/social/callback`
    oidc = await startOidcProvider({
      clients: [
        { provider: 'github', redirectUri },
        { provider: 'google', redirectUri },
      ],
    })
    service.setRoute(socialRoutes({ issuer: oidc.issuer, clients: { github: oidc.clientFor('github'), google: oidc.clientFor('google') } }))
  })
  afterAll(async () => {
    await oidc?.stop()
    await service?.stop()
  })
  beforeEach(() => {
    service.identities.length = 0
    service.sessions.length = 0
  })

  /** A popup's requests: cookies kept for the provider, redirects followed by hand until the callback. */
  async function popup(startUri: string, fill: (form: Record<string, string>) => Record<string, string>) {
    const jar = new CookieJar()
    const open = async (url: string, init: RequestInit = {}) => {
      const sameSite = url.startsWith(oidc.issuer)
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), ...(sameSite ? { cookie: jar.header() } : {}) },
      })
      if (sameSite) jar.store(response)
      return response
    }
    const follow = async (url: string) => {
      let response = await open(url)
      for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
        url = new URL(response.headers.get('location') as string, url).href
        response = await open(url)
      }
      return { response, url }
    }
    const login = await follow(startUri)
    expect(login.url.startsWith(`${oidc.issuer}/interaction/`)).toBe(true)
    const html = await login.response.text()
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] as string, oidc.issuer).href
    expect(html).toContain('data-testid="oidc-email"')
    const posted = await open(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fill({ email: '', username: '' })).toString(),
    })
    expect(posted.status).toBe(303)
    const callback = await follow(new URL(posted.headers.get('location') as string, oidc.issuer).href)
    expect(callback.url.startsWith(`${service.url}/v1/social/callback?`)).toBe(true)
    return { status: callback.response.status, html: await callback.response.text(), callbackUrl: callback.url }
  }

  async function socialUri(provider: string, origin = HOST_ORIGIN) {
    const response = await fetch(`${service.url}/v1/social/uri?${new URLSearchParams({ provider, origin })}`)
    return { status: response.status, body: (await response.json()) as { uri?: string; error?: string } }
  }

  async function connect(resultUri: unknown) {
    const response = await fetch(`${service.url}/v1/social/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resultUri }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  async function signIn(provider: SocialProvider, email: string, username: string) {
    const { body } = await socialUri(provider)
    const page = await popup(body.uri as string, () => ({ email, username, action: 'continue' }))
    return { ...page, ...postedMessage(page.html) }
  }

  it('hands the modal the popup URL for a provider and host origin', async () => {
    const { status, body } = await socialUri('github')
    expect(status).toBe(200)
    const uri = new URL(body.uri as string)
    expect(uri.origin + uri.pathname).toBe(`${service.url}/v1/social/start`)
    expect(Object.fromEntries(uri.searchParams)).toEqual({ provider: 'github', origin: HOST_ORIGIN })
  })

  it('redirects to the provider with PKCE, state and nonce', async () => {
    const response = await fetch(`${service.url}/v1/social/start?provider=github&origin=${encodeURIComponent(HOST_ORIGIN)}`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location') as string)
    expect(location.origin).toBe(oidc.issuer)
    expect(location.searchParams.get('client_id')).toBe('gangway-github')
    expect(location.searchParams.get('redirect_uri')).toBe(`${service.url}/v1/social/callback`)
    expect(location.searchParams.get('scope')).toBe('openid email profile')
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(location.searchParams.get('state')).toBeTruthy()
    expect(location.searchParams.get('nonce')).toBeTruthy()
  })

  it('signs in with GitHub: the page posts a result URI that connects once', async () => {
    const result = await signIn('github', 'Octo@Example.com', 'octo')
    expect(result.status).toBe(200)
    expect(result.html).toContain('Signed in. You can close this window.')
    expect(result.html).toContain('window.close()')
    expect(result.targetOrigin).toBe(HOST_ORIGIN)
    expect(result.message).toMatchObject({ type: 'gangway:social-result' })
    const resultUri = result.message?.resultUri as string
    expect(resultUri).toMatch(new RegExp(`^${service.url}/v1/social/result\\?code=[\\w-]+$`))

    expect(service.identities).toEqual([{ method: 'github', subject: 'octo@example.com', email: 'Octo@Example.com', username: 'octo' }])

    const first = await connect(resultUri)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ token: 'token-1', expiresAt: expect.any(Number) })
    expect(service.sessions).toEqual([{ userId: 'user-1', token: 'token-1' }])

    expect(await connect(resultUri)).toEqual({ status: 400, body: { error: SOCIAL_FAILED } })
    expect(service.sessions).toHaveLength(1)
  })

  it('signs in with Google as method google', async () => {
    const result = await signIn('google', 'dev@google.example', 'Dev Google')
    expect(service.identities).toEqual([{ method: 'google', subject: 'dev@google.example', email: 'dev@google.example', username: 'Dev Google' }])
    const connected = await connect(result.message?.resultUri)
    expect(connected.status).toBe(200)
    const googleUser = [...service.users.values()].find((user) => user.auth === 'google')
    expect(service.sessions).toEqual([{ userId: googleUser?.id, token: connected.body.token }])
  })

  it('refuses a result URI that is not this service’s or not live', async () => {
    const result = await signIn('github', 'someone@example.com', 'someone')
    const code = new URL(result.message?.resultUri as string).searchParams.get('code') as string
    const refused = { status: 400, body: { error: SOCIAL_FAILED } }
    expect(await connect(`http://127.0.0.1:1/v1/social/result?code=${code}`)).toEqual(refused)
    expect(await connect(`${service.url}/v1/social/other?code=${code}`)).toEqual(refused)
    expect(await connect(`${service.url}/v1/social/result?code=unknown`)).toEqual(refused)
    expect(await connect(42)).toEqual(refused)
    // None of the above used the code up.
    expect((await connect(result.message?.resultUri)).status).toBe(200)
  })

  it('refuses an unknown provider and a disallowed origin', async () => {
    for (const path of ['/v1/social/uri', '/v1/social/start']) {
      const get = async (provider: string, origin: string) => {
        const response = await fetch(`${service.url}${path}?${new URLSearchParams({ provider, origin })}`, { redirect: 'manual' })
        return { status: response.status, body: await response.json() }
      }
      expect(await get('myspace', HOST_ORIGIN)).toEqual({ status: 400, body: { error: 'Unsupported social provider' } })
      expect(await get('apple', HOST_ORIGIN)).toEqual({ status: 400, body: { error: 'Unsupported social provider' } })
      expect(await get('github', 'https://evil.example')).toEqual({ status: 400, body: { error: 'Origin not allowed' } })
      expect(await get('github', `${HOST_ORIGIN}/path`)).toEqual({ status: 400, body: { error: 'Origin not allowed' } })
    }
  })

  it('posts Connection rejected when the user cancels', async () => {
    const { body } = await socialUri('github')
    const page = await popup(body.uri as string, (form) => ({ ...form, action: 'cancel' }))
    const { message, targetOrigin } = postedMessage(page.html)
    expect(message).toEqual({ type: 'gangway:social-result', error: 'Connection rejected' })
    expect(targetOrigin).toBe(HOST_ORIGIN)
    expect(page.html).toContain('<p role="status">Connection rejected</p>')
    expect(service.identities).toEqual([])
  })

  it('fails a forged state without posting anywhere', async () => {
    const response = await fetch(`${service.url}/v1/social/callback?code=abc&state=forged`)
    const html = await response.text()
    expect(html).toContain(`<p role="status">${SOCIAL_FAILED}</p>`)
    expect(html).not.toContain('postMessage')
    expect(service.identities).toEqual([])
  })

  it('fails a bad code for a real state and posts the failure to the origin', async () => {
    const start = await fetch(`${service.url}/v1/social/start?provider=github&origin=${encodeURIComponent(HOST_ORIGIN)}`, { redirect: 'manual' })
    const state = new URL(start.headers.get('location') as string).searchParams.get('state') as string
    const response = await fetch(`${service.url}/v1/social/callback?${new URLSearchParams({ code: 'made-up', state, iss: oidc.issuer })}`)
    const { message, targetOrigin } = postedMessage(await response.text())
    expect(message).toEqual({ type: 'gangway:social-result', error: SOCIAL_FAILED })
    expect(targetOrigin).toBe(HOST_ORIGIN)
    // The state is used up.
    const again = await fetch(`${service.url}/v1/social/callback?${new URLSearchParams({ code: 'made-up', state, iss: oidc.issuer })}`)
    expect(postedMessage(await again.text()).message).toBeUndefined()
  })

  it('lets its own script run under its content security policy', async () => {
    const { body } = await socialUri('github')
    const jar = await fetch(body.uri as string, { redirect: 'manual' })
    const state = new URL(jar.headers.get('location') as string).searchParams.get('state') as string
    const response = await fetch(`${service.url}/v1/social/callback?${new URLSearchParams({ error: 'access_denied', state })}`)
    const html = await response.text()
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] as string
    expect(script).toContain('postMessage')
    const hash = createHash('sha256').update(script).digest('base64')
    expect(response.headers.get('content-security-policy')).toBe(`default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors 'none'`)
  })
})

describe('socialRoutes id_token signature', () => {
  // An issuer whose token endpoint signs with a key of the test's choosing.
  let issuer: string
  let server: Server
  let service: TestService
  let published: { privateKey: CryptoKey; jwk: JWK }
  let other: { privateKey: CryptoKey }
  let signWith: CryptoKey
  let nonce = ''

  beforeAll(async () => {
    const a = await generateKeyPair('RS256')
    published = { privateKey: a.privateKey, jwk: { ...(await exportJWK(a.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' } }
    other = { privateKey: (await generateKeyPair('RS256')).privateKey }
    server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (path === '/.well-known/openid-configuration') {
        return json({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        })
      }
      if (path === '/jwks') return json({ keys: [published.jwk] })
      if (path === '/token') {
        void new SignJWT({ nonce, email: 'sig@example.com', email_verified: true, preferred_username: 'sig' })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience('gangway-x')
          .setSubject('sig-subject')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(signWith)
          .then((idToken) => json({ access_token: 'at', token_type: 'Bearer', expires_in: 60, id_token: idToken }))
        return
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    service = await startTestService()
    service.setRoute(socialRoutes({ issuer, clients: { x: { clientId: 'gangway-x', clientSecret: 'secret' } } }))
  })
  afterAll(async () => {
    await service?.stop()
    await new Promise<void>((resolve) => {
      server?.close(() => resolve())
      server?.closeAllConnections()
    })
  })

  async function callbackWith(key: CryptoKey) {
    signWith = key
    const start = await fetch(`${service.url}/v1/social/start?provider=x&origin=${encodeURIComponent(HOST_ORIGIN)}`, { redirect: 'manual' })
    const authorization = new URL(start.headers.get('location') as string)
    nonce = authorization.searchParams.get('nonce') as string
    const state = authorization.searchParams.get('state') as string
    const response = await fetch(`${service.url}/v1/social/callback?${new URLSearchParams({ code: 'c', state })}`)
    return postedMessage(await response.text()).message
  }

  it('accepts an id_token signed with the published key', async () => {
    expect(await callbackWith(published.privateKey)).toMatchObject({ type: 'gangway:social-result', resultUri: expect.any(String) })
    expect(service.identities.at(-1)).toEqual({ method: 'x', subject: 'sig-subject', email: 'sig@example.com', username: 'sig' })
  })

  it('refuses an id_token signed with another key', async () => {
    const before = service.identities.length
    expect(await callbackWith(other.privateKey)).toEqual({ type: 'gangway:social-result', error: SOCIAL_FAILED })
    expect(service.identities).toHaveLength(before)
  })
})
