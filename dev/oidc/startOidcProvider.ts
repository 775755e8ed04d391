// A local OpenID Connect provider standing in for the social sign-in providers (Google, GitHub,
// Apple, Facebook, X, Discord): one issuer on 127.0.0.1, one confidential client per provider.
//
// - Authorization code flow with PKCE (S256) required; scopes `openid email profile`; the id_token
//   carries `email`, `email_verified`, `name` and `preferred_username`.
// - Every authorization shows the sign-in page (./loginPage.ts), even with a provider
//   session, so a test or a person can pick the account each time. Any e-mail signs in as that
//   account (account id = the e-mail lower-cased); consent is given on Continue; Cancel ends the
//   authorization with `access_denied`.
// - Cookies are plain (no `secure`) so the flow works on http://127.0.0.1.

import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
// oidc-provider ships JavaScript only; the few parts used here are typed below.
// @ts-expect-error -- no type declarations for oidc-provider
import * as oidcProvider from 'oidc-provider'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../auth/service/social'
import { renderLoginPage, renderMessagePage } from './loginPage'

export type { SocialProvider } from '../auth/service/social'

/** An account offered on a provider's sign-in page (the e-mail and user name prefilled). */
export type DevSocialUser = { provider: SocialProvider; email: string; username: string }

export type OidcProviderOptions = {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number
  /** The relying parties: one client per provider, with every redirect URI listed for it. */
  clients: { provider: SocialProvider; redirectUri: string }[]
  /** Accounts prefilled on the sign-in pages (the first one per provider); default `dev@<provider>.example` / `dev_<provider>`. */
  users?: DevSocialUser[]
}

export type OidcProvider = {
  /** http://127.0.0.1:PORT */
  issuer: string
  /** The client credentials registered for a provider; throws for a provider not in `clients`. */
  clientFor(provider: SocialProvider): { clientId: string; clientSecret: string }
  stop(): Promise<void>
}

/** How each stood-in provider is named on its sign-in page. */
export const SOCIAL_PROVIDER_NAMES: Readonly<Record<SocialProvider, string>> = Object.freeze({
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
})

/** The client id the provider registers for a stood-in social provider. */
export function oidcClientId(provider: SocialProvider): string {
  return `gangway-${provider}`
}

// The surface of oidc-provider used here.
type KoaContext = { oidc: { client?: { clientId: string } }; type: string; body: string; status: number }
type AccountClaims = { sub: string; email: string; email_verified: boolean; name: string; preferred_username: string }
type InteractionDetails = { uid: string; params: Record<string, unknown>; prompt: { name: string } }
type ProviderInstance = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>
  Grant: new (init: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }
}
type CheckResult = boolean
type CheckConstructor = new (reason: string, description: string, check: (ctx: { oidc: { result?: { login?: unknown } } }) => CheckResult) => unknown
type OidcProviderModule = {
  default: new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance
  interactionPolicy: {
    Check: CheckConstructor & { REQUEST_PROMPT: CheckResult; NO_NEED_TO_PROMPT: CheckResult }
    base(): { get(name: string): { checks: { add(check: unknown, index?: number): void } } }
  }
}

const { default: Provider, interactionPolicy } = oidcProvider as OidcProviderModule

const SCOPE = 'openid email profile'
const MAX_FORM_BYTES = 16 * 1024
/** Profiles remembered per (client, account) between sign-in and token; the oldest go first. */
const MAX_PROFILES = 10_000

