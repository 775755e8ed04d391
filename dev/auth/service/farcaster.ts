// Sign In With Farcaster for the embedded-wallet auth service, through a Farcaster auth relay
// (the dev relay of dev/farcaster in the local stack):
// - POST /v1/farcaster/channel {nonce?} opens a relay channel for this service's origin →
//   {channelToken, url, clientUrl}: `url` is the sign-in URL the QR code shows, `clientUrl` the
//   dev client's page for it;
// - POST /v1/farcaster/connect {channelToken} waits until the channel is answered, verifies the
//   signed message (this service's domain, the channel's nonce, the fid's custody signature) and
//   signs the user in → {token, expiresAt, fid, username}.
// Failures answer {error: 'Failed to connect to farcaster'}: 400 for a refused, cancelled or
// expired sign-in, 408 when nobody answered in time, 502 when the relay cannot be reached.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { createAppClient, generateNonce } from '@farcaster/auth-client'
import { clientPageUrl, devFarcasterConnector, type DevFarcasterUser } from '../../farcaster/startFarcasterRelay'
import { AuthHttpError, type AuthRoute, type ReadJson } from './types'
import { readJsonBody } from './http'

/** What every Farcaster sign-in failure says. */
export const FARCASTER_CONNECT_ERROR = 'Failed to connect to farcaster'

export type FarcasterRoutesOptions = {
  /** The relay, e.g. http://127.0.0.1:PORT of startFarcasterRelay. */
  relayUrl: string
  /** The ID registry stand-in: which custody address owns which fid, and the fids' user names. */
  users: DevFarcasterUser[]
  /** How often a waiting connect asks the relay, ms (default 500). */
  pollIntervalMs?: number
  /** How long a connect waits for the visitor to answer, ms (default 120 000); then 408. */
  timeoutMs?: number
  /** Reads a request's JSON body (default: at most 64 KiB; an empty body reads as `{}`). */
  readJson?: ReadJson
}

/** How long an opened channel may be connected, ms (the relay's channels live 5 minutes). */
const CHANNEL_LIFETIME_MS = 5 * 60_000
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,128}$/
const NONCE_PATTERN = /^[a-zA-Z0-9]{8,128}$/

/**
 * The Farcaster routes of the auth service.
 *
 * @example
 * const routes = [farcasterRoutes({ relayUrl: relay.url, users: relay.users }), …]
 */
