// Social sign-in for the embedded-wallet auth service: the popup the modal opens goes through an
// OpenID Connect authorization (code + PKCE) and ends on a page that posts a one-time result URI
// back to the host page; the frame trades that URI for a session.
//
//   GET  /v1/social/uri?provider&origin   → { uri }: the popup's start URL
//   GET  /v1/social/start?provider&origin → 302 to the provider's sign-in
//   GET  /v1/social/callback?code&state   → page posting { type: 'gangway:social-result', resultUri | error } to origin
//   POST /v1/social/connect { resultUri } → { token, expiresAt }; each result URI works once
//
// The id_token's signature is checked against the provider's JWKS. The e-mail is passed on (and
// may link to an e-mail user) only when the provider marks it verified.

import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import * as openid from 'openid-client'
import { AuthHttpError, type AuthRoute, type AuthRouteContext } from './types'
import { escapeHtml, jsonForScript } from '../../stack/html'
import { readJsonBody } from './http'

/** The social providers the auth service signs in with. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export type SocialRoutesOptions = {
  /** The OpenID Connect issuer every provider is reached at (the local provider in the dev stack). */
  issuer: string
  /** The client registered for each provider offered; the others answer 'Unsupported social provider'. */
  clients: Partial<Record<SocialProvider, { clientId: string; clientSecret: string }>>
}

/** The message type the callback page posts to the host page. */
export const SOCIAL_RESULT_MESSAGE_TYPE = 'gangway:social-result'

const SOCIAL_FAILED = 'Failed to initiate social connection'
const SOCIAL_REJECTED = 'Connection rejected'
const SCOPE = 'openid email profile'
const PENDING_TTL_MS = 10 * 60_000
const RESULT_TTL_MS = 2 * 60_000

/**
 * The auth service's social sign-in routes (`/v1/social/*`).
 *
 * @example
 * const social = socialRoutes({ issuer: oidc.issuer, clients: { github: oidc.clientFor('github') } })
 * // in the service: if (await social(req, res, url, ctx)) return
 */
