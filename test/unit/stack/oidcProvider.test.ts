import { createRemoteJWKSet, jwtVerify } from 'jose'
import * as openid from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidcProvider, type OidcProvider } from '../../../dev/oidc/startOidcProvider'
import { CookieJar } from './cookieJar'

// Nothing listens here: the flow stops at the redirect to it.
const REDIRECT_URI = 'http://127.0.0.1:9/callback'


/** Requests like a browser without following redirects: cookies in and out. */
async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } })
  jar.store(response)
  return response
}

/** Follows redirects until one leaves for the redirect URI (returned) or a page answers (returned). */
async function follow(jar: CookieJar, start: string, base: string): Promise<{ redirectedTo?: URL; page?: Response }> {
  let url = start
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(REDIRECT_URI)) return { redirectedTo: new URL(url) }
    const response = await browse(jar, url)
    const location = response.headers.get('location')
    if (response.status < 300 || response.status >= 400 || !location) return { page: response }
    url = new URL(location, base).href
  }
  throw new Error('too many redirects')
}

/** Reads the sign-in form: its action and fields. */
function parseForm(html: string, base: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  const field = (testId: string) => new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0]
  const value = (input: string | undefined) => /value="([^"]*)"/.exec(input ?? '')?.[1]
  return {
    action: action ? new URL(action, base).href : undefined,
    email: value(field('oidc-email')),
    username: value(field('oidc-username')),
  }
}