export function farcasterRoutes(options: FarcasterRoutesOptions): AuthRoute {
  const relayUrl = options.relayUrl.replace(/\/+$/, '')
  const pollIntervalMs = options.pollIntervalMs ?? 500
  const timeoutMs = options.timeoutMs ?? 120_000
  // An empty body reads as `{}` (a channel needs no fields).
  const readJson = options.readJson ?? ((req: IncomingMessage) => readJsonBody(req, { empty: {} }))
  const usernames = new Map(options.users.map((u) => [u.fid, u.username]))
  const app = createAppClient({ relay: relayUrl, ethereum: devFarcasterConnector(options.users) })

  return async (req, res, url, ctx) => {
    const path = url.pathname
    if (path !== '/v1/farcaster/channel' && path !== '/v1/farcaster/connect') return false
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST')
      throw new AuthHttpError(405, 'Method not allowed')
    }
    const body = await readJson(req)
    if (!isRecord(body)) throw new AuthHttpError(400, 'Expected a JSON object')

    if (path === '/v1/farcaster/channel') {
      if (body.nonce !== undefined && (typeof body.nonce !== 'string' || !NONCE_PATTERN.test(body.nonce))) {
        throw new AuthHttpError(400, 'nonce must be 8 to 128 letters and digits')
      }
      const domain = new URL(ctx.url).host
      const nonce = typeof body.nonce === 'string' ? body.nonce : generateNonce()
      const channel = await app.createChannel({ siweUri: ctx.url, domain, nonce })
      if (channel.isError || channel.response.status !== 201) throw new AuthHttpError(502, FARCASTER_CONNECT_ERROR)
      // Kept in the service's store: the visitor's connect may reach another service.
      await ctx.signIns.putSignIn('farcaster-channel', channel.data.channelToken, { nonce, domain }, ctx.now() + CHANNEL_LIFETIME_MS)
      sendJson(res, 200, {
        channelToken: channel.data.channelToken,
        url: channel.data.url,
        clientUrl: clientPageUrl(relayUrl, channel.data.url),
      })
      return true
    }

    const channelToken = body.channelToken
    if (typeof channelToken !== 'string' || !TOKEN_PATTERN.test(channelToken)) throw new AuthHttpError(400, 'channelToken is required')
    const kept = await ctx.signIns.getSignIn('farcaster-channel', channelToken)
    // Only a channel the service opened (for its own domain, with its own nonce) signs anyone in.
    if (typeof kept?.nonce !== 'string' || typeof kept.domain !== 'string') throw new AuthHttpError(400, FARCASTER_CONNECT_ERROR)
    const channel = { nonce: kept.nonce, domain: kept.domain }

    const answer = await waitForAnswer(channelToken, req)
    if (answer === 'aborted') {
      // The caller went away; the channel stays usable for a retry.
      if (!res.headersSent) res.destroy()
      return true
    }
    // Answered (or given up on): the channel signs nobody in again. Of two connects waiting on it,
    // the one that takes it goes on.
    if (!(await ctx.signIns.takeSignIn('farcaster-channel', channelToken))) throw new AuthHttpError(400, FARCASTER_CONNECT_ERROR)
    if (answer === 'timeout') throw new AuthHttpError(408, FARCASTER_CONNECT_ERROR)
    if (answer === 'closed') throw new AuthHttpError(400, FARCASTER_CONNECT_ERROR)
    if (answer === 'unreachable') throw new AuthHttpError(502, FARCASTER_CONNECT_ERROR)
    const { message, signature } = answer
    if (typeof message !== 'string' || typeof signature !== 'string') throw new AuthHttpError(400, FARCASTER_CONNECT_ERROR)

    const verified = await app.verifySignInMessage({ nonce: channel.nonce, domain: channel.domain, message, signature })
    if (verified.isError || !verified.success) throw new AuthHttpError(400, FARCASTER_CONNECT_ERROR)
    // The fid is the one the signature proved; its name comes from the registry, not the relay.
    const fid = verified.fid
    const username = usernames.get(fid) ?? null
    const user = await ctx.findOrCreateUser({ method: 'farcaster', subject: String(fid), username })
    const session = await ctx.createSession(user.id)
    sendJson(res, 200, { token: session.token, expiresAt: session.expiresAt, fid, username })
    return true
  }

  /**
   * Polls the channel until it is completed (its answer), closed (cancelled, expired or already
   * read), timed out, unreachable, or the caller hung up.
   */
  async function waitForAnswer(
    channelToken: string,
    req: IncomingMessage,
  ): Promise<{ message?: string; signature?: `0x${string}` } | 'closed' | 'timeout' | 'unreachable' | 'aborted'> {
    let hungUp = false
    let wake: (() => void) | undefined
    const onClose = () => {
      hungUp = true
      wake?.()
    }
    // The request has been read; its socket closing means the caller gave up.
    if (req.socket.destroyed) return 'aborted'
    req.socket.once('close', onClose)
    const deadline = Date.now() + timeoutMs
    try {
      for (;;) {
        if (hungUp) return 'aborted'
        const status = await app.status({ channelToken })
        if (hungUp) return 'aborted'
        if (status.isError) return 'unreachable'
        const code = status.response.status
        if (code === 200) return status.data.state === 'completed' ? status.data : 'unreachable'
        if (code === 401 || code === 404) return 'closed'
        if (code !== 202) return 'unreachable'
        const left = deadline - Date.now()
        if (left <= 0) return 'timeout'
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(pollIntervalMs, left))
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        wake = undefined
      }
    } finally {
      req.socket.off('close', onClose)
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