export function socialRoutes(options: SocialRoutesOptions): AuthRoute {
  const issuer = new URL(options.issuer)
  const configs = new Map<SocialProvider, Promise<openid.Configuration>>()
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined

  const isProvider = (value: string | null): value is SocialProvider =>
    value !== null && (SOCIAL_PROVIDERS as readonly string[]).includes(value) && options.clients[value as SocialProvider] !== undefined

  function configFor(provider: SocialProvider): Promise<openid.Configuration> {
    let config = configs.get(provider)
    if (!config) {
      const client = options.clients[provider] as { clientId: string; clientSecret: string }
      config = openid.discovery(issuer, client.clientId, undefined, openid.ClientSecretBasic(client.clientSecret), {
        execute: issuer.protocol === 'http:' ? [openid.allowInsecureRequests] : [],
      })
      configs.set(provider, config)
      // A failed discovery is retried on the next sign-in.
      config.catch(() => configs.delete(provider))
    }
    return config
  }

  /** The provider and host origin of a start or uri request, or a 400. */
  function startParams(url: URL, ctx: AuthRouteContext): { provider: SocialProvider; origin: string } {
    const provider = url.searchParams.get('provider')
    if (!isProvider(provider)) throw new AuthHttpError(400, 'Unsupported social provider')
    const origin = url.searchParams.get('origin') ?? ''
    if (!isOrigin(origin) || !ctx.isAllowedOrigin(origin)) throw new AuthHttpError(400, 'Origin not allowed')
    return { provider, origin }
  }

  async function start(res: ServerResponse, url: URL, ctx: AuthRouteContext): Promise<void> {
    const { provider, origin } = startParams(url, ctx)
    let config: openid.Configuration
    try {
      config = await configFor(provider)
    } catch {
      return sendResultPage(res, 502, { error: SOCIAL_FAILED }, origin)
    }
    const verifier = openid.randomPKCECodeVerifier()
    const state = openid.randomState()
    const nonce = openid.randomNonce()
    // Kept in the service's store: the provider may send the browser back to another service.
    await ctx.signIns.putSignIn('social-login', state, { provider, origin, verifier, nonce }, ctx.now() + PENDING_TTL_MS)
    const authorizationUrl = openid.buildAuthorizationUrl(config, {
      redirect_uri: `${ctx.url}/v1/social/callback`,
      scope: SCOPE,
      code_challenge: await openid.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    res.statusCode = 302
    res.setHeader('location', authorizationUrl.href)
    res.setHeader('cache-control', 'no-store')
    res.end()
  }

  async function callback(res: ServerResponse, url: URL, ctx: AuthRouteContext): Promise<void> {
    const state = url.searchParams.get('state')
    const kept = state === null ? undefined : await ctx.signIns.takeSignIn('social-login', state)
    const pending = kept && isProvider(String(kept.provider)) ? { provider: kept.provider as SocialProvider, origin: String(kept.origin), verifier: String(kept.verifier), nonce: String(kept.nonce) } : undefined
    if (!pending) return sendResultPage(res, 400, { error: SOCIAL_FAILED })
    const { provider, origin } = pending

    const error = url.searchParams.get('error')
    if (error !== null) {
      return sendResultPage(res, 400, { error: error === 'access_denied' ? SOCIAL_REJECTED : SOCIAL_FAILED }, origin)
    }

    let claims: JWTPayload
    try {
      const config = await configFor(provider)
      const client = options.clients[provider] as { clientId: string }
      const tokens = await openid.authorizationCodeGrant(config, new URL(`${ctx.url}/v1/social/callback${url.search}`), {
        pkceCodeVerifier: pending.verifier,
        expectedState: state as string,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
      if (!tokens.id_token) throw new Error('no id_token')
      const metadata = config.serverMetadata()
      jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri as string))
      ;({ payload: claims } = await jwtVerify(tokens.id_token, jwks, { issuer: metadata.issuer, audience: client.clientId }))
      if (claims.nonce !== pending.nonce || typeof claims.sub !== 'string' || !claims.sub) throw new Error('bad id_token')
    } catch {
      return sendResultPage(res, 400, { error: SOCIAL_FAILED }, origin)
    }

    const email = claims.email_verified === true && typeof claims.email === 'string' ? claims.email : null
    const username = stringClaim(claims.preferred_username) ?? stringClaim(claims.name)
    let userId: string
    try {
      userId = (await ctx.findOrCreateUser({ method: provider, subject: claims.sub as string, email, username })).id
    } catch {
      return sendResultPage(res, 500, { error: SOCIAL_FAILED }, origin)
    }
    const code = randomBytes(32).toString('base64url')
    await ctx.signIns.putSignIn('social-result', code, { userId }, ctx.now() + RESULT_TTL_MS)
    const resultUri = `${ctx.url}/v1/social/result?code=${code}`
    return sendResultPage(res, 200, { resultUri }, origin)
  }

  async function connect(req: IncomingMessage, res: ServerResponse, ctx: AuthRouteContext): Promise<void> {
    // A body too large stays a 413; anything else unreadable is the login failing.
    const body = await readJsonBody(req).catch((error: unknown) => {
      throw error instanceof AuthHttpError && error.status === 413 ? error : new AuthHttpError(400, SOCIAL_FAILED)
    })
    const resultUri = isRecord(body) && typeof body.resultUri === 'string' ? body.resultUri : ''
    const code = resultCode(resultUri, ctx.url)
    const result = code === undefined ? undefined : await ctx.signIns.takeSignIn('social-result', code)
    if (typeof result?.userId !== 'string') throw new AuthHttpError(400, SOCIAL_FAILED)
    const session = await ctx.createSession(result.userId)
    sendJson(res, 200, { token: session.token, expiresAt: session.expiresAt })
  }

  return async (req, res, url, ctx) => {
    switch (url.pathname) {
      case '/v1/social/uri': {
        requireMethod(req, 'GET')
        startParams(url, ctx)
        const uri = new URL('/v1/social/start', ctx.url)
        uri.searchParams.set('provider', url.searchParams.get('provider') as string)
        uri.searchParams.set('origin', url.searchParams.get('origin') as string)
        sendJson(res, 200, { uri: uri.href })
        return true
      }
      case '/v1/social/start':
        requireMethod(req, 'GET')
        await start(res, url, ctx)
        return true
      case '/v1/social/callback':
        requireMethod(req, 'GET')
        await callback(res, url, ctx)
        return true
      case '/v1/social/connect':
        requireMethod(req, 'POST')
        await connect(req, res, ctx)
        return true
      default:
        return false
    }
  }
}

/** The code of a result URI issued by this service, if it is one. */
function resultCode(resultUri: string, serviceUrl: string): string | undefined {
  let url: URL
  try {
    url = new URL(resultUri)
  } catch {
    return undefined
  }
  if (url.origin !== new URL(serviceUrl).origin || url.pathname !== '/v1/social/result') return undefined
  const code = url.searchParams.get('code')
  return code ? code : undefined
}

/** Stores an entry, first dropping expired ones and, past the cap, the oldest. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
  } catch {
    return false
  }
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function requireMethod(req: IncomingMessage, method: string): void {
  if (req.method !== method) throw new AuthHttpError(405, 'Method not allowed')
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.setHeader('cache-control', 'no-store')
  res.end(JSON.stringify(body))
}



/**
 * The page the popup ends on: posts the result (or error) to the host page's origin when known,
 * then closes itself; what it shows stays if the window cannot close.
 */
function sendResultPage(res: ServerResponse, status: number, result: { resultUri: string } | { error: string }, origin?: string): void {
  const message = { type: SOCIAL_RESULT_MESSAGE_TYPE, ...result }
  const text = 'error' in result ? result.error : 'Signed in. You can close this window.'
  const script = origin
    ? `const message = ${jsonForScript(message)};\nwindow.opener?.postMessage(message, ${jsonForScript(origin)});\nwindow.close();`
    : ''
  const scriptHash = createHash('sha256').update(script).digest('base64')
  res.statusCode = status
  res.setHeader('content-type', 'text/html; charset=utf-8')
  res.setHeader('cache-control', 'no-store')
  res.setHeader('referrer-policy', 'no-referrer')
  res.setHeader('content-security-policy', `default-src 'none'; script-src 'sha256-${scriptHash}'; frame-ancestors 'none'`)
  res.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${'error' in result ? 'Sign-in failed' : 'Signed in'}</title>
</head>
<body>
<main>
<p role="status">${escapeHtml(text)}</p>
</main>
${script ? `<script>${script}</script>` : ''}
</body>
</html>`)
}