/**
 * Starts the local OpenID Connect provider on 127.0.0.1 with one client per listed provider.
 *
 * @example
 * const oidc = await startOidcProvider({ clients: [{ provider: 'github', redirectUri: `${auth.url}/v1/social/callback` }] })
 * const { clientId, clientSecret } = oidc.clientFor('github')
 * await oidc.stop()
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProvider> {
  const clientsByProvider = new Map<SocialProvider, { clientId: string; clientSecret: string; redirectUris: string[] }>()
  for (const { provider, redirectUri } of options.clients) {
    if (!SOCIAL_PROVIDERS.includes(provider)) throw new Error(`Unknown social provider: ${String(provider)}`)
    new URL(redirectUri) // throws on a malformed redirect URI
    const client = clientsByProvider.get(provider) ?? {
      clientId: oidcClientId(provider),
      clientSecret: randomBytes(24).toString('base64url'),
      redirectUris: [],
    }
    if (!client.redirectUris.includes(redirectUri)) client.redirectUris.push(redirectUri)
    clientsByProvider.set(provider, client)
  }
  const providerByClientId = new Map([...clientsByProvider].map(([provider, client]) => [client.clientId, provider]))

  const prefill = new Map<SocialProvider, { email: string; username: string }>()
  for (const user of options.users ?? []) if (!prefill.has(user.provider)) prefill.set(user.provider, user)
  for (const provider of SOCIAL_PROVIDERS) {
    if (!prefill.has(provider)) prefill.set(provider, { email: `dev@${provider}.example`, username: `dev_${provider}` })
  }

  // What was typed on the sign-in page, per client and account, read back by findAccount.
  const profiles = new Map<string, { email: string; username: string }>()
  const profileKey = (clientId: string, accountId: string) => `${clientId}\n${accountId}`
  const rememberProfile = (key: string, profile: { email: string; username: string }) => {
    profiles.delete(key)
    profiles.set(key, profile)
    if (profiles.size > MAX_PROFILES) profiles.delete(profiles.keys().next().value as string)
  }

  let provider: ProviderInstance | undefined
  let providerCallback: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server: Server = createServer({ requestTimeout: 30_000, headersTimeout: 20_000 }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendHtml(res, 500, renderMessagePage('Something went wrong', 'The sign-in could not continue.'))
      else res.destroy()
    })
  })
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n')
    else socket.destroy()
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!provider || !providerCallback) return sendHtml(res, 503, renderMessagePage('Starting', 'The provider is starting; try again.'))
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const interaction = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(path)
    if (interaction) return handleInteraction(provider, interaction[1] as string, req, res)
    providerCallback(req, res)
  }

  async function handleInteraction(op: ProviderInstance, uid: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST')
      return sendHtml(res, 405, renderMessagePage('Not allowed', 'Use the sign-in form.'))
    }
    let details: InteractionDetails
    try {
      details = await op.interactionDetails(req, res)
    } catch {
      return sendHtml(res, 400, renderMessagePage('Sign-in expired', 'This sign-in has expired or is unknown. Start again from the app.'))
    }
    if (details.uid !== uid) {
      return sendHtml(res, 400, renderMessagePage('Sign-in expired', 'This sign-in has expired or is unknown. Start again from the app.'))
    }
    const clientId = String(details.params.client_id ?? '')
    const socialProvider = providerByClientId.get(clientId)
    if (!socialProvider) return sendHtml(res, 400, renderMessagePage('Unknown app', 'This app is not registered here.'))
    const providerName = SOCIAL_PROVIDER_NAMES[socialProvider]
    const defaults = prefill.get(socialProvider) as { email: string; username: string }
    const action = `/interaction/${uid}`

    if (req.method === 'GET') {
      return sendHtml(res, 200, renderLoginPage({ providerName, action, ...defaults }))
    }

    let form: URLSearchParams
    try {
      form = new URLSearchParams(await readBody(req, MAX_FORM_BYTES))
    } catch {
      return sendHtml(res, 413, renderMessagePage('Too large', 'The form was too large.'))
    }
    if (form.get('action') === 'cancel') {
      return op.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      )
    }

    const email = (form.get('email') ?? '').trim()
    const username = (form.get('username') ?? '').trim()
    const problem = !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254
      ? 'Enter an e-mail address.'
      : !username || username.length > 64
        ? 'Enter a user name (at most 64 characters).'
        : undefined
    if (problem) {
      return sendHtml(res, 400, renderLoginPage({ providerName, action, email, username, error: problem }))
    }

    const accountId = email.toLowerCase()
    rememberProfile(profileKey(clientId, accountId), { email, username })
    const grant = new op.Grant({ accountId, clientId })
    grant.addOIDCScope(typeof details.params.scope === 'string' ? details.params.scope : SCOPE)
    const grantId = await grant.save()
    return op.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  try {
    const policy = interactionPolicy.base()
    // The sign-in page shows on every authorization, not only without a provider session.
    policy.get('login').checks.add(
      new interactionPolicy.Check('sign_in_each_time', 'the account is chosen on every authorization', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    )

    provider = new Provider(issuer, {
      clients: [...clientsByProvider.values()].map((client) => ({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
      jwks: { keys: [await signingKey()] },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      scopes: ['openid', 'email', 'profile'],
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'preferred_username'],
      },
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 86_400, Grant: 86_400 },
      async findAccount(ctx: KoaContext, sub: string) {
        const clientId = ctx.oidc.client?.clientId ?? ''
        const profile = profiles.get(profileKey(clientId, sub))
        const email = profile?.email ?? sub
        const username = profile?.username ?? sub.split('@')[0] ?? sub
        return {
          accountId: sub,
          async claims(): Promise<AccountClaims> {
            return { sub, email, email_verified: true, name: username, preferred_username: username }
          },
        }
      },
      async renderError(ctx: KoaContext, out: Record<string, string>) {
        ctx.type = 'html'
        ctx.body = renderMessagePage('Sign-in failed', out.error_description ?? out.error ?? 'Something went wrong.')
      },
    })
    providerCallback = provider.callback()
  } catch (error) {
    server.close()
    throw error
  }

  let stopping: Promise<void> | undefined
  return {
    issuer,
    clientFor(socialProvider) {
      const client = clientsByProvider.get(socialProvider)
      if (!client) throw new Error(`No client registered for ${socialProvider}`)
      return { clientId: client.clientId, clientSecret: client.clientSecret }
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopping
    },
  }
}

/** A fresh RS256 signing key (private JWK) for id_tokens. */
async function signingKey(): Promise<Record<string, unknown>> {
  const { privateKey } = await new Promise<{ privateKey: import('node:crypto').KeyObject }>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, privateKey) =>
      error ? reject(error) : resolve({ privateKey }),
    ),
  )
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' }
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status
  res.setHeader('content-type', 'text/html; charset=utf-8')
  res.setHeader('cache-control', 'no-store')
  res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
  res.end(html)
}

function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      // Past the limit the rest is read and dropped, so the refusal still reaches the client.
      if (size > maxBytes) return reject(new Error('body too large'))
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