async function submit(jar: CookieJar, action: string, fields: Record<string, string>, base: string) {
  const response = await browse(jar, action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  const location = response.headers.get('location')
  if (response.status !== 303 || !location) return { page: response }
  return follow(jar, new URL(location, base).href, base)
}

describe('startOidcProvider', () => {
  let oidc: OidcProvider
  let config: openid.Configuration

  beforeAll(async () => {
    oidc = await startOidcProvider({
      clients: [
        { provider: 'google', redirectUri: REDIRECT_URI },
        { provider: 'github', redirectUri: REDIRECT_URI },
      ],
      users: [{ provider: 'github', email: 'octo@github.example', username: 'octocat' }],
    })
    const { clientId, clientSecret } = oidc.clientFor('google')
    config = await openid.discovery(new URL(oidc.issuer), clientId, undefined, openid.ClientSecretBasic(clientSecret), {
      execute: [openid.allowInsecureRequests],
    })
  })
  afterAll(() => oidc?.stop())

  async function authorize(extra: Record<string, string> = {}) {
    const verifier = openid.randomPKCECodeVerifier()
    const state = openid.randomState()
    const nonce = openid.randomNonce()
    const url = openid.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await openid.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extra,
    })
    return { url: url.href, verifier, state, nonce }
  }

  it('listens on 127.0.0.1 and registers one client per provider', () => {
    expect(oidc.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(oidc.clientFor('google').clientId).toBe('gangway-google')
    expect(oidc.clientFor('github').clientId).toBe('gangway-github')
    expect(oidc.clientFor('google').clientSecret).not.toBe(oidc.clientFor('github').clientSecret)
    expect(() => oidc.clientFor('apple')).toThrow('No client registered for apple')
  })

  it('signs in through its page and issues a signed id_token with what was typed', async () => {
    const jar = new CookieJar()
    const flow = await authorize()
    const { page } = await follow(jar, flow.url, oidc.issuer)
    expect(page?.status).toBe(200)
    const html = await page!.text()
    expect(html).toContain('<h1>Sign in with Google</h1>')
    expect(html).toContain('<label for="oidc-email">E-mail</label>')
    expect(html).toContain('<label for="oidc-username">User name</label>')
    expect(html).toMatch(/<button[^>]*data-testid="oidc-continue"[^>]*>Continue<\/button>/)
    expect(html).toMatch(/<button[^>]*data-testid="oidc-cancel"[^>]*>Cancel<\/button>/)
    const form = parseForm(html, oidc.issuer)
    expect(form).toMatchObject({ email: 'dev@google.example', username: 'dev_google' })

    const { redirectedTo } = await submit(jar, form.action!, { email: 'Alice@Example.com', username: 'alice_g', action: 'continue' }, oidc.issuer)
    expect(redirectedTo?.searchParams.get('state')).toBe(flow.state)
    expect(redirectedTo?.searchParams.get('code')).toBeTruthy()

    const tokens = await openid.authorizationCodeGrant(config, redirectedTo!, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    })
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!))
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, jwks, { issuer: oidc.issuer, audience: 'gangway-google' })
    expect(protectedHeader.alg).toBe('RS256')
    expect(payload).toMatchObject({
      sub: 'alice@example.com',
      email: 'Alice@Example.com',
      email_verified: true,
      name: 'alice_g',
      preferred_username: 'alice_g',
      nonce: flow.nonce,
    })

    // A tampered token fails the signature check.
    const [header, body, signature] = tokens.id_token!.split('.')
    const forged = Buffer.from(JSON.stringify({ ...payload, email: 'mallory@example.com' })).toString('base64url')
    expect(body).not.toBe(forged)
    await expect(jwtVerify(`${header}.${forged}.${signature}`, jwks, { issuer: oidc.issuer })).rejects.toThrow()

    // The next authorization in the same browser shows the page again.
    const again = await follow(jar, (await authorize()).url, oidc.issuer)
    expect(again.page?.status).toBe(200)
    expect(await again.page!.text()).toContain('data-testid="oidc-email"')
  })

  it('prefills the configured user and names the provider from the client', async () => {
    const { clientId } = oidc.clientFor('github')
    const url = new URL((await authorize()).url)
    url.searchParams.set('client_id', clientId)
    const { page } = await follow(new CookieJar(), url.href, oidc.issuer)
    const html = await page!.text()
    expect(html).toContain('<h1>Sign in with GitHub</h1>')
    expect(parseForm(html, oidc.issuer)).toMatchObject({ email: 'octo@github.example', username: 'octocat' })
  })

  it('answers access_denied at the redirect URI on Cancel', async () => {
    const jar = new CookieJar()
    const flow = await authorize()
    const { page } = await follow(jar, flow.url, oidc.issuer)
    const form = parseForm(await page!.text(), oidc.issuer)
    const { redirectedTo } = await submit(jar, form.action!, { email: '', username: '', action: 'cancel' }, oidc.issuer)
    expect(redirectedTo?.searchParams.get('error')).toBe('access_denied')
    expect(redirectedTo?.searchParams.get('state')).toBe(flow.state)
    expect(redirectedTo?.searchParams.has('code')).toBe(false)
  })

  it('shows the form again with a message for an invalid e-mail', async () => {
    const jar = new CookieJar()
    const { page } = await follow(jar, (await authorize()).url, oidc.issuer)
    const form = parseForm(await page!.text(), oidc.issuer)
    const { page: again } = await submit(jar, form.action!, { email: 'not-an-email', username: 'x', action: 'continue' }, oidc.issuer)
    expect(again?.status).toBe(400)
    expect(await again!.text()).toContain('<p role="alert">Enter an e-mail address.</p>')
  })

  it('refuses a redirect URI that is not registered', async () => {
    const { url } = await authorize({ redirect_uri: 'http://127.0.0.1:9/elsewhere' })
    const response = await browse(new CookieJar(), url)
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.text()).toContain('redirect_uri did not match any of the client&#39;s registered redirect_uris')
  })

  it('requires PKCE', async () => {
    const url = new URL((await authorize()).url)
    url.searchParams.delete('code_challenge')
    url.searchParams.delete('code_challenge_method')
    const { redirectedTo } = await follow(new CookieJar(), url.href, oidc.issuer)
    expect(redirectedTo?.searchParams.get('error')).toBe('invalid_request')
    expect(redirectedTo?.searchParams.get('error_description')).toMatch(/requires PKCE/)
  })
})
